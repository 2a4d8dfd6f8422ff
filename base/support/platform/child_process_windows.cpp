// Windows implementation of ChildProcess: CreateProcessW without a console window, in a Job
// Object with kill-on-close (the tree ends with the host however it ends), inheriting exactly
// its three pipe handles. Arguments are quoted for CommandLineToArgvW; no shell is involved.
#include "support/child_process.hpp"
#include "support/platform/windows_text.hpp"

#include <thread>

namespace uap {

namespace {

using platform::windows::error_text;
using platform::windows::widen;

HANDLE handle_of(platform::NativeHandle handle) { return reinterpret_cast<HANDLE>(handle); }
platform::NativeHandle native(HANDLE handle) { return reinterpret_cast<platform::NativeHandle>(handle); }

// A pipe whose child end is inheritable and whose parent end is not.
bool child_pipe(HANDLE& read_end, HANDLE& write_end, bool child_reads) {
    SECURITY_ATTRIBUTES inheritable{sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};
    if (!CreatePipe(&read_end, &write_end, &inheritable, 0))
        return false;
    SetHandleInformation(child_reads ? write_end : read_end, HANDLE_FLAG_INHERIT, 0);
    return true;
}

// The environment block: NAME=value entries, each ended by a NUL, and one more NUL at the end.
std::wstring environment_block(const std::vector<std::string>& entries) {
    std::wstring block;
    for (auto& entry : entries) {
        block += widen(entry);
        block.push_back(L'\0');
    }
    block.push_back(L'\0');
    return block;
}

} // namespace

Expected<std::unique_ptr<ChildProcess>> ChildProcess::launch(const LaunchSpec& spec) {
    std::vector<std::string> words{spec.program.string()};
    words.insert(words.end(), spec.arguments.begin(), spec.arguments.end());
    auto line = platform::windows::command_line(words);
    if (!line)
        return line.error();

    HANDLE input_read = nullptr, input_write = nullptr, output_read = nullptr, output_write = nullptr, errors_read = nullptr,
           errors_write = nullptr;
    auto close_all = [&] {
        for (HANDLE handle : {input_read, input_write, output_read, output_write, errors_read, errors_write})
            if (handle)
                CloseHandle(handle);
    };
    if (!child_pipe(input_read, input_write, true) || !child_pipe(output_read, output_write, false) ||
        !child_pipe(errors_read, errors_write, false)) {
        std::string reason = error_text();
        close_all();
        return Error("cannot create a pipe: " + reason);
    }

    // Only the three pipe ends are inherited, even while other threads start other children.
    HANDLE inherited[3] = {input_read, output_write, errors_write};
    SIZE_T list_size = 0;
    InitializeProcThreadAttributeList(nullptr, 1, 0, &list_size);
    std::vector<unsigned char> list_buffer(list_size);
    auto* attributes = reinterpret_cast<LPPROC_THREAD_ATTRIBUTE_LIST>(list_buffer.data());
    if (!InitializeProcThreadAttributeList(attributes, 1, 0, &list_size) ||
        !UpdateProcThreadAttribute(attributes, 0, PROC_THREAD_ATTRIBUTE_HANDLE_LIST, inherited, sizeof(inherited), nullptr, nullptr)) {
        std::string reason = error_text();
        close_all();
        return Error("cannot prepare the start of " + spec.program.string() + ": " + reason);
    }
    STARTUPINFOEXW startup{};
    startup.StartupInfo.cb = sizeof(startup);
    startup.StartupInfo.dwFlags = STARTF_USESTDHANDLES;
    startup.StartupInfo.hStdInput = input_read;
    startup.StartupInfo.hStdOutput = output_write;
    startup.StartupInfo.hStdError = errors_write;
    startup.lpAttributeList = attributes;

    HANDLE job = CreateJobObjectW(nullptr, nullptr);
    JOBOBJECT_EXTENDED_LIMIT_INFORMATION limits{};
    limits.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE;
    if (!job || !SetInformationJobObject(job, JobObjectExtendedLimitInformation, &limits, sizeof(limits))) {
        std::string reason = error_text();
        if (job)
            CloseHandle(job);
        DeleteProcThreadAttributeList(attributes);
        close_all();
        return Error("cannot create a Job Object for " + spec.program.string() + ": " + reason);
    }

    std::wstring environment = environment_block(spec.environment);
    std::wstring program = spec.program.wstring();
    std::wstring folder = spec.working_directory.wstring();
    PROCESS_INFORMATION process{};
    // Suspended until it is in the job, so nothing it starts escapes the job.
    DWORD flags = CREATE_SUSPENDED | CREATE_NO_WINDOW | CREATE_UNICODE_ENVIRONMENT | EXTENDED_STARTUPINFO_PRESENT | CREATE_NEW_PROCESS_GROUP;
    bool started = CreateProcessW(program.c_str(), line->data(), nullptr, nullptr, TRUE, flags, environment.data(),
                                  folder.empty() ? nullptr : folder.c_str(), &startup.StartupInfo, &process);
    std::string reason = started ? std::string() : error_text();
    DeleteProcThreadAttributeList(attributes);
    CloseHandle(input_read), CloseHandle(output_write), CloseHandle(errors_write);
    input_read = output_write = errors_write = nullptr;
    if (!started) {
        CloseHandle(job);
        close_all();
        return Error("cannot start " + spec.program.string() + ": " + reason);
    }
    if (!AssignProcessToJobObject(job, process.hProcess)) {
        reason = error_text();
        TerminateProcess(process.hProcess, 1);
        CloseHandle(process.hThread), CloseHandle(process.hProcess), CloseHandle(job);
        close_all();
        return Error("cannot put " + spec.program.string() + " into its Job Object: " + reason);
    }
    ResumeThread(process.hThread);
    CloseHandle(process.hThread);

    std::unique_ptr<ChildProcess> child(new ChildProcess);
    child->m_pid = static_cast<platform::ProcessId>(process.dwProcessId);
    child->m_process = native(process.hProcess);
    child->m_job = native(job);
    child->m_stdin = native(input_write);
    child->m_stdout = native(output_read);
    child->m_stderr = native(errors_read);
    return child;
}

ChildProcess::~ChildProcess() {
    if (!m_exit_code && m_process != platform::no_handle)
        terminate_tree(std::chrono::milliseconds(0));
    platform::close_handle(m_stdin);
    platform::close_handle(m_stdout);
    platform::close_handle(m_stderr);
    platform::close_handle(m_process);
    platform::close_handle(m_job); // Kill-on-close: nothing of the tree outlives this object.
}

std::optional<int> ChildProcess::poll_exit() {
    if (m_exit_code || m_process == platform::no_handle)
        return m_exit_code;
    if (WaitForSingleObject(handle_of(m_process), 0) != WAIT_OBJECT_0)
        return std::nullopt;
    DWORD code = 0;
    m_exit_code = GetExitCodeProcess(handle_of(m_process), &code) ? static_cast<int>(code) : -1;
    return m_exit_code;
}

void ChildProcess::kill_tree() {
    if (m_job != platform::no_handle)
        TerminateJobObject(handle_of(m_job), 1);
}

void ChildProcess::terminate_tree(std::chrono::milliseconds grace) {
    if (m_process == platform::no_handle)
        return;
    if (grace.count() > 0)
        wait_exit(grace);
    // The job may outlive the first process (grandchildren), so it is ended even after the exit.
    kill_tree();
    if (!m_exit_code)
        wait_exit(std::chrono::milliseconds(5000));
}

} // namespace uap

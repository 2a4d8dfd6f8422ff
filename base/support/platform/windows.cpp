// Windows implementation of the platform layer: wide (UTF-16) APIs with UTF-8 at the interface,
// protected owner-only ACLs, LockFileEx, BCryptGenRandom and console control handlers.
// Cross-compiled with mingw-w64 and tested under Wine (docs/platforms.md).
#include "support/platform/platform.hpp"
#include "support/platform/file_stamp.hpp"
#include "support/platform/windows_text.hpp"
#include "support/utf8_path.hpp"

#include <aclapi.h>
#include <bcrypt.h>
#include <fcntl.h>
#include <io.h>
#include <sddl.h>
#include <shellapi.h>
#include <tlhelp32.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <streambuf>
#include <thread>

namespace uap::platform {

namespace fs = std::filesystem;
using windows::error_text;
using windows::narrow;
using windows::widen;

namespace {

HANDLE handle_of(NativeHandle handle) { return reinterpret_cast<HANDLE>(handle); }
NativeHandle native(HANDLE handle) { return handle == INVALID_HANDLE_VALUE || !handle ? no_handle : reinterpret_cast<NativeHandle>(handle); }

bool is_reparse_point(HANDLE file) {
    FILE_ATTRIBUTE_TAG_INFO info{};
    return GetFileInformationByHandleEx(file, FileAttributeTagInfo, &info, sizeof(info)) &&
           (info.FileAttributes & FILE_ATTRIBUTE_REPARSE_POINT) != 0;
}

} // namespace

// ---- Pipes

Expected<std::size_t> read_some(NativeHandle handle, char* buffer, std::size_t capacity) {
    DWORD count = 0;
    DWORD wanted = static_cast<DWORD>(std::min<std::size_t>(capacity, 1u << 30));
    if (ReadFile(handle_of(handle), buffer, wanted, &count, nullptr))
        return static_cast<std::size_t>(count);
    DWORD error = GetLastError();
    if (error == ERROR_BROKEN_PIPE || error == ERROR_HANDLE_EOF)
        return std::size_t{0};
    return Error("cannot read from the pipe: " + error_text(error));
}

Expected<void> write_all(NativeHandle handle, std::string_view bytes) {
    std::size_t written = 0;
    while (written < bytes.size()) {
        DWORD count = 0;
        DWORD chunk = static_cast<DWORD>(std::min<std::size_t>(bytes.size() - written, 1u << 30));
        if (!WriteFile(handle_of(handle), bytes.data() + written, chunk, &count, nullptr))
            return Error("cannot write to the process: " + error_text());
        written += count;
    }
    return {};
}

bool wait_readable(NativeHandle handle, std::chrono::milliseconds limit) {
    auto deadline = std::chrono::steady_clock::now() + limit;
    while (true) {
        DWORD available = 0;
        if (!PeekNamedPipe(handle_of(handle), nullptr, 0, nullptr, &available, nullptr) || available > 0)
            return true; // Data, or a closed pipe whose read returns at once.
        if (std::chrono::steady_clock::now() >= deadline)
            return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
}

void close_handle(NativeHandle& handle) {
    if (handle != no_handle)
        CloseHandle(handle_of(handle));
    handle = no_handle;
}

// ---- Processes

ProcessId current_process_id() { return static_cast<ProcessId>(GetCurrentProcessId()); }

ProcessState probe_process(ProcessId pid) {
    if (pid <= 0)
        return ProcessState::Unknown;
    HANDLE process = OpenProcess(SYNCHRONIZE | PROCESS_QUERY_LIMITED_INFORMATION, FALSE, static_cast<DWORD>(pid));
    if (!process)
        return GetLastError() == ERROR_ACCESS_DENIED ? ProcessState::Alive : ProcessState::Gone;
    DWORD waited = WaitForSingleObject(process, 0);
    CloseHandle(process);
    return waited == WAIT_TIMEOUT ? ProcessState::Alive : ProcessState::Gone;
}

std::optional<std::uint64_t> process_start_time(ProcessId pid) {
    HANDLE process = OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, FALSE, static_cast<DWORD>(pid));
    if (!process)
        return std::nullopt;
    FILETIME created{}, exited{}, kernel{}, user{};
    bool read = GetProcessTimes(process, &created, &exited, &kernel, &user);
    CloseHandle(process);
    if (!read)
        return std::nullopt;
    return (static_cast<std::uint64_t>(created.dwHighDateTime) << 32) | created.dwLowDateTime;
}

Expected<std::vector<ChildProcessEntry>> child_processes(ProcessId parent) {
    HANDLE snapshot = CreateToolhelp32Snapshot(TH32CS_SNAPPROCESS, 0);
    if (snapshot == INVALID_HANDLE_VALUE)
        return Error("cannot list the running processes (CreateToolhelp32Snapshot failed, error " + std::to_string(GetLastError()) + ")");
    std::vector<ChildProcessEntry> children;
    PROCESSENTRY32W entry{};
    entry.dwSize = sizeof(entry);
    for (BOOL found = Process32FirstW(snapshot, &entry); found; found = Process32NextW(snapshot, &entry))
        if (static_cast<ProcessId>(entry.th32ParentProcessID) == parent)
            children.push_back({static_cast<ProcessId>(entry.th32ProcessID), narrow(entry.szExeFile), false});
    CloseHandle(snapshot);
    return children;
}

void kill_process_tree(ProcessId pid) {
    // Its children were in the earlier host's Job Object, which ended them when that host died.
    HANDLE process = OpenProcess(PROCESS_TERMINATE, FALSE, static_cast<DWORD>(pid));
    if (!process)
        return;
    TerminateProcess(process, 1);
    CloseHandle(process);
}

std::string stop_process_command(ProcessId pid) { return "taskkill /PID " + std::to_string(pid) + " /F"; }

std::string signal_name(int) { return ""; }

std::string describe_exit_code(int exit_code) {
    // A process ended by an unhandled exception exits with the exception's code (an NTSTATUS error,
    // 0xC0000000 and up), which reads as a negative int.
    auto code = static_cast<DWORD>(exit_code);
    std::string name = (code & 0xC0000000u) == 0xC0000000u ? fault_name(exit_code) : std::string();
    if (name.empty())
        return "exit code " + std::to_string(exit_code);
    char hex[16];
    std::snprintf(hex, sizeof hex, "0x%08lX", static_cast<unsigned long>(code));
    return std::string("exception ") + hex + ", " + name;
}

std::vector<std::string> environment_entries() {
    std::vector<std::string> entries;
    wchar_t* block = GetEnvironmentStringsW();
    if (!block)
        return entries;
    for (const wchar_t* entry = block; *entry; entry += std::wcslen(entry) + 1)
        entries.push_back(narrow(entry));
    FreeEnvironmentStringsW(block);
    return entries;
}

std::optional<std::string> environment_value(const std::string& name) {
    // The process's own wide block, not the C runtime's _wgetenv: msvcrt may build that copy from
    // the ANSI one, which has already lost what the code page cannot spell.
    std::wstring wide_name = widen(name);
    std::wstring value(256, L'\0');
    while (true) {
        SetLastError(ERROR_SUCCESS);
        DWORD length = GetEnvironmentVariableW(wide_name.c_str(), value.data(), static_cast<DWORD>(value.size()));
        if (length == 0)
            return GetLastError() == ERROR_ENVVAR_NOT_FOUND ? std::nullopt : std::optional<std::string>(std::string());
        if (length < value.size()) {
            value.resize(length);
            return narrow(value);
        }
        value.resize(length);
    }
}

std::vector<std::string> utf8_arguments(int argc, char** argv) {
    int count = 0;
    wchar_t** wide = CommandLineToArgvW(GetCommandLineW(), &count);
    if (!wide)
        return std::vector<std::string>(argv, argv + argc);
    std::vector<std::string> arguments;
    for (int index = 0; index < count; ++index)
        arguments.push_back(narrow(wide[index]));
    LocalFree(wide);
    return arguments;
}

// ---- Random bytes and the host's own location

Expected<void> fill_random(unsigned char* buffer, std::size_t size) {
    while (size > 0) {
        ULONG chunk = static_cast<ULONG>(std::min<std::size_t>(size, 1u << 30));
        if (!BCRYPT_SUCCESS(BCryptGenRandom(nullptr, buffer, chunk, BCRYPT_USE_SYSTEM_PREFERRED_RNG)))
            return Error("the system's random number generator failed (BCryptGenRandom)");
        buffer += chunk;
        size -= chunk;
    }
    return {};
}

fs::path executable_path() {
    std::wstring buffer(MAX_PATH, L'\0');
    while (true) {
        DWORD length = GetModuleFileNameW(nullptr, buffer.data(), static_cast<DWORD>(buffer.size()));
        if (length == 0)
            return {};
        if (length < buffer.size()) {
            buffer.resize(length);
            return fs::path(buffer);
        }
        buffer.resize(buffer.size() * 2);
    }
}

std::string operating_system_name() { return "windows"; }

std::string shell_word(const std::string& word) {
    // A Windows path cannot hold a double quote, so wrapping is enough.
    if (word.empty() || word.find_first_of(" \t&|<>^%!()'`;,=\"") != std::string::npos)
        return "\"" + word + "\"";
    return word;
}

std::string executable_file_name(std::string_view stem) { return std::string(stem) + ".exe"; }

std::optional<std::string> wine_version() {
    // Wine's ntdll exports this; Windows' does not.
    using VersionFunction = const char* (*)();
    HMODULE ntdll = GetModuleHandleW(L"ntdll.dll");
    auto function = ntdll ? reinterpret_cast<VersionFunction>(reinterpret_cast<void*>(GetProcAddress(ntdll, "wine_get_version"))) : nullptr;
    if (!function)
        return std::nullopt;
    return std::string(function());
}

std::string architecture_name() {
#if defined(_M_X64) || defined(__x86_64__)
    return "x86_64";
#elif defined(_M_ARM64) || defined(__aarch64__)
    return "arm64";
#else
    return "unknown";
#endif
}

fs::path user_config_folder(std::string_view application) {
    auto value = environment_value("APPDATA");
    if (!value || value->empty())
        return {};
    return fs::path(widen(*value)) / fs::path(widen(application));
}

// ---- Files

bool is_executable(const fs::path& path) {
    std::error_code error;
    std::wstring extension = path.extension().wstring();
    for (auto& letter : extension)
        letter = static_cast<wchar_t>(towlower(letter));
    return fs::is_regular_file(path, error) && (extension == L".exe" || extension == L".com");
}

bool is_owner_only(const fs::path& path) {
    PACL acl = nullptr;
    PSECURITY_DESCRIPTOR descriptor = nullptr;
    if (GetNamedSecurityInfoW(path.wstring().c_str(), SE_FILE_OBJECT, DACL_SECURITY_INFORMATION, nullptr, nullptr, &acl, nullptr,
                              &descriptor) != ERROR_SUCCESS)
        return false;
    SECURITY_DESCRIPTOR_CONTROL control = 0;
    DWORD revision = 0;
    auto user = windows::current_user_sid();
    bool owner_only = acl && !user.empty() && GetSecurityDescriptorControl(descriptor, &control, &revision) &&
                      (control & SE_DACL_PROTECTED) && acl->AceCount > 0;
    for (WORD index = 0; owner_only && index < acl->AceCount; ++index) {
        void* entry = nullptr;
        owner_only = GetAce(acl, index, &entry) && static_cast<ACE_HEADER*>(entry)->AceType == ACCESS_ALLOWED_ACE_TYPE &&
                     EqualSid(&static_cast<ACCESS_ALLOWED_ACE*>(entry)->SidStart, user.data());
    }
    LocalFree(descriptor);
    return owner_only;
}

bool readable_by_others(const fs::path& path) {
    PACL acl = nullptr;
    PSECURITY_DESCRIPTOR descriptor = nullptr;
    if (GetNamedSecurityInfoW(path.wstring().c_str(), SE_FILE_OBJECT, DACL_SECURITY_INFORMATION, nullptr, nullptr, &acl, nullptr,
                              &descriptor) != ERROR_SUCCESS)
        return true;
    auto user = windows::current_user_sid();
    // A null DACL grants everyone everything.
    bool others = !acl || user.empty();
    for (WORD index = 0; !others && index < acl->AceCount; ++index) {
        void* entry = nullptr;
        if (!GetAce(acl, index, &entry))
            others = true;
        else if (static_cast<ACE_HEADER*>(entry)->AceType == ACCESS_ALLOWED_ACE_TYPE) {
            PSID sid = &static_cast<ACCESS_ALLOWED_ACE*>(entry)->SidStart;
            others = !EqualSid(sid, user.data()) && !IsWellKnownSid(sid, WinLocalSystemSid) && !IsWellKnownSid(sid, WinBuiltinAdministratorsSid);
        }
    }
    LocalFree(descriptor);
    return others;
}

std::optional<std::string> file_version_stamp(const fs::path& path) {
    // Attributes only, shared with everyone, folders too (backup semantics opens a directory).
    HANDLE file = CreateFileW(path.wstring().c_str(), FILE_READ_ATTRIBUTES, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                              nullptr, OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS, nullptr);
    if (file == INVALID_HANDLE_VALUE)
        return std::nullopt;
    BY_HANDLE_FILE_INFORMATION info{};
    bool read = GetFileInformationByHandle(file, &info);
    CloseHandle(file);
    if (!read)
        return std::nullopt;
    auto wide = [](DWORD high, DWORD low) { return std::to_string((static_cast<std::uint64_t>(high) << 32) | low); };
    return std::to_string(info.dwVolumeSerialNumber) + ":" + wide(info.nFileIndexHigh, info.nFileIndexLow) + ":" +
           wide(info.ftLastWriteTime.dwHighDateTime, info.ftLastWriteTime.dwLowDateTime) + ":" + wide(info.nFileSizeHigh, info.nFileSizeLow);
}

std::string describe_file_access(const fs::path& path) {
    PSECURITY_DESCRIPTOR descriptor = nullptr;
    if (GetNamedSecurityInfoW(path.wstring().c_str(), SE_FILE_OBJECT, DACL_SECURITY_INFORMATION, nullptr, nullptr, nullptr, nullptr,
                              &descriptor) != ERROR_SUCCESS)
        return "";
    wchar_t* text = nullptr;
    std::string described;
    if (ConvertSecurityDescriptorToStringSecurityDescriptorW(descriptor, SDDL_REVISION_1, DACL_SECURITY_INFORMATION, &text, nullptr)) {
        described = narrow(text);
        LocalFree(text);
    }
    LocalFree(descriptor);
    return described;
}

namespace {
// The locked range lies past any text, so the pid the holder writes stays readable to others.
constexpr DWORD lock_offset_high = 1;
} // namespace

Expected<FileLock> FileLock::open(const fs::path& path, bool& was_link) {
    was_link = false;
    windows::OwnerOnlySecurity security;
    HANDLE file = CreateFileW(path.wstring().c_str(), GENERIC_READ | GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                              security.attributes(), OPEN_ALWAYS, FILE_ATTRIBUTE_NORMAL | FILE_FLAG_OPEN_REPARSE_POINT, nullptr);
    if (file == INVALID_HANDLE_VALUE)
        return Error("cannot open " + path.string() + ": " + error_text());
    if (is_reparse_point(file)) {
        CloseHandle(file);
        was_link = true;
        return Error("cannot open " + path.string() + ": it is a link");
    }
    return FileLock(native(file));
}

Expected<FileLock::Outcome> FileLock::try_lock() {
    OVERLAPPED where{};
    where.OffsetHigh = lock_offset_high;
    if (LockFileEx(handle_of(m_handle), LOCKFILE_EXCLUSIVE_LOCK | LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &where))
        return Outcome::Acquired;
    DWORD error = GetLastError();
    if (error == ERROR_LOCK_VIOLATION || error == ERROR_IO_PENDING)
        return Outcome::HeldElsewhere;
    return Error("cannot lock: " + error_text(error));
}

Expected<void> FileLock::replace_text(std::string_view text) {
    HANDLE file = handle_of(m_handle);
    LARGE_INTEGER start{};
    if (!SetFilePointerEx(file, start, nullptr, FILE_BEGIN) || !SetEndOfFile(file))
        return Error("cannot write: " + error_text());
    return write_all(m_handle, text);
}

std::string FileLock::read_text(std::size_t max_bytes) const {
    std::string text(max_bytes, '\0');
    OVERLAPPED where{};
    DWORD count = 0;
    if (!ReadFile(handle_of(m_handle), text.data(), static_cast<DWORD>(max_bytes), &count, &where))
        count = 0;
    text.resize(count);
    return text;
}

FileLock::FileLock(FileLock&& other) noexcept : m_handle(std::exchange(other.m_handle, no_handle)) {}

FileLock::~FileLock() { close_handle(m_handle); } // Closing the handle releases the lock.

// ---- Output to a file

Expected<void> append_output_to_file(const fs::path& file) {
    windows::OwnerOnlySecurity security;
    // Appending only, so that two writers never overwrite each other's lines; shared for deleting,
    // so that the package can move the log aside while this host still runs.
    HANDLE handle = CreateFileW(file.wstring().c_str(), FILE_APPEND_DATA, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                                security.attributes(), OPEN_ALWAYS, FILE_ATTRIBUTE_NORMAL | FILE_FLAG_OPEN_REPARSE_POINT, nullptr);
    if (handle == INVALID_HANDLE_VALUE)
        return Error("cannot open the log file " + utf8::from_path(file) + ": " + error_text());
    if (is_reparse_point(handle)) {
        CloseHandle(handle);
        return Error("cannot open the log file " + utf8::from_path(file) + ": it is a link");
    }
    std::fflush(stdout);
    std::fflush(stderr);
    int descriptor = _open_osfhandle(reinterpret_cast<intptr_t>(handle), _O_APPEND | _O_WRONLY | _O_BINARY);
    if (descriptor < 0) {
        CloseHandle(handle);
        return Error("cannot send the output to " + utf8::from_path(file));
    }
    bool moved = _dup2(descriptor, 1) == 0 && _dup2(descriptor, 2) == 0;
    _close(descriptor);
    if (!moved)
        return Error("cannot send the output to " + utf8::from_path(file));
    // The C runtime's descriptors and the process's standard handles are separate: writers that ask
    // for the handle (the console writer below, spdlog's Windows sinks) must find the file too.
    SetStdHandle(STD_OUTPUT_HANDLE, reinterpret_cast<HANDLE>(_get_osfhandle(1)));
    SetStdHandle(STD_ERROR_HANDLE, reinterpret_cast<HANDLE>(_get_osfhandle(2)));
    return {};
}

// ---- Console signals

namespace {
HANDLE stop_event = nullptr;
std::atomic<DWORD> stop_kind{0};

BOOL WINAPI on_console_control(DWORD kind) {
    stop_kind = kind;
    SetEvent(stop_event);
    // After a close, logoff or shutdown event returns, the system ends the process: give the
    // serving thread the time Windows allows (about 5 s) to shut down in order.
    if (kind == CTRL_CLOSE_EVENT || kind == CTRL_LOGOFF_EVENT || kind == CTRL_SHUTDOWN_EVENT)
        Sleep(5000);
    return TRUE;
}
} // namespace

StopRequests::StopRequests() {
    if (!stop_event)
        stop_event = CreateEventW(nullptr, TRUE, FALSE, nullptr);
    SetConsoleCtrlHandler(&on_console_control, TRUE);
}

std::string StopRequests::wait() {
    WaitForSingleObject(stop_event, INFINITE);
    switch (stop_kind.load()) {
    case CTRL_C_EVENT: return "Ctrl+C";
    case CTRL_BREAK_EVENT: return "Ctrl+Break";
    case CTRL_CLOSE_EVENT: return "console close";
    case CTRL_LOGOFF_EVENT: return "logoff";
    case CTRL_SHUTDOWN_EVENT: return "system shutdown";
    default: return "a stop request";
    }
}

// ---- Memory

// The Windows heap has no trim threshold to set.
void keep_freed_memory_for_reuse(std::size_t) {}

// ---- Fatal faults

namespace {
void (*fault_handler)(int) = nullptr;

LONG WINAPI on_unhandled_exception(EXCEPTION_POINTERS* exception) {
    DWORD code = exception->ExceptionRecord->ExceptionCode;
    if (fault_handler)
        fault_handler(static_cast<int>(code));
    // The exit code is the exception code, as it would be had the system ended the process.
    TerminateProcess(GetCurrentProcess(), code);
    return EXCEPTION_EXECUTE_HANDLER;
}

void on_abort(int signal) {
    if (fault_handler)
        fault_handler(signal);
    std::signal(signal, SIG_DFL);
    std::raise(signal);
}
} // namespace

void end_process_on_faults() {
    SetErrorMode(SEM_FAILCRITICALERRORS | SEM_NOGPFAULTERRORBOX | SEM_NOOPENFILEERRORBOX);
    SetUnhandledExceptionFilter(&on_unhandled_exception);
}

void on_fatal_fault(void (*handler)(int code)) {
    fault_handler = handler;
    end_process_on_faults();
    std::signal(SIGABRT, &on_abort);
}

NativeHandle create_fault_file(const char* path) {
    wchar_t wide[4096];
    if (MultiByteToWideChar(CP_UTF8, 0, path, -1, wide, 4096) == 0)
        return no_handle;
    return native(CreateFileW(wide, GENERIC_WRITE, 0, nullptr, CREATE_ALWAYS, FILE_ATTRIBUTE_NORMAL | FILE_FLAG_OPEN_REPARSE_POINT, nullptr));
}

void write_fault_text(NativeHandle handle, const char* text) {
    DWORD written = 0;
    WriteFile(handle_of(handle), text, static_cast<DWORD>(std::strlen(text)), &written, nullptr);
}

NativeHandle standard_error() { return native(GetStdHandle(STD_ERROR_HANDLE)); }

void close_fault_file(NativeHandle handle) {
    if (handle != no_handle)
        CloseHandle(handle_of(handle));
}

std::string fault_name(int code) {
    switch (static_cast<DWORD>(code)) {
    case EXCEPTION_ACCESS_VIOLATION: return "EXCEPTION_ACCESS_VIOLATION";
    case EXCEPTION_STACK_OVERFLOW: return "EXCEPTION_STACK_OVERFLOW";
    case EXCEPTION_ILLEGAL_INSTRUCTION: return "EXCEPTION_ILLEGAL_INSTRUCTION";
    case EXCEPTION_INT_DIVIDE_BY_ZERO: return "EXCEPTION_INT_DIVIDE_BY_ZERO";
    case EXCEPTION_IN_PAGE_ERROR: return "EXCEPTION_IN_PAGE_ERROR";
    case SIGABRT: return "SIGABRT";
    default: return "";
    }
}

// ---- The module runner's pipes

Expected<ProtocolPipes> take_protocol_pipes() {
    // The parent's Job Object (kill-on-close) ends this process when the parent dies.
    HANDLE self = GetCurrentProcess();
    HANDLE input = nullptr, output = nullptr;
    if (!DuplicateHandle(self, GetStdHandle(STD_INPUT_HANDLE), self, &input, 0, FALSE, DUPLICATE_SAME_ACCESS) ||
        !DuplicateHandle(self, GetStdHandle(STD_OUTPUT_HANDLE), self, &output, 0, FALSE, DUPLICATE_SAME_ACCESS))
        return Error("cannot move the runner protocol off stdin and stdout: " + error_text());
    int nothing = _open("NUL", _O_RDONLY);
    if (nothing >= 0) {
        _dup2(nothing, 0);
        _close(nothing);
    }
    _dup2(2, 1);
    SetStdHandle(STD_OUTPUT_HANDLE, GetStdHandle(STD_ERROR_HANDLE));
    SetStdHandle(STD_INPUT_HANDLE, reinterpret_cast<HANDLE>(_get_osfhandle(0)));
    return ProtocolPipes{native(input), native(output)};
}

// ---- Opening a link

bool start_detached(const std::vector<std::string>& words) {
    auto line = windows::command_line(words);
    if (words.empty() || !line)
        return false;
    STARTUPINFOW startup{};
    startup.cb = sizeof(startup);
    PROCESS_INFORMATION process{};
    if (!CreateProcessW(nullptr, line->data(), nullptr, nullptr, FALSE, CREATE_NO_WINDOW | CREATE_UNICODE_ENVIRONMENT, nullptr, nullptr,
                        &startup, &process))
        return false;
    CloseHandle(process.hThread);
    DWORD code = 0;
    bool ended = WaitForSingleObject(process.hProcess, 5000) == WAIT_OBJECT_0;
    bool succeeded = !ended || (GetExitCodeProcess(process.hProcess, &code) && code == 0);
    CloseHandle(process.hProcess);
    return succeeded;
}

std::string default_link_opener() { return ""; }

bool open_with_shell(const std::string& url) {
    auto result = reinterpret_cast<INT_PTR>(ShellExecuteW(nullptr, L"open", widen(url).c_str(), nullptr, nullptr, SW_SHOWNORMAL));
    return result > 32;
}

// ---- The console

namespace {

// Writes UTF-8 to a console as UTF-16. Setting the console's code page alone is not enough:
// msvcrt's text mode may convert what it writes to a console from the ANSI code page first (Wine's
// does: measured, 日本語 came out as "æ¥æ¬èª" with the console already at UTF-8).
class ConsoleWriter : public std::streambuf {
public:
    // which: STD_OUTPUT_HANDLE or STD_ERROR_HANDLE, asked again at every write, since
    // append_output_to_file() may have moved the stream to a file since.
    explicit ConsoleWriter(DWORD which) : m_which(which) {}
    ~ConsoleWriter() override { sync(); }

protected:
    int_type overflow(int_type letter) override {
        if (!traits_type::eq_int_type(letter, traits_type::eof()))
            m_pending.push_back(traits_type::to_char_type(letter));
        if (letter == '\n' || m_pending.size() >= 4096)
            sync();
        return traits_type::not_eof(letter);
    }
    std::streamsize xsputn(const char* text, std::streamsize count) override {
        m_pending.append(text, static_cast<size_t>(count));
        if (m_pending.size() >= 4096 || std::string_view(text, static_cast<size_t>(count)).find('\n') != std::string_view::npos)
            sync();
        return count;
    }
    int sync() override {
        // A character split across two writes waits for its other bytes.
        size_t complete = m_pending.size();
        for (size_t back = 1; back <= 3 && back <= m_pending.size(); ++back) {
            unsigned char byte = static_cast<unsigned char>(m_pending[m_pending.size() - back]);
            if ((byte & 0xC0) == 0x80)
                continue;
            size_t length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1;
            if (length > back)
                complete = m_pending.size() - back;
            break;
        }
        std::string text = m_pending.substr(0, complete);
        m_pending.erase(0, complete);
        HANDLE target = GetStdHandle(m_which);
        DWORD mode = 0;
        if (!GetConsoleMode(target, &mode))
            return write_all(native(target), text) ? 0 : -1;
        std::wstring wide = windows::widen(text);
        DWORD written = 0;
        return wide.empty() || WriteConsoleW(target, wide.data(), static_cast<DWORD>(wide.size()), &written, nullptr) ? 0 : -1;
    }

private:
    DWORD m_which;
    std::string m_pending;
};

} // namespace

struct Utf8Console::State {
    UINT previous_code_page = 0;
    struct Redirected {
        std::ostream* stream;
        std::streambuf* previous;
        std::unique_ptr<ConsoleWriter> writer;
    };
    std::vector<Redirected> streams;
};

Utf8Console::Utf8Console() : m_state(std::make_unique<State>()) {
    // 0 when this process has no console.
    UINT current = GetConsoleOutputCP();
    if (current != 0 && current != CP_UTF8 && SetConsoleOutputCP(CP_UTF8))
        m_state->previous_code_page = current;
    for (auto [stream, which] : {std::pair<std::ostream*, DWORD>{&std::cout, STD_OUTPUT_HANDLE}, {&std::cerr, STD_ERROR_HANDLE},
                                 {&std::clog, STD_ERROR_HANDLE}}) {
        HANDLE handle = GetStdHandle(which);
        DWORD mode = 0;
        if (handle == nullptr || handle == INVALID_HANDLE_VALUE || !GetConsoleMode(handle, &mode))
            continue; // A pipe or a file: the bytes go out unchanged.
        stream->flush();
        auto writer = std::make_unique<ConsoleWriter>(which);
        std::streambuf* previous = stream->rdbuf(writer.get());
        m_state->streams.push_back({stream, previous, std::move(writer)});
    }
}

Utf8Console::~Utf8Console() {
    for (auto& redirected : m_state->streams) {
        redirected.stream->flush();
        redirected.stream->rdbuf(redirected.previous);
    }
    if (m_state->previous_code_page != 0)
        SetConsoleOutputCP(m_state->previous_code_page);
}

unsigned ansi_code_page() { return GetACP(); }

} // namespace uap::platform

namespace uap::utf8 {

// MultiByteToWideChar and WideCharToMultiByte (through widen and narrow) replace what cannot be
// converted with U+FFFD instead of failing, unlike path(std::u8string) and path::u8string().
std::filesystem::path to_path(std::string_view text) { return std::filesystem::path(platform::windows::widen(text)); }
std::string from_path(const std::filesystem::path& path) { return platform::windows::narrow(path.native()); }
std::string generic_from_path(const std::filesystem::path& path) { return platform::windows::narrow(path.generic_wstring()); }

} // namespace uap::utf8

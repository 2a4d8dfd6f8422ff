// POSIX implementation of the platform layer (Linux, compiled and tested here; the macOS branches
// use documented Darwin APIs in place of /proc and prctl, and have not been compiled).
#include "support/platform/platform.hpp"
#include "support/platform/file_stamp.hpp"
#include "support/utf8_path.hpp"

#include <boost/dll/runtime_symbol_info.hpp>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <iterator>
#include <limits>
#include <pthread.h>
#include <sstream>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <system_error>
#include <thread>
#include <unistd.h>
#include <poll.h>
#include <spawn.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#if defined(__APPLE__)
#include <libproc.h>
#include <stdlib.h>
#include <sys/sysctl.h>
#else
#include <sys/random.h>
#endif

extern char** environ;

namespace uap::platform {

namespace fs = std::filesystem;

namespace {

int descriptor_of(NativeHandle handle) { return static_cast<int>(handle); }

std::string system_message(int error) { return std::generic_category().message(error); }

#if !defined(__APPLE__)
// The fields of /proc/<pid>/stat after the command name, which may itself hold spaces and ')'.
std::optional<std::string> stat_fields(ProcessId pid) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
    auto close = text.rfind(')');
    if (close == std::string::npos || close + 2 >= text.size())
        return std::nullopt;
    return text.substr(close + 2);
}
#else
std::optional<struct kinfo_proc> process_info(ProcessId pid) {
    int name[] = {CTL_KERN, KERN_PROC, KERN_PROC_PID, static_cast<int>(pid)};
    struct kinfo_proc info {};
    size_t size = sizeof(info);
    if (::sysctl(name, 4, &info, &size, nullptr, 0) != 0 || size == 0)
        return std::nullopt;
    return info;
}
#endif

} // namespace

// ---- Pipes

Expected<std::size_t> read_some(NativeHandle handle, char* buffer, std::size_t capacity) {
    while (true) {
        ssize_t count = ::read(descriptor_of(handle), buffer, capacity);
        if (count >= 0)
            return static_cast<std::size_t>(count);
        if (errno != EINTR)
            return Error("cannot read from the pipe: " + system_message(errno));
    }
}

Expected<void> write_all(NativeHandle handle, std::string_view bytes) {
    std::size_t written = 0;
    while (written < bytes.size()) {
        ssize_t count = ::write(descriptor_of(handle), bytes.data() + written, bytes.size() - written);
        if (count < 0) {
            if (errno == EINTR)
                continue;
            return Error("cannot write to the process: " + system_message(errno));
        }
        written += static_cast<std::size_t>(count);
    }
    return {};
}

bool wait_readable(NativeHandle handle, std::chrono::milliseconds limit) {
    pollfd watch{descriptor_of(handle), POLLIN, 0};
    return ::poll(&watch, 1, static_cast<int>(limit.count())) > 0;
}

void close_handle(NativeHandle& handle) {
    if (handle != no_handle)
        ::close(descriptor_of(handle));
    handle = no_handle;
}

// ---- Processes

ProcessId current_process_id() { return ::getpid(); }

ProcessState probe_process(ProcessId pid) {
    if (pid <= 0)
        return ProcessState::Unknown;
    if (::kill(static_cast<pid_t>(pid), 0) != 0)
        return errno == ESRCH ? ProcessState::Gone : ProcessState::Alive;
#if defined(__APPLE__)
    if (auto info = process_info(pid); info && info->kp_proc.p_stat == SZOMB)
        return ProcessState::Gone;
#else
    if (auto fields = stat_fields(pid); fields && !fields->empty() && ((*fields)[0] == 'Z' || (*fields)[0] == 'X'))
        return ProcessState::Gone;
#endif
    return ProcessState::Alive;
}

std::optional<std::uint64_t> process_start_time(ProcessId pid) {
#if defined(__APPLE__)
    auto info = process_info(pid);
    if (!info)
        return std::nullopt;
    return static_cast<std::uint64_t>(info->kp_proc.p_starttime.tv_sec) * 1000000u + info->kp_proc.p_starttime.tv_usec;
#else
    auto fields = stat_fields(pid);
    if (!fields)
        return std::nullopt;
    // The first field here is the state (field 3 of the line); starttime is field 22.
    std::istringstream stream(*fields);
    std::string field;
    for (int index = 3; index <= 22 && stream >> field; ++index)
        if (index == 22)
            return std::stoull(field);
    return std::nullopt;
#endif
}

Expected<std::vector<ChildProcessEntry>> child_processes(ProcessId parent) {
    std::vector<ChildProcessEntry> children;
#if defined(__APPLE__)
    std::vector<pid_t> pids(4096);
    int count = proc_listchildpids(static_cast<pid_t>(parent), pids.data(), static_cast<int>(pids.size() * sizeof(pid_t)));
    if (count < 0)
        return Error("cannot list the child processes of " + std::to_string(parent) + ": " + std::strerror(errno));
    for (int index = 0; index < count; ++index) {
        char name[2 * MAXCOMLEN + 1] = {};
        proc_name(pids[static_cast<size_t>(index)], name, sizeof(name));
        auto info = process_info(pids[static_cast<size_t>(index)]);
        children.push_back({pids[static_cast<size_t>(index)], name, info && info->kp_proc.p_stat == SZOMB});
    }
#else
    std::error_code error;
    for (auto& entry : fs::directory_iterator("/proc", error)) {
        std::string file_name = entry.path().filename().string();
        if (file_name.empty() || file_name.find_first_not_of("0123456789") != std::string::npos)
            continue;
        // "PID (NAME) STATE PPID ...": the name may hold spaces and parentheses, so it ends at the last ')'.
        // Read with read(2): a process that ends meanwhile fails the read (ESRCH), which std::ifstream
        // would throw from.
        std::string text;
        int descriptor = ::open((entry.path() / "stat").c_str(), O_RDONLY | O_CLOEXEC);
        if (descriptor < 0)
            continue;
        char buffer[1024];
        ssize_t count = ::read(descriptor, buffer, sizeof(buffer));
        ::close(descriptor);
        if (count > 0)
            text.assign(buffer, static_cast<size_t>(count));
        auto open = text.find('(');
        auto close = text.rfind(')');
        if (open == std::string::npos || close == std::string::npos || close < open)
            continue; // It ended while the folder was read.
        std::istringstream fields(text.substr(close + 1));
        std::string state;
        long long parent_id = 0;
        if (!(fields >> state >> parent_id) || parent_id != parent)
            continue;
        children.push_back({std::stoll(file_name), text.substr(open + 1, close - open - 1), state == "Z" || state == "X"});
    }
    if (error)
        return Error("cannot list /proc: " + error.message());
#endif
    return children;
}

void kill_process_tree(ProcessId pid) {
    if (pid <= 1)
        return;
    ::kill(-static_cast<pid_t>(pid), SIGKILL);
    ::kill(static_cast<pid_t>(pid), SIGKILL);
}

std::string describe_exit_code(int exit_code) {
    if (exit_code > signal_exit_base && exit_code < signal_exit_base + 65) {
        int signal = exit_code - signal_exit_base;
        std::string name = signal_name(signal);
        return "signal " + std::to_string(signal) + (name.empty() ? std::string() : ", " + name);
    }
    return "exit code " + std::to_string(exit_code);
}

std::string stop_process_command(ProcessId pid) { return "kill " + std::to_string(pid); }

std::string signal_name(int signal) {
#if defined(__APPLE__)
    if (signal > 0 && signal < NSIG) {
        std::string name = sys_signame[signal];
        for (auto& letter : name)
            letter = static_cast<char>(std::toupper(static_cast<unsigned char>(letter)));
        return "SIG" + name;
    }
    return "";
#else
    const char* name = ::sigabbrev_np(signal);
    return name ? std::string("SIG") + name : std::string();
#endif
}

std::vector<std::string> environment_entries() {
    std::vector<std::string> entries;
    for (char** entry = environ; entry && *entry; ++entry)
        entries.emplace_back(*entry);
    return entries;
}

std::optional<std::string> environment_value(const std::string& name) {
    const char* value = std::getenv(name.c_str());
    return value ? std::optional<std::string>(value) : std::nullopt;
}

std::vector<std::string> utf8_arguments(int argc, char** argv) { return std::vector<std::string>(argv, argv + argc); }

// ---- Random bytes and the host's own location

Expected<void> fill_random(unsigned char* buffer, std::size_t size) {
#if defined(__APPLE__)
    ::arc4random_buf(buffer, size);
#else
    std::size_t filled = 0;
    while (filled < size) {
        ssize_t count = ::getrandom(buffer + filled, size - filled, 0);
        if (count < 0) {
            if (errno == EINTR)
                continue;
            return Error("the system's random number generator failed (getrandom: " + system_message(errno) + ")");
        }
        filled += static_cast<std::size_t>(count);
    }
#endif
    return {};
}

fs::path executable_path() { return fs::path(boost::dll::program_location().string()); }

std::optional<std::string> wine_version() { return std::nullopt; }

std::string executable_file_name(std::string_view stem) { return std::string(stem); }

std::string operating_system_name() {
#if defined(__APPLE__)
    return "macos";
#else
    return "linux";
#endif
}

std::string shell_word(const std::string& word) {
    if (!word.empty() && word.find_first_of(" \t'\"$`\\") == std::string::npos)
        return word;
    std::string quoted = "'";
    for (char c : word)
        quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

std::string architecture_name() {
#if defined(__x86_64__)
    return "x86_64";
#elif defined(__aarch64__)
    return "arm64";
#else
    return "unknown";
#endif
}

fs::path user_config_folder(std::string_view application) {
    auto from_environment = [](const char* name) {
        const char* value = std::getenv(name);
        return value && *value ? fs::path(value) : fs::path();
    };
#if defined(__APPLE__)
    fs::path base = from_environment("HOME");
    if (!base.empty())
        base = base / "Library" / "Application Support";
#else
    fs::path base = from_environment("XDG_CONFIG_HOME");
    if (base.empty() && !from_environment("HOME").empty())
        base = from_environment("HOME") / ".config";
#endif
    return base.empty() ? base : base / fs::path(std::string(application));
}

// ---- Files

bool is_executable(const fs::path& path) {
    std::error_code error;
    return fs::is_regular_file(path, error) && ::access(path.c_str(), X_OK) == 0;
}

bool is_owner_only(const fs::path& path) {
    struct stat info {};
    return ::stat(path.c_str(), &info) == 0 && (info.st_mode & 077) == 0;
}

bool readable_by_others(const fs::path& path) { return !is_owner_only(path); }

std::optional<std::string> file_version_stamp(const fs::path& path) {
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0)
        return std::nullopt;
#if defined(__APPLE__)
    const timespec& written = info.st_mtimespec;
#else
    const timespec& written = info.st_mtim;
#endif
    return std::to_string(info.st_dev) + ":" + std::to_string(info.st_ino) + ":" + std::to_string(written.tv_sec) + "." +
           std::to_string(written.tv_nsec) + ":" + std::to_string(info.st_size);
}

std::string describe_file_access(const fs::path& path) {
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0)
        return "";
    char text[16];
    std::snprintf(text, sizeof(text), "mode %04o", static_cast<unsigned>(info.st_mode & 07777));
    return text;
}

Expected<FileLock> FileLock::open(const fs::path& path, bool& was_link) {
    was_link = false;
    int descriptor = ::open(path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (descriptor < 0) {
        was_link = errno == ELOOP;
        return Error("cannot open " + path.string() + ": " + system_message(errno));
    }
    return FileLock(descriptor);
}

Expected<FileLock::Outcome> FileLock::try_lock() {
    if (::flock(descriptor_of(m_handle), LOCK_EX | LOCK_NB) == 0)
        return Outcome::Acquired;
    if (errno == EWOULDBLOCK)
        return Outcome::HeldElsewhere;
    return Error("cannot lock: " + system_message(errno));
}

Expected<void> FileLock::replace_text(std::string_view text) {
    int descriptor = descriptor_of(m_handle);
    if (::ftruncate(descriptor, 0) != 0 || ::pwrite(descriptor, text.data(), text.size(), 0) != static_cast<ssize_t>(text.size()))
        return Error("cannot write: " + system_message(errno));
    return {};
}

std::string FileLock::read_text(std::size_t max_bytes) const {
    std::string text(max_bytes, '\0');
    ssize_t count = ::pread(descriptor_of(m_handle), text.data(), max_bytes, 0);
    text.resize(count > 0 ? static_cast<std::size_t>(count) : 0);
    return text;
}

FileLock::FileLock(FileLock&& other) noexcept : m_handle(std::exchange(other.m_handle, no_handle)) {}

FileLock::~FileLock() { close_handle(m_handle); } // Closing the last descriptor releases the flock.

// ---- Output to a file

Expected<void> append_output_to_file(const fs::path& file) {
    int descriptor = ::open(file.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (descriptor < 0)
        return Error("cannot open the log file " + file.string() + ": " +
                     (errno == ELOOP ? std::string("it is a symbolic link") : system_message(errno)));
    std::fflush(stdout);
    std::fflush(stderr);
    bool moved = ::dup2(descriptor, 1) >= 0 && ::dup2(descriptor, 2) >= 0;
    int error = errno;
    ::close(descriptor);
    if (!moved)
        return Error("cannot send the output to " + file.string() + ": " + system_message(error));
    return {};
}

// ---- Console signals

namespace {
sigset_t stop_signals() {
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    return signals;
}
} // namespace

StopRequests::StopRequests() {
    sigset_t signals = stop_signals();
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);
}

std::string StopRequests::wait() {
    sigset_t signals = stop_signals();
    int received = 0;
    sigwait(&signals, &received);
    return "signal " + std::to_string(received) + " (" + signal_name(received) + ")";
}

// ---- Memory

void keep_freed_memory_for_reuse(std::size_t bytes) {
#if defined(__GLIBC__)
    int limit = static_cast<int>(std::min<std::size_t>(bytes, std::numeric_limits<int>::max()));
    // Setting either threshold ends glibc's own adjustment of both, so both are set.
    ::mallopt(M_TRIM_THRESHOLD, limit);
    ::mallopt(M_MMAP_THRESHOLD, limit);
#else
    (void)bytes;
#endif
}

// ---- Fatal faults

namespace {
void (*fault_handler)(int) = nullptr;

void on_fatal_signal(int signal) {
    if (fault_handler)
        fault_handler(signal);
    // SA_RESETHAND restored the default action: let the signal end the process as it would have.
    ::raise(signal);
}
} // namespace

void end_process_on_faults() {}

void on_fatal_fault(void (*handler)(int code)) {
    fault_handler = handler;
    struct sigaction action {};
    action.sa_handler = &on_fatal_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND | SA_NODEFER;
    for (int signal : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT})
        ::sigaction(signal, &action, nullptr);
}

NativeHandle create_fault_file(const char* path) {
    int descriptor = ::open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0600);
    return descriptor >= 0 ? descriptor : no_handle;
}

void write_fault_text(NativeHandle handle, const char* text) {
    std::size_t length = std::strlen(text);
    while (length > 0) {
        ssize_t written = ::write(descriptor_of(handle), text, length);
        if (written <= 0)
            return;
        text += written;
        length -= static_cast<std::size_t>(written);
    }
}

NativeHandle standard_error() { return 2; }

void close_fault_file(NativeHandle handle) {
    if (handle != no_handle)
        ::close(descriptor_of(handle));
}

std::string fault_name(int code) { return signal_name(code); }

// ---- The module runner's pipes

Expected<ProtocolPipes> take_protocol_pipes() {
    // A watcher ends the runner when it is re-parented. Not Linux's parent-death signal: it fires
    // when the *thread* that started the runner ends (a long-running tool's job thread, an HTTP
    // worker the pool retires), which killed healthy runners; macOS has no such signal anyway.
    pid_t parent = ::getppid();
    std::thread([parent] {
        while (::getppid() == parent)
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
        ::_exit(1);
    }).detach();
#if defined(__APPLE__)
    for (int descriptor = 3; descriptor < 1024; ++descriptor)
        ::close(descriptor);
#else
    ::close_range(3, ~0u, 0);
#endif
    int input = ::fcntl(0, F_DUPFD_CLOEXEC, 3);
    int output = ::fcntl(1, F_DUPFD_CLOEXEC, 3);
    int nothing = ::open("/dev/null", O_RDONLY);
    if (input < 0 || output < 0 || nothing < 0)
        return Error("cannot move the runner protocol off stdin and stdout: " + system_message(errno));
    ::dup2(nothing, 0);
    ::close(nothing);
    ::dup2(2, 1);
    std::signal(SIGPIPE, SIG_IGN);
    return ProtocolPipes{input, output};
}

// ---- Opening a link

bool start_detached(const std::vector<std::string>& words) {
    if (words.empty())
        return false;
    std::vector<std::string> copies = words;
    std::vector<char*> argv;
    for (auto& word : copies)
        argv.push_back(word.data());
    argv.push_back(nullptr);
    pid_t pid = -1;
    if (posix_spawnp(&pid, argv[0], nullptr, nullptr, argv.data(), environ) != 0)
        return false;
    // The opener usually hands the link to a running browser and exits; a browser that stays
    // in the foreground (after 5 s) is left running and counts as started.
    int status = 0;
    for (int waited = 0; waited < 50; ++waited) {
        pid_t done = ::waitpid(pid, &status, WNOHANG);
        if (done == pid)
            return WIFEXITED(status) && WEXITSTATUS(status) == 0;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return true;
}

std::string default_link_opener() {
#if defined(__APPLE__)
    return "open";
#else
    return "xdg-open";
#endif
}

bool open_with_shell(const std::string&) { return false; }

// ---- The console

// A terminal shows the bytes written to it in its own encoding, which the user chose; nothing to do.
struct Utf8Console::State {};
Utf8Console::Utf8Console() = default;
Utf8Console::~Utf8Console() = default;

unsigned ansi_code_page() { return 0; }

} // namespace uap::platform

namespace uap::utf8 {

// A POSIX path is bytes; the host's text is the same bytes.
std::filesystem::path to_path(std::string_view text) { return std::filesystem::path(std::string(text)); }
std::string from_path(const std::filesystem::path& path) { return path.native(); }
std::string generic_from_path(const std::filesystem::path& path) { return path.generic_string(); }

} // namespace uap::utf8

// The one interface to the operating system: everything that differs between POSIX (Linux, macOS)
// and Windows. Only the files of this folder include a system header or test a platform macro.
#pragma once

#include "support/expected.hpp"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace uap::platform {

// A file descriptor (POSIX) or a HANDLE (Windows), carried as an integer; no_handle when none.
using NativeHandle = std::intptr_t;
inline constexpr NativeHandle no_handle = -1;

// ---- Pipes and files opened by handle

// Reads what is there (blocking until something is): the byte count, 0 at end of file.
Expected<std::size_t> read_some(NativeHandle handle, char* buffer, std::size_t capacity);
// Writes every byte or fails (the reader is gone).
Expected<void> write_all(NativeHandle handle, std::string_view bytes);
// Whether reading would not block within `limit` (data, end of file or an error are waiting).
bool wait_readable(NativeHandle handle, std::chrono::milliseconds limit);
void close_handle(NativeHandle& handle);

// ---- Sockets

// A socket's descriptor: an int on POSIX, a SOCKET on Windows (Poco's poco_socket_t).
using SocketHandle = std::uintptr_t;
// Waits up to `limit` until any of `sockets` is readable (data, the peer's end, an error, or a
// connection to accept on a listening socket): the positions of those that are, in order; empty
// when the time ran out or the wait failed (poll on POSIX, WSAPoll on Windows: no FD_SETSIZE cap).
std::vector<std::size_t> readable_sockets(const std::vector<SocketHandle>& sockets, std::chrono::milliseconds limit);

// ---- Processes

using ProcessId = std::int64_t;
enum class ProcessState { Alive, Gone, Unknown };

ProcessId current_process_id();
// Unknown for pid <= 0; Alive also when the process exists but belongs to another user.
ProcessState probe_process(ProcessId pid);
// An opaque start time that tells a reused pid apart (Linux: clock ticks since boot from /proc;
// macOS: sysctl KERN_PROC; Windows: the creation FILETIME).
std::optional<std::uint64_t> process_start_time(ProcessId pid);
// A process started by another, as the operating system lists it.
struct ChildProcessEntry {
    ProcessId pid = 0;
    std::string name; // The program's file name (Linux: /proc/PID/comm, at most 15 characters).
    bool exited = false; // Ended but not yet reaped by its parent (a zombie on POSIX).
};
// The processes whose parent is `parent`, read from the system's process table (Linux: /proc;
// macOS: libproc; Windows: a Toolhelp snapshot), not from anything this program recorded. Tests use
// it to count what is really running.
Expected<std::vector<ChildProcessEntry>> child_processes(ProcessId parent);
// Ends a process left behind by an earlier run, with the group (POSIX) it leads.
void kill_process_tree(ProcessId pid);
// The command a person types to stop process `pid`, for refusal messages: "kill 4242" on POSIX;
// "taskkill /PID 4242 /F" on Windows, where a windowless process ignores taskkill's polite request.
std::string stop_process_command(ProcessId pid);
// "SIGSEGV" for 11 on POSIX; empty when the number has no name (and always on Windows).
std::string signal_name(int signal);
// The exit code of a child as this module reports it: 128 + signal for a signal on POSIX.
inline constexpr int signal_exit_base = 128;
// How a child's exit code reads in a message: "signal 11, SIGSEGV" for a signal on POSIX,
// "exception 0xC0000005, EXCEPTION_ACCESS_VIOLATION" for a crash on Windows, else "exit code N".
std::string describe_exit_code(int exit_code);

// The current environment as NAME=value entries (UTF-8).
std::vector<std::string> environment_entries();
// One environment variable as UTF-8 (std::getenv gives the ANSI code page's bytes on Windows);
// nullopt when it is unset. An empty value is returned as empty.
std::optional<std::string> environment_value(const std::string& name);
// main's arguments as UTF-8, whatever the console code page (Windows reads the wide command line).
std::vector<std::string> utf8_arguments(int argc, char** argv);

// ---- Random bytes and the host's own location

// Fills the buffer from the system's generator (getrandom / arc4random_buf / BCryptGenRandom).
Expected<void> fill_random(unsigned char* buffer, std::size_t size);
// The running executable's absolute path.
std::filesystem::path executable_path();
// The file name of the program `stem` on this platform: "uap-module-runner" on POSIX,
// "uap-module-runner.exe" on Windows.
std::string executable_file_name(std::string_view stem);
// The name of this build's platform in manifests and packages: "linux", "macos" or "windows".
std::string operating_system_name();
// A word (a path, say) as it is pasted into this platform's shell in an advised command: quoted
// only when it needs to be (POSIX: single quotes; Windows: double quotes, as cmd.exe and
// PowerShell both read them, and backslashes left alone).
std::string shell_word(const std::string& word);
// The Wine version ("8.0") when this Windows build runs under Wine, which emulates some Windows
// behaviour differently (docs/platforms.md); nullopt on Windows itself and on POSIX.
std::optional<std::string> wine_version();
// The processor architecture: "x86_64", "arm64", or "unknown".
std::string architecture_name();
// The folder for this user's own settings outside any project, named `application` inside the
// platform's per-user configuration folder: $XDG_CONFIG_HOME (or ~/.config) on Linux,
// ~/Library/Application Support on macOS, %APPDATA% on Windows. Empty when none can be found.
std::filesystem::path user_config_folder(std::string_view application);

// ---- Files (reading, writing and deleting go through the SDK's file jail: support/files.hpp)

// A regular file this user may run (POSIX: the execute permission; Windows: an .exe or .com).
bool is_executable(const std::filesystem::path& path);
// Whether only the owner may read and write the file (POSIX: no group/other bits; Windows: the
// ACL is protected and names only the current user).
bool is_owner_only(const std::filesystem::path& path);
// Whether anyone but the owner and the system's own administrators may read or write the file, the
// rule OpenSSH applies to private keys (POSIX: any group/other bit; Windows: an allow entry for a SID
// other than the current user, LocalSystem and BUILTIN\Administrators). A missing file counts as
// readable by others. Unlike is_owner_only it holds under Wine, which rebuilds DACLs from mode bits.
bool readable_by_others(const std::filesystem::path& path);
// The file's access control as the system reports it, for messages and tests: "mode 0600" on
// POSIX; the DACL in SDDL on Windows ("D:P(A;;FA;;;S-1-5-21-...)"). Empty when it cannot be read.
std::string describe_file_access(const std::filesystem::path& path);

// From now on everything this process writes to stdout and stderr (its own text, its libraries',
// a runtime's last words) goes to the end of `file`, created owner-only when missing; a link is
// refused. For a host that nothing reads: one the Unity package starts outlives the editor's domain,
// so no pipe of the editor's can hold its output. Loggers that kept the old stream must be rebuilt.
Expected<void> append_output_to_file(const std::filesystem::path& file);

// An exclusive lock on a file, held while this object lives and released by the system however
// the process ends (flock on POSIX; LockFileEx on a range past the text on Windows, so other
// processes can still read the holder's pid).
class FileLock {
public:
    enum class Outcome { Acquired, HeldElsewhere };
    // Opens (creating, owner-only, refusing a link) and tries once to lock.
    static Expected<FileLock> open(const std::filesystem::path& path, bool& was_link);
    Expected<Outcome> try_lock();
    // Replaces the file's text (the holder's pid); only after Acquired.
    Expected<void> replace_text(std::string_view text);
    std::string read_text(std::size_t max_bytes) const;

    FileLock(FileLock&& other) noexcept;
    FileLock& operator=(FileLock&&) = delete;
    FileLock(const FileLock&) = delete;
    ~FileLock();

private:
    explicit FileLock(NativeHandle handle) : m_handle(handle) {}
    NativeHandle m_handle = no_handle;
};

// ---- Console signals

// Holds the requests to stop (SIGINT and SIGTERM; on Windows Ctrl+C, Ctrl+Break and closing the
// console) so that the serving thread can shut down in order. Construct it before any thread
// starts (POSIX blocks the signals for every thread created afterwards).
class StopRequests {
public:
    StopRequests();
    // Blocks until a request arrives; says which one ("signal 15 (SIGTERM)", "Ctrl+C").
    std::string wait();
};

// ---- Memory

// For a long-running process with a thread per connection: freed memory up to `bytes` stays with
// the thread's heap for the next request instead of going back to the system. glibc returns the top
// of a thread's heap once 128 KiB are free there, and a request that frees a 64 KiB JSON pool did
// that (madvise, then page faults to grow it back) on every call, a quarter of the host's CPU on
// the editor path. Blocks of `bytes` or more are mapped and unmapped on their own. A no-op where
// the allocator has no such policy (Windows, macOS).
void keep_freed_memory_for_reuse(std::size_t bytes);

// What the host's processes keep: a page of hierarchy or a batch's JSON is tens of kilobytes.
inline constexpr std::size_t kept_freed_memory_bytes = 1024 * 1024;

// ---- Fatal faults (crash records): everything here is async-signal-safe

// Runs `handler` with a fault code when the process faults (POSIX: SIGSEGV, SIGBUS, SIGFPE,
// SIGILL, SIGABRT; Windows: an unhandled exception), then lets the fault end the process.
void on_fatal_fault(void (*handler)(int code));
// Lets a fault end the process at once, its exit code telling which fault it was. On Windows an
// unhandled exception would otherwise wait on an error dialog or start a debugger (Windows Error
// Reporting; winedbg under Wine) with nobody there to answer; POSIX needs nothing for this.
// on_fatal_fault() includes it.
void end_process_on_faults();
// Creates or truncates an owner-only record file without following a link; no_handle on failure.
NativeHandle create_fault_file(const char* path);
void write_fault_text(NativeHandle handle, const char* text);
NativeHandle standard_error();
// Closes a handle from create_fault_file.
void close_fault_file(NativeHandle handle);
// The fault's name for a code given to the handler ("SIGSEGV", "EXCEPTION_ACCESS_VIOLATION").
std::string fault_name(int code);

// ---- Memory shared with a child process (Linux; elsewhere these fail and report it)

struct SharedRegion {
    NativeHandle handle = no_handle; // To hand to the child (LaunchSpec::inherited); closed once it has it.
    void* memory = nullptr;
    std::uint64_t bytes = 0;
};
// A zeroed region of bytes, sealed so that neither side can shrink it (a shrunken region faults
// the other side's next read) or grow it; name shows in /proc/PID/maps.
Expected<SharedRegion> create_shared_region(const char* name, std::uint64_t bytes);
// Maps the region behind a handle the parent passed (at least bytes long), and closes the handle.
Expected<SharedRegion> adopt_shared_region(NativeHandle handle, std::uint64_t bytes);
// Unmaps it and closes its handle if still open.
void release_shared_region(SharedRegion& region);
// Sleeps while the 32-bit word in a shared region still holds seen, until the steady-clock time or
// a wake_shared_word() naming one of bits; it may return early.
void wait_on_shared_word(std::uint32_t* word, std::uint32_t seen, std::uint32_t bits, std::chrono::steady_clock::time_point until);
// Wakes every process's waiters on the word whose bits meet these.
void wake_shared_word(std::uint32_t* word, std::uint32_t bits);

// ---- The module runner's side of its pipes

struct ProtocolPipes {
    NativeHandle input;
    NativeHandle output;
};
// Moves the protocol off stdin and stdout so that a module printing to stdout cannot corrupt it
// (stdin then reads nothing, stdout goes to stderr), closes what the parent left open, ignores
// broken pipes, and ends this process when its parent dies (POSIX: a watcher of the parent pid,
// since Linux's parent-death signal follows the starting thread; Windows: the parent's Job Object kills it).
Expected<ProtocolPipes> take_protocol_pipes();

// ---- Opening a link

// Starts `words` (a program and its arguments) detached, without a shell or a console window.
bool start_detached(const std::vector<std::string>& words);
// The default command that opens a link here ("xdg-open", "open"); empty on Windows, where
// open_with_shell is used instead.
std::string default_link_opener();
// Opens a link with the system's default handler (Windows: ShellExecuteW); false elsewhere.
bool open_with_shell(const std::string& url);

// ---- The console

// While this object lives, a Windows console this process writes to shows the host's UTF-8 text
// instead of mojibake: std::cout, std::cerr and std::clog write to a console as UTF-16
// (WriteConsoleW), and the console's output code page is UTF-8 for anything else that writes
// bytes (spdlog's console sink). Both come back at the end, since the console also belongs to the
// shell that started the host. Nothing when there is no console (pipes and files carry the bytes
// unchanged) and nothing on POSIX, where the terminal's encoding is the user's choice.
class Utf8Console {
public:
    Utf8Console();
    ~Utf8Console();
    Utf8Console(const Utf8Console&) = delete;
    Utf8Console& operator=(const Utf8Console&) = delete;

private:
    struct State;
    std::unique_ptr<State> m_state;
};
// The ANSI code page that Windows reads narrow text in (GetACP(): 1252, 932, ...); 0 on POSIX,
// which has none. Tests use it to prove that a run under a Japanese locale really had code page 932.
unsigned ansi_code_page();

} // namespace uap::platform

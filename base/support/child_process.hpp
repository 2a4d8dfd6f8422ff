// A child process with piped stdin, stdout and stderr that is ended with everything it started:
// its own process group on POSIX, a Job Object with kill-on-close on Windows. The caller gives
// the whole environment. Implemented in support/platform/child_process_*.cpp.
#pragma once

#include "support/expected.hpp"
#include "support/platform/platform.hpp"

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace uap {

struct LaunchSpec {
    std::filesystem::path program;
    std::vector<std::string> arguments;        // Without the program itself.
    std::filesystem::path working_directory;
    std::vector<std::string> environment;      // NAME=value entries, complete.
    // A descriptor the child gets as its descriptor 3 (POSIX only; no_handle for none).
    platform::NativeHandle inherited = platform::no_handle;
};

enum class ChildStream { Output, Errors };

class ChildProcess {
public:
    // Starts the program without a shell (and on Windows without a console window); arguments
    // are passed as given (quoted for the Windows command line by the platform layer).
    static Expected<std::unique_ptr<ChildProcess>> launch(const LaunchSpec& spec);
    ~ChildProcess(); // Kills the tree when still alive, closes the pipes and reaps the child.
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    platform::ProcessId pid() const { return m_pid; }
    // The read end of the child's stdout or stderr, for platform::read_some and wait_readable.
    platform::NativeHandle stream(ChildStream which) const { return which == ChildStream::Output ? m_stdout : m_stderr; }
    // Reads what the child wrote to the stream: the byte count, 0 once it is closed.
    std::size_t read(ChildStream which, char* buffer, std::size_t capacity);

    // Writes every byte or fails (the child closed its stdin, or exited).
    Expected<void> write_all(std::string_view bytes);
    void close_stdin();

    // The exit code once the child has exited (128 + signal for a signal on POSIX), without blocking.
    std::optional<int> poll_exit();
    std::optional<int> wait_exit(std::chrono::milliseconds limit);
    // Ends the child and everything it started at once (SIGKILL to the group; TerminateJobObject).
    void kill_tree();
    // Asks the tree to end (SIGTERM to the group), a grace period, then kill_tree; reaps the child.
    // Windows has no polite request for a windowless child: the grace period is spent waiting.
    void terminate_tree(std::chrono::milliseconds grace);

private:
    ChildProcess() = default;

    platform::ProcessId m_pid = -1;
    platform::NativeHandle m_process = platform::no_handle; // Windows: the process handle.
    platform::NativeHandle m_job = platform::no_handle;     // Windows: the Job Object.
    platform::NativeHandle m_stdin = platform::no_handle;
    platform::NativeHandle m_stdout = platform::no_handle;
    platform::NativeHandle m_stderr = platform::no_handle;
    std::optional<int> m_exit_code;
};

// What a short-lived program printed on stdout (at most the first max_bytes; the rest is read and
// dropped, so the program never blocks on a full pipe) and its exit code.
struct CapturedRun {
    int exit_code = 0;
    std::string output;
};

// Runs the program to its end with stdin closed. An error when it cannot start or does not end
// within `limit`; the program and everything it started are then ended.
Expected<CapturedRun> run_to_end(const LaunchSpec& spec, std::chrono::milliseconds limit, std::size_t max_bytes);

// The current environment as NAME=value entries, without the names listed in `removed`.
std::vector<std::string> current_environment_without(const std::vector<std::string>& removed);

} // namespace uap

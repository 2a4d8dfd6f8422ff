// A child process in its own process group with piped stdin, stdout and stderr (POSIX), so the
// whole tree it starts can be killed through the group. The caller gives the whole environment.
#pragma once

#include "support/expected.hpp"

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace uap::agent {

struct LaunchSpec {
    std::filesystem::path program;
    std::vector<std::string> arguments;        // Without the program itself.
    std::filesystem::path working_directory;
    std::vector<std::string> environment;      // NAME=value entries, complete.
};

class ChildProcess {
public:
    static Expected<std::unique_ptr<ChildProcess>> launch(const LaunchSpec& spec);
    ~ChildProcess(); // Kills the group when still alive, closes the pipes and reaps the child.
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    int pid() const { return m_pid; }
    int stdout_descriptor() const { return m_stdout; }
    int stderr_descriptor() const { return m_stderr; }

    // Writes every byte or fails (the child closed its stdin, or exited).
    Expected<void> write_all(std::string_view bytes);
    void close_stdin();

    // The exit code once the child has exited (128 + signal for a signal), without blocking.
    std::optional<int> poll_exit();
    std::optional<int> wait_exit(std::chrono::milliseconds limit);
    // Sends signal to the child's whole process group.
    void signal_group(int signal);
    // SIGTERM to the group, a grace period, then SIGKILL; reaps the child.
    void terminate_tree(std::chrono::milliseconds grace);

private:
    ChildProcess() = default;

    int m_pid = -1;
    int m_stdin = -1;
    int m_stdout = -1;
    int m_stderr = -1;
    std::optional<int> m_exit_code;
};


// The current environment as NAME=value entries, without the names listed in `removed`.
std::vector<std::string> current_environment_without(const std::vector<std::string>& removed);

} // namespace uap::agent

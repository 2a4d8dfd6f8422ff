// One running claude CLI: the child process, a reader thread that frames and tolerantly parses
// stdout (non-JSON and unparsable lines are counted, never fatal), a stderr drain that keeps the
// tail for error reports, and the stdin serializer. stdin stays open until stop().
#pragma once

#include "support/child_process.hpp"
#include "support/line_framer.hpp"
#include "agent/wire.hpp"

#include <rapidjson/document.h>

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace uap::agent {

class CliProcess {
public:
    using MessageHandler = std::function<void(rapidjson::Document& message)>;
    // Runs once on the reader thread after stdout closed and the process exited (not after stop()).
    using ExitHandler = std::function<void(int exit_code, const std::string& stderr_tail)>;

    static Expected<std::unique_ptr<CliProcess>> start(const LaunchSpec& spec, MessageHandler on_message, ExitHandler on_exit,
                                                       size_t max_line_bytes = default_max_line_bytes);
    ~CliProcess(); // stop(0).

    Expected<void> send(const rapidjson::Value& message) { return m_serializer.write(message); }
    platform::ProcessId pid() const { return m_child->pid(); }

    // Closes stdin, waits up to grace for the exit, then kills the group and joins the threads.
    void stop(std::chrono::milliseconds grace);
    // Kills the process group at once (tests of crash handling).
    void kill_now();

    size_t garbage_lines() const { return m_garbage_lines.load(); }
    size_t dropped_lines() const { return m_dropped_lines.load(); }
    std::string stderr_tail() const;

private:
    CliProcess(std::unique_ptr<ChildProcess> child, MessageHandler on_message, ExitHandler on_exit, size_t max_line_bytes);
    void read_stdout();
    void read_stderr();

    std::unique_ptr<ChildProcess> m_child;
    std::mutex m_child_mutex; // Guards stdin writes against close.
    StdinSerializer m_serializer;
    MessageHandler m_on_message;
    ExitHandler m_on_exit;
    size_t m_max_line_bytes;
    std::atomic<bool> m_stopping{false};
    std::atomic<bool> m_stderr_done{false};
    std::atomic<size_t> m_garbage_lines{0};
    std::atomic<size_t> m_dropped_lines{0};
    mutable std::mutex m_stderr_mutex;
    std::string m_stderr_tail;
    std::thread m_stderr_thread;
    std::thread m_stdout_thread;
};

} // namespace uap::agent

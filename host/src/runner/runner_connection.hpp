// One uap-module-runner process and the pipes to it: a reader thread that dispatches its
// messages (results, log lines, progress, questions for the host table), calls that wait for
// their result or their deadline, and an account of how the process ended.
#pragma once

#include "support/child_process.hpp"
#include "modules/host_services.hpp"
#include "modules/module_backend.hpp"
#include "runner/output_budget.hpp"
#include "runner/result_slots.hpp"
#include "runner/runner_frames.hpp"

#include <rapidjson/document.h>

#include <atomic>
#include <condition_variable>
#include <functional>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <variant>
#include <vector>

namespace uap::runner {

// Why a runner is no longer there. Cancelled: a call went on past its grace after a cancel.
enum class Death { Alive, Crashed, Deadline, Cancelled, Stopped };

struct LoadAnswer {
    std::string description;
    uint32_t abi_version = 0;
};

class RunnerConnection {
public:
    // Starts the program; context (the pack's id, settings and host environment) must outlive it.
    // What the runner prints and logs reaches the host's log within `output` (the pack's budget).
    static Expected<std::shared_ptr<RunnerConnection>> launch(const std::filesystem::path& program, uap_host_context& context,
                                                              std::shared_ptr<OutputBudget> output);
    ~RunnerConnection(); // stop() with a short grace, then joins every thread.
    RunnerConnection(const RunnerConnection&) = delete;
    RunnerConnection& operator=(const RunnerConnection&) = delete;

    // Loads the pack's library in the runner: init, then describe.
    Expected<LoadAnswer> load(const std::filesystem::path& library);

    // Runs one call and waits for its result, its deadline, or the runner's death.
    Expected<modules::ModuleOutput> call(const modules::ToolCallRequest& request);

    // Asks the module to shut down and the runner to exit (calls in flight see cancellation and
    // fail with a shutdown message); does not wait.
    void request_stop();
    // request_stop(), then waits up to grace for the exit and kills the runner after it.
    void stop(std::chrono::milliseconds grace);
    // Kills the runner now; every call in flight fails with a message for cause.
    void kill(Death cause);

    bool alive() const;
    platform::ProcessId pid() const { return m_child->pid(); }
    // True exactly once for a runner that crashed (so a crash is counted once).
    bool take_crash();
    // "signal 11 (SIGSEGV)" or "exit code 3"; empty while alive.
    std::string how_it_ended() const;

private:
    struct PendingCall;
    RunnerConnection(std::unique_ptr<ChildProcess> child, std::unique_ptr<ResultSlots> slots, uap_host_context& context,
                     std::shared_ptr<OutputBudget> output);
    // Logs a line of the pack's output if its budget allows, with any notice about dropped lines.
    void relay_output(std::string_view line, const std::function<void(std::string_view)>& log);

    void read_messages();
    void drain_errors();
    void dispatch(const rapidjson::Document& message, std::string& payload); // May take the payload.
    void answer_question(const rapidjson::Document& message);
    void finish(Death cause);
    // A call in three steps: registered and sent to the runner; its answer awaited, with a
    // cancellation forwarded and a runner that outlives the deadline or ignores the cancellation
    // stopped; then taken out of the table with its result slot.
    Expected<std::shared_ptr<PendingCall>> send_call(const modules::ToolCallRequest& request);
    void await_answer(PendingCall& pending, const modules::ToolCallRequest& request);
    Expected<modules::ModuleOutput> collect_answer(PendingCall& pending);
    void stop_for_deadline(const PendingCall& call);
    // The call was cancelled and did not return within its grace: the runner is killed.
    void stop_for_ignored_cancel(const PendingCall& call, std::chrono::milliseconds grace);
    std::shared_ptr<PendingCall> find_call(int64_t id) const;
    std::shared_ptr<PendingCall> take_call(int64_t id); // find_call, and out of the table.
    void note_protocol_error(const std::string& problem);
    void send(const std::string& frame);
    std::string failure_text(const PendingCall& call) const;
    // The answer of a call its caller cancelled, when the runner was stopped for ignoring a cancel.
    std::string cancelled_text(const PendingCall& call) const;
    // Wakes a call's caller, wherever it waits (its condition, or its result slot).
    void wake(PendingCall& call);
    // Waits for the call's next event until wake; takes its result from its slot if one is there.
    void wait_for_event(PendingCall& call, std::unique_lock<std::mutex>& lock, std::chrono::steady_clock::time_point wake);

    std::unique_ptr<ChildProcess> m_child;
    std::unique_ptr<ResultSlots> m_slots; // None where the platform has none: every result comes on the pipe.
    uap_host_context& m_context;
    std::shared_ptr<OutputBudget> m_output;
    FrameWriter m_writer;
    // Guards the table of calls and the account of the runner's end; each call's own state has a
    // lock of its own, so results reach their callers without all of them contending for this one.
    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
    std::map<int64_t, std::shared_ptr<PendingCall>> m_calls;
    std::atomic<int64_t> m_next_call{1};
    std::optional<Expected<LoadAnswer>> m_load_answer;
    Death m_death = Death::Alive;
    Death m_requested_death = Death::Alive; // Set by kill() before the signal, read when the pipe closes.
    std::atomic<bool> m_serving{true};      // Both of the above are still Alive (read without the lock).
    std::string m_deadline_tool;            // The tool whose deadline stopped the runner.
    std::string m_cancelled_tool;           // The tool that ignored its cancellation past the grace.
    std::chrono::milliseconds m_cancel_grace{0};
    bool m_reaping = false;
    bool m_stop_requested = false;
    bool m_crash_taken = false;
    int m_exit_code = 0;
    std::string m_protocol_error; // Set when the runner sent something that is not the protocol.
    struct Question {
        std::thread thread;
        std::shared_ptr<std::atomic<bool>> done;
    };
    std::vector<Question> m_questions; // Host-table calls being answered (editor calls can block).
    std::thread m_reader;
    std::thread m_error_reader;
};

} // namespace uap::runner

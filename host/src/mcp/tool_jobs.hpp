// Long-running tools as jobs: a call that has not finished within a short wait keeps running on its
// own thread and the reply names its job; uap_job_status (through host.jobStatus) reports it later.
#pragma once

#include "api/call_options.hpp"
#include "api/tool_outcome.hpp"

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace uap::mcp {

struct JobLimits {
    std::chrono::milliseconds wait{10'000};   // How long the reply waits before it names the job.
    std::chrono::minutes retention{60};       // How long a finished job's outcome is kept.
    size_t max_finished = 100;                // The newest finished jobs kept, whatever their age.
    size_t max_running = 32;                  // Jobs running at once; more are refused.
};

class ToolJobs {
public:
    // Module jobs' ids start with this, so host.jobStatus can tell them from the bridge's.
    static constexpr std::string_view id_prefix = "tooljob-";

    explicit ToolJobs(JobLimits limits = {});
    ~ToolJobs(); // stop()
    ToolJobs(const ToolJobs&) = delete;
    ToolJobs& operator=(const ToolJobs&) = delete;

    // The call's work: runs the tool with the options the job hands it (its own cancellation flag,
    // progress recorder, and the tool's job deadline from the module host).
    using Work = std::function<modules::ToolOutcome(const modules::CallOptions&)>;

    // Either the outcome (the call finished within the wait, or was refused) or the reply text that
    // names the job, a JSON object.
    struct Reply {
        std::optional<modules::ToolOutcome> finished;
        std::string job_json;
    };
    // caller: the request's cancellation flag (forwarded to the job while the reply waits) and its
    // progress sink (fed until the reply names the job).
    Reply run(const std::string& tool, Work work, const modules::CallOptions& caller);
    // Starts the call as a job at once, with no reply waiting for it (an MCP task's job); its id,
    // or the refusal (shutting down, too many running) as an outcome. on_done runs on the job's
    // thread with its final snapshot once the outcome is kept, outside the table's lock; it must not
    // call back into the table (a pruning join may wait for it).
    struct Snapshot;
    using DoneListener = std::function<void(const Snapshot&)>;
    std::variant<std::string, modules::ToolOutcome> start(const std::string& tool, Work work, DoneListener on_done = {});

    // Where a job stands, as values (MCP tasks render it in the protocol's shape).
    struct Snapshot {
        bool done = false;
        bool cancel_requested = false;
        modules::ToolOutcome outcome{modules::CallStatus::InternalError, {}}; // When done.
        bool has_progress = false;
        double progress = 0;
        double total = 0;
        std::string message;
        std::chrono::system_clock::time_point updated; // The start, the last progress report, or the end.
    };
    // Null for an unknown or expired job.
    std::optional<Snapshot> snapshot(std::string_view id);
    // Blocks until the job is done or stop_waiting() turns true (asked every 20 ms); its snapshot then.
    std::optional<Snapshot> wait(std::string_view id, const std::function<bool()>& stop_waiting);

    // Where the job stands, as a JSON object: state running (with its last progress report),
    // completed (result), failed (error), cancelled, or unknown.
    std::string status_json(std::string_view id);
    // Sets a running job's cancellation flag; the status afterwards, as status_json.
    std::string cancel(std::string_view id);
    static bool owns(std::string_view id) { return id.substr(0, id_prefix.size()) == id_prefix; }

    // Shutdown: cancels every running job and refuses new ones. Does not wait.
    void cancel_all();
    // cancel_all(), then waits for the jobs' threads to end (a tool that never returns holds this
    // up; serve's shutdown watchdog ends the process then).
    void stop();

private:
    struct Job;
    // Creates and starts the job's thread, or says why not (the caller holds the lock).
    std::variant<std::shared_ptr<Job>, modules::ToolOutcome> launch(std::unique_lock<std::mutex>& lock, const std::string& tool, Work work,
                                                                    std::function<void(double, double, std::string_view)> forward,
                                                                    DoneListener on_done = {});
    static Snapshot snapshot_of(const Job& job); // The caller holds the lock.
    // Drops finished jobs past their retention or beyond the count (the caller holds the lock).
    void prune(std::unique_lock<std::mutex>& lock);
    size_t running() const; // The caller holds the lock.
    static void write_status(const Job& job, std::string& text);

    JobLimits m_limits;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::map<std::string, std::shared_ptr<Job>, std::less<>> m_jobs;
    bool m_stopping = false;
};

} // namespace uap::mcp

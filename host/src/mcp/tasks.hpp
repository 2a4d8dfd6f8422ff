// MCP tasks over the job table: a task is a ToolJobs job with a protocol face (an id of its own, an
// owner, a ttl, and the cancelled state tasks/cancel sets), bounded per client and in total.
#pragma once

#include "mcp/tool_jobs.hpp"
#include "api/tool_description.hpp"
#include "support/clock.hpp"
#include "support/expected.hpp"

#include <chrono>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace uap::mcp {

// How a client meets tasks: the 2025-11-25 tasks utility (a session asks with params.task), the
// 2026-07-28 tasks extension (declared in the request's client capabilities), or not at all.
enum class TaskFace { None, Utility, Extension };

struct TaskLimits {
    size_t max_working_per_client = 8; // More working tasks of one client are refused.
    size_t max_kept_per_client = 32;   // Past this, the client's oldest finished task is dropped.
    size_t max_kept = 256;             // All clients together; the oldest finished task is dropped.
    size_t max_waiting_results = 8;    // tasks/result requests blocked at once (each holds a server thread).
    std::chrono::milliseconds default_ttl{std::chrono::minutes(60)};
    std::chrono::milliseconds min_ttl{std::chrono::seconds(10)};
    // As long as ToolJobs keeps a finished job's outcome, so a task never outlives its result.
    std::chrono::milliseconds max_ttl{std::chrono::minutes(60)};
    std::chrono::milliseconds poll_interval{1000};
};

// Who a task belongs to. Every /mcp request already carries the MCP role's token; within it a task
// belongs to the client that created it, by the name it gives itself (clientInfo.name at initialize,
// or in a stateless request's _meta), so a new session of the same client (a reconnect) finds it.
// A client that gives no name is known by its session alone.
struct TaskOwner {
    std::string client;
    std::string session; // The Mcp-Session-Id, or the stateless scope.
    bool admits(const TaskOwner& caller) const;
};

// Where a task stands. Statuses differ by era for tool errors, so the raw facts are kept.
struct TaskView {
    std::string id;
    std::shared_ptr<const modules::ToolDescription> tool; // As it was when the task started.
    bool cancelled = false; // By tasks/cancel (the task stays cancelled whatever the tool does next).
    bool expired = false;   // The job's outcome is no longer kept.
    // The job as it stands; a cancelled or expired task carries the outcome that says so.
    ToolJobs::Snapshot job;
    std::chrono::system_clock::time_point created;
    std::chrono::system_clock::time_point updated;
    std::chrono::milliseconds ttl{0};
    std::chrono::milliseconds poll_interval{0};
    bool working() const { return !job.done && !expired && !cancelled; }
};

class ToolTasks {
public:
    // Told of every task whose job has finished (on the job's thread), e.g. to send
    // notifications/tasks/status to the session that created it.
    using FinishListener = std::function<void(const TaskOwner& owner, const TaskView& task)>;

    // The ttl is measured on clock, a monotonic one, so a change of the wall clock never drops a task
    // early and a test moves time instead of sleeping.
    explicit ToolTasks(ToolJobs& jobs, TaskLimits limits = {}, FinishListener on_finished = {},
                       const Clock& clock = SteadyClock::instance());

    // Starts the tool as a job and its task; requested_ttl is the client's wish (clamped). A refusal
    // (a bound, the host shutting down) says which and what to do.
    Expected<TaskView> create(const TaskOwner& owner, const modules::ToolDescription& tool, ToolJobs::Work work,
                              std::optional<std::chrono::milliseconds> requested_ttl);
    // The task if the caller may see it; an unknown, expired or foreign id is the same "not found".
    Expected<TaskView> find(const TaskOwner& caller, std::string_view id);
    // The caller's tasks, newest first.
    std::vector<TaskView> list(const TaskOwner& caller);
    // Marks a working task cancelled and cancels its job; a finished task is refused.
    Expected<TaskView> cancel(const TaskOwner& caller, std::string_view id);
    // Blocks until the task finished (or stop_waiting() is true, or the host stops); its view then.
    Expected<TaskView> wait(const TaskOwner& caller, std::string_view id, const std::function<bool()>& stop_waiting);

private:
    struct Task;
    std::shared_ptr<Task> owned(const TaskOwner& caller, std::string_view id); // The caller holds the lock.
    TaskView view_of(const Task& task);
    // The view from a job's snapshot (null: the job's outcome is no longer kept); reads no table.
    static TaskView view_from(const Task& task, const std::optional<ToolJobs::Snapshot>& snapshot, std::chrono::milliseconds poll_interval);
    void prune(); // The caller holds the lock.
    static Error not_found(std::string_view id);

    ToolJobs& m_jobs;
    TaskLimits m_limits;
    std::mutex m_mutex;
    std::map<std::string, std::shared_ptr<Task>, std::less<>> m_tasks;
    size_t m_waiting_results = 0;
    FinishListener m_on_finished;
    const Clock& m_clock;
};

} // namespace uap::mcp

// The task table: ownership, ttl, the bounds per client and in total, and each task's view built
// from its job's snapshot.
#include "mcp/tasks.hpp"

#include "mcp/http_replies.hpp"
#include "support/random.hpp"
#include "support/log.hpp"

#include <algorithm>
#include <atomic>

namespace uap::mcp {

using SystemClock = std::chrono::system_clock;

struct ToolTasks::Task {
    std::string id;
    std::string job_id;
    std::shared_ptr<const modules::ToolDescription> tool;
    TaskOwner owner;
    SystemClock::time_point created; // What clients are told.
    uint64_t created_ms = 0;         // On the table's monotonic clock, for the ttl.
    std::chrono::milliseconds ttl{0};
    // Read without the table's lock by a tasks/result that waits (under the job table's lock).
    std::atomic<bool> cancelled = false;
    SystemClock::time_point cancelled_at;
};

bool TaskOwner::admits(const TaskOwner& caller) const {
    if (client != caller.client)
        return false;
    return !client.empty() || session == caller.session;
}

ToolTasks::ToolTasks(ToolJobs& jobs, TaskLimits limits, FinishListener on_finished, const Clock& clock)
    : m_jobs(jobs), m_limits(limits), m_on_finished(std::move(on_finished)), m_clock(clock) {}

Error ToolTasks::not_found(std::string_view id) {
    return Error(ErrorCode::InvalidArgument,
                 "no task " + loggable(id) +
                     " for this client: never issued, created by another client (tasks belong to the client that created them, by "
                     "its clientInfo.name), or dropped after its ttl; call the tool again to start a new one");
}

TaskView ToolTasks::view_of(const Task& task) { return view_from(task, m_jobs.snapshot(task.job_id), m_limits.poll_interval); }

TaskView ToolTasks::view_from(const Task& task, const std::optional<ToolJobs::Snapshot>& snapshot, std::chrono::milliseconds poll_interval) {
    TaskView view;
    view.id = task.id;
    view.tool = task.tool;
    view.created = task.created;
    view.ttl = task.ttl;
    view.poll_interval = poll_interval;
    view.cancelled = task.cancelled.load();
    view.expired = !snapshot;
    if (snapshot)
        view.job = *snapshot;
    else
        view.job.outcome = {modules::CallStatus::Unavailable, "the outcome of task " + task.id + " is no longer kept; call the tool again"};
    view.updated = std::max(task.created, view.job.updated);
    if (view.cancelled) {
        view.updated = std::max(view.updated, task.cancelled_at);
        view.job.outcome = {modules::CallStatus::Cancelled, "task " + task.id + " (" + task.tool->name + ") was cancelled by tasks/cancel"};
    }
    return view;
}

void ToolTasks::prune() {
    uint64_t now_ms = m_clock.now_ms();
    struct Finished {
        SystemClock::time_point created;
        std::string id;
        std::string client;
    };
    std::vector<Finished> finished;
    std::map<std::string, size_t> kept_by_client;
    for (auto it = m_tasks.begin(); it != m_tasks.end();) {
        TaskView view = view_of(*it->second);
        // A working task is never dropped: its ttl counts once it has an outcome to keep.
        auto age = std::chrono::milliseconds(now_ms - it->second->created_ms);
        if (!view.working() && age > it->second->ttl) {
            it = m_tasks.erase(it);
            continue;
        }
        kept_by_client[it->second->owner.client + '\n' + it->second->owner.session]++;
        if (!view.working())
            finished.push_back({it->second->created, it->first, it->second->owner.client + '\n' + it->second->owner.session});
        ++it;
    }
    std::sort(finished.begin(), finished.end(), [](const Finished& left, const Finished& right) { return left.created < right.created; });
    for (const Finished& task : finished) {
        if (m_tasks.size() <= m_limits.max_kept && kept_by_client[task.client] <= m_limits.max_kept_per_client)
            continue;
        log::mcp.info("task {} dropped (its client keeps more than {} tasks, or all clients more than {})", task.id,
                      m_limits.max_kept_per_client, m_limits.max_kept);
        m_tasks.erase(task.id);
        kept_by_client[task.client]--;
    }
}

Expected<TaskView> ToolTasks::create(const TaskOwner& owner, const modules::ToolDescription& tool, ToolJobs::Work work,
                                     std::optional<std::chrono::milliseconds> requested_ttl) {
    std::lock_guard lock(m_mutex);
    prune();
    size_t working = 0;
    for (auto& [id, task] : m_tasks)
        if (task->owner.client == owner.client && task->owner.session == owner.session && view_of(*task).working())
            ++working;
    if (working >= m_limits.max_working_per_client)
        return Error(ErrorCode::Unavailable, "tool " + tool.name + " was not started as a task: this client has " +
                                                 std::to_string(m_limits.max_working_per_client) +
                                                 " working tasks already; wait for one to finish (tasks/get) or cancel one (tasks/cancel)");
    auto task = std::make_shared<Task>();
    auto suffix = random::hex(16);
    task->id = "task-" + (suffix ? *suffix : random::unique_suffix());
    task->tool = std::make_shared<const modules::ToolDescription>(tool);
    task->owner = owner;
    task->created = SystemClock::now();
    task->created_ms = m_clock.now_ms();
    task->ttl = std::clamp(requested_ttl.value_or(m_limits.default_ttl), m_limits.min_ttl, m_limits.max_ttl);
    // Reads only the task's fixed facts and its atomic flag, never the tables (see ToolJobs::start),
    // and holds no pointer to this table, which may be gone before a job ends.
    auto on_done = [listener = m_on_finished, poll_interval = m_limits.poll_interval, task](const ToolJobs::Snapshot& final_state) {
        if (listener)
            listener(task->owner, view_from(*task, final_state, poll_interval));
    };
    auto started = m_jobs.start(tool.name, std::move(work), std::move(on_done));
    if (auto* refusal = std::get_if<modules::ToolOutcome>(&started))
        return Error(ErrorCode::Unavailable, refusal->text);
    task->job_id = std::get<std::string>(started);
    m_tasks.emplace(task->id, task);
    log::mcp.info("task {} runs tool {} as job {}", task->id, tool.name, task->job_id);
    return view_of(*task);
}

std::shared_ptr<ToolTasks::Task> ToolTasks::owned(const TaskOwner& caller, std::string_view id) {
    prune();
    auto found = m_tasks.find(id);
    if (found == m_tasks.end() || !found->second->owner.admits(caller))
        return nullptr;
    return found->second;
}

Expected<TaskView> ToolTasks::find(const TaskOwner& caller, std::string_view id) {
    std::lock_guard lock(m_mutex);
    std::shared_ptr<Task> task = owned(caller, id);
    if (!task)
        return not_found(id);
    return view_of(*task);
}

std::vector<TaskView> ToolTasks::list(const TaskOwner& caller) {
    std::lock_guard lock(m_mutex);
    prune();
    std::vector<TaskView> views;
    for (auto& [id, task] : m_tasks)
        if (task->owner.admits(caller))
            views.push_back(view_of(*task));
    std::sort(views.begin(), views.end(), [](const TaskView& left, const TaskView& right) { return left.created > right.created; });
    return views;
}

Expected<TaskView> ToolTasks::cancel(const TaskOwner& caller, std::string_view id) {
    std::lock_guard lock(m_mutex);
    std::shared_ptr<Task> task = owned(caller, id);
    if (!task)
        return not_found(id);
    TaskView view = view_of(*task);
    if (!view.working())
        return Error(ErrorCode::InvalidArgument, "task " + task->id + " has finished already (" +
                                                     std::string(view.cancelled ? "cancelled" : modules::to_string(view.job.outcome.status)) +
                                                     "); there is nothing to cancel, tasks/result returns its outcome");
    // The time first: a reader that sees the flag reads it without the lock.
    task->cancelled_at = SystemClock::now();
    task->cancelled = true;
    // The same flag notifications/cancelled sets for a call in a request: the tool's is_cancelled
    // turns true and the bridge withdraws its queued editor request.
    m_jobs.cancel(task->job_id);
    log::mcp.info("task {} ({}) was cancelled", task->id, task->tool->name);
    return view_of(*task);
}

Expected<TaskView> ToolTasks::wait(const TaskOwner& caller, std::string_view id, const std::function<bool()>& stop_waiting) {
    std::shared_ptr<Task> waited;
    {
        std::lock_guard lock(m_mutex);
        waited = owned(caller, id);
        if (!waited)
            return not_found(id);
        if (m_waiting_results >= m_limits.max_waiting_results)
            return Error(ErrorCode::Unavailable, std::to_string(m_limits.max_waiting_results) +
                                                     " tasks/result requests are waiting already; poll with tasks/get instead, and ask "
                                                     "tasks/result once the status is terminal");
        ++m_waiting_results;
    }
    // A task cancelled by tasks/cancel is terminal at once, whatever its job still does.
    m_jobs.wait(waited->job_id, [&] { return (stop_waiting && stop_waiting()) || waited->cancelled.load(); });
    std::lock_guard lock(m_mutex);
    --m_waiting_results;
    std::shared_ptr<Task> task = owned(caller, id);
    if (!task)
        return not_found(id);
    return view_of(*task);
}

} // namespace uap::mcp

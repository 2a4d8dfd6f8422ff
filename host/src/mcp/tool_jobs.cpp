// The job table of long-running tool calls: each job runs on its own thread with its own
// cancellation flag; finished jobs are kept for a bounded time and count.
#include "mcp/tool_jobs.hpp"

#include "support/json_writer.hpp"
#include "support/random.hpp"
#include "support/log.hpp"

#include <algorithm>
#include <thread>
#include <vector>

namespace uap::mcp {

using Clock = std::chrono::steady_clock;

struct ToolJobs::Job {
    std::string id;
    std::string tool;
    api::CallControl control;
    Clock::time_point started;
    Clock::time_point finished_at;
    std::chrono::system_clock::time_point updated; // Wall-clock time of the last change, for MCP tasks.
    bool done = false;      // Under the table's mutex.
    bool announced = false; // The reply named the job, so its outcome is kept for uap_job_status.
    modules::ToolOutcome outcome{modules::CallStatus::InternalError, {}};
    bool has_progress = false;
    double progress = 0;
    double total = 0;
    std::string message;
    // The waiting request's progress sink; cleared (under its own mutex) when the reply names the job,
    // so a report never reaches a finished request.
    std::mutex forward_mutex;
    std::function<void(double, double, std::string_view)> forward;
    std::thread thread;
};

namespace {

int64_t milliseconds_since(Clock::time_point start, Clock::time_point end) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(end - start).count();
}

void write_progress(json::TextWriter& writer, bool has_progress, double progress, double total, const std::string& message) {
    if (!has_progress)
        return;
    writer.key("progress").begin_object().field("progress", progress);
    if (total > 0)
        writer.field("total", total);
    if (!message.empty())
        writer.field("message", message);
    writer.end_object();
}

std::string unknown_job(std::string_view id, const JobLimits& limits) {
    return json::TextWriter()
        .begin_object()
        .field("jobId", id)
        .field("state", "unknown")
        .field("detail", "no such job: never issued, expired (finished jobs are kept for " + std::to_string(limits.retention.count()) +
                             " minutes, the newest " + std::to_string(limits.max_finished) +
                             "), or from an earlier run of the host; call the tool again")
        .end_object()
        .text();
}

} // namespace

ToolJobs::ToolJobs(JobLimits limits) : m_limits(limits) {}

ToolJobs::~ToolJobs() { stop(); }

std::variant<std::shared_ptr<ToolJobs::Job>, modules::ToolOutcome> ToolJobs::launch(std::unique_lock<std::mutex>& lock, const std::string& tool,
                                                                                   Work work,
                                                                                   std::function<void(double, double, std::string_view)> forward,
                                                                                   DoneListener on_done) {
    if (m_stopping)
        return modules::ToolOutcome{modules::CallStatus::Unavailable, "the host is shutting down; tool " + tool + " was not started"};
    prune(lock);
    if (running() >= m_limits.max_running)
        return modules::ToolOutcome{modules::CallStatus::Unavailable,
                                    "tool " + tool + " was not started: " + std::to_string(m_limits.max_running) +
                                        " long-running jobs are running already; wait for one to finish (uap_job_status reports "
                                        "them) or cancel one with uap_job_status (its jobId and cancel: true)"};
    auto job = std::make_shared<Job>();
    auto suffix = random::hex(8);
    job->id = std::string(id_prefix) + (suffix ? *suffix : random::unique_suffix());
    job->tool = tool;
    job->started = Clock::now();
    job->updated = std::chrono::system_clock::now();
    job->forward = std::move(forward);
    m_jobs.emplace(job->id, job);
    job->thread = std::thread([this, job, work = std::move(work), on_done = std::move(on_done)]() mutable {
        modules::CallOptions options;
        options.control = &job->control;
        options.on_progress = [this, job](double progress, double total, std::string_view message) {
            {
                std::lock_guard progress_lock(m_mutex);
                job->has_progress = true;
                job->progress = progress;
                job->total = total;
                job->message = std::string(message.substr(0, 1000));
                job->updated = std::chrono::system_clock::now();
            }
            std::lock_guard forward_lock(job->forward_mutex);
            if (job->forward)
                job->forward(progress, total, message);
        };
        modules::ToolOutcome outcome{modules::CallStatus::InternalError, {}};
        try {
            outcome = work(options);
        } catch (const std::exception& error) {
            outcome = {modules::CallStatus::InternalError, "tool " + job->tool + " failed inside the host: " + error.what()};
        }
        work = nullptr;
        Snapshot final_state;
        {
            std::lock_guard done_lock(m_mutex);
            job->outcome = std::move(outcome);
            job->done = true;
            job->finished_at = Clock::now();
            job->updated = std::chrono::system_clock::now();
            if (job->announced)
                log::mcp.info("job {} ({}) ended: {}", job->id, job->tool, modules::to_string(job->outcome.status));
            m_changed.notify_all();
            if (on_done)
                final_state = snapshot_of(*job);
        }
        if (on_done)
            on_done(final_state);
    });
    return job;
}

ToolJobs::Reply ToolJobs::run(const std::string& tool, Work work, const modules::CallOptions& caller) {
    std::unique_lock lock(m_mutex);
    auto launched = launch(lock, tool, std::move(work), caller.on_progress);
    if (auto* refusal = std::get_if<modules::ToolOutcome>(&launched))
        return {std::move(*refusal), {}};
    std::shared_ptr<Job> job = std::get<std::shared_ptr<Job>>(std::move(launched));

    // The reply waits a short while: most calls of a long-running tool finish in it and answer as
    // any call does. The request's cancellation reaches the job meanwhile.
    auto until = Clock::now() + m_limits.wait;
    while (!job->done && Clock::now() < until) {
        if (caller.control && caller.control->cancelled.load())
            job->control.cancelled = true;
        m_changed.wait_for(lock, std::min<Clock::duration>(std::chrono::milliseconds(20), until - Clock::now()));
    }
    if (job->done) {
        m_jobs.erase(job->id);
        lock.unlock();
        job->thread.join();
        return {std::move(job->outcome), {}};
    }
    job->announced = true;
    json::TextWriter writer;
    writer.begin_object().field("jobId", job->id).field("tool", job->tool).field("state", "running");
    writer.field("detail", "tool " + job->tool + " is still running and continues as job " + job->id +
                               "; call uap_job_status with jobId " + job->id + " to get its result (add cancel: true to stop it)");
    write_progress(writer, job->has_progress, job->progress, job->total, job->message);
    std::string reply = writer.end_object().text();
    lock.unlock();
    std::lock_guard forward_lock(job->forward_mutex);
    job->forward = nullptr;
    log::mcp.info("tool {} continues as job {}", tool, job->id);
    return {std::nullopt, std::move(reply)};
}

std::variant<std::string, modules::ToolOutcome> ToolJobs::start(const std::string& tool, Work work, DoneListener on_done) {
    std::unique_lock lock(m_mutex);
    auto launched = launch(lock, tool, std::move(work), nullptr, std::move(on_done));
    if (auto* refusal = std::get_if<modules::ToolOutcome>(&launched))
        return std::move(*refusal);
    auto& job = std::get<std::shared_ptr<Job>>(launched);
    // No reply waits for it, so it is announced from the start and kept like any announced job.
    job->announced = true;
    log::mcp.info("tool {} started as job {}", tool, job->id);
    return job->id;
}

ToolJobs::Snapshot ToolJobs::snapshot_of(const Job& job) {
    Snapshot snapshot;
    snapshot.done = job.done;
    snapshot.cancel_requested = job.control.cancelled.load();
    if (job.done)
        snapshot.outcome = job.outcome;
    snapshot.has_progress = job.has_progress;
    snapshot.progress = job.progress;
    snapshot.total = job.total;
    snapshot.message = job.message;
    snapshot.updated = job.updated;
    return snapshot;
}

std::optional<ToolJobs::Snapshot> ToolJobs::snapshot(std::string_view id) {
    std::unique_lock lock(m_mutex);
    prune(lock);
    auto found = m_jobs.find(id);
    if (found == m_jobs.end() || !found->second->announced)
        return std::nullopt;
    return snapshot_of(*found->second);
}

std::optional<ToolJobs::Snapshot> ToolJobs::wait(std::string_view id, const std::function<bool()>& stop_waiting) {
    std::unique_lock lock(m_mutex);
    auto found = m_jobs.find(id);
    if (found == m_jobs.end() || !found->second->announced)
        return std::nullopt;
    // Held by value: pruning may drop the table's entry while this waits.
    std::shared_ptr<Job> job = found->second;
    while (!job->done && !(stop_waiting && stop_waiting()))
        m_changed.wait_for(lock, std::chrono::milliseconds(20));
    return snapshot_of(*job);
}

void ToolJobs::write_status(const Job& job, std::string& text) {
    json::TextWriter writer;
    writer.begin_object().field("jobId", job.id).field("tool", job.tool);
    if (!job.done) {
        writer.field("state", job.control.cancelled.load() ? "cancelling" : "running")
            .field("runningForMs", milliseconds_since(job.started, Clock::now()));
        write_progress(writer, job.has_progress, job.progress, job.total, job.message);
        writer.field("detail", job.control.cancelled.load() ? "cancellation was requested; the tool has not stopped yet"
                                                             : "still running; ask again later");
    } else if (job.outcome.status == modules::CallStatus::Success) {
        writer.field("state", "completed").raw_field("result", job.outcome.text);
    } else {
        bool cancelled = job.control.cancelled.load() || job.outcome.status == modules::CallStatus::Cancelled;
        writer.field("state", cancelled ? "cancelled" : "failed")
            .field("status", modules::to_string(job.outcome.status))
            .field("error", job.outcome.text);
    }
    if (job.done)
        writer.field("durationMs", milliseconds_since(job.started, job.finished_at));
    text = writer.end_object().text();
}

std::string ToolJobs::status_json(std::string_view id) {
    std::unique_lock lock(m_mutex);
    prune(lock);
    auto found = m_jobs.find(id);
    if (found == m_jobs.end() || !found->second->announced)
        return unknown_job(id, m_limits);
    std::string text;
    write_status(*found->second, text);
    return text;
}

std::string ToolJobs::cancel(std::string_view id) {
    {
        std::lock_guard lock(m_mutex);
        auto found = m_jobs.find(id);
        if (found != m_jobs.end() && found->second->announced && !found->second->done) {
            found->second->control.cancelled = true;
            log::mcp.info("job {} ({}) was cancelled", found->second->id, found->second->tool);
        }
    }
    return status_json(id);
}

void ToolJobs::prune(std::unique_lock<std::mutex>&) {
    auto now = Clock::now();
    std::vector<std::map<std::string, std::shared_ptr<Job>, std::less<>>::iterator> finished;
    // Jobs whose reply still waits for them are that reply's to drop.
    for (auto it = m_jobs.begin(); it != m_jobs.end();) {
        if (!it->second->announced) {
            ++it;
            continue;
        }
        if (it->second->done && now - it->second->finished_at > m_limits.retention) {
            it->second->thread.join(); // It ended already: done is its last step.
            it = m_jobs.erase(it);
        } else {
            if (it->second->done)
                finished.push_back(it);
            ++it;
        }
    }
    if (finished.size() <= m_limits.max_finished)
        return;
    std::sort(finished.begin(), finished.end(), [](auto& left, auto& right) { return left->second->finished_at < right->second->finished_at; });
    for (size_t index = 0; index < finished.size() - m_limits.max_finished; ++index) {
        finished[index]->second->thread.join();
        m_jobs.erase(finished[index]);
    }
}

size_t ToolJobs::running() const {
    size_t count = 0;
    for (auto& [id, job] : m_jobs)
        count += job->done ? 0 : 1;
    return count;
}

void ToolJobs::cancel_all() {
    std::lock_guard lock(m_mutex);
    m_stopping = true;
    for (auto& [id, job] : m_jobs)
        if (!job->done)
            job->control.cancelled = true;
}

void ToolJobs::stop() {
    cancel_all();
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [&] { return running() == 0; });
    // A job its reply still waits for is joined and dropped by that reply's run().
    for (auto it = m_jobs.begin(); it != m_jobs.end();) {
        if (!it->second->announced) {
            ++it;
            continue;
        }
        it->second->thread.join();
        it = m_jobs.erase(it);
    }
}

} // namespace uap::mcp

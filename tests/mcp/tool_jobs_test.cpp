// The job table of long-running tool calls, driven with work functions instead of modules: the
// short wait, job status, cancellation, bounds on running and kept jobs, shutdown.
#include "mcp/tool_jobs.hpp"

#include "fakes/json_at.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

namespace uap::mcp {
namespace {

using namespace std::chrono_literals;
using modules::CallOptions;
using modules::CallStatus;
using modules::ToolOutcome;
using uap::testing::text_at;

// Work that runs until released or cancelled, reporting progress once.
struct Gate {
    std::atomic<bool> open{false};
    ToolJobs::Work work(ToolOutcome outcome) {
        return [this, outcome](const CallOptions& options) {
            options.on_progress(3, 10, "three of ten");
            while (!open.load()) {
                if (options.control->cancelled.load())
                    return ToolOutcome{CallStatus::ToolError, "stopped on cancellation"};
                std::this_thread::sleep_for(2ms);
            }
            return outcome;
        };
    }
};

std::string wait_for_state(ToolJobs& jobs, const std::string& id, const std::string& state) {
    for (int attempt = 0; attempt < 500; ++attempt) {
        std::string status = jobs.status_json(id);
        if (text_at(status, "/state") == state)
            return status;
        std::this_thread::sleep_for(5ms);
    }
    return jobs.status_json(id);
}

TEST(ToolJobs, ACallThatFinishesWithinTheWaitAnswersAsAnyCall) {
    ToolJobs jobs(JobLimits{.wait = 2000ms});
    auto reply = jobs.run("quick", [](const CallOptions&) { return ToolOutcome{CallStatus::Success, R"({"x":1})"}; }, {});
    ASSERT_TRUE(reply.finished);
    EXPECT_EQ(reply.finished->status, CallStatus::Success);
    EXPECT_EQ(reply.finished->text, R"({"x":1})");
}

TEST(ToolJobs, ALongCallBecomesAJobThatReportsRunningThenItsResult) {
    ToolJobs jobs(JobLimits{.wait = 200ms});
    Gate gate;
    std::vector<double> forwarded;
    CallOptions caller;
    caller.on_progress = [&](double progress, double, std::string_view) { forwarded.push_back(progress); };
    auto reply = jobs.run("slow", gate.work({CallStatus::Success, R"({"answer":42})"}), caller);
    ASSERT_FALSE(reply.finished);
    std::string id = text_at(reply.job_json, "/jobId");
    EXPECT_TRUE(ToolJobs::owns(id)) << reply.job_json;
    EXPECT_EQ(text_at(reply.job_json, "/state"), "running");
    EXPECT_NE(text_at(reply.job_json, "/detail").find("uap_job_status"), std::string::npos) << reply.job_json;
    EXPECT_EQ(forwarded, std::vector<double>{3}) << "progress reached the waiting request";

    std::string running = jobs.status_json(id);
    EXPECT_EQ(text_at(running, "/state"), "running") << running;
    EXPECT_EQ(text_at(running, "/progress"), R"({"progress":3.0,"total":10.0,"message":"three of ten"})") << running;
    gate.open = true;
    std::string done = wait_for_state(jobs, id, "completed");
    EXPECT_EQ(text_at(done, "/result"), R"({"answer":42})") << done;
}

TEST(ToolJobs, AFailingJobReportsItsError) {
    ToolJobs jobs(JobLimits{.wait = 20ms});
    Gate gate;
    auto reply = jobs.run("slow", gate.work({CallStatus::ToolError, "the disk is full"}), {});
    ASSERT_FALSE(reply.finished);
    gate.open = true;
    std::string failed = wait_for_state(jobs, text_at(reply.job_json, "/jobId"), "failed");
    EXPECT_EQ(text_at(failed, "/error"), "the disk is full") << failed;
    EXPECT_EQ(text_at(failed, "/status"), "tool error") << failed;
}

TEST(ToolJobs, CancellingAJobReachesTheTool) {
    ToolJobs jobs(JobLimits{.wait = 20ms});
    Gate gate;
    auto reply = jobs.run("slow", gate.work({CallStatus::Success, "{}"}), {});
    std::string id = text_at(reply.job_json, "/jobId");
    jobs.cancel(id);
    std::string cancelled = wait_for_state(jobs, id, "cancelled");
    EXPECT_EQ(text_at(cancelled, "/error"), "stopped on cancellation") << cancelled;
}

TEST(ToolJobs, TheRequestsCancellationReachesTheCallWhileTheReplyWaits) {
    ToolJobs jobs(JobLimits{.wait = 5000ms});
    Gate gate;
    api::CallControl control;
    CallOptions caller;
    caller.control = &control;
    std::thread canceller([&] {
        std::this_thread::sleep_for(30ms);
        control.cancelled = true;
    });
    auto started = std::chrono::steady_clock::now();
    auto reply = jobs.run("slow", gate.work({CallStatus::Success, "{}"}), caller);
    canceller.join();
    ASSERT_TRUE(reply.finished);
    EXPECT_EQ(reply.finished->text, "stopped on cancellation");
    EXPECT_LT(std::chrono::steady_clock::now() - started, 1000ms);
}

TEST(ToolJobs, UnknownIdsSaySo) {
    ToolJobs jobs;
    for (const std::string& id : std::vector<std::string>{"tooljob-0000", "", "\"; DROP", std::string(5000, 'x')}) {
        std::string status = jobs.status_json(id);
        EXPECT_EQ(text_at(status, "/state"), "unknown") << status.substr(0, 200);
        EXPECT_NE(text_at(status, "/detail").find("no such job"), std::string::npos);
    }
}

TEST(ToolJobs, RunningJobsAreBoundedAndFinishedOnesKeptOnlyUpToTheCount) {
    ToolJobs jobs(JobLimits{.wait = 1ms, .max_finished = 2, .max_running = 3});
    Gate gate;
    std::vector<std::string> ids;
    for (int index = 0; index < 3; ++index)
        ids.push_back(text_at(jobs.run("slow", gate.work({CallStatus::Success, "{}"}), {}).job_json, "/jobId"));
    auto refused = jobs.run("slow", gate.work({CallStatus::Success, "{}"}), {});
    ASSERT_TRUE(refused.finished);
    EXPECT_EQ(refused.finished->status, CallStatus::Unavailable);
    EXPECT_NE(refused.finished->text.find("3 long-running jobs are running already"), std::string::npos) << refused.finished->text;
    gate.open = true;
    // Keeping two finished jobs: once all three ended, one of them is dropped at the next look. A pass
    // can read all three as completed when the last one ends during it, so the looks go on until the
    // drop shows (or the time is up, and the expectations below fail).
    int completed = 0;
    int unknown = 0;
    for (int attempt = 0; attempt < 500 && !(completed == 2 && unknown == 1); ++attempt) {
        std::this_thread::sleep_for(5ms);
        completed = unknown = 0;
        for (auto& id : ids) {
            std::string state = text_at(jobs.status_json(id), "/state");
            completed += state == "completed" ? 1 : 0;
            unknown += state == "unknown" ? 1 : 0;
        }
    }
    EXPECT_EQ(completed, 2);
    EXPECT_EQ(unknown, 1);
}

TEST(ToolJobs, StopCancelsRunningJobsAndRefusesNewOnes) {
    ToolJobs jobs(JobLimits{.wait = 1ms});
    Gate gate;
    auto reply = jobs.run("slow", gate.work({CallStatus::Success, "{}"}), {});
    ASSERT_FALSE(reply.finished);
    auto started = std::chrono::steady_clock::now();
    jobs.stop();
    EXPECT_LT(std::chrono::steady_clock::now() - started, 1000ms);
    auto refused = jobs.run("slow", gate.work({CallStatus::Success, "{}"}), {});
    ASSERT_TRUE(refused.finished);
    EXPECT_NE(refused.finished->text.find("shutting down"), std::string::npos);
}

TEST(ToolJobs, AStartedJobHasNoWaitAndItsSnapshotAndWaitFollowIt) {
    ToolJobs jobs(JobLimits{.wait = 5000ms, .max_running = 1});
    Gate gate;
    auto started = jobs.start("gated", gate.work({CallStatus::Success, R"({"y":2})"}));
    ASSERT_TRUE(std::holds_alternative<std::string>(started)) << "started at once, with no reply waiting";
    std::string id = std::get<std::string>(started);
    std::optional<ToolJobs::Snapshot> running;
    for (int attempt = 0; attempt < 500 && !(running && running->has_progress); ++attempt) {
        running = jobs.snapshot(id);
        std::this_thread::sleep_for(2ms);
    }
    ASSERT_TRUE(running);
    EXPECT_FALSE(running->done);
    EXPECT_EQ(running->progress, 3);
    EXPECT_EQ(running->message, "three of ten");
    auto refused = jobs.start("second", gate.work({CallStatus::Success, "{}"}));
    ASSERT_TRUE(std::holds_alternative<ToolOutcome>(refused)) << "the running bound holds for started jobs too";
    EXPECT_NE(std::get<ToolOutcome>(refused).text.find("1 long-running jobs are running already"), std::string::npos);

    std::atomic<bool> give_up{false};
    auto stopped_early = jobs.wait(id, [&] { return give_up.exchange(true); });
    EXPECT_FALSE(stopped_early->done) << "wait returns when its caller stops waiting";
    gate.open = true;
    auto finished = jobs.wait(id, nullptr);
    ASSERT_TRUE(finished && finished->done);
    EXPECT_EQ(finished->outcome.text, R"({"y":2})");
    EXPECT_EQ(text_at(jobs.status_json(id), "/state"), "completed") << "uap_job_status sees the same job";
    EXPECT_FALSE(jobs.snapshot("tooljob-unknown"));
}

} // namespace
} // namespace uap::mcp

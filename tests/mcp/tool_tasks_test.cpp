// The task table without HTTP: who may see a task, the ttl of finished and working tasks, and the
// per-client bound on kept tasks, driven with work functions on a real job table.
#include "fakes/manual_clock.hpp"
#include "mcp/tasks.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

namespace uap::mcp {
namespace {

using namespace std::chrono_literals;
using Outcome = modules::ToolOutcome;

modules::ToolDescription tool_named(const char* name) {
    modules::ToolDescription tool;
    tool.name = name;
    tool.metadata.long_running = true;
    return tool;
}

ToolJobs::Work quick_work() {
    return [](const modules::CallOptions&) { return Outcome{modules::CallStatus::Success, R"({"ok":true})"}; };
}

// Waits until the task has finished (or 5 s pass).
TaskView finished(ToolTasks& tasks, const TaskOwner& owner, const std::string& id) {
    auto waited = tasks.wait(owner, id, nullptr);
    EXPECT_TRUE(waited) << (waited ? "" : waited.error().message());
    return waited ? *waited : TaskView{};
}

TEST(ToolTasks, ATaskBelongsToItsClientOrToItsSessionWhenTheClientHasNoName) {
    ToolJobs jobs;
    ToolTasks tasks(jobs);
    TaskOwner alpha{"alpha", "session-1"};
    auto created = tasks.create(alpha, tool_named("t"), quick_work(), std::nullopt);
    ASSERT_TRUE(created);
    EXPECT_TRUE(tasks.find(TaskOwner{"alpha", "session-2"}, created->id)) << "a reconnect of the same client";
    EXPECT_FALSE(tasks.find(TaskOwner{"beta", "session-1"}, created->id)) << "another client";

    TaskOwner nameless{"", "session-3"};
    auto unnamed = tasks.create(nameless, tool_named("t"), quick_work(), std::nullopt);
    ASSERT_TRUE(unnamed);
    EXPECT_TRUE(tasks.find(nameless, unnamed->id));
    EXPECT_FALSE(tasks.find(TaskOwner{"", "session-4"}, unnamed->id)) << "a nameless client is known by its session alone";
    EXPECT_EQ(finished(tasks, alpha, created->id).job.outcome.text, R"({"ok":true})");
    finished(tasks, nameless, unnamed->id);
}

TEST(ToolTasks, AFinishedTaskIsDroppedAfterItsTtlButAWorkingOneIsKept) {
    // Declared before the job table, so it outlives the job that reads it until the table has
    // joined that job's thread.
    std::atomic<bool> release{false};
    ToolJobs jobs;
    testing::ManualClock clock;
    ToolTasks tasks(jobs, TaskLimits{.default_ttl = 50ms, .min_ttl = 10ms}, {}, clock);
    TaskOwner owner{"alpha", "session-1"};
    auto working = tasks.create(owner, tool_named("slow"),
                                [&](const modules::CallOptions& options) {
                                    while (!release.load() && !options.control->cancelled.load())
                                        std::this_thread::sleep_for(2ms);
                                    return Outcome{modules::CallStatus::Success, "{}"};
                                },
                                std::nullopt);
    auto quick = tasks.create(owner, tool_named("t"), quick_work(), 1ms);
    ASSERT_TRUE(working && quick);
    EXPECT_EQ(quick->ttl, 10ms) << "a requested ttl is clamped to the minimum";
    finished(tasks, owner, quick->id);
    clock.advance(10ms);
    EXPECT_TRUE(tasks.find(owner, quick->id)) << "finished, and not yet past its ttl";
    clock.advance(80ms);
    EXPECT_FALSE(tasks.find(owner, quick->id)) << "finished, and past its ttl";
    auto still = tasks.find(owner, working->id);
    ASSERT_TRUE(still) << "working tasks outlive their ttl";
    EXPECT_TRUE(still->working());
    release = true;
}

TEST(ToolTasks, AClientKeepsOnlyItsNewestFinishedTasksPastTheBound) {
    ToolJobs jobs;
    ToolTasks tasks(jobs, TaskLimits{.max_kept_per_client = 2});
    TaskOwner owner{"alpha", "session-1"};
    std::vector<std::string> ids;
    for (int task = 0; task < 3; ++task) {
        auto created = tasks.create(owner, tool_named("t"), quick_work(), std::nullopt);
        ASSERT_TRUE(created);
        finished(tasks, owner, created->id);
        ids.push_back(created->id);
        std::this_thread::sleep_for(2ms); // Distinct creation times, so "oldest" is well defined.
    }
    auto listed = tasks.list(owner);
    ASSERT_EQ(listed.size(), 2u);
    EXPECT_EQ(listed[0].id, ids[2]);
    EXPECT_EQ(listed[1].id, ids[1]);
    EXPECT_FALSE(tasks.find(owner, ids[0])) << "the oldest finished task was dropped";
}

} // namespace
} // namespace uap::mcp

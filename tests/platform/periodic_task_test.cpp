// PeriodicTask, the host's poller thread: when it runs its work, that wake() runs it at once, and
// that nothing runs after stop() returns.
#include "support/periodic_task.hpp"

#include <gtest/gtest.h>

#include <atomic>

using namespace std::chrono_literals;

namespace {

bool eventually(const std::function<bool()>& condition, std::chrono::milliseconds limit = 5s) {
    auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline) {
        if (condition())
            return true;
        std::this_thread::sleep_for(2ms);
    }
    return condition();
}

TEST(PeriodicTask, RunsAtOnceWhenAskedAndOtherwiseOnlyAfterTheInterval) {
    std::atomic<int> immediate{0}, delayed{0};
    uap::PeriodicTask first(1h, [&] { ++immediate; }, uap::FirstRun::Immediately);
    uap::PeriodicTask second(1h, [&] { ++delayed; }, uap::FirstRun::AfterInterval);
    EXPECT_TRUE(eventually([&] { return immediate.load() == 1; }));
    std::this_thread::sleep_for(50ms);
    EXPECT_EQ(immediate.load(), 1) << "one run, then it waits for the interval";
    EXPECT_EQ(delayed.load(), 0) << "AfterInterval waits for the interval before its first run";
}

TEST(PeriodicTask, WakeRunsTheWorkOnceBeforeTheInterval) {
    std::atomic<int> runs{0};
    uap::PeriodicTask task(1h, [&] { ++runs; });
    task.wake();
    EXPECT_TRUE(eventually([&] { return runs.load() == 1; }));
    task.wake();
    EXPECT_TRUE(eventually([&] { return runs.load() == 2; }));
    std::this_thread::sleep_for(50ms);
    EXPECT_EQ(runs.load(), 2);
}

TEST(PeriodicTask, StopWaitsForTheRunningWorkAndNothingRunsAfterIt) {
    std::atomic<int> runs{0};
    std::atomic<bool> inside{false};
    uap::PeriodicTask task(1ms, [&] {
        inside = true;
        std::this_thread::sleep_for(20ms);
        ++runs;
        inside = false;
    });
    ASSERT_TRUE(eventually([&] { return inside.load(); }));
    task.stop();
    EXPECT_FALSE(inside.load()) << "stop() returned while the work was still running";
    int after_stop = runs.load();
    std::this_thread::sleep_for(50ms);
    EXPECT_EQ(runs.load(), after_stop);
    task.stop(); // A second stop (the destructor's) is harmless.
}

} // namespace

// Isolated packs that crash, hang or ignore cancellation cost one call and a runner restart,
// never the host: the error names the pack, the tool and the signal; repeated crashes disable the
// pack for the run; deadlines, cancellation and shutdown end calls that would not end.
#include "modules/module_host.hpp"
#include "runner/isolated_module.hpp"
#include "support/json.hpp"
#include "test_support.hpp"

#include "support/platform/platform.hpp"

#include <gtest/gtest.h>

#include <future>
#include <thread>

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using uap::modules::CallOptions;
using uap::modules::CallStatus;
using uap::modules::Isolation;
using uap::modules::ModuleHost;
using uap::modules::Origin;
using uap::testing::fixture_pack;

struct IsolatedHost {
    uap::settings::ProjectSettings settings;
    std::unique_ptr<ModuleHost> host;

    std::vector<std::string> disabled; // What the host was told.

    explicit IsolatedHost(Isolation isolation = Isolation::Isolated) {
        settings.set_isolation("fixture.hostile", isolation);
        ModuleHost::Options options;
        options.folders.push_back({fixture_pack("fixture.hostile"), Origin::CommandLine});
        options.folders.push_back({fixture_pack("fixture.echo"), Origin::CommandLine});
        options.settings = &settings;
        options.start_isolated = uap::runner::module_runner();
        options.on_pack_disabled = [this](const std::string& pack, const std::string& reason) { disabled.push_back(pack + ": " + reason); };
        host = std::make_unique<ModuleHost>(std::move(options));
    }
    int64_t runner_pid() {
        auto outcome = host->call_tool("hostile_echo", "{}");
        EXPECT_EQ(outcome.status, CallStatus::Success) << outcome.text;
        auto result = uap::json::parse(outcome.text);
        return result && result->HasMember("pid") ? (*result)["pid"].GetInt64() : -1;
    }
};

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(RunnerCrash, ASegfaultCostsOneCallAndTheRunnerRestarts) {
    // A null write is SIGSEGV on POSIX and an access violation (an exception code) on Windows.
    const std::string how = uap::platform::operating_system_name() == "windows" ? "exception 0xC0000005, EXCEPTION_ACCESS_VIOLATION"
                                                                                : "signal 11, SIGSEGV";
    IsolatedHost isolated;
    int64_t before = isolated.runner_pid();
    auto crashed = isolated.host->call_tool("hostile_segfault", "{}");
    EXPECT_EQ(crashed.status, CallStatus::Crashed);
    EXPECT_TRUE(contains(crashed.text, "module pack fixture.hostile crashed (" + how + ") while running tool \"hostile_segfault\""))
        << crashed.text;
    EXPECT_EQ(isolated.host->call_tool("fixture_echo", R"({"text":"unharmed"})").status, CallStatus::Success);
    int64_t after = isolated.runner_pid();
    EXPECT_GT(after, 0);
    EXPECT_NE(before, after) << "the next call should run in a new runner";
}

TEST(RunnerCrash, AbortIsReportedWithItsSignal) {
    if (uap::platform::operating_system_name() == "windows")
        GTEST_SKIP() << "POSIX only: abort() on Windows ends the runner with exit code 3, which names no signal (docs/platforms.md)";
    IsolatedHost isolated;
    auto crashed = isolated.host->call_tool("hostile_abort", "{}");
    EXPECT_EQ(crashed.status, CallStatus::Crashed);
    EXPECT_TRUE(contains(crashed.text, "(signal 6, SIGABRT) while running tool \"hostile_abort\"")) << crashed.text;
}

TEST(RunnerCrash, ThreeCrashesWithinAMinuteDisableThePackForTheRun) {
    IsolatedHost isolated;
    for (int crash = 0; crash < 3; ++crash)
        EXPECT_EQ(isolated.host->call_tool("hostile_segfault", "{}").status, CallStatus::Crashed);
    auto refused = isolated.host->call_tool("hostile_echo", "{}");
    EXPECT_EQ(refused.status, CallStatus::Crashed);
    EXPECT_TRUE(contains(refused.text, "module pack fixture.hostile is not available: its module runner crashed 3 times within 60 s"))
        << refused.text;
    const uap::modules::PackReport* hostile = nullptr;
    for (auto& pack : isolated.host->packs())
        if (pack->id() == "fixture.hostile")
            hostile = pack.get();
    ASSERT_NE(hostile, nullptr);
    auto serving = isolated.host->serving(*hostile);
    ASSERT_FALSE(serving);
    EXPECT_EQ(serving.error().code(), uap::ErrorCode::Unavailable);
    const std::string& problem = serving.error().message();
    EXPECT_TRUE(contains(problem, "disabled until the host restarts"));
    ASSERT_EQ(isolated.disabled.size(), 1u);
    EXPECT_EQ(isolated.disabled[0], "fixture.hostile: " + problem);
    EXPECT_EQ(isolated.host->call_tool("fixture_echo", "{}").status, CallStatus::Success);
}

TEST(RunnerCrash, ACallPastItsDeadlineHasItsRunnerStoppedAndRestarted) {
    IsolatedHost isolated;
    CallOptions options;
    options.deadline = std::chrono::milliseconds(300);
    auto started = Clock::now();
    auto stuck = isolated.host->call_tool("hostile_spin", "{}", options);
    auto took = Clock::now() - started;
    EXPECT_EQ(stuck.status, CallStatus::Crashed);
    EXPECT_TRUE(contains(stuck.text, "tool \"hostile_spin\" of module pack fixture.hostile did not finish within its deadline of 300 ms"))
        << stuck.text;
    EXPECT_TRUE(contains(stuck.text, "\"limits.toolDeadlines\"")) << stuck.text;
    EXPECT_LT(took, std::chrono::seconds(2));
    EXPECT_EQ(isolated.host->call_tool("hostile_echo", "{}").status, CallStatus::Success);
}

TEST(RunnerCrash, TheDeadlineComesFromTheSettingsPerTool) {
    uap::testing::TemporaryFolder project;
    uap::testing::write_text_file(uap::settings::ProjectSettings::file_for(project.path()),
                                  R"({"limits":{"toolDeadlineSeconds":60,"toolDeadlines":{"hostile_spin":1}}})");
    auto settings = uap::settings::ProjectSettings::load(project.path());
    ASSERT_TRUE(settings);
    EXPECT_EQ(settings->tool_deadline("hostile_spin"), std::chrono::seconds(1));
    EXPECT_EQ(settings->tool_deadline("hostile_echo"), std::chrono::seconds(60));
    ModuleHost::Options options;
    options.folders.push_back({fixture_pack("fixture.hostile"), Origin::CommandLine});
    options.settings = &*settings;
    options.start_isolated = uap::runner::module_runner();
    ModuleHost host(std::move(options));
    auto started = Clock::now();
    auto stuck = host.call_tool("hostile_spin", "{}");
    EXPECT_TRUE(contains(stuck.text, "deadline of 1 s")) << stuck.text;
    EXPECT_LT(Clock::now() - started, std::chrono::milliseconds(2500));
}

TEST(RunnerCrash, CancellationReachesAPollingToolLongBeforeTheGrace) {
    IsolatedHost isolated;
    uap::api::CallControl control;
    std::atomic<int> progress_reports{0};
    CallOptions options{&control, [&](double, double, std::string_view message) {
                            if (message == "still waiting")
                                ++progress_reports;
                        }};
    Clock::time_point cancelled_at;
    std::thread canceller([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        cancelled_at = Clock::now();
        control.cancelled = true;
    });
    auto outcome = isolated.host->call_tool("hostile_poll_cancellation", "{}", options);
    auto returned_at = Clock::now();
    canceller.join();
    EXPECT_EQ(outcome.status, CallStatus::ToolError);
    EXPECT_TRUE(contains(outcome.text, "cancelled after")) << outcome.text;
    // A runner killed after the grace (2 s) would answer differently; the bound only has to tell
    // the cancellation from that (it arrives within a few ms here, within ~100 ms under Wine).
    EXPECT_LT(returned_at - cancelled_at, std::chrono::milliseconds(1000));
    EXPECT_GE(progress_reports.load(), 1);
}

TEST(RunnerCrash, ACallThatDoesNotReturnDoesNotHoldUpTheOthersInItsRunner) {
    // Calls run on the thread that reads the host's messages until one takes more than a moment;
    // then another thread reads on, so quick calls keep answering while a stuck one runs.
    IsolatedHost isolated;
    int64_t runner = isolated.runner_pid();
    CallOptions options;
    options.deadline = std::chrono::milliseconds(1500);
    auto stuck = std::async(std::launch::async, [&] { return isolated.host->call_tool("hostile_spin", "{}", options); });
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    for (int call = 0; call < 20; ++call) {
        auto started = Clock::now();
        auto answered = isolated.host->call_tool("hostile_echo", R"({"text":"meanwhile"})");
        EXPECT_EQ(answered.status, CallStatus::Success) << answered.text;
        // Held behind the stuck call, it would wait for its deadline (1.5 s).
        EXPECT_LT(Clock::now() - started, std::chrono::milliseconds(750)) << "call " << call;
    }
    EXPECT_EQ(stuck.wait_for(std::chrono::milliseconds(0)), std::future_status::timeout) << "the stuck call should still run";
    EXPECT_EQ(isolated.runner_pid(), runner) << "the quick calls ran in the same runner";
    auto outcome = stuck.get();
    EXPECT_TRUE(contains(outcome.text, "did not finish within its deadline of 1500 ms")) << outcome.text;
}

TEST(RunnerCrash, ShutdownEndsCallsThatIgnoreCancellation) {
    IsolatedHost isolated;
    EXPECT_EQ(isolated.host->call_tool("hostile_linger", "{}").status, CallStatus::Success);
    auto stuck = std::async(std::launch::async, [&] { return isolated.host->call_tool("hostile_spin", "{}"); });
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    auto started = Clock::now();
    isolated.host->abort_calls();
    ASSERT_EQ(stuck.wait_for(std::chrono::seconds(3)), std::future_status::ready);
    auto outcome = stuck.get();
    EXPECT_EQ(outcome.status, CallStatus::Crashed);
    EXPECT_TRUE(contains(outcome.text, "was stopped because the host is shutting down")) << outcome.text;
    auto refused = isolated.host->call_tool("hostile_echo", "{}");
    EXPECT_TRUE(contains(refused.text, "module pack fixture.hostile is shutting down with the host")) << refused.text;
    isolated.host.reset();
    EXPECT_LT(Clock::now() - started, std::chrono::seconds(3));
}

// Cancels the call `after` it started and returns how long it took to end after the cancel.
struct CancelledCall {
    uap::modules::ToolOutcome outcome;
    Clock::duration after_cancel;
};
CancelledCall cancel_during(ModuleHost& host, const std::string& tool, std::chrono::milliseconds after) {
    uap::api::CallControl control;
    CallOptions options;
    options.control = &control;
    Clock::time_point cancelled_at;
    std::thread canceller([&] {
        std::this_thread::sleep_for(after);
        cancelled_at = Clock::now();
        control.cancelled = true;
    });
    auto outcome = host.call_tool(tool, "{}", options);
    auto returned_at = Clock::now();
    canceller.join();
    return {std::move(outcome), returned_at - cancelled_at};
}

TEST(RunnerCrash, AnIgnoredCancelEndsWithinTheGraceAndTheRunnerRestarts) {
    IsolatedHost isolated;
    int64_t before = isolated.runner_pid();
    auto cancelled = cancel_during(*isolated.host, "hostile_spin", std::chrono::milliseconds(300));
    EXPECT_EQ(cancelled.outcome.status, CallStatus::Cancelled) << cancelled.outcome.text;
    EXPECT_TRUE(contains(cancelled.outcome.text, "the call of tool \"hostile_spin\" (module pack fixture.hostile) was cancelled and did "
                                                 "not stop within 2 s, so its module runner was stopped"))
        << cancelled.outcome.text;
    EXPECT_TRUE(contains(cancelled.outcome.text, "\"limits.cancelGraceMilliseconds\"")) << cancelled.outcome.text;
    // The bound the host promises: the default grace of 2 s, plus 1 s.
    EXPECT_LT(cancelled.after_cancel, uap::settings::default_cancel_grace + std::chrono::seconds(1));
    int64_t after = isolated.runner_pid();
    EXPECT_GT(after, 0);
    EXPECT_NE(before, after) << "the next call should run in a new runner";
    EXPECT_TRUE(isolated.disabled.empty()) << "a cancel kill is not a crash";
}

TEST(RunnerCrash, TheCancelGraceComesFromTheSettingsAndIsChecked) {
    uap::testing::TemporaryFolder project;
    uap::testing::write_text_file(uap::settings::ProjectSettings::file_for(project.path()), R"({"limits":{"cancelGraceMilliseconds":300}})");
    auto settings = uap::settings::ProjectSettings::load(project.path());
    ASSERT_TRUE(settings);
    EXPECT_EQ(settings->cancel_grace(), std::chrono::milliseconds(300));
    ModuleHost::Options options;
    options.folders.push_back({fixture_pack("fixture.hostile"), Origin::CommandLine});
    options.settings = &*settings;
    options.start_isolated = uap::runner::module_runner();
    ModuleHost host(std::move(options));
    auto cancelled = cancel_during(host, "hostile_spin", std::chrono::milliseconds(200));
    EXPECT_EQ(cancelled.outcome.status, CallStatus::Cancelled);
    EXPECT_TRUE(contains(cancelled.outcome.text, "did not stop within 300 ms")) << cancelled.outcome.text;
    EXPECT_LT(cancelled.after_cancel, std::chrono::milliseconds(300) + std::chrono::seconds(1));
    // A tool that honours the cancel within the grace answers in its own words; its runner stays.
    auto polite = cancel_during(host, "hostile_poll_cancellation", std::chrono::milliseconds(200));
    EXPECT_EQ(polite.outcome.status, CallStatus::ToolError);
    EXPECT_TRUE(contains(polite.outcome.text, "cancelled after")) << polite.outcome.text;

    uap::testing::write_text_file(uap::settings::ProjectSettings::file_for(project.path()), R"({"limits":{"cancelGraceMilliseconds":600000}})");
    auto out_of_range = uap::settings::ProjectSettings::load(project.path());
    ASSERT_TRUE(out_of_range);
    ASSERT_TRUE(out_of_range->recovery_note());
    EXPECT_TRUE(contains(*out_of_range->recovery_note(), "\"limits.cancelGraceMilliseconds\" is 600000; it must be 0 to 60000"))
        << *out_of_range->recovery_note();
    EXPECT_EQ(out_of_range->cancel_grace(), uap::settings::default_cancel_grace);
}

TEST(RunnerCrash, TheSdksCancelledResultIsACancelledOutcomeWhereverThePackRuns) {
    for (auto isolation : {Isolation::Isolated, Isolation::InProcess}) {
        IsolatedHost host(isolation);
        auto cancelled = cancel_during(*host.host, "hostile_report_cancelled", std::chrono::milliseconds(200));
        EXPECT_EQ(cancelled.outcome.status, CallStatus::Cancelled) << uap::modules::to_string(isolation);
        EXPECT_EQ(cancelled.outcome.text, "stopped on cancellation before changing anything") << uap::modules::to_string(isolation);
    }
}

} // namespace

// A background editor whose main thread ticks only every second or more (Unity unfocused, macOS App
// Nap): its requests still complete, the host reports it throttled with the measured tick gap, a call
// that outlives its timeout says why, and the connection is never dropped or re-made. Host and editor
// each run on a manual clock, so nothing here waits for a tick in real time.
#include "bridge_harness.hpp"
#include "fakes/eventually.hpp"
#include "fakes/json_at.hpp"
#include "fakes/manual_clock.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <future>

namespace {

using namespace std::chrono_literals;
using uap::editor_sim::WakeOnRequest;
using uap::testing::BridgeHarness;
using uap::testing::eventually;
using uap::testing::ManualClock;
using uap::testing::number_at;
using uap::testing::text_at;

// A host and one in-process simulated editor, each on a manual clock of its own. The host pings when
// the test moves its clock; the editor's stalls and ticks come when the test moves the editor's, so a
// throttled tick is an advance, not a wait, and a focused editor measures no gap at all.
struct ConnectedEditor {
    explicit ConnectedEditor(const std::string& session)
        : harness({}, clock), simulator(harness.identity(session)), editor(harness.connect_in_process(simulator, editor_clock)) {}

    // Pings until the host's state satisfies done, and returns that state.
    std::string state_after_pings(const std::function<bool(const std::string&)>& done) {
        std::string state;
        eventually([&] {
            clock.advance(uap::bridge::BridgeOptions{}.ping_interval);
            state = harness.bridge().state_json();
            return done(state);
        });
        return state;
    }

    std::future<BridgeHarness::Answer> start_create(const std::string& name) {
        return std::async(std::launch::async,
                          [this, name] { return harness.call("object.create", R"({"name":")" + name + R"("})", 10000); });
    }

    // Creates an object, moving the editor's time until the throttled main thread ticks and runs it.
    void create_on_a_tick(const std::string& name) {
        auto call = start_create(name);
        while (call.wait_for(5ms) != std::future_status::ready)
            editor_clock.advance(50ms);
        auto created = call.get();
        EXPECT_EQ(created.status, UAP_STATUS_OK) << created.json;
        wait_for_tick_end();
    }

    // A request that arrives during a tick runs in it; once the tick that answered has ended, the
    // next request waits for a tick of its own.
    void wait_for_tick_end() {
        EXPECT_TRUE(eventually([&] { return !editor->ticking(); }));
    }

    ManualClock clock;
    ManualClock editor_clock;
    BridgeHarness harness;
    uap::editor_sim::EditorSimulator simulator;
    std::unique_ptr<uap::editor_sim::SimulatedEditor> editor;
};

// A liveness report with the tick gap the editor measured.
bool has_tick_gap(const std::string& state) { return number_at(state, "/liveness/tickGapMs") >= 0; }

TEST(BridgeThrottle, AThrottledEditorCompletesRequestsAndIsReportedThrottledWithItsTickGap) {
    ConnectedEditor connected("throttled");
    BridgeHarness& harness = connected.harness;
    // An unthrottled editor runs a request at once; its clock has not moved, so it measured no gap.
    EXPECT_EQ(connected.start_create("Focused").get().status, UAP_STATUS_OK);
    connected.wait_for_tick_end();
    std::string focused = connected.state_after_pings(has_tick_gap);
    EXPECT_EQ(text_at(focused, "/liveness/state"), "responsive") << focused;
    EXPECT_EQ(number_at(focused, "/liveness/tickGapMs"), 0) << focused;

    connected.editor->throttle_main_thread(1100ms, WakeOnRequest::Ignored);
    for (int index = 0; index < 3; ++index) {
        auto call = connected.start_create("Background" + std::to_string(index));
        ASSERT_TRUE(eventually([&] { return connected.editor->queued_requests() == 1; }))
            << "executed " << connected.editor->counters().executed << ", queued " << connected.editor->queued_requests() << ", answered "
            << (call.wait_for(0ms) == std::future_status::ready) << ", state " << harness.bridge().state_json();
        // The editor's time stands still, so only a wake could run the request now; it ignores wakes.
        EXPECT_EQ(call.wait_for(100ms), std::future_status::timeout) << "requests must wait for the throttled tick";
        connected.editor_clock.advance(1100ms);
        auto created = call.get();
        EXPECT_EQ(created.status, UAP_STATUS_OK) << created.json;
        connected.wait_for_tick_end();
    }

    std::string background =
        connected.state_after_pings([](const std::string& state) { return text_at(state, "/liveness/state") == "throttled"; });
    EXPECT_EQ(text_at(background, "/state"), "connected") << background;
    EXPECT_EQ(text_at(background, "/liveness/state"), "throttled") << background;
    EXPECT_EQ(number_at(background, "/liveness/tickGapMs"), 1100) << background;
    EXPECT_EQ(harness.bridge().statistics().connections, 1u) << "a throttled editor must not be dropped and reconnected";
    EXPECT_EQ(connected.editor->counters().connections, 1u);
}

TEST(BridgeThrottle, AWakeFromTheSocketThreadRunsARequestBeforeTheThrottledTick) {
    ConnectedEditor connected("woken");
    connected.editor->throttle_main_thread(4000ms, WakeOnRequest::Honoured);
    // The editor's time never moves here, so its next scheduled tick never comes: each request runs
    // only because its arrival wakes the main thread.
    for (const char* name : {"First", "Woken"}) {
        auto created = connected.start_create(name).get();
        EXPECT_EQ(created.status, UAP_STATUS_OK) << name << ": " << created.json;
    }
    EXPECT_EQ(connected.editor->counters().executed, 2u);
}

TEST(BridgeThrottle, ACallOutlivingItsTimeoutOnAThrottledEditorSaysSoAndCompletesAsAJob) {
    ConnectedEditor connected("slow");
    BridgeHarness& harness = connected.harness;
    connected.editor->throttle_main_thread(1100ms, WakeOnRequest::Ignored);
    // A request answered on a throttled tick, a full interval after the one before, leaves a gap of
    // that length for the pings to report.
    connected.create_on_a_tick("First");
    connected.create_on_a_tick("OnATick");
    connected.state_after_pings([](const std::string& state) { return number_at(state, "/liveness/tickGapMs") >= 1000; });
    auto call = std::async(std::launch::async, [&] { return harness.bridge().call("object.create", R"({"name":"Late"})", 300, nullptr); });
    // Only the host's time moves: the call times out while the editor waits for its next tick.
    auto late = uap::testing::advance_until_answered(connected.clock, call, 300ms);
    ASSERT_FALSE(late);
    EXPECT_EQ(late.error().code(), uap::ErrorCode::Timeout) << late.error().message();
    const std::string& result = late.error().detail();
    EXPECT_EQ(text_at(result, "/code"), "still_running") << result;
    EXPECT_NE(text_at(result, "/message").find("throttled"), std::string::npos) << result;
    EXPECT_GE(number_at(result, "/data/editor/mainThread/tickGapMs"), 1000) << result;
    std::string job = text_at(result, "/data/jobId");
    ASSERT_NE(job, "<missing>") << result;
    std::string state;
    eventually([&] {
        connected.editor_clock.advance(100ms);
        state = text_at(harness.call("host.jobStatus", R"({"jobId":")" + job + "\"}").json, "/state");
        return state == "completed";
    });
    EXPECT_EQ(state, "completed") << "the late request still completes on the throttled tick";
    EXPECT_EQ(harness.bridge().statistics().connections, 1u);
}

} // namespace

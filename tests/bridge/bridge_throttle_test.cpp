// A background editor whose main thread ticks only every second or more (Unity unfocused, macOS App
// Nap): its requests still complete, the host reports it throttled with the measured tick gap, a call
// that outlives its timeout says why, and the connection is never dropped or re-made.
#include "bridge_harness.hpp"
#include "fakes/eventually.hpp"
#include "fakes/manual_clock.hpp"

#include <gtest/gtest.h>

#include <rapidjson/document.h>
#include <rapidjson/pointer.h>

#include <functional>
#include <future>

namespace {

using namespace std::chrono_literals;
using uap::editor_sim::WakeOnRequest;
using uap::testing::BridgeHarness;
using uap::testing::eventually;
using uap::testing::field_text;
using uap::testing::ManualClock;

int64_t field_integer(const std::string& json, const char* pointer) {
    rapidjson::Document document;
    document.Parse(json.c_str());
    const rapidjson::Value* value = rapidjson::Pointer(pointer).Get(document);
    return value && value->IsInt64() ? value->GetInt64() : -1;
}

// A host on a manual clock and one in-process simulated editor connected to it. The host pings when
// the test moves its clock; the editor's throttled ticks take real time, as a background editor's do.
struct ConnectedEditor {
    explicit ConnectedEditor(const std::string& session)
        : harness({}, clock), simulator(harness.identity(session)), editor(harness.connect_in_process(simulator)) {}

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

    std::chrono::milliseconds timed_create(const std::string& name) {
        auto started = std::chrono::steady_clock::now();
        auto created = harness.call("object.create", R"({"name":")" + name + R"("})", 10000);
        EXPECT_EQ(created.status, UAP_STATUS_OK) << created.json;
        return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
    }

    ManualClock clock;
    BridgeHarness harness;
    uap::editor_sim::EditorSimulator simulator;
    std::unique_ptr<uap::editor_sim::SimulatedEditor> editor;
};

// A liveness report with the tick gap the editor measured.
bool has_tick_gap(const std::string& state) { return field_integer(state, "/liveness/tickGapMs") >= 0; }

TEST(BridgeThrottle, AThrottledEditorCompletesRequestsAndIsReportedThrottledWithItsTickGap) {
    ConnectedEditor connected("throttled");
    BridgeHarness& harness = connected.harness;
    std::string focused = connected.state_after_pings(has_tick_gap);
    EXPECT_EQ(field_text(focused, "/liveness/state"), "responsive") << focused;
    EXPECT_GE(field_integer(focused, "/liveness/tickGapMs"), 0) << focused;
    EXPECT_LT(field_integer(focused, "/liveness/tickGapMs"), 1000) << focused;

    connected.editor->throttle_main_thread(1100ms, WakeOnRequest::Ignored);
    auto slowest = 0ms;
    for (int index = 0; index < 3; ++index)
        slowest = std::max(slowest, connected.timed_create("Background" + std::to_string(index)));
    EXPECT_GE(slowest.count(), 300) << "requests must wait for the throttled tick when the editor ignores the wake";
    EXPECT_LT(slowest.count(), 5000);

    std::string background = connected.state_after_pings([](const std::string& state) { return field_text(state, "/liveness/state") == "throttled"; });
    EXPECT_EQ(field_text(background, "/state"), "connected") << background;
    EXPECT_EQ(field_text(background, "/liveness/state"), "throttled") << background;
    EXPECT_GE(field_integer(background, "/liveness/tickGapMs"), 1000) << background;
    EXPECT_EQ(harness.bridge().statistics().connections, 1u) << "a throttled editor must not be dropped and reconnected";
    EXPECT_EQ(connected.editor->counters().connections, 1u);
}

TEST(BridgeThrottle, AWakeFromTheSocketThreadRunsARequestBeforeTheThrottledTick) {
    ConnectedEditor connected("woken");
    connected.editor->throttle_main_thread(4000ms, WakeOnRequest::Honoured);
    // Once the first call is answered the main thread waits 4 s for its next tick: the second call
    // arrives during that wait.
    connected.timed_create("First");
    auto took = connected.timed_create("Woken");
    EXPECT_LT(took.count(), 1500) << "the request wakes the main thread instead of waiting up to 4 s for its tick";
}

TEST(BridgeThrottle, ACallOutlivingItsTimeoutOnAThrottledEditorSaysSoAndCompletesAsAJob) {
    ConnectedEditor connected("slow");
    BridgeHarness& harness = connected.harness;
    connected.editor->throttle_main_thread(1100ms, WakeOnRequest::Ignored);
    // A ping reports a gap of the throttled length once the editor measured one; a call answered
    // after that returns on a throttled tick, so the next one is a full interval away.
    connected.state_after_pings([](const std::string& state) { return field_integer(state, "/liveness/tickGapMs") >= 1000; });
    connected.timed_create("OnATick");
    auto call = std::async(std::launch::async, [&] { return harness.bridge().call("object.create", R"({"name":"Late"})", 300, nullptr); });
    auto late = uap::testing::advance_until_answered(connected.clock, call, 300ms);
    ASSERT_FALSE(late);
    EXPECT_EQ(late.error().code(), uap::ErrorCode::Timeout) << late.error().message();
    const std::string& result = late.error().detail();
    EXPECT_EQ(field_text(result, "/code"), "still_running") << result;
    EXPECT_NE(field_text(result, "/message").find("throttled"), std::string::npos) << result;
    EXPECT_GE(field_integer(result, "/data/editor/mainThread/tickGapMs"), 1000) << result;
    std::string job = field_text(result, "/data/jobId");
    ASSERT_FALSE(job.empty()) << result;
    std::string state;
    eventually([&] {
        state = field_text(harness.call("host.jobStatus", R"({"jobId":")" + job + "\"}").json, "/state");
        return state == "completed";
    });
    EXPECT_EQ(state, "completed") << "the late request still completes on the throttled tick";
    EXPECT_EQ(harness.bridge().statistics().connections, 1u);
}

} // namespace

// A background editor whose main thread ticks only every second or more (Unity unfocused, macOS App
// Nap): its requests still complete, the host reports it throttled with the measured tick gap, a call
// that outlives its timeout says why, and the connection is never dropped or re-made.
#include "bridge_harness.hpp"

#include <gtest/gtest.h>

#include <rapidjson/document.h>
#include <rapidjson/pointer.h>

#include <thread>

namespace {

using namespace std::chrono_literals;
using uap::editor_sim::WakeOnRequest;
using uap::testing::BridgeHarness;
using uap::testing::field_text;

int64_t field_integer(const std::string& json, const char* pointer) {
    rapidjson::Document document;
    document.Parse(json.c_str());
    const rapidjson::Value* value = rapidjson::Pointer(pointer).Get(document);
    return value && value->IsInt64() ? value->GetInt64() : -1;
}

uap::bridge::BridgeOptions fast_pings() {
    uap::bridge::BridgeOptions options;
    options.ping_interval = 200ms;
    return options;
}

// A host that pings every 200 ms and one in-process simulated editor connected to it.
struct ConnectedEditor {
    explicit ConnectedEditor(const std::string& session)
        : harness(fast_pings()), simulator(harness.identity(session)), editor(harness.connect_in_process(simulator)) {}

    // Throttles the editor's main thread and waits long enough for a tick gap to be measured.
    void throttle(std::chrono::milliseconds interval, WakeOnRequest wake, std::chrono::milliseconds settle) {
        editor->throttle_main_thread(interval, wake);
        std::this_thread::sleep_for(settle);
    }

    BridgeHarness harness;
    uap::editor_sim::EditorSimulator simulator;
    std::unique_ptr<uap::editor_sim::SimulatedEditor> editor;
};

// Waits for a fresh liveness report (the host pings every 200 ms here).
std::string host_state_after_pings(BridgeHarness& harness) {
    std::this_thread::sleep_for(600ms);
    return harness.bridge().state_json();
}

TEST(BridgeThrottle, AThrottledEditorCompletesRequestsAndIsReportedThrottledWithItsTickGap) {
    ConnectedEditor connected("throttled");
    BridgeHarness& harness = connected.harness;
    std::string focused = host_state_after_pings(harness);
    EXPECT_EQ(field_text(focused, "/liveness/state"), "responsive") << focused;
    EXPECT_GE(field_integer(focused, "/liveness/tickGapMs"), 0) << focused;
    EXPECT_LT(field_integer(focused, "/liveness/tickGapMs"), 1000) << focused;

    connected.throttle(1500ms, WakeOnRequest::Ignored, 1600ms);
    auto slowest = 0ms;
    for (int index = 0; index < 3; ++index) {
        auto started = std::chrono::steady_clock::now();
        auto created = harness.call("object.create", R"({"name":"Background)" + std::to_string(index) + R"("})", 10000);
        auto took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
        EXPECT_EQ(created.status, UAP_STATUS_OK) << created.json;
        slowest = std::max(slowest, took);
    }
    EXPECT_GE(slowest.count(), 300) << "requests must wait for the throttled tick when the editor ignores the wake";
    EXPECT_LT(slowest.count(), 5000);

    std::string background = host_state_after_pings(harness);
    EXPECT_EQ(field_text(background, "/state"), "connected") << background;
    EXPECT_EQ(field_text(background, "/liveness/state"), "throttled") << background;
    EXPECT_GE(field_integer(background, "/liveness/tickGapMs"), 1000) << background;
    EXPECT_EQ(harness.bridge().statistics().connections, 1u) << "a throttled editor must not be dropped and reconnected";
    EXPECT_EQ(connected.editor->counters().connections, 1u);
}

TEST(BridgeThrottle, AWakeFromTheSocketThreadRunsARequestBeforeTheThrottledTick) {
    ConnectedEditor connected("woken");
    connected.throttle(4000ms, WakeOnRequest::Honoured, 300ms);
    auto started = std::chrono::steady_clock::now();
    auto created = connected.harness.call("object.create", R"({"name":"Woken"})", 10000);
    auto took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
    EXPECT_EQ(created.status, UAP_STATUS_OK) << created.json;
    EXPECT_LT(took.count(), 1500) << "the request wakes the main thread instead of waiting up to 4 s for its tick";
}

TEST(BridgeThrottle, ACallOutlivingItsTimeoutOnAThrottledEditorSaysSoAndCompletesAsAJob) {
    ConnectedEditor connected("slow");
    BridgeHarness& harness = connected.harness;
    connected.throttle(3000ms, WakeOnRequest::Ignored, 3200ms);
    auto late = harness.bridge().call("object.create", R"({"name":"Late"})", 300, nullptr);
    ASSERT_FALSE(late);
    EXPECT_EQ(late.error().code(), uap::ErrorCode::Timeout) << late.error().message();
    const std::string& result = late.error().detail();
    EXPECT_EQ(field_text(result, "/code"), "still_running") << result;
    EXPECT_NE(field_text(result, "/message").find("throttled"), std::string::npos) << result;
    EXPECT_GE(field_integer(result, "/data/editor/mainThread/tickGapMs"), 1000) << result;
    std::string job = field_text(result, "/data/jobId");
    ASSERT_FALSE(job.empty()) << result;
    std::string state;
    for (int attempt = 0; attempt < 50 && state != "completed"; ++attempt) {
        std::this_thread::sleep_for(200ms);
        auto polled = harness.call("host.jobStatus", R"({"jobId":")" + job + "\"}");
        state = field_text(polled.json, "/state");
    }
    EXPECT_EQ(state, "completed") << "the late request still completes on the throttled tick";
    EXPECT_EQ(harness.bridge().statistics().connections, 1u);
}

} // namespace

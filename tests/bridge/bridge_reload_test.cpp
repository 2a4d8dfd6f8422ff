// The bridge's promise under faults, with the standalone uap-editor-sim process: exactly once across
// injected reloads, a structured still-running outcome and a job during a long stall, and an
// abandoned outcome when the editor crashes, after which a new editor is served, and the throttle command.
// The editor runs with --manual-clock: its stalls, reloads and throttled ticks end when the test
// advances its time. Where the host's own time decides (a call's timeout, pings), the host runs on a
// manual clock too. Nothing here sleeps.
#include "bridge_harness.hpp"
#include "fakes/json_at.hpp"
#include "fakes/eventually.hpp"
#include "fakes/manual_clock.hpp"

#include <gtest/gtest.h>

#include <rapidjson/document.h>

#include <fstream>
#include <functional>
#include <future>
#include <map>
#include <thread>

namespace {

using namespace std::chrono_literals;
using uap::testing::BridgeHarness;
using uap::testing::EditorProcess;
using uap::testing::eventually;
using uap::testing::ManualClock;
using uap::testing::text_at;

// Every root object's name, paging through hierarchy.roots.
std::map<std::string, int> root_names(BridgeHarness& harness) {
    std::map<std::string, int> names;
    std::string cursor;
    do {
        std::string params = cursor.empty() ? R"({"limit":1000})" : R"({"limit":1000,"cursor":")" + cursor + "\"}";
        auto page = harness.call("hierarchy.roots", params);
        EXPECT_EQ(page.status, UAP_STATUS_OK) << page.json;
        rapidjson::Document document;
        document.Parse(page.json.c_str());
        for (auto& node : document["nodes"].GetArray())
            ++names[node["name"].GetString()];
        cursor = document.HasMember("nextCursor") ? document["nextCursor"].GetString() : "";
    } while (!cursor.empty());
    return names;
}

const std::vector<std::string> stepped_editor = {"--scene", "sample", "--manual-clock"};

// Moves the editor's time by step until call answers; each move waits until the editor took it in.
template <typename Answer>
Answer advance_editor_until_answered(EditorProcess& editor, std::future<Answer>& call, std::chrono::milliseconds step) {
    for (int moves = 0; moves < 1000 && call.wait_for(2ms) != std::future_status::ready; ++moves)
        editor.advance(step);
    return call.get();
}

// The standalone simulator's "throttle" command, as a person driving uap-editor-sim by hand uses it:
// the host then reports the editor throttled with the gap, and a call still completes.
TEST(BridgeFaults, TheThrottleCommandMakesTheStandaloneEditorThrottled) {
    ManualClock clock;
    uap::bridge::BridgeOptions options;
    BridgeHarness harness(options, clock);
    EditorProcess editor(harness.project(), stepped_editor);
    ASSERT_TRUE(editor.wait_for_line("connected", 15s));
    // A first tick, unthrottled, from which the editor measures the gap to the next.
    EXPECT_EQ(harness.call("object.create", R"({"name":"Focused"})").status, UAP_STATUS_OK);
    // A request that arrives during a tick runs in it: the next one must find the main thread waiting.
    ASSERT_TRUE(eventually([&] { return editor.counter("ticking") == 0; }));
    editor.command("throttle 1100 ignore-wake");
    ASSERT_TRUE(editor.settle());
    // The call waits for the editor's next tick, which comes when its time has moved a full interval
    // and then reports the gap it measured.
    auto call = std::async(std::launch::async, [&] { return harness.call("object.create", R"({"name":"WhileThrottled"})", 10000); });
    ASSERT_TRUE(eventually([&] { return editor.counter("queued") == 1; }));
    auto created = advance_editor_until_answered(editor, call, 100ms);
    EXPECT_EQ(created.status, UAP_STATUS_OK) << created.json;
    std::string state;
    EXPECT_TRUE(eventually([&] {
        clock.advance(options.ping_interval); // The next ping.
        state = harness.bridge().state_json();
        return text_at(state, "/liveness/state") == "throttled";
    })) << state;
    EXPECT_GE(std::atoll(text_at(state, "/liveness/tickGapMs").c_str()), 1100) << state;
    EXPECT_EQ(harness.bridge().statistics().connections, 1u) << state;
}

// The advance command refuses what it cannot do, saying how to fix it, and moves nothing then.
TEST(BridgeFaults, TheAdvanceCommandRefusesARealTimeEditorAndOutOfRangeAmounts) {
    BridgeHarness harness;
    EditorProcess real_time(harness.project(), {"--scene", "empty"});
    ASSERT_TRUE(real_time.wait_for_line("connected", 15s));
    real_time.command("advance 10");
    std::string line;
    ASSERT_TRUE(real_time.wait_for_line("refused advance", 10s, &line));
    EXPECT_NE(line.find("--manual-clock"), std::string::npos) << line;
    real_time.command("quit");
    EXPECT_EQ(real_time.wait_exit(10s), 0);

    EditorProcess stepped(harness.project(), {"--scene", "empty", "--manual-clock"});
    ASSERT_TRUE(stepped.wait_for_line("connected", 15s));
    for (const char* amount : {"-1", "86400001", "9223372036854775807"}) {
        stepped.command(std::string("advance ") + amount);
        ASSERT_TRUE(stepped.wait_for_line("refused advance", 10s, &line)) << amount;
        EXPECT_NE(line.find("86400000"), std::string::npos) << line;
    }
    stepped.command("advance 86400000");
    ASSERT_TRUE(stepped.wait_for_line("clock ", 10s, &line));
    EXPECT_EQ(line, "clock 86401000") << "only the allowed advance moved the clock, from its start at 1000";
    stepped.command("quit");
    EXPECT_EQ(stepped.wait_exit(10s), 0);
}

// One domain reload that catches writes in flight. A stall holds the editor's main thread while the
// writes arrive and queue behind the reload; then the editor's time moves, the stall ends, the reload
// drops every queued write and the editor reconnects, and the host must re-send each write. The editor's
// time moves only here, so every round drops every one of its writes, however fast the machine is.
void reload_with_writes_queued(EditorProcess& editor, int writes, const std::function<void(int)>& write) {
    editor.command("stall 100");
    editor.command("reload 150");
    ASSERT_TRUE(editor.settle());
    std::vector<std::future<void>> calls;
    for (int index = 0; index < writes; ++index)
        calls.push_back(std::async(std::launch::async, write, index));
    ASSERT_TRUE(eventually([&] { return editor.counter("queued") >= writes; })) << "every write waits behind the stall";
    ASSERT_TRUE(eventually([&] { return editor.advance(50ms) && editor.wait_for_line("reloaded", 5ms); }));
    ASSERT_TRUE(eventually([&] { return editor.advance(50ms) && editor.wait_for_line("connected", 5ms); }));
    for (auto& call : calls)
        call.get();
}

TEST(BridgeFaults, ExactlyOnceAcrossTenInjectedReloads) {
    uap::bridge::BridgeOptions options;
    options.reconnect_wait = 30s; // The host's own time: a re-sent request must not time out first.
    BridgeHarness harness(options);
    EditorProcess editor(harness.project(), {"--scene", "empty", "--manual-clock"});
    ASSERT_TRUE(editor.wait_for_line("connected", 15s));

    constexpr int writes_per_reload = 10, reloads = 10, total = writes_per_reload * reloads;
    std::vector<uap::testing::BridgeHarness::Answer> answers(total);
    for (int reload = 0; reload < reloads; ++reload)
        reload_with_writes_queued(editor, writes_per_reload, [&](int index) {
            int unique = reload * writes_per_reload + index;
            answers[unique] = harness.call("object.create", R"({"name":"Unique)" + std::to_string(unique) + "\"}", 30000);
        });

    for (int index = 0; index < total; ++index) {
        EXPECT_EQ(answers[index].status, UAP_STATUS_OK) << index << ": " << answers[index].json;
        EXPECT_EQ(text_at(answers[index].json, "/observed/name"), "Unique" + std::to_string(index));
    }
    EXPECT_EQ(editor.counter("reloads"), reloads);
    EXPECT_GE(editor.counter("dropped_by_reload"), total) << "each reload dropped every write queued behind it";
    auto names = root_names(harness);
    for (int index = 0; index < total; ++index)
        EXPECT_EQ(names["Unique" + std::to_string(index)], 1) << "Unique" << index;
    EXPECT_EQ(names.size(), static_cast<std::size_t>(total));
    auto statistics = harness.bridge().statistics();
    EXPECT_EQ(statistics.connections, 1u + reloads);
    EXPECT_GE(statistics.resent, static_cast<uint64_t>(total)) << "every dropped write is re-sent";
    RecordProperty("host_resent", std::to_string(statistics.resent));
    RecordProperty("host_duplicate_responses", std::to_string(statistics.duplicate_responses));
    editor.command("quit");
    EXPECT_EQ(editor.wait_exit(10s), 0);
}

// The stall outlasts the call's timeout and a status probe; its length beyond that changes nothing
// in the path under test, so it is kept short.
TEST(BridgeFaults, AStallLongerThanTheCallGivesStillRunningAndAJobWithTheRealResult) {
    ManualClock clock;
    BridgeHarness harness({}, clock);
    EditorProcess editor(harness.project(), stepped_editor);
    ASSERT_TRUE(editor.wait_for_line("connected", 15s));
    // The stall lasts until the editor's time moves, which only the end of this test does.
    editor.command("stall 2000");
    ASSERT_TRUE(editor.settle());
    auto call = std::async(std::launch::async, [&] { return harness.call("object.create", R"({"name":"DuringStall"})", 2000); });
    // The call's timeout passes while its request waits behind the stall.
    auto answer = uap::testing::advance_until_answered(clock, call, 2000ms);
    EXPECT_EQ(answer.status, UAP_STATUS_TIMEOUT);
    EXPECT_EQ(text_at(answer.json, "/code"), "still_running") << answer.json;
    EXPECT_EQ(text_at(answer.json, "/data/editor/mainThread/busyWith"), "stall") << answer.json;
    std::string job = text_at(answer.json, "/data/jobId");
    ASSERT_NE(job, "<missing>");

    auto status = harness.call("host.jobStatus", R"({"jobId":")" + job + "\"}");
    EXPECT_EQ(text_at(status.json, "/state"), "running");
    EXPECT_TRUE(editor.advance(2000ms)); // The stall ends; the request behind it runs.
    EXPECT_TRUE(eventually([&] {
        status = harness.call("host.jobStatus", R"({"jobId":")" + job + "\"}");
        return text_at(status.json, "/state") != "running";
    }));
    EXPECT_EQ(text_at(status.json, "/state"), "completed") << status.json;
    EXPECT_EQ(text_at(status.json, "/result/observed/name"), "DuringStall");
    EXPECT_EQ(root_names(harness)["DuringStall"], 1);
    editor.command("quit");
    EXPECT_EQ(editor.wait_exit(10s), 0);
}

TEST(BridgeFaults, CrashMidRequestIsAbandonedAndANewEditorIsServed) {
    // Neither clock moves here: neither the call's timeout nor the reconnect wait can end the call, and
    // the stall never ends, so the abandoned outcome comes from noticing the dead process.
    ManualClock clock;
    BridgeHarness harness({}, clock);
    {
        EditorProcess editor(harness.project(), stepped_editor);
        ASSERT_TRUE(editor.wait_for_line("connected", 15s));
        editor.command("stall 5000");
        ASSERT_TRUE(editor.settle());
        auto call = std::async(std::launch::async, [&] { return harness.call("object.create", R"({"name":"Lost"})", 20000); });
        ASSERT_TRUE(eventually([&] { return text_at(harness.bridge().state_json(), "/pendingRequests") == "1"; }));
        editor.command("crash");
        auto answer = call.get();
        EXPECT_EQ(answer.status, UAP_STATUS_TIMEOUT);
        EXPECT_EQ(text_at(answer.json, "/code"), "abandoned") << answer.json;
        EXPECT_EQ(text_at(answer.json, "/data/effect"), "unknown");
        EXPECT_EQ(editor.wait_exit(10s), 137);
        EXPECT_EQ(text_at(harness.bridge().state_json(), "/state"), "disconnected");
    }
    EditorProcess restarted(harness.project(), {"--scene", "sample"});
    ASSERT_TRUE(restarted.wait_for_line("connected", 15s));
    auto answer = harness.call("object.create", R"({"name":"AfterRestart"})");
    EXPECT_EQ(answer.status, UAP_STATUS_OK) << answer.json;
    restarted.command("quit");
    EXPECT_EQ(restarted.wait_exit(10s), 0);
}

} // namespace

namespace {

// A tool written in C# in the project, called while domain reloads drop the editor's queue: each call
// runs once, as every primitive does (the journal re-sends, the editor's ledger deduplicates).
TEST(BridgeFaults, ProjectToolCallsRunOnceAcrossInjectedReloads) {
    uap::bridge::BridgeOptions options;
    options.reconnect_wait = 30s;
    BridgeHarness harness(options);
    std::filesystem::path tools = harness.project() / "project-tools.json";
    std::ofstream(tools) << R"({"tools":[{"name":"create_unique","description":"Creates an object.",
        "inputSchema":{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]},
        "steps":[{"method":"object.create","params":{"name":"$name"}}]}]})";
    EditorProcess editor(harness.project(), {"--scene", "empty", "--project-tools", tools.string(), "--manual-clock"});
    ASSERT_TRUE(editor.wait_for_line("connected", 15s));

    constexpr int writes_per_reload = 10, reloads = 3, total = writes_per_reload * reloads;
    std::vector<uap::testing::BridgeHarness::Answer> answers(total);
    for (int reload = 0; reload < reloads; ++reload)
        reload_with_writes_queued(editor, writes_per_reload, [&](int index) {
            int unique = reload * writes_per_reload + index;
            answers[unique] = harness.call("project.tool.call",
                                           R"({"name":"create_unique","arguments":{"name":"Made)" + std::to_string(unique) + "\"}}", 30000);
        });
    for (int index = 0; index < total; ++index)
        EXPECT_EQ(answers[index].status, UAP_STATUS_OK) << index << ": " << answers[index].json;
    auto names = root_names(harness);
    for (int index = 0; index < total; ++index)
        EXPECT_EQ(names["Made" + std::to_string(index)], 1) << "Made" << index << " ran once";
    EXPECT_GE(harness.bridge().statistics().resent, static_cast<uint64_t>(total)) << "every dropped project tool call is re-sent";
    editor.command("quit");
    EXPECT_EQ(editor.wait_exit(10s), 0);
}

} // namespace

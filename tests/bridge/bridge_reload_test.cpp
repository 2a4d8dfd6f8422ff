// The bridge's promise under faults, with the standalone uap-editor-sim process: exactly once across
// injected reloads, a structured still-running outcome and a job during a long stall, and an
// abandoned outcome when the editor crashes, after which a new editor is served, and the throttle command.
// Where the host's own time decides (a call's timeout, pings), the host runs on a manual clock that the
// test moves; what still takes real time is the editor's (its stalls, reloads and throttled ticks).
#include "bridge_harness.hpp"
#include "fakes/eventually.hpp"
#include "fakes/manual_clock.hpp"

#include <gtest/gtest.h>

#include <rapidjson/document.h>

#include <atomic>
#include <fstream>
#include <future>
#include <map>
#include <thread>

namespace {

using namespace std::chrono_literals;
using uap::testing::BridgeHarness;
using uap::testing::EditorProcess;
using uap::testing::eventually;
using uap::testing::field_text;
using uap::testing::ManualClock;

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

// The standalone simulator's "throttle" command, as a person driving uap-editor-sim by hand uses it:
// the host then reports the editor throttled with the gap, and a call still completes.
TEST(BridgeFaults, TheThrottleCommandMakesTheStandaloneEditorThrottled) {
    ManualClock clock;
    uap::bridge::BridgeOptions options;
    BridgeHarness harness(options, clock);
    EditorProcess editor(harness.project(), {"--scene", "sample"});
    ASSERT_TRUE(editor.wait_for_line("connected", 15s));
    editor.command("throttle 1100 ignore-wake");
    ASSERT_TRUE(editor.settle());
    // The call waits for the editor's next tick, which then reports the gap it measured.
    auto created = harness.call("object.create", R"({"name":"WhileThrottled"})", 10000);
    EXPECT_EQ(created.status, UAP_STATUS_OK) << created.json;
    std::string state;
    EXPECT_TRUE(eventually([&] {
        clock.advance(options.ping_interval); // The next ping.
        state = harness.bridge().state_json();
        return field_text(state, "/liveness/state") == "throttled";
    })) << state;
    EXPECT_EQ(harness.bridge().statistics().connections, 1u) << state;
}

// Each reload starts while connected and while writes are in flight: a short stall first lets
// requests queue on the editor's main thread, so the reload drops some however fast the machine is,
// and the host must re-send them.
std::thread reload_repeatedly(EditorProcess& editor, int reloads) {
    return std::thread([&editor, reloads] {
        for (int reload = 0; reload < reloads; ++reload) {
            editor.command("stall 120");
            editor.command("reload 150");
            editor.wait_for_line("reloaded", 10s);
            editor.wait_for_line("connected", 10s);
            std::this_thread::sleep_for(60ms);
        }
    });
}

TEST(BridgeFaults, ExactlyOnceAcrossTenInjectedReloads) {
    uap::bridge::BridgeOptions options;
    options.reconnect_wait = 30s; // Far above the 150 ms reloads, so no request may time out.
    BridgeHarness harness(options);
    EditorProcess editor(harness.project(), {"--scene", "empty"});
    ASSERT_TRUE(editor.wait_for_line("connected", 15s));

    constexpr int writers = 8, total = 100, reloads = 10;
    std::atomic<int> next{0};
    std::vector<uap::testing::BridgeHarness::Answer> answers(total);
    std::atomic<bool> writing{true};
    std::thread reloader = reload_repeatedly(editor, reloads);
    std::vector<std::thread> threads;
    for (int writer = 0; writer < writers; ++writer)
        threads.emplace_back([&, writer] {
            // Spreads the writes over the whole reload sequence. The pauses differ per writer: with one
            // pause for all, every writer woke in step with the reloader (all answered together after a
            // reconnect) and sent just after the next reload began, so none was ever caught in flight.
            const auto pause = 160ms + writer * 20ms;
            for (int index = next++; index < total; index = next++) {
                answers[index] = harness.call("object.create", R"({"name":"Unique)" + std::to_string(index) + "\"}", 30000);
                std::this_thread::sleep_for(pause);
            }
        });
    for (auto& thread : threads)
        thread.join();
    reloader.join();
    writing = false;

    for (int index = 0; index < total; ++index) {
        EXPECT_EQ(answers[index].status, UAP_STATUS_OK) << index << ": " << answers[index].json;
        EXPECT_EQ(field_text(answers[index].json, "/observed/name"), "Unique" + std::to_string(index));
    }
    // Let every injected reload finish, then count.
    std::string stats;
    eventually([&] {
        editor.command("stats");
        editor.wait_for_line("stats", 10s, &stats);
        return stats.find("reloads=" + std::to_string(reloads)) != std::string::npos;
    });
    EXPECT_NE(stats.find("reloads=10"), std::string::npos) << stats;
    auto names = root_names(harness);
    for (int index = 0; index < total; ++index)
        EXPECT_EQ(names["Unique" + std::to_string(index)], 1) << "Unique" << index;
    EXPECT_EQ(names.size(), static_cast<std::size_t>(total));
    auto statistics = harness.bridge().statistics();
    EXPECT_EQ(statistics.connections, 1u + reloads);
    EXPECT_GT(statistics.resent, 0u) << "the reloads must have caught requests in flight";
    RecordProperty("editor_stats", stats);
    RecordProperty("host_resent", std::to_string(statistics.resent));
    RecordProperty("host_duplicate_responses", std::to_string(statistics.duplicate_responses));
    std::cout << "[exactly-once] " << stats << " host_resent=" << statistics.resent
              << " host_duplicate_responses=" << statistics.duplicate_responses << " connections=" << statistics.connections << "\n";
    editor.command("quit");
    EXPECT_EQ(editor.wait_exit(10s), 0);
}

// The stall outlasts the call's timeout and a status probe; its length beyond that changes nothing
// in the path under test, so it is kept short.
TEST(BridgeFaults, AStallLongerThanTheCallGivesStillRunningAndAJobWithTheRealResult) {
    ManualClock clock;
    BridgeHarness harness({}, clock);
    EditorProcess editor(harness.project(), {"--scene", "sample"});
    ASSERT_TRUE(editor.wait_for_line("connected", 15s));
    // The stall only has to outlast the status probe the timeout triggers, which the editor answers at once.
    editor.command("stall 2000");
    ASSERT_TRUE(editor.settle());
    auto call = std::async(std::launch::async, [&] { return harness.call("object.create", R"({"name":"DuringStall"})", 2000); });
    // The call's timeout passes while its request waits behind the stall.
    auto answer = uap::testing::advance_until_answered(clock, call, 2000ms);
    EXPECT_EQ(answer.status, UAP_STATUS_TIMEOUT);
    EXPECT_EQ(field_text(answer.json, "/code"), "still_running") << answer.json;
    EXPECT_EQ(field_text(answer.json, "/data/editor/mainThread/busyWith"), "stall") << answer.json;
    std::string job = field_text(answer.json, "/data/jobId");
    ASSERT_FALSE(job.empty());

    auto status = harness.call("host.jobStatus", R"({"jobId":")" + job + "\"}");
    EXPECT_EQ(field_text(status.json, "/state"), "running");
    EXPECT_TRUE(eventually([&] {
        status = harness.call("host.jobStatus", R"({"jobId":")" + job + "\"}");
        return field_text(status.json, "/state") != "running";
    }));
    EXPECT_EQ(field_text(status.json, "/state"), "completed") << status.json;
    EXPECT_EQ(field_text(status.json, "/result/observed/name"), "DuringStall");
    EXPECT_EQ(root_names(harness)["DuringStall"], 1);
    editor.command("quit");
    EXPECT_EQ(editor.wait_exit(10s), 0);
}

TEST(BridgeFaults, CrashMidRequestIsAbandonedAndANewEditorIsServed) {
    // The host's clock never moves here: neither the call's timeout nor the reconnect wait can end the
    // call, so the abandoned outcome comes from noticing the dead process.
    ManualClock clock;
    BridgeHarness harness({}, clock);
    {
        EditorProcess editor(harness.project(), {"--scene", "sample"});
        ASSERT_TRUE(editor.wait_for_line("connected", 15s));
        editor.command("stall 5000");
        ASSERT_TRUE(editor.settle());
        auto call = std::async(std::launch::async, [&] { return harness.call("object.create", R"({"name":"Lost"})", 20000); });
        ASSERT_TRUE(eventually([&] { return field_text(harness.bridge().state_json(), "/pendingRequests") == "1"; }));
        editor.command("crash");
        auto answer = call.get();
        EXPECT_EQ(answer.status, UAP_STATUS_TIMEOUT);
        EXPECT_EQ(field_text(answer.json, "/code"), "abandoned") << answer.json;
        EXPECT_EQ(field_text(answer.json, "/data/effect"), "unknown");
        EXPECT_EQ(editor.wait_exit(10s), 137);
        EXPECT_EQ(field_text(harness.bridge().state_json(), "/state"), "disconnected");
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
    EditorProcess editor(harness.project(), {"--scene", "empty", "--project-tools", tools.string()});
    ASSERT_TRUE(editor.wait_for_line("connected", 15s));

    constexpr int writers = 4, total = 30, reloads = 3;
    std::atomic<int> next{0};
    std::vector<uap::testing::BridgeHarness::Answer> answers(total);
    std::thread reloader = reload_repeatedly(editor, reloads);
    std::vector<std::thread> threads;
    for (int writer = 0; writer < writers; ++writer)
        threads.emplace_back([&, writer] {
            const auto pause = 100ms + writer * 20ms;
            for (int index = next++; index < total; index = next++) {
                answers[index] = harness.call("project.tool.call", R"({"name":"create_unique","arguments":{"name":"Made)" + std::to_string(index) + "\"}}", 30000);
                std::this_thread::sleep_for(pause);
            }
        });
    for (auto& thread : threads)
        thread.join();
    reloader.join();
    for (int index = 0; index < total; ++index)
        EXPECT_EQ(answers[index].status, UAP_STATUS_OK) << index << ": " << answers[index].json;
    auto names = root_names(harness);
    for (int index = 0; index < total; ++index)
        EXPECT_EQ(names["Made" + std::to_string(index)], 1) << "Made" << index << " ran once";
    EXPECT_GT(harness.bridge().statistics().resent, 0u) << "the reloads must have caught project tool calls in flight";
    editor.command("quit");
    EXPECT_EQ(editor.wait_exit(10s), 0);
}

} // namespace

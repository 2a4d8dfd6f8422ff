// The turn bracket primitives (turn.begin / turn.end / turn.revert) in the simulator: one Undo step
// per turn, revertible only while it is the newest, and the asset auto-refresh hold released with
// one refresh at the turn's end and when the host disconnects (but not across a domain reload).
#include "bridge_harness.hpp"
#include "fakes/eventually.hpp"
#include "fakes/json_at.hpp"
#include "fakes/manual_clock.hpp"

#include <uap/editor_sim/editor_simulator.hpp>

#include <gtest/gtest.h>

namespace {

using namespace std::chrono_literals;
using uap::editor_sim::EditorSimulator;
using uap::editor_sim::Reply;
using uap::testing::eventually;
using uap::testing::ManualClock;
using uap::testing::text_at;

uap::editor_sim::SimulatorIdentity identity() { return {"/tmp/project", "2022.3.40f1 (simulated)", 4242, "turn-session"}; }

struct Simulated {
    EditorSimulator simulator{identity()};
    Simulated() { simulator.build_sample_scene(); }
    std::string ok(const std::string& method, const std::string& params) {
        Reply reply = simulator.call(method, params);
        EXPECT_TRUE(reply.ok()) << method << " " << params << ": " << reply.json;
        return reply.json;
    }
    std::string digest() { return text_at(ok("scene.digest", "{}"), "/digest"); }
    std::string holds() { return text_at(ok("editor.state", "{}"), "/autoRefresh/holds"); }
    std::string release_refreshes() { return text_at(ok("editor.state", "{}"), "/autoRefresh/releaseRefreshes"); }
    std::string begin(const std::string& name) { return text_at(ok("turn.begin", R"({"name":")" + name + R"("})"), "/group"); }
    std::string end(const std::string& group, const std::string& name) {
        return ok("turn.end", R"({"group":)" + group + R"(,"name":")" + name + R"("})");
    }
    Reply revert(const std::string& group, const std::string& name) {
        return simulator.call("turn.revert", R"({"group":)" + group + R"(,"name":")" + name + R"("})");
    }
};

TEST(TurnPrimitives, ATurnsThreeWritesAndABatchGroupBecomeOneStepThatOneRevertUndoes) {
    Simulated editor;
    std::string before = editor.digest();
    std::string group = editor.begin("Agent turn 1");
    EXPECT_EQ(editor.holds(), "1");
    editor.ok("object.create", R"({"name":"Crate","primitive":"Cube"})");
    editor.ok("object.rename", R"({"object":{"scenePath":"/Crate"},"name":"Big Crate"})");
    editor.ok("undo.beginGroup", R"({"name":"a batch inside the turn"})");
    editor.ok("transform.set", R"({"object":{"scenePath":"/Big Crate"},"space":"local","position":{"x":4,"y":0,"z":0}})");
    editor.ok("undo.endGroup", "{}");
    std::string after = editor.digest();
    ASSERT_NE(before, after);
    std::string ended = editor.end(group, "Agent turn 1");
    EXPECT_EQ(text_at(ended, "/recorded"), "true");
    EXPECT_EQ(text_at(ended, "/refreshed"), "true");
    EXPECT_EQ(editor.holds(), "0");
    EXPECT_EQ(editor.release_refreshes(), "1");
    // Ending twice changes nothing and refreshes no more.
    EXPECT_EQ(text_at(editor.end(group, "Agent turn 1"), "/refreshed"), "false");
    EXPECT_EQ(editor.release_refreshes(), "1");
    EXPECT_EQ(editor.digest(), after);

    Reply reverted = editor.revert(group, "Agent turn 1");
    ASSERT_TRUE(reverted.ok()) << reverted.json;
    EXPECT_EQ(text_at(reverted.json, "/observed/reverted"), "true");
    EXPECT_EQ(editor.digest(), before) << "one revert brings back the scene before the turn";
    EXPECT_EQ(text_at(editor.ok("hierarchy.roots", "{}"), "/nodes").find("Big Crate"), std::string::npos);
    // Reverting again finds nothing of the turn left.
    Reply again = editor.revert(group, "Agent turn 1");
    EXPECT_FALSE(again.ok());
    EXPECT_EQ(text_at(again.json, "/code"), "not_found") << again.json;
}

TEST(TurnPrimitives, ATurnIsNotRevertedOnceSomethingLaterIsOnTheUndoStack) {
    Simulated editor;
    std::string group = editor.begin("Agent turn 2");
    editor.ok("object.create", R"({"name":"Lamp"})");
    editor.end(group, "Agent turn 2");
    editor.ok("object.rename", R"({"object":{"scenePath":"/Lamp"},"name":"User Lamp"})"); // The user edits afterwards.
    std::string before = editor.digest();
    Reply refused = editor.revert(group, "Agent turn 2");
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(text_at(refused.json, "/code"), "conflict");
    EXPECT_NE(text_at(refused.json, "/message").find("no longer the newest undo step (the newest is 'Rename Object')"), std::string::npos)
        << refused.json;
    EXPECT_NE(text_at(refused.json, "/message").find("Edit > Undo"), std::string::npos) << "says what to do instead";
    EXPECT_EQ(editor.digest(), before) << "a refused revert changes nothing";
}

// What the user does in the editor while a turn runs is the user's: never merged into the turn's
// step, and never taken back by reverting the turn.
TEST(TurnPrimitives, TheUsersEditBeforeTheAgentsFirstWriteStaysTheirsAndTheTurnStillReverts) {
    Simulated editor;
    std::string group = editor.begin("Agent turn 5");
    ASSERT_TRUE(editor.simulator.user_edit("object.rename", R"({"object":{"scenePath":"/Player"},"name":"Hero"})").ok());
    std::string with_users_edit = editor.digest();
    editor.ok("object.create", R"({"name":"Crate"})");
    std::string ended = editor.end(group, "Agent turn 5");
    EXPECT_EQ(text_at(ended, "/userSteps"), R"(["Rename Object"])") << ended;
    EXPECT_EQ(text_at(ended, "/revertible"), "true") << ended;
    Reply reverted = editor.revert(group, "Agent turn 5");
    ASSERT_TRUE(reverted.ok()) << reverted.json;
    EXPECT_EQ(editor.digest(), with_users_edit) << "the agent's Crate is gone, the user's rename stays";
    std::string roots = text_at(editor.ok("hierarchy.roots", "{}"), "/nodes");
    EXPECT_NE(roots.find("Hero"), std::string::npos) << roots;
    EXPECT_EQ(roots.find("Crate"), std::string::npos) << roots;
}

TEST(TurnPrimitives, AUsersEditAmongTheAgentsWritesIsNeverRevertedWithThem) {
    for (bool after_the_last_write : {false, true}) {
        SCOPED_TRACE(after_the_last_write ? "the user's edit after the agent's last write" : "between two of the agent's writes");
        Simulated editor;
        std::string group = editor.begin("Agent turn 6");
        editor.ok("object.create", R"({"name":"Crate"})");
        auto users_rename = [&] { return editor.simulator.user_edit("object.rename", R"({"object":{"scenePath":"/Player"},"name":"Hero"})").ok(); };
        if (!after_the_last_write) {
            ASSERT_TRUE(users_rename());
        }
        editor.ok("object.create", R"({"name":"Barrel"})");
        if (after_the_last_write) {
            ASSERT_TRUE(users_rename());
        }
        std::string ended = editor.end(group, "Agent turn 6");
        EXPECT_EQ(text_at(ended, "/recorded"), "true") << ended;
        EXPECT_EQ(text_at(ended, "/revertible"), "false") << ended;
        EXPECT_EQ(text_at(ended, "/userSteps"), R"(["Rename Object"])") << ended;
        std::string before = editor.digest();
        Reply refused = editor.revert(group, "Agent turn 6");
        ASSERT_FALSE(refused.ok()) << refused.json;
        EXPECT_EQ(text_at(refused.json, "/code"), "conflict");
        std::string message = text_at(refused.json, "/message");
        EXPECT_NE(message.find("without your own changes made while it ran ('Rename Object')"), std::string::npos) << message;
        EXPECT_NE(message.find("nothing was reverted"), std::string::npos) << message;
        EXPECT_NE(message.find("Edit > Undo"), std::string::npos) << "says what to do instead: " << message;
        EXPECT_EQ(editor.digest(), before) << "a refused revert changes nothing";
        EXPECT_NE(text_at(editor.ok("hierarchy.roots", "{}"), "/nodes").find("Hero"), std::string::npos);
    }
}

TEST(TurnPrimitives, ATurnWithoutTheUsersEditsReportsNoneAndIsRevertible) {
    Simulated editor;
    std::string group = editor.begin("Agent turn 7");
    editor.ok("object.create", R"({"name":"Crate"})");
    std::string ended = editor.end(group, "Agent turn 7");
    EXPECT_EQ(text_at(ended, "/userSteps"), "[]") << ended;
    EXPECT_EQ(text_at(ended, "/revertible"), "true") << ended;
}

TEST(TurnPrimitives, RevertIsRefusedForARunningTurnAnUnknownGroupAndAnotherName) {
    Simulated editor;
    std::string group = editor.begin("Agent turn 3");
    editor.ok("object.create", R"({"name":"Half"})");
    Reply running = editor.revert(group, "Agent turn 3");
    EXPECT_EQ(text_at(running.json, "/code"), "conflict") << running.json;
    EXPECT_NE(running.json.find("has not ended yet"), std::string::npos);
    editor.end(group, "Agent turn 3");
    EXPECT_EQ(text_at(editor.revert("999", "Agent turn 3").json, "/code"), "not_found");
    EXPECT_EQ(text_at(editor.revert(group, "Agent turn 4").json, "/code"), "not_found");
    Reply unknown_end = editor.simulator.call("turn.end", R"({"group":999,"name":"Agent turn 9"})");
    EXPECT_EQ(text_at(unknown_end.json, "/code"), "not_found") << unknown_end.json;
}

TEST(TurnPrimitives, ATurnLongerThanTheUndoHistoryIsNotRevertedHalfWay) {
    Simulated editor;
    std::string group = editor.begin("Agent turn 8");
    editor.ok("object.create", R"({"name":"Counter"})");
    for (int index = 0; index < 120; ++index)
        editor.ok("object.rename", R"({"object":{"scenePath":"/Counter)" + (index ? std::to_string(index - 1) : std::string()) +
                                       R"("},"name":"Counter)" + std::to_string(index) + R"("})");
    editor.end(group, "Agent turn 8");
    std::string before = editor.digest();
    Reply refused = editor.revert(group, "Agent turn 8");
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(text_at(refused.json, "/code"), "conflict");
    EXPECT_NE(refused.json.find("more changes than the undo history keeps"), std::string::npos) << refused.json;
    EXPECT_EQ(editor.digest(), before);
}

TEST(TurnPrimitives, MalformedParamsAreRefusedByTheSchemaBeforeAnythingChanges) {
    Simulated editor;
    std::string before = editor.digest();
    for (const char* params : {R"({"name":""})", R"({})", R"({"name":"x","extra":1})", R"({"name":5})"}) {
        Reply reply = editor.simulator.call("turn.begin", params);
        EXPECT_EQ(text_at(reply.json, "/code"), "invalid_params") << params << ": " << reply.json;
    }
    for (const char* params : {R"({"group":1})", R"({"group":-1,"name":"x"})", R"({"group":"1","name":"x"})"}) {
        EXPECT_EQ(text_at(editor.simulator.call("turn.end", params).json, "/code"), "invalid_params") << params;
        EXPECT_EQ(text_at(editor.simulator.call("turn.revert", params).json, "/code"), "invalid_params") << params;
    }
    EXPECT_EQ(editor.holds(), "0");
    EXPECT_EQ(editor.digest(), before);
}

TEST(TurnPrimitives, HoldsAreCountedAndOnlyTheLastReleaseRefreshes) {
    Simulated editor;
    std::string first = editor.begin("Agent turn 5");
    std::string second = editor.begin("Agent turn 6");
    EXPECT_EQ(editor.holds(), "2");
    EXPECT_EQ(text_at(editor.end(first, "Agent turn 5"), "/refreshed"), "false");
    EXPECT_EQ(editor.holds(), "1");
    EXPECT_EQ(text_at(editor.end(second, "Agent turn 6"), "/refreshed"), "true");
    EXPECT_EQ(editor.release_refreshes(), "1");
    // An explicit refresh works while nothing holds, and during a hold.
    std::string third = editor.begin("Agent turn 7");
    EXPECT_TRUE(editor.simulator.call("asset.refresh", "{}").ok());
    editor.end(third, "Agent turn 7");
    EXPECT_EQ(editor.release_refreshes(), "2");
}

TEST(TurnPrimitivesOverTheBridge, TheEditorReleasesTheHoldWhenTheHostDisconnectsButNotAcrossAReload) {
    EditorSimulator simulator(identity());
    simulator.build_sample_scene();
    // The editor's time moves only when the test moves it, so the reload cannot end before the test
    // has seen it start, however loaded the machine.
    ManualClock editor_clock;
    std::unique_ptr<uap::editor_sim::SimulatedEditor> editor;
    auto state = [&](const char* pointer) { return text_at(simulator.call("editor.state", "{}").json, pointer); };
    {
        uap::testing::BridgeHarness harness;
        editor = harness.connect_in_process(simulator, editor_clock);
        auto begun = harness.call("turn.begin", R"({"name":"Agent turn 1"})");
        ASSERT_EQ(begun.status, UAP_STATUS_OK) << begun.json;
        editor->inject_reload(300ms);
        ASSERT_TRUE(eventually([&] { return text_at(harness.bridge().state_json(), "/state") == "reloading"; }));
        ASSERT_TRUE(eventually([&] {
            editor_clock.advance(100ms);
            return text_at(harness.bridge().state_json(), "/state") == "connected";
        })) << "the editor reconnects once its reload is over";
        auto after_reload = harness.call("editor.state", "{}");
        EXPECT_EQ(text_at(after_reload.json, "/autoRefresh/holds"), "1") << "a domain reload keeps the hold";
        EXPECT_EQ(state("/autoRefresh/releaseRefreshes"), "0");
    } // The host goes away with the turn still open.
    EXPECT_TRUE(eventually([&] {
        editor_clock.advance(100ms);
        return state("/autoRefresh/holds") == "0";
    })) << "the editor gives the user's imports back";
    EXPECT_EQ(state("/autoRefresh/releaseRefreshes"), "1") << "with one refresh";
    editor->stop();
}

} // namespace

namespace {

// A tool written in C# in the project: its two writes are one Undo group, and the turn it ran in
// takes both back with one revert.
TEST(TurnPrimitives, AProjectToolsWritesAreOneGroupThatTheTurnRevertTakesBack) {
    Simulated editor;
    ASSERT_EQ(editor.simulator.load_project_tools(R"({"tools":[{"name":"rename_twice","description":"Renames twice.",
        "inputSchema":{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]},
        "steps":[{"method":"object.rename","params":{"object":{"scenePath":"/Player"},"name":"Step"}},
                 {"method":"object.rename","params":{"object":{"scenePath":"/Step"},"name":"$name"}}]}]})"),
              "");
    std::string before = editor.digest();
    std::string group = editor.begin("Agent turn 1");
    std::string answer = editor.ok("project.tool.call", R"({"name":"rename_twice","arguments":{"name":"Hero"}})");
    EXPECT_NE(answer.find("Hero"), std::string::npos) << answer;
    editor.end(group, "Agent turn 1");
    ASSERT_NE(editor.digest(), before);
    Reply reverted = editor.revert(group, "Agent turn 1");
    ASSERT_TRUE(reverted.ok()) << reverted.json;
    EXPECT_EQ(editor.digest(), before) << "the turn's revert restores the scene the project tool changed";
}

TEST(TurnPrimitives, AProjectToolsUnknownNameAndItsExceptionAreErrors) {
    Simulated editor;
    ASSERT_EQ(editor.simulator.load_project_tools(R"({"tools":[{"name":"boom","description":"Throws.","inputSchema":{"type":"object"},"throws":"bad state"}]})"), "");
    Reply unknown = editor.simulator.call("project.tool.call", R"({"name":"nothing","arguments":{}})");
    EXPECT_EQ(text_at(unknown.json, "/code"), "not_found") << unknown.json;
    Reply thrown = editor.simulator.call("project.tool.call", R"({"name":"boom","arguments":{}})");
    EXPECT_EQ(text_at(thrown.json, "/code"), "tool_exception") << thrown.json;
    EXPECT_NE(thrown.json.find("bad state"), std::string::npos) << thrown.json;
}

} // namespace

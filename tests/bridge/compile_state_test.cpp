// The compile state the host keeps from editor events: host.compileState waits, bounded, for a
// compile that finishes after a given event, a reload during a compile counts as its success, and
// the bridge's state (what uap_ping shows) carries the failure with file and line.
#include "bridge_harness.hpp"
#include "fakes/json_at.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

using namespace std::chrono_literals;
using uap::testing::BridgeHarness;
using uap::testing::text_at;

std::string sequence_now(BridgeHarness& harness) {
    auto answer = harness.call("host.compileState", "{}");
    EXPECT_EQ(answer.status, UAP_STATUS_OK) << answer.json;
    return text_at(answer.json, "/eventSequence");
}

std::string wait_after(BridgeHarness& harness, const std::string& sequence, int wait_ms) {
    auto answer = harness.call("host.compileState", "{\"afterSequence\":" + sequence + ",\"waitMs\":" + std::to_string(wait_ms) + "}", 30000);
    EXPECT_EQ(answer.status, UAP_STATUS_OK) << answer.json;
    return answer.json;
}

TEST(CompileState, AFailedCompileIsWaitedForAndShownWithFileAndLine) {
    BridgeHarness harness;
    uap::editor_sim::EditorSimulator simulator(harness.identity("compile-failed"));
    auto editor = harness.connect_in_process(simulator);
    auto before = sequence_now(harness);
    EXPECT_EQ(text_at(harness.call("host.compileState", "{}").json, "/compile/state"), "unknown");
    editor->send_event("compileFinished", R"({"errors":[{"file":"Assets/Scripts/Broken.cs","line":3,"column":14,"message":"error CS1002: ; expected","severity":"error","assembly":"Assembly-CSharp"}],"warnings":[],"errorCount":1,"warningCount":0})");
    auto answer = wait_after(harness, before, 20000);
    EXPECT_EQ(text_at(answer, "/finishedAfter"), "true") << answer;
    EXPECT_EQ(text_at(answer, "/compile/state"), "compile_failed") << answer;
    EXPECT_EQ(text_at(answer, "/compile/errors/0/file"), "Assets/Scripts/Broken.cs") << answer;
    EXPECT_EQ(text_at(answer, "/compile/errors/0/line"), "3") << answer;
    EXPECT_EQ(text_at(answer, "/compile/summary"),
              "the scripts do not compile: 1 error(s); first: Assets/Scripts/Broken.cs(3,14): error CS1002: ; expected");
    EXPECT_EQ(text_at(harness.bridge().state_json(), "/compile/state"), "compile_failed");
}

TEST(CompileState, AReloadDuringACompileIsItsSuccess) {
    BridgeHarness harness;
    uap::editor_sim::EditorSimulator simulator(harness.identity("compile-reloaded"));
    auto editor = harness.connect_in_process(simulator);
    editor->send_event("compileStarted", "{}");
    auto started = wait_after(harness, "0", 0);
    // The started event may still be on its way; the reload below is queued after it either way.
    auto before = text_at(started, "/eventSequence");
    editor->inject_reload(50ms);
    auto answer = wait_after(harness, before, 20000);
    EXPECT_EQ(text_at(answer, "/finishedAfter"), "true") << answer;
    EXPECT_EQ(text_at(answer, "/compile/state"), "compiled") << answer;
    EXPECT_NE(text_at(answer, "/compile/detail").find("reloaded its domain"), std::string::npos) << answer;
}

TEST(CompileState, TheWaitEndsAtItsBoundWhenNoCompileFinishes) {
    BridgeHarness harness;
    uap::editor_sim::EditorSimulator simulator(harness.identity("compile-none"));
    auto editor = harness.connect_in_process(simulator);
    auto answer = wait_after(harness, sequence_now(harness), 300);
    EXPECT_EQ(text_at(answer, "/finishedAfter"), "false") << answer;
    EXPECT_EQ(text_at(answer, "/compile/state"), "unknown") << answer;
    auto refused = harness.call("host.compileState", R"({"afterSequence":-1})");
    EXPECT_EQ(refused.status, UAP_STATUS_INVALID_ARGUMENT) << refused.json;
}

} // namespace

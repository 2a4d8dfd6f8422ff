// Pins and sketches as message context on the panel protocol: a front-end sees them arrive
// (scene_context), attaches some (attach_scene_context), and the next message carries them ahead of
// its text; unknown ids and a new scene are handled.
#include "eventually.hpp"
#include "panel_client.hpp"
#include "scripted_cli_stack.hpp"

#include "app/host_application.hpp"

#include <uap/editor_sim/simulated_editor.hpp>

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

namespace {

using namespace std::chrono_literals;
using uap::agent_test::PanelClient;
using uap::testing::ToolStack;

bool has_items(const rapidjson::Document& message, rapidjson::SizeType items, rapidjson::SizeType attached) {
    return message.HasMember("type") && std::string(message["type"].GetString()) == "scene_context" && message["items"].Size() == items &&
           message["attached"].Size() == attached;
}

TEST(SceneContext, PinsAndSketchesAreOfferedAttachedAndSentWithTheNextMessage) {
    // A scripted stand-in for the CLI (tests/agent/fake-cli) takes the message; the transcript shows its text.
    ToolStack stack(uap::testing::scripted_cli_options({"FAKE_CLI_MODE=stream", "FAKE_CLI_DELTAS=1"}));
    PanelClient panel(stack.port(), stack.token("panel"));
    ASSERT_GE(panel.wait_for_type("snapshot", 10s), 0); // Subscribed: later events reach this front-end.
    auto& editor = *stack.host().editor().simulated_editor();
    ASSERT_EQ(editor.place_pin(R"({"position":[1,0,2],"object":{"scenePath":"/Player"}})"), "");
    ASSERT_EQ(editor.finish_stroke(R"({"points":[[0,0,0],[3,0,4]],"closed":false})"), "");
    int offered = panel.wait_for([](const rapidjson::Document& message) { return has_items(message, 2, 0); }, 10s);
    ASSERT_GE(offered, 0) << "no scene_context with two items";
    auto items = panel.message(static_cast<size_t>(offered));
    EXPECT_EQ(std::string(items["items"][0]["id"].GetString()), "P1");
    EXPECT_NE(std::string(items["items"][0]["text"].GetString()).find("on /Player"), std::string::npos);
    EXPECT_NE(std::string(items["items"][1]["text"].GetString()).find("length 5.00"), std::string::npos);

    panel.send(R"({"type":"attach_scene_context","id":1,"ids":["P9"]})");
    int refused = panel.wait_for([](const rapidjson::Document& message) {
        return message.HasMember("type") && std::string(message["type"].GetString()) == "command_result" && !message["ok"].GetBool();
    }, 10s);
    ASSERT_GE(refused, 0);
    EXPECT_NE(std::string(panel.message(static_cast<size_t>(refused))["error"].GetString()).find("'P9' is not a current pin"), std::string::npos);

    panel.send(R"({"type":"attach_scene_context","id":2,"ids":["P1","S1"]})");
    ASSERT_GE(panel.wait_for([](const rapidjson::Document& message) { return has_items(message, 2, 2); }, 10s), 0);
    panel.send(R"({"type":"send","id":3,"text":"put a door here"})");
    int sent = panel.wait_for([](const rapidjson::Document& message) {
        return message.HasMember("type") && std::string(message["type"].GetString()) == "user_message";
    }, 10s);
    ASSERT_GE(sent, 0) << "the message did not reach the transcript";
    std::string text = panel.message(static_cast<size_t>(sent))["text"].GetString();
    EXPECT_EQ(text.rfind("Scene context the user attached", 0), 0u) << text;
    EXPECT_NE(text.find("- P1: pin at (1.00, 0.00, 2.00) on /Player"), std::string::npos) << text;
    EXPECT_NE(text.find("- S1: sketch of 2 points"), std::string::npos) << text;
    EXPECT_NE(text.find("put a door here"), std::string::npos) << text;
    // Attachments go with one message only.
    EXPECT_GE(panel.wait_for([](const rapidjson::Document& message) { return has_items(message, 2, 0); }, 10s, static_cast<size_t>(offered) + 1), 0);

    // A front-end that connects now reads the current items without changing them.
    PanelClient late(stack.port(), stack.token("panel"));
    ASSERT_GE(late.wait_for_type("snapshot", 10s), 0);
    late.send(R"({"type":"attach_scene_context","id":9})");
    int state = late.wait_for([](const rapidjson::Document& message) {
        return message.HasMember("type") && std::string(message["type"].GetString()) == "command_result" && message.HasMember("items");
    }, 10s);
    ASSERT_GE(state, 0);
    EXPECT_EQ(late.message(static_cast<size_t>(state))["items"].Size(), 2u);
    EXPECT_EQ(late.message(static_cast<size_t>(state))["attached"].Size(), 0u);

    stack.call("uap_scene_open", R"({"path":"Assets/Scenes/SampleScene.unity","discardUnsaved":true})");
    EXPECT_GE(panel.wait_for([](const rapidjson::Document& message) { return has_items(message, 0, 0); }, 10s), 0);
}

} // namespace

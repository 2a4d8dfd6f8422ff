// Context chips on the panel protocol: the editor offers pins, sketches, the selection and the newest
// Console errors (context events), a front-end attaches some or drops assets and objects
// (attach_context, add_context), and the next message carries them ahead of its text in the
// documented form; hostile ids and paths are refused with the fix, and a new scene drops the pins.
#include "fakes/eventually.hpp"
#include "panel_client.hpp"
#include "scripted_cli_stack.hpp"

#include "app/host_application.hpp"

#include <uap/editor_sim/simulated_editor.hpp>

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

namespace {

using namespace std::chrono_literals;
using uap::agent_test::PanelClient;
using uap::testing::ToolStack;

bool is_type(const rapidjson::Document& message, const char* type) {
    return message.HasMember("type") && std::string(message["type"].GetString()) == type;
}

std::set<std::string> ids_of(const rapidjson::Value& items) {
    std::set<std::string> ids;
    for (const auto& item : items.GetArray())
        ids.insert(item["id"].GetString());
    return ids;
}

// The newest context event whose items are exactly `ids` and whose attached are exactly `attached`.
int wait_for_chips(PanelClient& panel, std::set<std::string> ids, std::set<std::string> attached, size_t from = 0) {
    std::set<std::string> attached_ids;
    return panel.wait_for([&](const rapidjson::Document& message) {
        if (!is_type(message, "context"))
            return false;
        std::set<std::string> now_attached;
        for (const auto& id : message["attached"].GetArray())
            now_attached.insert(id.GetString());
        return ids_of(message["items"]) == ids && now_attached == attached;
    }, 10s, from);
}

const rapidjson::Value* item(const rapidjson::Document& message, const std::string& id) {
    for (const auto& entry : message["items"].GetArray())
        if (id == entry["id"].GetString())
            return &entry;
    return nullptr;
}

struct Result {
    bool ok = false;
    std::string error;
};

Result command(PanelClient& panel, const std::string& json, int id) {
    panel.send(json);
    int found = panel.wait_for([&](const rapidjson::Document& message) {
        return is_type(message, "command_result") && message.HasMember("id") && message["id"].IsInt() && message["id"].GetInt() == id;
    }, 10s);
    if (found < 0)
        return {false, "no command_result"};
    auto reply = panel.message(static_cast<size_t>(found));
    return {reply["ok"].GetBool(), reply.HasMember("error") ? reply["error"].GetString() : ""};
}

std::string sent_text(PanelClient& panel, size_t from) {
    int sent = panel.wait_for([](const rapidjson::Document& message) { return is_type(message, "user_message"); }, 10s, from);
    if (sent < 0)
        return "(no user_message)";
    auto message = panel.message(static_cast<size_t>(sent));
    return message.HasMember("attached_context") ? message["attached_context"].GetString() : std::string();
}

TEST(ContextChips, PinsSketchesSelectionAndConsoleErrorsAreOfferedAttachedAndSentOnce) {
    // A scripted stand-in for the CLI (tests/agent/fake-cli) takes the message.
    ToolStack stack(uap::testing::scripted_cli_options({"FAKE_CLI_MODE=stream", "FAKE_CLI_DELTAS=1"}));
    PanelClient panel(stack.port(), stack.token("panel"));
    ASSERT_GE(panel.wait_for_type("snapshot", 10s), 0); // Subscribed: later events reach this front-end.
    auto& editor = *stack.host().editor().simulated_editor();
    editor.send_event("selectionChanged", R"({"objects":[{"instanceId":42,"name":"Player","type":"UnityEngine.GameObject","path":"/Player"},)"
                                          R"({"instanceId":7,"name":"Red","type":"UnityEngine.Material","assetPath":"Assets/Red.mat"}],"count":2})");
    editor.send_event("consoleError", R"json({"type":"exception","message":"NullReferenceException: Object reference not set\nat Player.Update ()"})json");
    editor.send_event("consoleError", R"json({"type":"exception","message":"NullReferenceException: Object reference not set\nat Player.Update ()","count":2})json");
    // The sketch comes last, so the first event with all five chips has everything before it.
    ASSERT_EQ(editor.place_pin(R"({"position":[1,0,2],"object":{"scenePath":"/Player"}})"), "");
    ASSERT_EQ(editor.finish_stroke(R"({"points":[[0,0,0],[3,0,4]],"closed":false})"), "");
    int offered = wait_for_chips(panel, {"scene", "P1", "S1", "selection", "console"}, {});
    ASSERT_GE(offered, 0) << "no context event with the five chips";
    auto chips = panel.message(static_cast<size_t>(offered));
    EXPECT_NE(std::string((*item(chips, "P1"))["text"].GetString()).find("on /Player"), std::string::npos);
    EXPECT_NE(std::string((*item(chips, "S1"))["text"].GetString()).find("length 5.00"), std::string::npos);
    std::string selection = (*item(chips, "selection"))["text"].GetString();
    EXPECT_EQ(selection, "selected in the editor (2):\n- object /Player (GameObject) #42\n- asset Assets/Red.mat (Material) #7");
    EXPECT_EQ(std::string((*item(chips, "selection"))["label"].GetString()), "2 selected");
    EXPECT_EQ((*item(chips, "selection"))["bytes"].GetUint64(), selection.size());
    // Identical errors fold into one line with their count; only the first line of each is kept.
    EXPECT_EQ(std::string((*item(chips, "console"))["text"].GetString()),
              "newest Console errors:\n- exception: NullReferenceException: Object reference not set (x3)");
    EXPECT_EQ(std::string((*item(chips, "console"))["label"].GetString()), "3 Console errors");
    EXPECT_EQ((*item(chips, "scene"))["bytes"].GetUint64(), 0u) << "the scene summary is made when it is attached";

    auto refused = command(panel, R"({"type":"attach_context","id":1,"ids":["P9"]})", 1);
    EXPECT_FALSE(refused.ok);
    EXPECT_NE(refused.error.find("'P9' is not a current chip; the context event lists them"), std::string::npos) << refused.error;
    refused = command(panel, R"({"type":"attach_context","id":2,"ids":"P1"})", 2);
    EXPECT_NE(refused.error.find("needs ids: an array"), std::string::npos) << refused.error;

    ASSERT_TRUE(command(panel, R"({"type":"attach_context","id":3,"ids":["P1","S1","selection","console","scene"]})", 3).ok);
    int attached = wait_for_chips(panel, {"scene", "P1", "S1", "selection", "console"}, {"scene", "P1", "S1", "selection", "console"});
    ASSERT_GE(attached, 0);
    std::string summary = (*item(panel.message(static_cast<size_t>(attached)), "scene"))["text"].GetString();
    EXPECT_EQ(summary.rfind("open scenes:\n- ", 0), 0u) << summary;
    EXPECT_NE(summary.find("root objects:\n- /"), std::string::npos) << summary;
    size_t before_send = panel.count();
    panel.send(R"({"type":"send","id":4,"text":"put a door here"})");
    std::string context = sent_text(panel, before_send);
    EXPECT_EQ(context.rfind("Context the user attached to this message, one chip per block:\n", 0), 0u) << context;
    EXPECT_NE(context.find("[P1 pin] pin at (1.00, 0.00, 2.00) on /Player\n"), std::string::npos) << context;
    EXPECT_NE(context.find("[S1 sketch] sketch of 2 points"), std::string::npos) << context;
    EXPECT_NE(context.find("[selection selection] " + selection + "\n"), std::string::npos) << context;
    EXPECT_NE(context.find("[console console] newest Console errors:"), std::string::npos) << context;
    EXPECT_NE(context.find("[scene scene] " + summary), std::string::npos) << context;
    EXPECT_NE(context.find("(Full pin and sketch data: uap_marker_list, uap_stroke_list.)"), std::string::npos) << context;
    // Attachments go with one message; the errors it told are gone, the rest stays offered.
    EXPECT_GE(wait_for_chips(panel, {"scene", "P1", "S1", "selection"}, {}, before_send), 0);

    // A front-end that connects now reads the chips without changing them.
    PanelClient late(stack.port(), stack.token("panel"));
    ASSERT_GE(late.wait_for_type("snapshot", 10s), 0);
    late.send(R"({"type":"attach_context","id":9})");
    int state = late.wait_for([](const rapidjson::Document& message) { return is_type(message, "command_result") && message.HasMember("items"); }, 10s);
    ASSERT_GE(state, 0);
    EXPECT_EQ(late.message(static_cast<size_t>(state))["items"].Size(), 4u);
    EXPECT_EQ(late.message(static_cast<size_t>(state))["attached"].Size(), 0u);

    // Nothing selected: no selection chip. A new scene: the pins and sketches go.
    editor.send_event("selectionChanged", R"({"objects":[],"count":0})");
    EXPECT_GE(wait_for_chips(panel, {"scene", "P1", "S1"}, {}), 0);
    stack.call("uap_scene_open", R"({"path":"Assets/Scenes/SampleScene.unity","discardUnsaved":true})");
    EXPECT_GE(wait_for_chips(panel, {"scene"}, {}), 0);
}

TEST(ContextChips, DroppedAssetsAndObjectsAreCheckedAttachedAndGoneAfterTheMessage) {
    ToolStack stack(uap::testing::scripted_cli_options({"FAKE_CLI_MODE=stream", "FAKE_CLI_DELTAS=1"}));
    std::filesystem::create_directories(stack.project() / "Assets" / "Scripts");
    std::ofstream(stack.project() / "Assets" / "Scripts" / "Player.cs") << "class Player {}";
    std::filesystem::path outside = stack.project().parent_path() / ("outside-" + stack.project().filename().string());
    std::filesystem::create_directories(outside);
    std::ofstream(outside / "secret.txt") << "secret";
    std::filesystem::create_symlink(outside / "secret.txt", stack.project() / "Assets" / "Planted.txt");
    PanelClient panel(stack.port(), stack.token("panel"));
    ASSERT_GE(panel.wait_for_type("snapshot", 10s), 0);

    struct Hostile {
        int id;
        const char* command;
        const char* refusal;
    };
    const Hostile hostile[] = {
        {10, R"({"type":"add_context","id":10,"asset":"Assets/../../etc/passwd"})", "'..'"},
        {11, R"({"type":"add_context","id":11,"asset":"/etc/passwd"})", "not under Assets/ or Packages/"},
        {12, R"({"type":"add_context","id":12,"asset":"Assets/Planted.txt"})", "link"},
        {13, R"({"type":"add_context","id":13,"asset":"Assets/Missing.cs"})", "nothing is at Assets/Missing.cs"},
        {14, R"({"type":"add_context","id":14,"asset":"Assets/a\nb"})", "control character"},
        {15, R"({"type":"add_context","id":15,"object":"Player"})", "starts with '/'"},
        {16, R"({"type":"add_context","id":16,"asset":"Assets/A.cs","object":"/A"})", "exactly one of asset"},
        {17, R"({"type":"add_context","id":17})", "exactly one of asset"},
    };
    for (const auto& attempt : hostile) {
        auto result = command(panel, attempt.command, attempt.id);
        EXPECT_FALSE(result.ok) << attempt.command;
        EXPECT_NE(result.error.find(attempt.refusal), std::string::npos) << attempt.command << " → " << result.error;
    }
    std::string long_path = R"({"type":"add_context","id":18,"object":"/)" + std::string(2000, 'x') + R"("})";
    EXPECT_NE(command(panel, long_path, 18).error.find("longer than 1024 bytes"), std::string::npos);

    ASSERT_TRUE(command(panel, R"({"type":"add_context","id":20,"asset":"Assets/Scripts/Player.cs"})", 20).ok);
    ASSERT_TRUE(command(panel, R"({"type":"add_context","id":21,"object":"/Level/Door"})", 21).ok);
    ASSERT_TRUE(command(panel, R"({"type":"add_context","id":22,"object":"/Level/Door"})", 22).ok) << "dropped twice: one chip";
    int dropped = wait_for_chips(panel, {"scene", "D1", "D2"}, {"D1", "D2"});
    ASSERT_GE(dropped, 0);
    auto chips = panel.message(static_cast<size_t>(dropped));
    EXPECT_EQ(std::string((*item(chips, "D1"))["text"].GetString()),
              "asset Assets/Scripts/Player.cs, 15 bytes (its content is not included; read it if needed)");
    EXPECT_EQ(std::string((*item(chips, "D1"))["label"].GetString()), "Player.cs");
    EXPECT_EQ(std::string((*item(chips, "D2"))["text"].GetString()), "object /Level/Door (dropped from the hierarchy)");

    // Detaching a dropped chip removes it; a slash command leaves the others for the next message.
    ASSERT_TRUE(command(panel, R"({"type":"attach_context","id":23,"ids":["D1"]})", 23).ok);
    ASSERT_GE(wait_for_chips(panel, {"scene", "D1"}, {"D1"}), 0);
    size_t before_send = panel.count();
    panel.send(R"({"type":"send","id":24,"text":"what does this script do?"})");
    EXPECT_EQ(sent_text(panel, before_send),
              "Context the user attached to this message, one chip per block:\n"
              "[D1 asset] asset Assets/Scripts/Player.cs, 15 bytes (its content is not included; read it if needed)\n\n");
    EXPECT_GE(wait_for_chips(panel, {"scene"}, {}, before_send), 0);
    std::filesystem::remove_all(outside);
}

} // namespace

namespace {

TEST(ContextChips, AFloodOfConsoleErrorsChangesTheChipsAboutOnceASecond) {
    ToolStack stack(uap::testing::scripted_cli_options({"FAKE_CLI_MODE=stream"}));
    PanelClient panel(stack.port(), stack.token("panel"));
    ASSERT_GE(panel.wait_for_type("snapshot", 10s), 0);
    auto& editor = *stack.host().editor().simulated_editor();
    size_t before = panel.count();
    // The simulator, unlike Unity's relay, does not fold a flood: every error reaches the host.
    for (int index = 0; index < 300; ++index)
        editor.send_event("consoleError", R"({"type":"error","message":"Shader error )" + std::to_string(index % 7) + R"("})");
    int settled = panel.wait_for([](const rapidjson::Document& message) {
        if (!is_type(message, "context"))
            return false;
        for (const auto& entry : message["items"].GetArray())
            if (std::string(entry["id"].GetString()) == "console")
                return std::string(entry["label"].GetString()) == "300 Console errors";
        return false;
    }, 10s, before);
    ASSERT_GE(settled, 0) << "the chip comes to count all 300";
    size_t events = 0;
    for (size_t index = before; index <= static_cast<size_t>(settled); ++index)
        events += is_type(panel.message(index), "context");
    EXPECT_LE(events, 6u) << "the first error at once, then at most one event per tick";
    auto chips = panel.message(static_cast<size_t>(settled));
    std::string text = (*item(chips, "console"))["text"].GetString();
    EXPECT_NE(text.find("error: Shader error"), std::string::npos) << text;
    EXPECT_LE(std::count(text.begin(), text.end(), '\n'), 5) << "the five newest distinct errors: " << text;
}

} // namespace

// Editor events on the simulator through real WebSockets: play mode, selection, prefab stage, a modal
// dialog, Console errors and a failed compile reach every front-end (editor_event, status.editor)
// and open the agent's next message; a flood of Console errors arrives folded, with counts.
#include "fakes/eventually.hpp"
#include "panel_client.hpp"
#include "scripted_cli_stack.hpp"

#include "app/host_application.hpp"
#include "panel/editor_activity.hpp"
#include "support/json_writer.hpp"

#include <uap/editor_sim/simulated_editor.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

namespace {

using namespace std::chrono_literals;
using uap::agent_test::PanelClient;
using uap::testing::ToolStack;

std::string type_of(const rapidjson::Document& message) {
    return message.IsObject() && message.HasMember("type") && message["type"].IsString() ? message["type"].GetString() : "";
}

std::string text_of(const rapidjson::Value& message, const char* name) {
    return message.IsObject() && message.HasMember(name) && message[name].IsString() ? message[name].GetString() : "";
}

// The host with the scripted CLI as its agent (it appends each user line it reads to <log>.users),
// and one panel subscribed to its events.
struct AgentAndPanel {
    explicit AgentAndPanel(const std::string& name)
        : log(std::filesystem::temp_directory_path() / ("uap-" + name + "-" + std::to_string(::getpid()))),
          stack(uap::testing::scripted_cli_options({"FAKE_CLI_MODE=stream", "FAKE_CLI_DELTAS=1", "FAKE_CLI_LOG=" + log.string()})),
          panel(stack.port(), stack.token("panel")) {
        subscribed = panel.wait_for_type("snapshot", 10s) >= 0;
    }
    ~AgentAndPanel() {
        std::filesystem::remove(log.string() + ".users");
        std::filesystem::remove(log);
    }
    uap::editor_sim::SimulatedEditor& editor() { return *stack.host().editor().simulated_editor(); }

    std::filesystem::path log;
    ToolStack stack;
    PanelClient panel;
    bool subscribed = false;
};

std::string read_all(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// Sends a message and returns its user_message event's index.
int send_message(PanelClient& panel, const std::string& text, size_t from) {
    uap::json::TextWriter command;
    panel.send(command.begin_object().field("type", "send").field("text", text).end_object().text());
    return panel.wait_for([&](const rapidjson::Document& message) { return type_of(message) == "user_message" && text_of(message, "text") == text; },
                          10s, from);
}

int wait_for_kind(PanelClient& panel, const std::string& kind, size_t from = 0) {
    return panel.wait_for([&](const rapidjson::Document& message) { return type_of(message) == "editor_event" && text_of(message, "kind") == kind; },
                          10s, from);
}

TEST(EditorActivity, EachEditorEventReachesThePanelsAndTheAgentsNextTurn) {
    AgentAndPanel host("editor-activity");
    ASSERT_TRUE(host.subscribed);
    auto& log = host.log;
    auto& stack = host.stack;
    auto& panel = host.panel;
    // A first message, so the next one carries only what happens below.
    ASSERT_GE(send_message(panel, "first", 0), 0);
    ASSERT_GE(panel.wait_for_type("turn_finished", 10s), 0);

    auto& editor = host.editor();
    size_t start = panel.count();
    stack.editor("selection.set", R"({"objects":[{"scenePath":"/Player"}]})");
    stack.editor("prefabStage.open", R"({"assetPath":"Assets/Prefabs/Crate.prefab"})");
    stack.editor("playmode.set", R"({"state":"playing"})");
    editor.send_event("consoleError", R"json({"type":"exception","message":"NullReferenceException: Object reference not set\n  at Player.Update ()"})json");
    editor.inject_modal("Save Scene?", 100ms);
    for (const char* kind : {"selection", "prefab_stage", "play_mode", "console_error", "modal_dialog"})
        EXPECT_GE(wait_for_kind(panel, kind, start), 0) << kind;
    int selection = wait_for_kind(panel, "selection", start);
    ASSERT_GE(selection, 0);
    EXPECT_EQ(text_of(panel.message(static_cast<size_t>(selection)), "text"), "selection: 1 item: /Player");
    // The modal's close follows its open; the host only reports it.
    ASSERT_GE(panel.wait_for([](const rapidjson::Document& message) {
        return text_of(message, "kind") == "modal_dialog" && message.HasMember("open") && !message["open"].GetBool();
    }, 10s, start), 0);
    // A front-end reads the state now in the status.
    int status = panel.wait_for([](const rapidjson::Document& message) {
        return type_of(message) == "status" && message["status"].HasMember("editor") && text_of(message["status"]["editor"], "play_mode") == "playing" &&
               text_of(message["status"]["editor"], "prefab_stage") == "Assets/Prefabs/Crate.prefab";
    }, 10s, start);
    EXPECT_GE(status, 0) << "no status with the editor's play mode and prefab stage";

    int sent = send_message(panel, "what now?", start);
    ASSERT_GE(sent, 0);
    std::string context = text_of(panel.message(static_cast<size_t>(sent)), "editor_context");
    EXPECT_EQ(context.rfind("[What happened in the Unity editor", 0), 0u) << context;
    for (const char* expected : {"- selection: 1 item: /Player", "- prefab mode: Assets/Prefabs/Crate.prefab is open", "- play mode: edit -> playing",
                                 "exception x1: NullReferenceException: Object reference not set", "modal dialog was open and has been closed: \"Save Scene?\""})
        EXPECT_NE(context.find(expected), std::string::npos) << expected << "\n" << context;
    // The CLI read the block ahead of the user's text.
    ASSERT_TRUE(uap::testing::eventually([&] { return read_all(log.string() + ".users").find("what now?") != std::string::npos; }, 10s));
    std::string users = read_all(log.string() + ".users");
    EXPECT_LT(users.find("[What happened in the Unity editor"), users.find("what now?")) << users;
    ASSERT_GE(panel.wait_for_type("turn_finished", 10s, static_cast<size_t>(sent)), 0);

    // Nothing happened since: the next message carries no block.
    int quiet = send_message(panel, "and now?", static_cast<size_t>(sent) + 1);
    ASSERT_GE(quiet, 0);
    EXPECT_FALSE(panel.message(static_cast<size_t>(quiet)).HasMember("editor_context"));
    ASSERT_GE(panel.wait_for_type("turn_finished", 10s, static_cast<size_t>(quiet)), 0);

    // Leaving prefab mode and play mode is told the same way.
    size_t later = panel.count();
    stack.editor("prefabStage.close", "{}");
    stack.editor("playmode.set", R"({"state":"edit"})");
    int closed = panel.wait_for([](const rapidjson::Document& message) {
        return text_of(message, "kind") == "prefab_stage" && message.HasMember("opened") && !message["opened"].GetBool();
    }, 10s, later);
    ASSERT_GE(closed, 0);
    EXPECT_EQ(text_of(panel.message(static_cast<size_t>(closed)), "asset_path"), "Assets/Prefabs/Crate.prefab");
    ASSERT_GE(wait_for_kind(panel, "play_mode", later), 0);
    int after = send_message(panel, "and then?", later);
    ASSERT_GE(after, 0);
    std::string closing = text_of(panel.message(static_cast<size_t>(after)), "editor_context");
    EXPECT_NE(closing.find("- prefab mode: Assets/Prefabs/Crate.prefab was closed"), std::string::npos) << closing;
    EXPECT_NE(closing.find("- play mode: playing -> edit (back in edit mode"), std::string::npos) << closing;
    EXPECT_EQ(closing.find("selection:"), std::string::npos) << "only what happened since the previous message: " << closing;
}

TEST(EditorActivity, AFailedCompileOpensTheNextTurnAndShowsInTheStatus) {
    AgentAndPanel host("editor-compile");
    ASSERT_TRUE(host.subscribed);
    auto& panel = host.panel;
    auto& editor = host.editor();
    editor.send_event("compileStarted", "{}");
    editor.send_event("compileFinished", R"({"errors":[{"file":"Assets/Scripts/Broken.cs","line":3,"column":14,"message":"error CS1002: ; expected",)"
                                         R"("severity":"error","assembly":"Assembly-CSharp"}],"warnings":[],"errorCount":1,"warningCount":0})");
    int compiled = panel.wait_for([](const rapidjson::Document& message) {
        return text_of(message, "kind") == "compile" && text_of(message, "state") == "compile_failed";
    }, 10s);
    ASSERT_GE(compiled, 0);
    // The line carries its message key and values, so a front-end shows it in its own language.
    auto compile_event = panel.message(static_cast<size_t>(compiled));
    EXPECT_EQ(text_of(compile_event, "key"), "editor_compile_failed_first");
    ASSERT_TRUE(compile_event.HasMember("params") && compile_event["params"].IsObject());
    EXPECT_EQ(text_of(compile_event["params"], "where"), "Assets/Scripts/Broken.cs(3,14)");
    EXPECT_EQ(text_of(compile_event["params"], "count"), "1");
    EXPECT_EQ(text_of(compile_event, "text"), "the scripts do not compile: 1 error(s); first: Assets/Scripts/Broken.cs(3,14): error CS1002: ; expected");
    // A slash command must start its message, so it carries no block; the block waits for the next message.
    int command = send_message(panel, "/cost", 0);
    ASSERT_GE(command, 0);
    EXPECT_FALSE(panel.message(static_cast<size_t>(command)).HasMember("editor_context"));
    ASSERT_GE(panel.wait_for_type("turn_finished", 10s, static_cast<size_t>(command)), 0);
    int sent = send_message(panel, "fix it", 0);
    ASSERT_GE(sent, 0);
    std::string context = text_of(panel.message(static_cast<size_t>(sent)), "editor_context");
    EXPECT_NE(context.find("scripts: the scripts do not compile: 1 error(s); first: Assets/Scripts/Broken.cs(3,14)"), std::string::npos) << context;
    EXPECT_NE(context.find("uap_scripts_commit"), std::string::npos) << context;
}

TEST(EditorActivity, AFloodOfConsoleErrorsIsFoldedAndCountedForThePanelsAndTheAgent) {
    AgentAndPanel host("editor-flood");
    ASSERT_TRUE(host.subscribed);
    auto& panel = host.panel;
    auto& editor = host.editor();
    // Listeners run in order on the bridge's connection thread, so once this one has seen an event the
    // host's editor activity (subscribed earlier) has taken it too.
    std::atomic<int> received{0};
    int ticket = host.stack.host().bridge().subscribe([&](const std::string& frame) {
        if (frame.find("\"consoleError\"") != std::string::npos)
            ++received;
    });
    auto started = std::chrono::steady_clock::now();
    for (int index = 0; index < 1000; ++index)
        editor.send_event("consoleError", R"({"type":"error","message":"Shader error in 'Broken': undeclared identifier"})");
    for (int index = 0; index < 40; ++index)
        editor.send_event("consoleError", R"({"type":"error","message":"distinct error )" + std::to_string(index) + "\"}");
    // The last error marks the end of the flood for the wait below.
    editor.send_event("consoleError", R"({"type":"assert","message":"the last one"})");
    auto sending = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
    ASSERT_TRUE(uap::testing::eventually([&] { return received.load() == 1041; }, 20s)) << received.load();
    auto handled = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
    host.stack.host().bridge().unsubscribe(ticket);
    ASSERT_TRUE(uap::testing::eventually([&] {
        // The status's count reaches 1,041 once the host has read every event.
        int status = panel.wait_for([](const rapidjson::Document& message) {
            return type_of(message) == "status" && message["status"].HasMember("editor") &&
                   message["status"]["editor"]["console_errors"].GetUint64() == 1041;
        }, 100ms);
        return status >= 0;
    }, 20s));
    auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
    int sent = send_message(panel, "what broke?", 0);
    ASSERT_GE(sent, 0);
    std::string context = text_of(panel.message(static_cast<size_t>(sent)), "editor_context");
    EXPECT_NE(context.find("- Console: 1041 error entries, 42 distinct"), std::string::npos) << context;
    EXPECT_NE(context.find("error x1000: Shader error in 'Broken': undeclared identifier"), std::string::npos) << context;
    EXPECT_NE(context.find("and 32 more distinct errors (32 entries)"), std::string::npos) << context;
    EXPECT_LE(context.size(), uap::panel::EditorActivity::max_turn_text_bytes);

    size_t published = 0;
    for (size_t index = 0; index < panel.count(); ++index)
        if (text_of(panel.message(index), "kind") == "console_error")
            ++published;
    // Within one window (the flood takes far less than its 10 s), at most 20 reach the panels one by one.
    if (elapsed < 10s) {
        EXPECT_EQ(published, uap::panel::ConsoleDigest::published_per_window);
    }
    EXPECT_LE(published, 2 * uap::panel::ConsoleDigest::published_per_window);
    std::cout << "[ measured ] 1,041 consoleError events sent in " << sending.count() << " ms, all handled by the host after " << handled.count()
              << " ms, counted in the panel's status after " << elapsed.count() << " ms (republished on the 1 s tick); " << published
              << " console_error events reached the panel\n";
}

} // namespace

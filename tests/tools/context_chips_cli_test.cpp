// Context chips reach the model: with the real Claude Code CLI on the simulator and the scripted fake
// Messages API, the chips a panel attaches (the selection, the newest Console error, a dropped asset)
// arrive in the user message the API receives, ahead of the user's words and in the documented form,
// and the next message carries none of them.
#include "cli_stack.hpp"

#include "app/host_application.hpp"
#include "support/json.hpp"

#include <uap/editor_sim/simulated_editor.hpp>

#include <gtest/gtest.h>

#include <fstream>

namespace {

using namespace std::chrono_literals;

bool is_type(const rapidjson::Document& message, const char* type) {
    return message.IsObject() && uap::json::string_field(message, "type").value_or("") == type;
}

// The text of the newest user message in a request body.
std::string last_user_text(const rapidjson::Value& body) {
    std::string text;
    for (const auto& message : body["messages"].GetArray()) {
        if (uap::json::string_field(message, "role").value_or("") != "user")
            continue;
        std::string joined;
        if (message["content"].IsString())
            joined = message["content"].GetString();
        else
            for (const auto& block : message["content"].GetArray())
                joined += uap::json::string_field(block, "text").value_or("");
        if (!joined.empty())
            text = joined;
    }
    return text;
}

TEST(ContextChipsWithRealCli, AttachedChipsOpenTheUserMessageTheModelReceivesAndOnlyThatOne) {
    uap::testing::CliStackOptions options;
    options.steps = [](const std::filesystem::path&) { return std::string(R"([{"text":"fixed it"},{"text":"nothing attached"}])"); };
    uap::testing::CliStack cli(options);
    ASSERT_EQ(cli.problem(), "");
    auto& client = cli.client();
    auto& stack = cli.stack();
    std::filesystem::create_directories(stack.project() / "Assets" / "Scripts");
    std::ofstream(stack.project() / "Assets" / "Scripts" / "Player.cs") << "class Player { void Update() { target.Move(); } }";
    auto& editor = *stack.host().editor().simulated_editor();
    editor.send_event("selectionChanged", R"({"objects":[{"instanceId":42,"name":"Player","type":"UnityEngine.GameObject","path":"/Player"}],"count":1})");
    editor.send_event("consoleError", R"({"type":"exception","message":"NullReferenceException: Object reference not set to an instance of an object"})");
    // Generous waits: ASan builds on a loaded machine; each ends as soon as its message arrives.
    auto context_of_three = [](const rapidjson::Document& message) {
        return is_type(message, "context") && message["items"].Size() == 3; // scene, selection, console
    };
    ASSERT_GE(client.wait_for(context_of_three, 60s), 0) << ::testing::PrintToString(client.texts());
    client.send(R"({"type":"add_context","id":"drop","asset":"Assets/Scripts/Player.cs"})");
    client.send(R"({"type":"attach_context","id":"attach","ids":["selection","console","D1"]})");
    auto attached = [](const rapidjson::Document& message) {
        return is_type(message, "command_result") && uap::json::string_field(message, "id").value_or("") == "attach" &&
               message["ok"].GetBool();
    };
    ASSERT_GE(client.wait_for(attached, 60s), 0) << ::testing::PrintToString(client.texts());
    client.send(R"({"type":"send","text":"Ask Claude to fix: why does Player throw?"})");
    int finished = client.wait_for_type("turn_finished", 90s);
    ASSERT_GE(finished, 0) << ::testing::PrintToString(client.texts());
    client.send(R"({"type":"send","text":"and now?"})");
    ASSERT_GE(client.wait_for_type("turn_finished", 90s, static_cast<size_t>(finished) + 1), 0);

    auto requests = cli.main_requests();
    ASSERT_GE(requests.size(), 2u);
    std::string first = last_user_text(requests[requests.size() - 2]);
    const std::string expected_context =
        "Context the user attached to this message, one chip per block:\n"
        "[selection selection] selected in the editor (1):\n- object /Player (GameObject) #42\n"
        "[console console] newest Console errors:\n- exception: NullReferenceException: Object reference not set to an instance of an object\n"
        "[D1 asset] asset Assets/Scripts/Player.cs, 49 bytes (its content is not included; read it if needed)\n\n";
    EXPECT_NE(first.find(expected_context), std::string::npos) << first;
    EXPECT_LT(first.find(expected_context), first.find("Ask Claude to fix: why does Player throw?")) << first;
    std::string second = last_user_text(requests.back());
    EXPECT_NE(second.find("and now?"), std::string::npos) << second;
    EXPECT_EQ(second.find("Context the user attached"), std::string::npos) << "chips go with one message: " << second;
    if (HasFailure())
        cli.keep_files();
}

} // namespace

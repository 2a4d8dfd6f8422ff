// The discovery tools with the real Claude Code CLI (scripted fake Messages API): the scripted model
// searches in Japanese, then calls a third-party tool and a tool of the real Pro materials pack through
// uap_tool_call. Checked: what the CLI offered the model, what each tool reported (its result as the
// Messages API received it), the material in the simulated editor afterwards, and the permission card
// of the not-undoable Pro tool, which must show that tool and its traits, not the dispatcher's.
// Also: the progress a tool reports while the CLI waits reaches the panels' card of that call.
#include "cli_stack.hpp"

#include "fakes/json_at.hpp"
#include "support/json.hpp"
#include "support/json_writer.hpp"

#include <gtest/gtest.h>

#include <fstream>

namespace {

using namespace std::chrono_literals;

std::string tool_step(const std::string& name, const std::string& input_json) {
    return uap::json::TextWriter().begin_object().key("tool_use").begin_object().field("name", name).raw_field("input", input_json).end_object().end_object().text();
}

// The scripted model's turn: these tool calls in order, then a closing text.
std::string scripted_turn(std::initializer_list<std::string> tool_steps, const std::string& closing) {
    uap::json::TextWriter steps;
    steps.begin_array();
    for (const std::string& step : tool_steps)
        steps.raw(step);
    return steps.begin_object().field("text", closing).end_object().end_array().text();
}

// Every tool_result's text in a request's conversation, in order.
std::vector<std::string> tool_results(const rapidjson::Value& body) {
    std::vector<std::string> texts;
    for (const auto& message : body["messages"].GetArray()) {
        if (!message["content"].IsArray())
            continue;
        for (const auto& block : message["content"].GetArray()) {
            if (uap::json::string_field(block, "type").value_or("") != "tool_result")
                continue;
            std::string text;
            if (block["content"].IsString())
                text = block["content"].GetString();
            else if (block["content"].IsArray())
                for (const auto& part : block["content"].GetArray())
                    text += uap::json::string_field(part, "text").value_or("");
            texts.push_back(text);
        }
    }
    return texts;
}

TEST(ToolDiscoveryWithRealCli, TheModelFindsAndCallsAThirdPartyToolAndAProToolThroughTheDiscoveryTools) {
    uap::testing::CliStackOptions options;
    options.plugin_folders = {UAP_CATALOGUE_PLUGINS, UAP_PRO_PLUGINS};
    options.steps = [](const std::filesystem::path&) {
        return scripted_turn({tool_step("mcp__uap__uap_tool_search", R"({"query":"敵のスポーン"})"),
                              tool_step("mcp__uap__uap_tool_call",
                                        R"({"tool":"levelkit_spawner_add","arguments":{"prefab":"Assets/Enemies/Goblin.prefab","count":3}})"),
                              tool_step("mcp__uap__uap_tool_search", R"({"query":"マテリアルを作成"})"),
                              tool_step("mcp__uap__uap_tool_call", R"({"tool":"uap_material_create","arguments":{"path":"Assets/Materials/Goblin.mat"}})")},
                             "The spawner is placed and the goblins' material is created.");
    };
    uap::testing::CliStack cli(options);
    ASSERT_EQ(cli.problem(), "");
    auto& client = cli.client();
    client.send(R"({"type":"send","text":"敵のスポーンを置いて、ゴブリン用のマテリアルを作成して"})");

    // Creating an asset is not undoable, so the Pro tool is asked about: the card names it and shows its traits.
    int asked = client.wait_for_type("permission_requested", 90s);
    ASSERT_GE(asked, 0) << ::testing::PrintToString(client.texts());
    rapidjson::Document asked_message = client.message(asked); // Owns the card read below.
    const rapidjson::Value& card = asked_message["permission"];
    EXPECT_EQ(uap::json::string_field(card, "tool_name").value_or(""), "mcp__uap__uap_material_create") << uap::json::to_text(card);
    EXPECT_EQ(uap::json::string_field(card, "forwarded_by").value_or(""), "mcp__uap__uap_tool_call");
    ASSERT_TRUE(card.HasMember("metadata")) << uap::json::to_text(card);
    EXPECT_FALSE(card["metadata"]["undoable"].GetBool());
    EXPECT_FALSE(card["metadata"]["destructive"].GetBool()) << "the target's traits, not the dispatcher's (which claims destructive)";
    std::string id = card["permission_id"].GetString();
    client.send(R"({"type":"answer_permission","permission_id":")" + id + R"(","decision":"allow"})");
    int finished = client.wait_for_type("turn_finished", 90s);
    ASSERT_GE(finished, 0) << ::testing::PrintToString(client.texts());
    EXPECT_EQ(client.wait_for_type("permission_requested", 100ms, asked + 1), -1) << "only the not-undoable call was asked about";

    auto requests = cli.main_requests();
    ASSERT_GE(requests.size(), 5u);
    // The pinned CLI defers MCP tools behind its own ToolSearch and names them in the first request's
    // text; either way, what it offers the model is in that request.
    std::string offered = uap::json::to_text(requests.front());
    EXPECT_NE(offered.find("mcp__uap__uap_tool_search"), std::string::npos);
    EXPECT_NE(offered.find("mcp__uap__uap_tool_call"), std::string::npos);
    EXPECT_NE(offered.find("mcp__uap__uap_scene_create_object"), std::string::npos) << "core stays listed";
    EXPECT_EQ(offered.find("levelkit_"), std::string::npos) << "hidden packs cost the model's context nothing";
    EXPECT_EQ(offered.find("uap_material_"), std::string::npos);
    EXPECT_EQ(offered.find("mcp__uap__uap_marker_add"), std::string::npos);
    std::vector<std::string> results = tool_results(requests.back());
    ASSERT_EQ(results.size(), 4u) << ::testing::PrintToString(results);
    EXPECT_NE(results[0].find("\"tool\":\"levelkit_spawner_add\""), std::string::npos) << "the Japanese search found it: " << results[0];
    EXPECT_NE(results[0].find("\"inputSchema\""), std::string::npos);
    EXPECT_EQ(uap::testing::text_at(results[1], "/tool"), "levelkit_spawner_add") << results[1];
    EXPECT_EQ(uap::testing::text_at(results[1], "/observed"), R"({"prefab":"Assets/Enemies/Goblin.prefab","count":3})") << results[1];
    EXPECT_NE(results[2].find("\"tool\":\"uap_material_create\""), std::string::npos) << "the Japanese search found it: " << results[2];
    EXPECT_EQ(uap::testing::text_at(results[3], "/created"), "Assets/Materials/Goblin.mat") << results[3];
    std::string found = cli.stack().editor("material.describe", R"({"assetPath":"Assets/Materials/Goblin.mat"})");
    EXPECT_NE(found.find("\"shader\""), std::string::npos) << "the editor holds the material the tool reported: " << found;
    if (::testing::Test::HasFailure())
        cli.keep_files();
}

TEST(ToolDiscoveryWithRealCli, TheProgressOfAToolReachesThePanelsCardOfTheCall) {
    uap::testing::CliStackOptions options;
    options.plugin_folders = {UAP_PRO_PLUGINS};
    options.steps = [](const std::filesystem::path&) {
        return scripted_turn({tool_step("mcp__uap__uap_tool_call", R"({"tool":"uap_lighting_bake","arguments":{}})")}, "Baked.");
    };
    uap::testing::CliStack cli(options);
    ASSERT_EQ(cli.problem(), "");
    auto& client = cli.client();
    client.send(R"({"type":"send","text":"ライトマップをベイクして"})");

    int started = client.wait_for_type("tool_started", 90s);
    ASSERT_GE(started, 0) << ::testing::PrintToString(client.texts());
    std::string tool_use = client.message(started)["tool_use_id"].GetString();
    int asked = client.wait_for_type("permission_requested", 90s); // A bake is not undoable.
    ASSERT_GE(asked, 0) << ::testing::PrintToString(client.texts());
    std::string id = client.message(asked)["permission"]["permission_id"].GetString();
    client.send(R"({"type":"answer_permission","permission_id":")" + id + R"(","decision":"allow"})");
    int finished = client.wait_for_type("tool_finished", 90s, asked);
    ASSERT_GE(finished, 0) << ::testing::PrintToString(client.texts());

    // Every report between the card's start and its end names this call; the editor's bake reports
    // its phase and a share of 100.
    int reports = 0;
    int baking = 0;
    for (int index = asked; index < finished; ++index) {
        rapidjson::Document event = client.message(index);
        if (uap::json::string_field(event, "type").value_or("") != "tool_progress")
            continue;
        ++reports;
        EXPECT_EQ(uap::json::string_field(event, "tool_use_id").value_or(""), tool_use) << uap::json::to_text(event);
        EXPECT_EQ(event["total"].GetDouble(), 100.0) << uap::json::to_text(event);
        if (uap::json::string_field(event, "message").value_or("").find("baking lightmaps") != std::string::npos)
            ++baking;
    }
    EXPECT_GE(baking, 1) << "the bake's phase reached the card: " << ::testing::PrintToString(client.texts());
    EXPECT_GE(reports, 2) << "a two-second bake reports several times, at most every 200 ms: " << ::testing::PrintToString(client.texts());
    EXPECT_LE(reports, 15) << "reports are paced";
    if (::testing::Test::HasFailure())
        cli.keep_files();
}

} // namespace

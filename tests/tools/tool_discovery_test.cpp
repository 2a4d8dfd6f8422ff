// The tool list that stays small whatever is installed: with core, editor, markers, the five Pro packs
// and a 30-tool third-party pack all enabled, tools/list stays within 12 KB, every enabled tool is found
// by uap_tool_search and runs through uap_tool_call, and every bad input at that boundary is refused
// with its fix.
#include "tool_stack.hpp"

#include "support/json.hpp"
#include "support/json_writer.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <set>

namespace {

using uap::testing::ToolReply;
using uap::testing::ToolStack;

const char* const pro_packs[] = {"uap.pro.prefab", "uap.pro.materials", "uap.pro.animation", "uap.pro.windows", "uap.pro.lighting"};
// The core tools tools/list carries (modules/core/CMakeLists.txt, LISTED_TOOLS); core's others are found by search.
const std::set<std::string> listed_core_tools = {
    "uap_ping",         "uap_query_hierarchy", "uap_object_inspect",   "uap_component_list",    "uap_search",
    "uap_scene_create_object", "uap_scene_destroy_object", "uap_scene_reparent", "uap_scene_rename", "uap_scene_duplicate",
    "uap_transform_set", "uap_property_set",  "uap_component_add",    "uap_component_remove",  "uap_batch",
    "uap_scene_save",   "uap_scripts_commit"};
const char* const hidden_packs[] = {"uap.editor",        "uap.markers",     "uap.pro.prefab",   "uap.pro.materials",
                                    "uap.pro.animation", "uap.pro.windows", "uap.pro.lighting", "com.acme.levelkit"};

// The smallest arguments an input schema accepts: each required property with a value of its type.
std::string minimal_arguments(const rapidjson::Value& schema) {
    uap::json::TextWriter writer;
    writer.begin_object();
    if (schema.HasMember("required"))
        for (const auto& name : schema["required"].GetArray()) {
            writer.key(name.GetString());
            auto properties = schema.FindMember("properties");
            if (properties == schema.MemberEnd() || !properties->value.HasMember(name.GetString())) {
                writer.value("Probe");
                continue;
            }
            const rapidjson::Value& property = properties->value[name.GetString()];
            std::string type = uap::json::string_field(property, "type").value_or("");
            if (property.HasMember("enum"))
                writer.raw(uap::json::to_text(property["enum"][0]));
            else if (type == "number" || type == "integer")
                writer.value(1);
            else if (type == "boolean")
                writer.value(true);
            else if (type == "array")
                writer.begin_array().end_array();
            else if (type == "object")
                writer.begin_object().end_object();
            else
                writer.value("Probe");
        }
    return writer.end_object().text();
}

// The tools/list entry a search match would be if its pack were listed (without an outputSchema).
size_t listed_bytes(const rapidjson::Value& match) {
    const rapidjson::Value& traits = match["traits"];
    uap::json::TextWriter entry;
    entry.begin_object().field("name", match["tool"].GetString()).field("description", match["description"].GetString());
    entry.raw_field("inputSchema", uap::json::to_text(match["inputSchema"])).key("annotations").begin_object();
    entry.field("readOnlyHint", traits["readOnly"].GetBool()).field("destructiveHint", traits["destructive"].GetBool());
    entry.field("idempotentHint", traits["idempotent"].GetBool()).field("openWorldHint", false).end_object().key("_meta").begin_object();
    entry.field("agentpanel.unity/undoable", traits["undoable"].GetBool()).field("agentpanel.unity/longRunning", traits["longRunning"].GetBool());
    return entry.end_object().end_object().text().size() + 1; // The separating comma.
}

std::string forwarded(const std::string& tool, const std::string& arguments_json) {
    return uap::json::TextWriter().begin_object().field("tool", tool).raw_field("arguments", arguments_json).end_object().text();
}

class ToolDiscovery : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        uap::testing::ToolStackOptions options;
        options.plugin_folders = {UAP_CATALOGUE_PLUGINS, UAP_PRO_PLUGINS};
        stack = new ToolStack(options);
    }
    static void TearDownTestSuite() { delete stack; }

    // The top matches of a search, by name.
    static std::vector<std::string> found(const std::string& query, size_t count = 3) {
        ToolReply reply = stack->call("uap_tool_search", uap::json::TextWriter().begin_object().field("query", query).end_object().text());
        EXPECT_FALSE(reply.is_error) << reply.text;
        std::vector<std::string> names;
        if (reply.value.HasMember("matches"))
            for (const auto& match : reply.value["matches"].GetArray())
                if (names.size() < count)
                    names.push_back(match["tool"].GetString());
        return names;
    }
    static bool among(const std::vector<std::string>& names, const std::string& name) {
        return std::find(names.begin(), names.end(), name) != names.end();
    }

    static inline ToolStack* stack = nullptr;
};

TEST_F(ToolDiscovery, ToolsListStaysWithinTwelveKilobytesWithEveryPackEnabled) {
    size_t enabled = stack->pack_tools("uap.core").size(), pro = 0;
    for (const char* pack : hidden_packs)
        enabled += stack->pack_tools(pack).size();
    for (const char* pack : pro_packs)
        pro += stack->pack_tools(pack).size();
    ASSERT_EQ(pro, 21u) << "prefab 6, materials 3, animation 6, windows 5, lighting 1";
    ASSERT_EQ(stack->pack_tools("com.acme.levelkit").size(), 30u);
    std::string body = stack->rpc_body("tools/list", "{}");
    auto listed = uap::json::parse(body);
    ASSERT_TRUE(listed && listed->HasMember("result")) << body.substr(0, 300);
    std::set<std::string> names;
    for (const auto& tool : (*listed)["result"]["tools"].GetArray())
        names.insert(tool["name"].GetString());
    std::cout << "tools/list with core, editor, markers, the five Pro packs and a 30-tool third-party pack (" << enabled
              << " tools enabled): " << names.size() << " listed, " << body.size() << " bytes" << std::endl;
    // Each listed tool's share, largest first: what the decision on the listed core tools rests on.
    std::vector<std::pair<size_t, std::string>> shares;
    for (const auto& tool : (*listed)["result"]["tools"].GetArray())
        shares.emplace_back(uap::json::to_text(tool).size() + 1, tool["name"].GetString());
    std::sort(shares.rbegin(), shares.rend());
    for (const auto& [bytes, name] : shares)
        std::cout << "  " << name << ": " << bytes << " bytes" << std::endl;
    EXPECT_LE(body.size(), 12u * 1024u);
    // Exactly the listed core tools (each with its outputSchema, unless long-running) and the two discovery tools.
    std::set<std::string> expected = listed_core_tools;
    for (const auto& tool : (*listed)["result"]["tools"].GetArray()) {
        if (!tool["_meta"]["agentpanel.unity/longRunning"].GetBool() && std::string(tool["name"].GetString()) != "uap_tool_call") {
            EXPECT_TRUE(tool.HasMember("outputSchema")) << tool["name"].GetString() << " is listed without its outputSchema";
        }
    }
    expected.insert("uap_tool_search");
    expected.insert("uap_tool_call");
    EXPECT_EQ(names, expected);
}

TEST_F(ToolDiscovery, EveryEnabledToolIsFoundBySearchAndRunsThroughToolCall) {
    size_t called = 0, hidden_bytes = 0;
    std::vector<std::string> searched_packs(std::begin(hidden_packs), std::end(hidden_packs));
    searched_packs.insert(searched_packs.begin(), "uap.core");
    for (const std::string& pack : searched_packs)
        for (const std::string& name : stack->pack_tools(pack)) {
            if (listed_core_tools.count(name))
                continue;
            ToolReply search = stack->call("uap_tool_search", uap::json::TextWriter().begin_object().field("query", name).field("limit", 1).end_object().text());
            ASSERT_TRUE(search.value.HasMember("matches") && search.value["matches"].Size() == 1) << name << ": " << search.text;
            const rapidjson::Value& match = search.value["matches"][0];
            ASSERT_EQ(std::string(match["tool"].GetString()), name) << "an exact name is the first match";
            EXPECT_EQ(std::string(match["area"].GetString()), pack);
            EXPECT_FALSE(match["listed"].GetBool()) << name;
            hidden_bytes += listed_bytes(match);
            std::string arguments = minimal_arguments(match["inputSchema"]);
            rapidjson::Document envelope = stack->rpc("tools/call", uap::json::TextWriter().begin_object().field("name", "uap_tool_call")
                                                                    .raw_field("arguments", forwarded(name, arguments)).end_object().text());
            // Reaching the tool is the point: bundled tools may refuse probe values, but as the tool, not as the dispatcher.
            ASSERT_TRUE(envelope.HasMember("result")) << name << ": " << uap::json::to_text(envelope);
            std::string text = envelope["result"]["content"][0]["text"].GetString();
            EXPECT_EQ(text.find("uap_tool_call"), std::string::npos) << name << ": " << text;
            if (pack == "com.acme.levelkit") {
                EXPECT_FALSE(envelope["result"]["isError"].GetBool()) << name << ": " << text;
                auto result = uap::json::parse(text);
                ASSERT_TRUE(result && result->IsObject()) << text;
                EXPECT_EQ(std::string((*result)["tool"].GetString()), name) << "the named tool ran, not another";
                EXPECT_EQ(uap::json::to_text((*result)["observed"]), arguments) << "the tool observed the forwarded arguments";
            }
            ++called;
        }
    EXPECT_EQ(called, 8u + 8u + 4u + 21u + 30u) << "core's 8 unlisted tools, editor, markers, the Pro packs, the third-party pack";
    std::cout << "the " << called << " tools found through uap_tool_search would add about " << hidden_bytes
              << " bytes to tools/list if their packs were listed" << std::endl;
}

TEST_F(ToolDiscovery, ListedCoreToolsAlsoRunThroughToolCall) {
    ToolReply direct = stack->call("uap_component_list", R"({"path":"/Main Camera"})");
    ToolReply through = stack->call("uap_tool_call", forwarded("uap_component_list", R"({"path":"/Main Camera"})"));
    ASSERT_FALSE(through.is_error) << through.text;
    EXPECT_EQ(through.text, direct.text);
}

TEST_F(ToolDiscovery, UnityWordsInEnglishAndJapaneseFindTheirTools) {
    EXPECT_TRUE(among(found("prefab apply overrides"), "uap_prefab_apply_overrides"));
    EXPECT_TRUE(among(found("プレハブのオーバーライドを適用"), "uap_prefab_apply_overrides"));
    EXPECT_TRUE(among(found("マテリアルの色を変える"), "uap_material_set"));
    EXPECT_TRUE(among(found("ライトマップをベイク"), "uap_lighting_bake"));
    EXPECT_TRUE(among(found("アニメーションクリップを作成"), "uap_anim_create_clip"));
    EXPECT_TRUE(among(found("ウィンドウのボタンを押す"), "uap_window_click"));
    EXPECT_TRUE(among(found("スクリーンショットを撮って"), "uap_editor_screenshot"));
    EXPECT_TRUE(among(found("console errors"), "uap_console_logs"));
    EXPECT_TRUE(among(found("run the unit tests"), "uap_tests_run"));
    EXPECT_TRUE(among(found("テストを実行"), "uap_tests_run"));
    EXPECT_TRUE(among(found("playmode tests"), "uap_tests_run"));
    EXPECT_TRUE(among(found("put a marker on the door"), "uap_marker_add"));
    EXPECT_TRUE(among(found("敵のスポーン"), "levelkit_spawner_add"));
    EXPECT_TRUE(among(found("bake navmesh"), "levelkit_navmesh_bake"));
}

TEST_F(ToolDiscovery, CoreToolsLeftOutOfTheListAreFoundByAUnityUsersWords) {
    EXPECT_TRUE(among(found("delete asset"), "uap_asset_delete"));
    EXPECT_TRUE(among(found("create material"), "uap_asset_create"));
    EXPECT_TRUE(among(found("create folder"), "uap_asset_create"));
    EXPECT_TRUE(among(found("find assets"), "uap_asset_find"));
    EXPECT_TRUE(among(found("open scene"), "uap_scene_open"));
    EXPECT_TRUE(among(found("instantiate prefab in scene"), "uap_scene_place_asset"));
    EXPECT_TRUE(among(found("UI anchor preset"), "uap_rect_transform_set"));
    EXPECT_TRUE(among(found("component types"), "uap_query_component_types"));
    EXPECT_TRUE(among(found("job status"), "uap_job_status"));
    EXPECT_TRUE(among(found("シーンを開く"), "uap_scene_open"));
    EXPECT_TRUE(among(found("アセットを削除"), "uap_asset_delete"));
    // A hidden core tool's match carries its outputSchema, as a listed tool's entry does.
    ToolReply match = stack->call("uap_tool_search", R"({"query":"uap_asset_find","limit":1})");
    ASSERT_FALSE(match.is_error) << match.text;
    EXPECT_FALSE(match.value["matches"][0]["listed"].GetBool());
    EXPECT_TRUE(match.value["matches"][0].HasMember("outputSchema")) << match.text;
}

TEST_F(ToolDiscovery, AJapaneseQueryMatchesAToolsJapaneseDescription) {
    // No glossary word and no pack keyword is in this query: only the tool's own Japanese
    // description ("...歩行不可...エリア...") can match it.
    EXPECT_TRUE(among(found("歩行不可のエリアにする"), "levelkit_navmesh_area_set"));
    EXPECT_FALSE(among(found("歩行不可のエリアにする"), "levelkit_navmesh_bake"));
}

TEST_F(ToolDiscovery, AnAreaListsItsToolsAndNoArgumentsListTheAreas) {
    ToolReply areas = stack->call("uap_tool_search", "{}");
    ASSERT_FALSE(areas.is_error) << areas.text;
    std::map<std::string, int> counts;
    for (const auto& area : areas.value["areas"].GetArray())
        counts[area["area"].GetString()] = area["tools"].GetInt();
    EXPECT_EQ(counts["com.acme.levelkit"], 30);
    EXPECT_EQ(counts["uap.pro.prefab"], 6);
    EXPECT_EQ(counts["uap.pro.windows"], 5);
    EXPECT_EQ(counts["uap.markers"], 4);
    ToolReply markers = stack->call("uap_tool_search", R"({"area":"markers","limit":20})");
    ASSERT_FALSE(markers.is_error) << markers.text;
    EXPECT_EQ(markers.value["totalMatches"].GetInt(), 4);
    EXPECT_EQ(markers.value["matches"].Size(), 4u);
    ToolReply nothing = stack->call("uap_tool_search", R"({"query":"zzqx"})");
    EXPECT_EQ(nothing.value["matches"].Size(), 0u);
    EXPECT_TRUE(nothing.value.HasMember("areas")) << "no match lists the areas to browse: " << nothing.text;
}

TEST_F(ToolDiscovery, BadInputAtTheBoundaryIsRefusedWithItsFix) {
    rapidjson::Document unknown = stack->rpc("tools/call", R"({"name":"uap_tool_call","arguments":{"tool":"levelkit_nope","arguments":{}}})");
    ASSERT_TRUE(unknown.HasMember("error")) << uap::json::to_text(unknown);
    std::string message = unknown["error"]["message"].GetString();
    EXPECT_NE(message.find("Unknown tool: levelkit_nope"), std::string::npos) << message;
    EXPECT_NE(message.find("uap_tool_search"), std::string::npos) << "says where the exact name comes from: " << message;

    auto refusal = [](const std::string& arguments) {
        ToolReply reply = stack->call("uap_tool_call", arguments);
        EXPECT_TRUE(reply.is_error) << arguments << " was accepted: " << reply.text;
        return reply.text;
    };
    EXPECT_NE(refusal("{}").find("no \"tool\" named"), std::string::npos);
    EXPECT_NE(refusal(R"({"tool":42})").find("\"tool\" must be a string"), std::string::npos);
    EXPECT_NE(refusal(R"({"tool":"levelkit_grid_snap","arguments":[1]})").find("\"arguments\" must be an object"), std::string::npos);
    EXPECT_NE(refusal(R"({"tool":"levelkit_grid_snap","paths":["/A"]})").find("the target's arguments go inside \"arguments\""), std::string::npos);
    EXPECT_NE(refusal(forwarded("uap_tool_call", R"({"tool":"levelkit_grid_snap"})")).find("no calls through itself"), std::string::npos);
    EXPECT_NE(refusal(forwarded("uap_tool_search", R"({"query":"x"})")).find("call uap_tool_search directly"), std::string::npos);
    std::string large = "{\"paths\":[\"" + std::string(1100 * 1024, 'a') + "\"]}";
    EXPECT_NE(refusal(forwarded("levelkit_grid_snap", large)).find("more than uap_tool_call forwards (1048576)"), std::string::npos);
    // The target's own schema still applies, as on a direct call.
    std::string wrong = refusal(forwarded("levelkit_grid_snap", R"({"paths":"/A"})"));
    EXPECT_NE(wrong.find("paths"), std::string::npos) << wrong;

    ToolReply huge = stack->call("uap_tool_search", uap::json::TextWriter().begin_object().field("query", std::string(100 * 1024, 'q')).end_object().text());
    EXPECT_TRUE(huge.is_error);
    EXPECT_NE(huge.text.find("102400 bytes; at most 500"), std::string::npos) << huge.text;
    ToolReply odd = stack->call("uap_tool_search", R"({"words":"prefab"})");
    EXPECT_TRUE(odd.is_error);
    EXPECT_NE(odd.text.find("\"words\" is not one of them"), std::string::npos) << odd.text;
    ToolReply limit = stack->call("uap_tool_search", R"({"query":"prefab","limit":500})");
    EXPECT_NE(limit.text.find("limit must be an integer from 1 to 20"), std::string::npos) << limit.text;
}

TEST(ToolDiscoveryDisabled, ADisabledPacksToolIsRefusedWithTheCommandThatEnablesIt) {
    uap::testing::ToolStackOptions options;
    options.plugin_folders = {UAP_CATALOGUE_PLUGINS};
    options.settings_json = R"({"modules":{"com.acme.levelkit":{"enabled":false}}})";
    ToolStack stack(options);
    rapidjson::Document refused = stack.rpc("tools/call", R"({"name":"uap_tool_call","arguments":{"tool":"levelkit_grid_snap","arguments":{"paths":["/A"]}}})");
    ASSERT_TRUE(refused.HasMember("error")) << uap::json::to_text(refused);
    std::string message = refused["error"]["message"].GetString();
    EXPECT_NE(message.find("levelkit_grid_snap belongs to module com.acme.levelkit"), std::string::npos) << message;
    EXPECT_NE(message.find("disabled in this project's settings"), std::string::npos) << message;
    EXPECT_NE(message.find("uap-host modules enable com.acme.levelkit"), std::string::npos) << message;
    ToolReply search = stack.call("uap_tool_search", R"({"query":"terrain"})");
    EXPECT_EQ(search.text.find("levelkit_"), std::string::npos) << "a disabled pack's tools are not offered: " << search.text;
}

} // namespace

// The permission defaults: destructive and not-undoable tools (menu items, play mode, asset
// delete and create) ask at every auto-approve level until the user takes their kind out or saves
// a rule for the tool; the choice is saved; bypassPermissions needs a confirmation the host checks.
#include "agent/agent_settings.hpp"
#include "agent/permission_broker.hpp"
#include "fake_cli_project.hpp"
#include "panel/panel_endpoint.hpp"
#include "support/json.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <map>

using namespace uap::agent;
using uap::modules::ToolMetadata;

namespace {

rapidjson::Document empty_input() {
    rapidjson::Document document(rapidjson::kObjectType);
    return document;
}

// The bundled catalogue's metadata for these tools (docs/tools.md; tests/tools pins the real packs).
const std::map<std::string, ToolMetadata, std::less<>> catalogue = {
    {"uap_query_hierarchy", {true, false, false, true, false}},    {"uap_transform_set", {false, true, false, true, false}},
    {"uap_editor_execute_menu", {false, false, true, false, false}}, {"uap_play_mode", {false, false, false, true, false}},
    {"uap_asset_delete", {false, false, true, true, false}},       {"uap_asset_create", {false, false, false, false, false}},
};

BrokerContext context_at(AutoApprove level, const std::vector<std::string>* rules) {
    return BrokerContext{"/p", "/p", level, rules, [](std::string_view tool) -> std::optional<ToolMetadata> {
                             auto found = catalogue.find(tool);
                             return found == catalogue.end() ? std::nullopt : std::optional<ToolMetadata>(found->second);
                         }};
}

Verdict verdict(const std::string& tool, const BrokerContext& context) {
    return decide_permission("mcp__uap__" + tool, empty_input(), context).verdict;
}

const std::vector<AutoApprove> every_level = {AutoApprove::Ask, AutoApprove::ReadOnly, AutoApprove::Undoable, AutoApprove::AllUnityTools,
                                              AutoApprove::AllTools};

} // namespace

TEST(PermissionDefaults, MenuPlayModeDestructiveAndNotUndoableToolsAskAtEveryLevel) {
    std::vector<std::string> rules;
    for (auto level : every_level) {
        auto context = context_at(level, &rules);
        for (const char* tool : {"uap_editor_execute_menu", "uap_play_mode", "uap_asset_delete", "uap_asset_create"})
            EXPECT_EQ(verdict(tool, context), Verdict::Ask) << tool << " at " << to_string(level);
    }
    // The levels still approve what they name: the defaults hold back only the two kinds.
    EXPECT_EQ(verdict("uap_query_hierarchy", context_at(AutoApprove::ReadOnly, &rules)), Verdict::Allow);
    EXPECT_EQ(verdict("uap_transform_set", context_at(AutoApprove::Undoable, &rules)), Verdict::Allow);
    EXPECT_EQ(verdict("uap_transform_set", context_at(AutoApprove::AllTools, &rules)), Verdict::Allow);
    auto listing = uap::json::parse(R"({"command":"ls"})");
    ASSERT_TRUE(listing);
    EXPECT_EQ(decide_permission("Bash", *listing, context_at(AutoApprove::AllTools, &rules)).verdict, Verdict::Allow);
}

TEST(PermissionDefaults, TheUsersChoiceOfKindsOrARuleOverridesThem) {
    std::vector<std::string> rules;
    auto context = context_at(AutoApprove::AllUnityTools, &rules);
    context.always_ask = {};
    for (const char* tool : {"uap_editor_execute_menu", "uap_play_mode", "uap_asset_delete", "uap_asset_create"})
        EXPECT_EQ(verdict(tool, context), Verdict::Allow) << tool;
    // Taking out one kind leaves the other asking.
    context.always_ask = {AlwaysAsk::Destructive};
    EXPECT_EQ(verdict("uap_play_mode", context), Verdict::Allow);
    EXPECT_EQ(verdict("uap_asset_create", context), Verdict::Allow);
    EXPECT_EQ(verdict("uap_editor_execute_menu", context), Verdict::Ask);
    EXPECT_EQ(verdict("uap_asset_delete", context), Verdict::Ask);
    context.always_ask = {AlwaysAsk::NotUndoable};
    EXPECT_EQ(verdict("uap_play_mode", context), Verdict::Ask);
    EXPECT_EQ(verdict("uap_editor_execute_menu", context), Verdict::Ask) << "a menu item is not undoable either";
    // An always-allow rule the user saved for one tool allows it at any level, the others still ask.
    rules = {"mcp__uap__uap_play_mode"};
    auto asking = context_at(AutoApprove::Ask, &rules);
    auto decision = decide_permission("mcp__uap__uap_play_mode", empty_input(), asking);
    EXPECT_EQ(decision.verdict, Verdict::Allow);
    EXPECT_EQ(decision.basis, "rule mcp__uap__uap_play_mode");
    EXPECT_EQ(verdict("uap_editor_execute_menu", context_at(AutoApprove::AllTools, &rules)), Verdict::Ask);
}

TEST(PermissionDefaults, TheFixedAllowListOfACliWithoutThePromptToolLeavesThemOut) {
    AgentSettings settings;
    settings.auto_approve = AutoApprove::AllUnityTools;
    std::vector<std::string> tools = {"uap_transform_set", "uap_play_mode", "uap_editor_execute_menu"};
    auto lookup = context_at(AutoApprove::Ask, nullptr).metadata;
    EXPECT_EQ(static_allow_rules(settings, tools, lookup), (std::vector<std::string>{"mcp__uap__uap_transform_set"}));
    settings.always_ask = {};
    EXPECT_EQ(static_allow_rules(settings, tools, lookup).size(), 3u);
}

TEST(PermissionDefaults, AMissingListMeansTheDefaultsAndASavedOneEvenEmptyIsKept) {
    uap::agent_test::FakeCliProject folder;
    auto file = AgentSettings::file_for(folder.project());
    std::ofstream(file) << R"({"auto_approve":"all_tools"})";
    auto loaded = AgentSettings::load(folder.project());
    ASSERT_TRUE(loaded);
    EXPECT_EQ(loaded->always_ask, default_always_ask());
    EXPECT_EQ(loaded->always_ask, (std::vector<AlwaysAsk>{AlwaysAsk::Destructive, AlwaysAsk::NotUndoable}));
    std::ofstream(file, std::ios::trunc) << R"({"always_ask":[]})";
    loaded = AgentSettings::load(folder.project());
    ASSERT_TRUE(loaded);
    EXPECT_TRUE(loaded->always_ask.empty());
    // Unknown names add nothing; duplicates count once; a save writes the list back.
    std::ofstream(file, std::ios::trunc) << R"({"always_ask":["not_undoable","everything","not_undoable"]})";
    loaded = AgentSettings::load(folder.project());
    ASSERT_TRUE(loaded);
    EXPECT_EQ(loaded->always_ask, (std::vector<AlwaysAsk>{AlwaysAsk::NotUndoable}));
    ASSERT_TRUE(loaded->save(folder.project()));
    auto again = AgentSettings::load(folder.project());
    ASSERT_TRUE(again);
    EXPECT_EQ(again->always_ask, (std::vector<AlwaysAsk>{AlwaysAsk::NotUndoable}));
}

// The bundled packs' real metadata under the permission defaults: menu items, play mode and every
// destructive or not-undoable tool ask at every auto-approve level, read-only and undoable tools
// follow the level, and taking the kinds out lets the top levels approve them.
#include "tool_stack.hpp"

#include "agent/permission_broker.hpp"
#include "app/agent_service.hpp"
#include "app/host_application.hpp"

#include <gtest/gtest.h>

#include <iostream>

namespace {

using uap::agent::AutoApprove;
using uap::agent::BrokerContext;
using uap::agent::Verdict;

Verdict decide(const std::string& tool, const BrokerContext& context) {
    rapidjson::Document input(rapidjson::kObjectType);
    return uap::agent::decide_permission("mcp__uap__" + tool, input, context).verdict;
}

} // namespace

TEST(BundledPermissions, EveryToolUndoCannotTakeBackAsksAtEveryLevelUntilTheUserChoosesOtherwise) {
    uap::testing::ToolStack stack;
    auto metadata = uap::app::metadata_from(stack.host().modules());
    std::vector<std::string> rules;
    size_t asking = 0, tools = 0;
    for (const char* pack : {"uap.core", "uap.editor", "uap.markers"})
        for (auto& tool : stack.pack_tools(pack)) {
            auto facts = metadata(tool);
            ASSERT_TRUE(facts) << tool;
            ++tools;
            bool always_asks = facts->destructive || (!facts->read_only && !facts->undoable);
            asking += always_asks ? 1 : 0;
            for (auto level : {AutoApprove::ReadOnly, AutoApprove::Undoable, AutoApprove::AllUnityTools, AutoApprove::AllTools}) {
                BrokerContext context{"/p", "/p", level, &rules, metadata};
                Verdict expected = always_asks ? Verdict::Ask
                                   : (facts->read_only || level != AutoApprove::ReadOnly) ? Verdict::Allow
                                                                                          : Verdict::Ask;
                EXPECT_EQ(decide(tool, context), expected) << tool << " at " << uap::agent::to_string(level);
                context.always_ask = {};
                if (level == AutoApprove::AllUnityTools || level == AutoApprove::AllTools) {
                    EXPECT_EQ(decide(tool, context), Verdict::Allow) << tool << " at " << uap::agent::to_string(level) << " with no kinds";
                }
            }
        }
    std::cout << asking << " of " << tools << " bundled tools ask at every level by default" << std::endl;
    // The tools the defaults are about carry the metadata that makes them ask.
    for (const char* tool : {"uap_editor_execute_menu", "uap_play_mode", "uap_asset_delete", "uap_asset_create", "uap_scene_open", "uap_scene_save"}) {
        BrokerContext top{"/p", "/p", AutoApprove::AllTools, &rules, metadata};
        EXPECT_EQ(decide(tool, top), Verdict::Ask) << tool;
    }
    auto menu = metadata("uap_editor_execute_menu");
    ASSERT_TRUE(menu);
    EXPECT_TRUE(menu->destructive);
}

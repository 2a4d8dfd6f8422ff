// The tools on a prefab instance: list its overrides, apply them to the prefab asset, revert them on
// the instance, and unpack it into plain objects.
#pragma once

#include "editor_tool.hpp"

namespace uap::pro::prefab {

using core::EditorSession;
using core::EditorTool;

// A prefab tool: its spec in the constructor, its work in run(), and its Japanese description, which
// uap_tool_search matches for users who search in Japanese.
#define UAP_DECLARE_PREFAB_TOOL(ClassName)                                                       \
    class ClassName final : public EditorTool {                                                  \
    public:                                                                                      \
        ClassName();                                                                             \
        sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override; \
        std::string_view japanese_description() const override;                                 \
    };

UAP_DECLARE_PREFAB_TOOL(PrefabGetOverridesTool)
UAP_DECLARE_PREFAB_TOOL(PrefabApplyOverridesTool)
UAP_DECLARE_PREFAB_TOOL(PrefabRevertOverridesTool)
UAP_DECLARE_PREFAB_TOOL(PrefabUnpackTool)

} // namespace uap::pro::prefab

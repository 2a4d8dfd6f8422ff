// The tools on prefab assets: save a scene object as a prefab (or a variant of a prefab), and open or
// close prefab mode.
#pragma once

#include "override_tools.hpp"

namespace uap::pro::prefab {

UAP_DECLARE_PREFAB_TOOL(PrefabCreateTool)

// Opens or closes prefab mode, so it is not refused while prefab mode is open (check_prefab_stage).
class PrefabStageTool final : public EditorTool {
public:
    PrefabStageTool();
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
    std::string_view japanese_description() const override;
    std::optional<std::string> check_prefab_stage(const rapidjson::Value&, EditorSession&) const override { return std::nullopt; }
};

} // namespace uap::pro::prefab

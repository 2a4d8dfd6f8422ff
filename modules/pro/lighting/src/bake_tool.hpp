// uap_lighting_bake: starts a lightmap bake in the editor, polls it without holding the editor's main
// thread, reports its progress, stops it on cancellation, and answers with what the editor observed.
#pragma once

#include "editor_tool.hpp"

namespace uap::lighting {

class LightingBakeTool final : public core::EditorTool {
public:
    LightingBakeTool();
    sdk::ToolResult run(const rapidjson::Value& arguments, core::EditorSession& session) override;
};

} // namespace uap::lighting

// AnimatorController tools: uap_animator_edit adds parameters, layers, states (clips or blend trees),
// transitions with conditions and default states, then reads the controller back with a separate
// primitive; uap_animator_inspect reads one.
#pragma once

#include "editor_tool.hpp"

namespace uap::pro::animation {

using core::EditorSession;
using core::EditorTool;

class AnimatorEditTool final : public EditorTool {
public:
    AnimatorEditTool();
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
    std::string_view japanese_description() const override;
};
class AnimatorInspectTool final : public EditorTool {
public:
    AnimatorInspectTool();
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
    std::string_view japanese_description() const override;
};

} // namespace uap::pro::animation

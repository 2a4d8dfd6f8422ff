// AnimationClip tools: uap_anim_create_clip writes a clip (float and object-reference curves, frame rate,
// loop time, events) and reads it back with a separate primitive; uap_anim_inspect_clip reads one.
#pragma once

#include "editor_tool.hpp"

namespace uap::pro::animation {

using core::EditorSession;
using core::EditorTool;

class AnimCreateClipTool final : public EditorTool {
public:
    AnimCreateClipTool();
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
    std::string_view japanese_description() const override;
};
class AnimInspectClipTool final : public EditorTool {
public:
    AnimInspectClipTool();
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
    std::string_view japanese_description() const override;
};

} // namespace uap::pro::animation

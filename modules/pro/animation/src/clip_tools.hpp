// AnimationClip tools: uap_anim_create_clip writes a clip (float and object-reference curves, frame rate,
// loop time, events) and reads it back with a separate primitive; uap_anim_inspect_clip reads one.
#pragma once

#include "editor_tool.hpp"

namespace uap::pro::animation {

using core::EditorSession;
using core::EditorTool;

UAP_DECLARE_EDITOR_TOOL(AnimCreateClipTool)
UAP_DECLARE_EDITOR_TOOL(AnimInspectClipTool)

} // namespace uap::pro::animation

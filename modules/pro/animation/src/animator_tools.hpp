// AnimatorController tools: uap_animator_edit adds parameters, layers, states (clips or blend trees),
// transitions with conditions and default states, then reads the controller back with a separate
// primitive; uap_animator_inspect reads one.
#pragma once

#include "editor_tool.hpp"

namespace uap::pro::animation {

using core::EditorSession;
using core::EditorTool;

UAP_DECLARE_EDITOR_TOOL(AnimatorEditTool)
UAP_DECLARE_EDITOR_TOOL(AnimatorInspectTool)

} // namespace uap::pro::animation

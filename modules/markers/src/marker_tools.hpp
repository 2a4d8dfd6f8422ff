// The markers pack's tools: add, list and clear Scene-view markers; list the user's sketch strokes.
#pragma once

#include "markers_state.hpp"

#include "editor_tool.hpp"

namespace uap::markers {

#define UAP_DECLARE_MARKER_TOOL(ClassName)                                                                \
    class ClassName final : public core::EditorTool {                                                     \
    public:                                                                                               \
        explicit ClassName(MarkersState& state);                                                          \
        sdk::ToolResult run(const rapidjson::Value& arguments, core::EditorSession& session) override;   \
                                                                                                          \
    private:                                                                                              \
        MarkersState& m_state;                                                                            \
    };

UAP_DECLARE_MARKER_TOOL(MarkerAddTool)
UAP_DECLARE_MARKER_TOOL(MarkerListTool)
UAP_DECLARE_MARKER_TOOL(MarkerClearTool)
UAP_DECLARE_MARKER_TOOL(StrokeListTool)

} // namespace uap::markers

// The editor pack's tools: views (screenshot, Game view size) and editor state (menu items,
// selection, play mode, console).
#pragma once

#include <editor_tool.hpp>

namespace uap::core {

UAP_DECLARE_EDITOR_TOOL(EditorScreenshotTool)
UAP_DECLARE_EDITOR_TOOL(GameViewSizeTool)
UAP_DECLARE_EDITOR_TOOL(ExecuteMenuTool)
UAP_DECLARE_EDITOR_TOOL(EditorSelectTool)
UAP_DECLARE_EDITOR_TOOL(PlayModeTool)
UAP_DECLARE_EDITOR_TOOL(ConsoleLogsTool)
UAP_DECLARE_EDITOR_TOOL(ConsoleClearTool)

} // namespace uap::core

// The editor-window tools: list the open windows, dump a UI Toolkit window's element tree, click a
// button, set a field, and capture one window. Declared here, registered by windows_module.cpp.
#pragma once

#include "editor_tool.hpp"

namespace uap::windows {

using core::EditorCall;
using core::EditorSession;
using core::EditorTool;
using core::ToolSpec;

// An editor tool with its description in Japanese too, as a Unity user there searches for it.
class WindowTool : public EditorTool {
public:
    WindowTool(ToolSpec spec, std::string_view japanese) : EditorTool(spec), m_japanese(japanese) {}
    std::string_view japanese_description() const override { return m_japanese; }

private:
    std::string_view m_japanese;
};

// The writing tools name no scene object and no prefab asset: their element argument is a path in a
// window's tree, and prefab mode changes nothing about a window's buttons and fields.
class WindowWriteTool : public WindowTool {
public:
    using WindowTool::WindowTool;
    std::optional<std::string> target_checks(const rapidjson::Value&, std::vector<EditorCall>&) const override { return std::nullopt; }
    std::optional<std::string> check_prefab_stage(const rapidjson::Value&, EditorSession&) const override { return std::nullopt; }
};

#define UAP_DECLARE_WINDOW_TOOL(ClassName, Base)                                                 \
    class ClassName final : public Base {                                                        \
    public:                                                                                      \
        ClassName();                                                                             \
        sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override; \
    };

UAP_DECLARE_WINDOW_TOOL(WindowListTool, WindowTool)
UAP_DECLARE_WINDOW_TOOL(WindowDumpTool, WindowTool)
UAP_DECLARE_WINDOW_TOOL(WindowScreenshotTool, WindowTool)
UAP_DECLARE_WINDOW_TOOL(WindowClickTool, WindowWriteTool)
UAP_DECLARE_WINDOW_TOOL(WindowSetValueTool, WindowWriteTool)

} // namespace uap::windows

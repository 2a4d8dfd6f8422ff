// Scene object tools: create, destroy, reparent, rename, duplicate.
#pragma once

#include "editor_tool.hpp"

namespace uap::core {

class SceneCreateObjectTool final : public EditorTool {
public:
    SceneCreateObjectTool();
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
    std::optional<std::string> target_checks(const rapidjson::Value& arguments, std::vector<EditorCall>& checks) const override;
};

class SceneDestroyObjectTool final : public EditorTool {
public:
    SceneDestroyObjectTool();
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
};

class SceneReparentTool final : public EditorTool {
public:
    SceneReparentTool();
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
    std::optional<std::string> target_checks(const rapidjson::Value& arguments, std::vector<EditorCall>& checks) const override;
};

class SceneRenameTool final : public EditorTool {
public:
    SceneRenameTool();
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
};

class SceneDuplicateTool final : public EditorTool {
public:
    SceneDuplicateTool();
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
};

} // namespace uap::core

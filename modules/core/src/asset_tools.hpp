// Asset and scene-file tools: find, create, delete (destructive, confirmed), place in the scene,
// save and open scenes.
#pragma once

#include "editor_tool.hpp"

namespace uap::core {

class AssetFindTool final : public EditorTool {
public:
    AssetFindTool();
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
};
class AssetCreateTool final : public EditorTool {
public:
    AssetCreateTool();
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
};
class AssetDeleteTool final : public EditorTool {
public:
    AssetDeleteTool();
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
};
class ScenePlaceAssetTool final : public EditorTool {
public:
    ScenePlaceAssetTool();
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
};
class SceneSaveTool final : public EditorTool {
public:
    SceneSaveTool();
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
};
class SceneOpenTool final : public EditorTool {
public:
    SceneOpenTool();
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
};

} // namespace uap::core

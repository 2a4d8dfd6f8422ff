// Asset and scene-file tools: find, create, delete (destructive, confirmed), place in the scene,
// save and open scenes, and Unity-Search-style search over scene objects and assets.
#pragma once

#include "editor_tool.hpp"

namespace uap::core {

UAP_DECLARE_EDITOR_TOOL(AssetFindTool)
UAP_DECLARE_EDITOR_TOOL(AssetCreateTool)
UAP_DECLARE_EDITOR_TOOL(AssetDeleteTool)
UAP_DECLARE_EDITOR_TOOL(ScenePlaceAssetTool)
UAP_DECLARE_EDITOR_TOOL(SceneSaveTool)
UAP_DECLARE_EDITOR_TOOL(SceneOpenTool)
UAP_DECLARE_EDITOR_TOOL(SearchTool)

} // namespace uap::core

// Asset and scene-file tools: find, create, delete (destructive, confirmed), place in the scene,
// save and open scenes.
#pragma once

#include "editor_tool.hpp"

namespace uap::core {

UAP_DECLARE_EDITOR_TOOL(AssetFindTool)
UAP_DECLARE_EDITOR_TOOL(AssetCreateTool)
UAP_DECLARE_EDITOR_TOOL(AssetDeleteTool)
UAP_DECLARE_EDITOR_TOOL(ScenePlaceAssetTool)
UAP_DECLARE_EDITOR_TOOL(SceneSaveTool)
UAP_DECLARE_EDITOR_TOOL(SceneOpenTool)

} // namespace uap::core

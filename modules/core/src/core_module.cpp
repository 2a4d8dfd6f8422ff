// The core module: registers the tools every host ships with (host status, scene, components,
// properties, transforms, queries, batch).
#include "asset_tools.hpp"
#include "batch_tool.hpp"
#include "component_tools.hpp"
#include "job_status_tool.hpp"
#include "ping_tool.hpp"
#include "property_tools.hpp"
#include "rect_transform_tool.hpp"
#include "scene_tools.hpp"
#include "scripts_commit_tool.hpp"
#include "search_tool.hpp"
#include "transform_query_tools.hpp"

#include <uap/pack_identity.hpp>
#include <uap/sdk/module.hpp>

namespace uap::core {

class CoreModule final : public sdk::Module {
public:
    explicit CoreModule(const sdk::ModuleContext& context) : Module(context) {
        add_tool<PingTool>();
        add_tool<JobStatusTool>();
        add_tool<SceneCreateObjectTool>();
        add_tool<SceneDestroyObjectTool>();
        add_tool<SceneReparentTool>();
        add_tool<SceneRenameTool>();
        add_tool<SceneDuplicateTool>();
        add_tool<ComponentAddTool>();
        add_tool<ComponentRemoveTool>();
        add_tool<ComponentListTool>();
        add_tool<ObjectInspectTool>();
        add_tool<PropertySetTool>();
        add_tool<TransformSetTool>();
        add_tool<RectTransformSetTool>();
        add_tool<QueryHierarchyTool>();
        add_tool<QueryComponentTypesTool>();
        add_tool<AssetFindTool>();
        add_tool<AssetCreateTool>();
        add_tool<AssetDeleteTool>();
        add_tool<ScenePlaceAssetTool>();
        add_tool<SceneSaveTool>();
        add_tool<SceneOpenTool>();
        add_tool<SearchTool>();
        add_tool<ScriptsCommitTool>();
        add_tool<BatchTool>(static_cast<const sdk::Module&>(*this));
    }
};

} // namespace uap::core

UAP_MODULE(uap::core::CoreModule, UAP_PACK_ID, UAP_PACK_VERSION)

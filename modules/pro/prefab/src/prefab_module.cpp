// The Pro prefab pack: prefab assets and variants, overrides listed, applied and reverted, unpacking,
// and prefab mode (docs/pro.md, "pro.prefab").
#include "override_tools.hpp"
#include "prefab_asset_tools.hpp"

#include <uap/pack_identity.hpp>
#include <uap/sdk/module.hpp>

namespace uap::pro::prefab {

class PrefabModule final : public sdk::Module {
public:
    explicit PrefabModule(const sdk::ModuleContext& context) : Module(context) {
        add_tool<PrefabCreateTool>();
        add_tool<PrefabGetOverridesTool>();
        add_tool<PrefabApplyOverridesTool>();
        add_tool<PrefabRevertOverridesTool>();
        add_tool<PrefabUnpackTool>();
        add_tool<PrefabStageTool>();
    }
};

} // namespace uap::pro::prefab

UAP_MODULE(uap::pro::prefab::PrefabModule, UAP_PACK_ID, UAP_PACK_VERSION)

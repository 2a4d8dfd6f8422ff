// The lighting Pro pack (uap.pro.lighting): lightmap bakes that run as jobs, with Unity's lightmapper
// or Bakery.
#include "bake_tool.hpp"

#include <uap/pack_identity.hpp>
#include <uap/sdk/module.hpp>

namespace uap::lighting {

class LightingModule final : public sdk::Module {
public:
    explicit LightingModule(const sdk::ModuleContext& context) : Module(context) { add_tool<LightingBakeTool>(); }
};

} // namespace uap::lighting

UAP_MODULE(uap::lighting::LightingModule, UAP_PACK_ID, UAP_PACK_VERSION)

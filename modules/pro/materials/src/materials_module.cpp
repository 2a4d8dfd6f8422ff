// The materials Pro pack (uap.pro.materials): shader property tables, typed material writes that are
// read back, and materials for the active render pipeline.
#include "material_tools.hpp"

#include <uap/pack_identity.hpp>
#include <uap/sdk/module.hpp>

namespace uap::materials {

class MaterialsModule final : public sdk::Module {
public:
    explicit MaterialsModule(const sdk::ModuleContext& context) : Module(context) {
        add_tool<MaterialShaderPropertiesTool>();
        add_tool<MaterialSetTool>();
        add_tool<MaterialCreateTool>();
    }
};

} // namespace uap::materials

UAP_MODULE(uap::materials::MaterialsModule, UAP_PACK_ID, UAP_PACK_VERSION)

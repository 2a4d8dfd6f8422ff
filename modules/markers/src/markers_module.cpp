// The markers module: a pack with no tools yet. Marker tools arrive with the editor bridge,
// since they render in the Scene view through the shim.
#include <uap/sdk/module.hpp>

namespace uap::markers {

class MarkersModule final : public sdk::Module {
public:
    using Module::Module;
};

} // namespace uap::markers

UAP_MODULE(uap::markers::MarkersModule, "uap.markers", UAP_MARKERS_VERSION)

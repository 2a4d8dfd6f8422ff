// The markers module: Scene-view markers the agent draws, and the pins and sketches the user sends.
// It keeps them in the host (they outlive domain reloads) and follows the editor through events.
#include "marker_tools.hpp"

#include <uap/sdk/events.hpp>
#include <uap/pack_identity.hpp>
#include <uap/sdk/module.hpp>

#include <stdexcept>

namespace uap::markers {

class MarkersModule final : public sdk::Module {
public:
    explicit MarkersModule(const sdk::ModuleContext& context) : Module(context), m_state(this->context()) {
        add_tool<MarkerAddTool>(m_state);
        add_tool<MarkerListTool>(m_state);
        add_tool<MarkerClearTool>(m_state);
        add_tool<StrokeListTool>(m_state);
        uap_status status = m_events.begin(this->context(), R"(["sceneChanged","playModeChanged","reloaded","userPin","strokeFinished"])",
                                           [this](std::string_view name, std::string_view data) { m_state.on_event(name, data); });
        // Without events the pack would keep markers of a closed scene and miss every pin: refuse.
        if (status == UAP_STATUS_UNAVAILABLE)
            throw std::runtime_error("the markers pack needs editor events (host table revision 3), which a module runner does not "
                                     "relay; run it in-process: `uap-host modules inline uap.markers --project DIR`");
        if (status != UAP_STATUS_OK)
            throw std::runtime_error("the markers pack could not subscribe to editor events (status " + std::to_string(status) + ")");
    }

    ~MarkersModule() override { m_events.end(); } // Before m_state goes: the handler uses it.

private:
    MarkersState m_state;
    sdk::EventSubscription m_events;
};

} // namespace uap::markers

UAP_MODULE(uap::markers::MarkersModule, UAP_PACK_ID, UAP_PACK_VERSION)

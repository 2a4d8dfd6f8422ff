// libFuzzer target for the panel's command handler: each input is one command text from a
// front-end, handled by a real agent session that has no CLI running. Every input must get exactly
// one well-formed command_result.
#include "agent/agent_session.hpp"
#include "panel/panel_endpoint.hpp"
#include "panel/panel_hub.hpp"
#include "support/json.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string_view>

namespace {

struct World {
    uap::panel::PanelHub hub;
    std::unique_ptr<uap::agent::AgentSession> session;
    std::unique_ptr<uap::panel::PanelEndpoint> endpoint;

    World() {
        char pattern[] = "/tmp/uap-panel-fuzz-XXXXXX";
        std::filesystem::path project = ::mkdtemp(pattern);
        uap::agent::AgentOptions options;
        options.project = project;
        // No CLI can be found, so commands that would start one fail with a message instead.
        options.environment_overrides = {"PATH=/nonexistent"};
        session = std::make_unique<uap::agent::AgentSession>(options, hub);
        endpoint = std::make_unique<uap::panel::PanelEndpoint>(hub, *session);
    }
};

} // namespace

World* world = nullptr;

// The session and its settings exist before the first input, so their one-time allocations are
// not charged to it.
extern "C" int LLVMFuzzerInitialize(int*, char***) {
    world = new World();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string reply = world->endpoint->handle_command(std::string_view(reinterpret_cast<const char*>(data), size));
    auto parsed = uap::json::parse(reply);
    if (!parsed || !parsed->IsObject() || uap::json::string_field(*parsed, "type").value_or("") != "command_result" ||
        !uap::json::bool_field(*parsed, "ok"))
        __builtin_trap();
    return 0;
}

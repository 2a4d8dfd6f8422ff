// libFuzzer target for the bridge's frame handler: each input is one frame from an editor (events,
// responses, garbage, hostile nesting), handled against a journal that has requests waiting.
#include "bridge/bridge_server.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace {

uap::bridge::BridgeServer& bridge() {
    static uap::bridge::BridgeServer* server = [] {
        uap::bridge::BridgeOptions options;
        options.max_frame_bytes = 64 * 1024;
        return new uap::bridge::BridgeServer(options);
    }();
    return *server;
}

} // namespace

// Builds the long-lived state (the server, the compiled protocol schemas) before the first input.
extern "C" int LLVMFuzzerInitialize(int*, char***) {
    bridge().handle_detached_frame(R"({"id":"warm-up","result":{}})");
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    bridge().handle_detached_frame(std::string_view(reinterpret_cast<const char*>(data), size));
    // The journal's own report must stay one well-formed answer whatever came in.
    std::string state = bridge().state_json();
    if (state.empty() || state.front() != '{' || state.back() != '}')
        __builtin_trap();
    return 0;
}

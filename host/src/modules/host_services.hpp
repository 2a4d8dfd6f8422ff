// The host vtable handed to every module (log, cancellation, progress, settings, editor calls,
// host info, editor events, the monotonic clock), and the host's definitions of the ABI's opaque context types.
#pragma once

#include "api/editor_link.hpp"
#include "support/clock.hpp"

#include <uap/abi/uap_module.h>

#include <chrono>
#include <functional>
#include <string>

namespace uap::modules {

class EventDispatcher;

// What every module's context shares: the host's identity and services.
struct HostEnvironment {
    std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
    api::EditorLink* editor = nullptr;
    EventDispatcher* events = nullptr;              // Null: subscribe_events answers UNAVAILABLE.
    const Clock* clock = &SteadyClock::instance();  // What monotonic_ms reads; tests pass a ManualClock.
};

// The host's table, filled with the functions of this revision.
const uap_host_api& host_api();

} // namespace uap::modules

// The host's definition of the per-module context the ABI declares opaque.
struct uap_host_context {
    std::string module_id;
    std::string settings_json;
    const uap::modules::HostEnvironment* environment = nullptr;
};

// The host's definition of the per-call context the ABI declares opaque.
struct uap_call_context {
    const uap::api::CallControl* control = nullptr;
    std::function<void(double progress, double total, std::string_view message)> on_progress;
};

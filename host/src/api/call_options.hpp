// What a caller hands along with one tool call: its cancellation flag, where progress reports go,
// and how long the call may run. Shared by the MCP endpoint, the module host and its backends.
#pragma once

#include "api/editor_link.hpp"

#include <chrono>
#include <functional>
#include <string_view>

namespace uap::modules {

// Where a tool's progress reports go: the value, the total when known (0 otherwise), its words.
using ProgressCallback = std::function<void(double progress, double total, std::string_view message)>;

struct CallOptions {
    const api::CallControl* control = nullptr;
    ProgressCallback on_progress;
    // How long the call may run. Isolated calls past it have their runner killed; zero: the
    // module host's per-tool deadline from the settings.
    std::chrono::milliseconds deadline{0};
};

} // namespace uap::modules

// Where a loaded pack's tools run: in the host's own process (InProcessModule) or in a module
// runner child process (runner::IsolatedModule). The registry treats both alike: it validates
// the arguments before, and bounds and checks the output after, whichever backend ran the call.
#pragma once

#include "api/call_options.hpp"
#include "api/editor_link.hpp"
#include "modules/host_services.hpp"
#include "settings/project_settings.hpp"
#include "support/expected.hpp"

#include <uap/abi/uap_module.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <variant>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace uap::modules {

using settings::Isolation;
std::string to_string(Isolation isolation);

// Told when a pack stops serving for the rest of the run (repeated runner crashes).
using PackDisabledHandler = std::function<void(const std::string& pack_id, const std::string& reason)>;

struct ToolCallRequest {
    std::string_view tool;
    std::string_view arguments_json; // Validated against the input schema, normalised.
    const CallOptions* options;
    uint64_t max_result_bytes;
    // After a cancel, how long an isolated call may take to return before its runner is stopped.
    std::chrono::milliseconds cancel_grace = settings::default_cancel_grace;
};

// What the module wrote: its status and its output, copied up to max_result_bytes.
struct ModuleOutput {
    uap_status status = UAP_STATUS_INTERNAL_ERROR;
    std::string text;
    bool overflowed = false;
    uint64_t offered_bytes = 0;
};

class ModuleBackend {
public:
    virtual ~ModuleBackend() = default;
    // Runs one call. An Error means the module could not answer at all (its runner crashed,
    // overran the deadline, or the pack was disabled after repeated crashes); it names the pack.
    virtual Expected<ModuleOutput> call_tool(const ToolCallRequest& request) = 0;
    virtual Isolation isolation() const = 0;
    // Whether the pack still serves: an Unavailable error saying why once it stopped during this
    // run (for example after repeated crashes).
    virtual Expected<void> serving() const { return {}; }
    // Shutdown has begun: in-flight calls are told to stop and new ones refused, without waiting.
    // In-process calls cannot be ended; the host abandons them at exit.
    virtual void abort_calls() {}
    // The registry holding this backend was replaced (a toggle, an install, a rebuild): a runner
    // is stopped once the calls in flight have returned, and one started afterwards for a late call
    // is stopped when that call returns, so only the new registry's runners stay. In-process
    // modules keep running: another instance of the same library may be serving in the new
    // registry, sharing the library's static state, so shutting this one down could break it.
    virtual void retire() {}
};

// A backend that loaded its pack, with what the module's describe() wrote.
struct StartedModule {
    std::unique_ptr<ModuleBackend> backend;
    std::string description;
    uint32_t abi_version = 0;
};

// What running a pack isolated needs: its library, its context (id, settings, host environment).
struct IsolatedPack {
    std::filesystem::path library;
    std::unique_ptr<uap_host_context> context;
    PackDisabledHandler on_disabled;
};

// Starts a pack in a module runner. The runner library provides it (runner::module_runner()); the
// composition root hands it to the module host, which knows nothing of processes.
using IsolatedStarter = std::function<Expected<StartedModule>(IsolatedPack pack)>;

} // namespace uap::modules

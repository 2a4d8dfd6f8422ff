// The module host: finds packs, reads manifests, loads enabled modules, builds the tool registry
// (duplicates rejected on both sides), and calls tools with validated input and bounded output.
#pragma once

#include "api/editor_events.hpp"
#include "api/editor_link.hpp"
#include "modules/event_dispatch.hpp"
#include "api/tool_outcome.hpp"
#include "modules/host_services.hpp"
#include "modules/module_backend.hpp"
#include "modules/manifest.hpp"
#include "loader/module_library.hpp"
#include "modules/pack_signature.hpp"
#include "modules/plugin_folders.hpp"
#include "modules/tool_description.hpp"
#include "settings/project_settings.hpp"
#include "support/utf8_path.hpp"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <variant>
#include <string>
#include <string_view>
#include <vector>

namespace uap::modules {

enum class PackState { Loaded, Disabled, Failed, Incompatible, Shadowed };
std::string to_string(PackState state);

// What the host knows about one pack, whatever became of it.
struct PackReport {
    std::filesystem::path folder;
    Origin origin = Origin::Bundled;
    std::string source;               // Where it came from, in words: "bundled", "package com.x@1.2.0", ...
    std::optional<Manifest> manifest; // Absent when the manifest could not be read.
    PackState state = PackState::Failed;
    std::string reason;                // Why it is not loaded; empty when loaded.
    std::vector<std::string> warnings; // Problems that did not stop the pack (e.g. a dropped tool).
    std::vector<ToolDescription> tools;
    uint32_t abi_version = 0;          // The negotiated generation, 0 when not loaded.
    uint32_t abi_revision = 0;         // The header revision the module was built against, 0 when unknown.
    Isolation isolation = Isolation::InProcess; // Where its tools run (chosen before loading).
    SignatureCheck signature;                   // Who signed it; a Broken signature keeps it from loading.

    std::string id() const { return manifest ? manifest->id : utf8::from_path(folder.filename()); }
};

// A module whose init succeeded, running in the host's process. Shut down before its library is
// released.
class InProcessModule final : public ModuleBackend {
public:
    InProcessModule(std::shared_ptr<loader::ModuleLibrary> library, std::unique_ptr<uap_host_context> context,
                    uap_module_instance* instance);
    ~InProcessModule() override; // Ends the module's event subscriptions, then shuts it down.
    InProcessModule(const InProcessModule&) = delete;
    InProcessModule& operator=(const InProcessModule&) = delete;

    Expected<ModuleOutput> call_tool(const ToolCallRequest& request) override;
    Isolation isolation() const override { return Isolation::InProcess; }

    const uap_module_api& api() const { return m_library->api(); }
    uap_module_instance* instance() const { return m_instance; }
    const std::string& id() const { return m_context->module_id; }

private:
    std::shared_ptr<loader::ModuleLibrary> m_library; // Declared first: released last.
    std::unique_ptr<uap_host_context> m_context;
    uap_module_instance* m_instance;
};

struct ToolEntry {
    const ToolDescription* description;
    ModuleBackend* module;
    const PackReport* pack;
};

class ModuleHost {
public:
    struct Options {
        std::vector<PluginFolder> folders;
        const settings::ProjectSettings* settings = nullptr; // Toggles, module settings, limits.
        api::EditorLink* editor = nullptr;                   // Null: no editor.
        // Runs packs isolated (the composition root passes runner::module_runner()). Without it,
        // a pack that should run isolated fails with advice to run it in-process.
        IsolatedStarter start_isolated;
        PackDisabledHandler on_pack_disabled; // Optional.
        api::EditorEventSource* editor_events = nullptr; // Null: modules get no editor events.
        const Clock* clock = nullptr;                    // Null: the steady clock.
        // The publishers whose signatures are trusted. Null: none, so signed packs show as untrusted.
        std::shared_ptr<const PublisherTrust> trust;
    };

    explicit ModuleHost(Options options);
    ~ModuleHost(); // Shuts modules down in reverse load order, then unloads their libraries.
    ModuleHost(const ModuleHost&) = delete;
    ModuleHost& operator=(const ModuleHost&) = delete;

    const std::vector<std::unique_ptr<PackReport>>& packs() const { return m_packs; }
    const ToolEntry* find_tool(std::string_view name) const;
    std::vector<const ToolEntry*> tools() const; // Sorted by name.

    // Validates arguments against the input schema, calls the module, and checks the result:
    // valid JSON object, within the size cap, matching the output schema when one is declared.
    // The deadline comes from options, else from the settings (per tool, default 120 s).
    ToolOutcome call_tool(std::string_view name, std::string_view arguments_json, const CallOptions& options = {}) const;

    // Whether a loaded pack still serves: an Unavailable error saying why once it stopped during
    // this run (repeated runner crashes). A pack that never loaded has its reason in the report.
    Expected<void> serving(const PackReport& pack) const;

    // Shutdown has begun: isolated packs' runners are asked to stop (their calls see cancellation,
    // then fail with a shutdown message); new calls are refused. Does not wait.
    void abort_calls() const;

    // This registry was replaced by a newer one: isolated packs stop their runners once their
    // calls in flight return (ModuleBackend::retire). Does not wait.
    void retire() const;

private:
    void load_pack(PackReport& pack, const settings::ProjectSettings& settings);
    using Started = StartedModule;
    Expected<Started> start_in_process(const Manifest& manifest, const std::filesystem::path& library_file,
                                       const settings::ProjectSettings& settings);
    Expected<Started> start_isolated(const Manifest& manifest, const std::filesystem::path& library_file,
                                     const settings::ProjectSettings& settings);
    void reject_duplicate_pack_ids();
    void build_registry();

    HostEnvironment m_environment;
    std::unique_ptr<EventDispatcher> m_events; // Before the modules: they unsubscribe as they shut down.
    uint64_t m_max_result_bytes;
    std::chrono::milliseconds m_cancel_grace;
    IsolatedStarter m_start_isolated;
    PackDisabledHandler m_on_pack_disabled;
    std::map<std::string, std::chrono::milliseconds, std::less<>> m_deadlines; // Per tool.
    std::vector<std::unique_ptr<PackReport>> m_packs;
    std::vector<std::shared_ptr<loader::ModuleLibrary>> m_libraries; // Every library opened; unloaded only at shutdown.
    std::vector<std::unique_ptr<ModuleBackend>> m_modules;   // Load order.
    std::map<const PackReport*, ModuleBackend*> m_module_of_pack;
    std::map<std::string, ToolEntry, std::less<>> m_registry;
};

} // namespace uap::modules

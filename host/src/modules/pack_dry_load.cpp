// A pack loaded once in a module runner, and unloaded, before `modules install` copies it.
#include "modules/pack_dry_load.hpp"

#include "modules/host_services.hpp"
#include "modules/library_description.hpp"
#include "modules/tool_description.hpp"

namespace uap::modules {

Expected<void> dry_load_pack(const Manifest& manifest, const std::filesystem::path& library, const IsolatedStarter& start) {
    HostEnvironment environment; // No editor and no events: a pack must load without them. Outlives the runner below.
    auto context = std::make_unique<uap_host_context>();
    context->module_id = manifest.id;
    context->settings_json = "{}";
    context->environment = &environment;
    auto started = start(IsolatedPack{library, std::move(context), {}});
    if (auto* failure = std::get_if<LibraryError>(&started))
        return Error(failure->reason);
    auto& loaded = std::get<StartedModule>(started);
    auto description = parse_module_description(loaded.description);
    if (!description)
        return Error("its description is invalid: " + description.error().message());
    if (auto mismatch = manifest_mismatch(manifest, *description))
        return Error(*mismatch);
    return {};
}

} // namespace uap::modules

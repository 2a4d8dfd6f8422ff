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
    UAP_ASSIGN_OR_RETURN(auto loaded, start(IsolatedPack{library, std::move(context), {}}));
    auto description = parse_module_description(loaded.description);
    if (!description)
        return Error("its description is invalid: " + description.error().message());
    UAP_TRY(check_manifest_matches(manifest, *description));
    return {};
}

} // namespace uap::modules

// The settings page's view of module packs, as the panel's commands use it: the packs as
// `modules list --json` describes them with each pack's saved toggle, and the toggle itself. The
// composition root implements it (app/pack_catalog.hpp), since only app/ knows the module host.
#pragma once

#include "settings/project_settings.hpp"
#include "support/expected.hpp"

#include <rapidjson/document.h>

#include <string>

namespace uap::panel {

class ModuleCatalog {
public:
    virtual ~ModuleCatalog() = default;

    // Adds "packs" (with "enabled", the saved toggle), "project_tools" ({toggle, enabled}: the project's
    // C# tools as one group) and "restart_required" to a command_result.
    virtual void describe(rapidjson::Document& reply) const = 0;
    // Saves the toggle of the pack with this id (or toggle name), or of the project's C# tools
    // ("project-tools"); an error names the unknown pack.
    virtual Expected<void> set_enabled(const std::string& pack_id, settings::Toggle state, rapidjson::Document& reply) = 0;
};

} // namespace uap::panel

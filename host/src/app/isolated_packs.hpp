// Where isolated packs run: in uap-module-runner, next to uap-host. The one place that hands the
// runner to the module host, for the serving host and for the commands that load or install packs.
#pragma once

#include "modules/module_backend.hpp"

namespace uap::app {

modules::IsolatedStarter isolated_pack_starter();

} // namespace uap::app

// Isolated packs start through the runner library's uap-module-runner.
#include "app/isolated_packs.hpp"

#include "runner/isolated_module.hpp"

namespace uap::app {

modules::IsolatedStarter isolated_pack_starter() { return runner::module_runner(); }

} // namespace uap::app

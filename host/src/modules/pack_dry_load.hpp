// Loading a pack before it is installed, the way the host will serve it: in a module runner (so a
// crash in the pack's init ends the runner, not the installer), through init and describe, with
// the description checked as at load time. A pack that cannot load is refused before it is copied.
#pragma once

#include "modules/manifest.hpp"
#include "modules/module_backend.hpp"
#include "support/expected.hpp"

#include <filesystem>

namespace uap::modules {

// Loads the pack's library with `start` (a module runner), with empty module settings and no
// editor, as `modules manifest` describes a library at build time. The error says why it does not
// load: init failed or crashed, no entry point, a generation this host does not speak, an invalid
// description, or a description that does not match the manifest.
Expected<void> dry_load_pack(const Manifest& manifest, const std::filesystem::path& library, const IsolatedStarter& start);

} // namespace uap::modules

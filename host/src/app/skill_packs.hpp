// The loaded packs of a module host as `uap-host skills export` describes them, and the running
// host's export after each pack change.
#pragma once

#include "integrations/skill_pack.hpp"
#include "modules/module_host.hpp"

#include <filesystem>
#include <vector>

namespace uap::app {

// Every loaded pack with its tools (sorted by name); packs that are disabled, failed, incompatible
// or shadowed have no skill, since a call to their tools would be refused.
std::vector<integrations::SkillPack> skill_packs(const modules::ModuleHost& host);

// The running host's side of "regenerated when packs change": after each registry build, when the
// project holds skills an export wrote, exports again from the packs this host now serves (an
// install, a removal or a toggle from the panel included). Logs what changed; never throws.
void refresh_exported_skills(const std::filesystem::path& project, const modules::ModuleHost& host);

} // namespace uap::app

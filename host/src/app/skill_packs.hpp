// The enabled, loaded packs of a module host as `uap-host skills export` describes them.
#pragma once

#include "integrations/skill_pack.hpp"
#include "modules/module_host.hpp"

#include <vector>

namespace uap::app {

// Every loaded pack with its tools (sorted by name); packs that are disabled, failed, incompatible
// or shadowed have no skill, since a call to their tools would be refused.
std::vector<integrations::SkillPack> skill_packs(const modules::ModuleHost& host);

} // namespace uap::app

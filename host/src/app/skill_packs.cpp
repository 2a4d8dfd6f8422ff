// From the module host's pack reports to the plain values the skill export writes from.
#include "app/skill_packs.hpp"

#include <algorithm>

namespace uap::app {

std::vector<integrations::SkillPack> skill_packs(const modules::ModuleHost& host) {
    std::vector<integrations::SkillPack> packs;
    for (auto& report : host.packs()) {
        if (report->state != modules::PackState::Loaded || !report->manifest)
            continue;
        integrations::SkillPack pack{report->manifest->id, report->manifest->name, report->manifest->version, report->manifest->keywords, {}};
        for (const modules::ToolDescription& tool : report->tools)
            pack.tools.push_back({tool.name, tool.description, tool.input_schema_json, modules::traits_in_words(tool.metadata)});
        std::sort(pack.tools.begin(), pack.tools.end(),
                  [](const integrations::SkillTool& left, const integrations::SkillTool& right) { return left.name < right.name; });
        packs.push_back(std::move(pack));
    }
    return packs;
}

} // namespace uap::app

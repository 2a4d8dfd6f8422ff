// From the module host's pack reports to the plain values the skill export writes from.
#include "app/skill_packs.hpp"

#include "integrations/skill_export.hpp"
#include "support/paths.hpp"
#include "support/utf8_path.hpp"
#include "support/log.hpp"

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

void refresh_exported_skills(const std::filesystem::path& project, const modules::ModuleHost& host) {
    if (project.empty() || !integrations::has_exported_skills(project))
        return;
    auto exported = integrations::export_skills(
        {project, {utf8::from_path(paths::executable_path()), utf8::from_path(project)}, skill_packs(host)});
    if (!exported) {
        log::skills.warn("the project's exported skills could not follow the pack change: {}", exported.error().message());
        return;
    }
    for (const auto& report : exported->skills)
        if (report.change == integrations::SkillChange::Refused || report.change == integrations::SkillChange::Kept)
            log::skills.warn("{}: {}", report.folder, report.note);
        else if (report.change != integrations::SkillChange::Unchanged)
            log::skills.info("{} {} ({})", report.change == integrations::SkillChange::Written ? "wrote" : "removed", report.folder,
                             report.note);
}

} // namespace uap::app

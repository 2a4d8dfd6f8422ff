// uap-host skills export: Claude Code skills that call the enabled packs' tools through
// `uap-host tools call`, for agents without an MCP connection (docs/skills.md).
#include "app/skill_packs.hpp"
#include "cli/action_command.hpp"
#include "cli/cli_text.hpp"
#include "cli/commands.hpp"
#include "cli/host_setup.hpp"
#include "cli/running_host.hpp"
#include "cli/skills_export.hpp"
#include "integrations/skill_export.hpp"
#include "support/paths.hpp"
#include "support/utf8_path.hpp"

#include <iostream>

namespace uap::cli {

namespace fs = std::filesystem;

namespace {

const Command& export_command() {
    static const Command command{
        {"uap-host skills export [--project DIR] [--plugins DIR]..."},
        cli_text("skills.export_summary"),
        {project_option(), plugins_option()},
        cli_text("skills.export_details")};
    return command;
}

const std::vector<Action>& actions() {
    static const std::vector<Action> all = {{"export", export_command()}};
    return all;
}

const Command& skills_group() {
    static const Command command = action_group(cli_text("skills.summary"), actions());
    return command;
}

const char* change_words(integrations::SkillChange change) {
    switch (change) {
    case integrations::SkillChange::Written: return "wrote";
    case integrations::SkillChange::Unchanged: return "unchanged";
    case integrations::SkillChange::Removed: return "removed";
    case integrations::SkillChange::Refused: return "refused";
    case integrations::SkillChange::Kept: return "kept";
    }
    return "";
}

} // namespace

int export_skills_into(const fs::path& project, const std::vector<std::string>& plugin_folders) {
    std::vector<std::string> words = {"export", "--project", utf8::from_path(project)};
    for (auto& folder : plugin_folders) {
        words.push_back("--plugins");
        words.push_back(folder);
    }
    auto arguments = Arguments::parse(words, export_command());
    if (!arguments)
        return fail(UsageError, arguments.error().message());
    auto host = load_host(*arguments);
    if (!host)
        return fail(Failure, host.error().message());
    integrations::SkillExportRequest request{project, {utf8::from_path(paths::executable_path()), utf8::from_path(project)},
                                             app::skill_packs(*host->modules)};
    auto exported = integrations::export_skills(request);
    if (!exported)
        return fail(Failure, exported.error().message());
    for (const auto& report : exported->skills) {
        std::ostream& stream = report.change == integrations::SkillChange::Refused ? std::cerr : std::cout;
        stream << (report.change == integrations::SkillChange::Refused ? "uap-host: " : "") << change_words(report.change) << " "
               << report.folder << ": " << report.note << "\n";
    }
    for (const auto& warning : exported->warnings)
        std::cerr << "uap-host: warning: " << warning << "\n";
    std::cout << "the skills call " << utf8::from_path(paths::executable_path())
              << " tools call against the host serving " << utf8::from_path(project) << "\n";
    // The export itself needs no host; the commands it wrote do, so say so now rather than at the first call.
    if (auto running = find_running_host(project); running && !*running)
        std::cout << "note: no host serves the project now; the commands need one: open the project in Unity with the Agent "
                     "Panel package, or run `uap-host serve --project "
                  << utf8::from_path(project) << "`\n";
    return exported->refused_any() ? Failure : Success;
}

int refresh_exported_skills(const fs::path& project, const std::vector<std::string>& plugin_folders) {
    if (!integrations::has_exported_skills(project))
        return Success;
    std::cout << "exporting the project's skills again (" << integrations::skills_folder << ")\n";
    return export_skills_into(project, plugin_folders);
}

int run_skills_command(const std::vector<std::string>& words) {
    return run_action(words, "skills", skills_group(), actions(), [](const Action&, const Arguments& arguments) {
        if (!arguments.positional().empty() && arguments.positional().size() != 1)
            return fail(UsageError, cli_text("skills.takes_no_name"));
        fs::path project = fs::absolute(utf8::to_path(arguments.value("project").value_or(utf8::from_path(fs::current_path()))));
        std::error_code error;
        if (!fs::is_directory(project, error))
            return fail(Failure, cli_text("skills.no_project_folder", {{"path", utf8::from_path(project)}}));
        return export_skills_into(project, arguments.values("plugins"));
    });
}

} // namespace uap::cli

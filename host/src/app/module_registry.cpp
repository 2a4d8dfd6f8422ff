// Registry rebuilds from the project's files, and the watcher that triggers them.
#include "app/module_registry.hpp"

#include "app/skill_packs.hpp"
#include "integrations/uloop.hpp"
#include "modules/module_host.hpp"
#include "modules/package_folders.hpp"
#include "modules/plugin_folders.hpp"
#include "settings/project_settings.hpp"
#include "support/log.hpp"

namespace uap::app {

namespace fs = std::filesystem;

namespace {

// Integrations present in the project whose commands may cover a module's tool ("coveredBy" in its
// manifest): id → the name shown to the agent. uLoop counts once Unity resolved its package (or it
// is embedded): only then does the editor answer its commands; a manifest line alone is `resolving`.
std::map<std::string, std::string> present_integrations(const fs::path& project) {
    std::map<std::string, std::string> present;
    if (project.empty())
        return present;
    auto uloop = integrations::detect_uloop(project, "");
    if (uloop.embedded || uloop.in_package_cache)
        present.emplace("uloop", "uLoop");
    return present;
}

} // namespace

ReloadSource registry_source(const fs::path& project, std::vector<fs::path> command_line_folders, modules::ModuleHost::Options base) {
    struct Inputs {
        std::vector<modules::PluginFolder> folders;
        fs::path settings_file;
    };
    auto inputs = std::make_shared<Inputs>();
    inputs->settings_file = settings::ProjectSettings::file_for(project);
    // The integrations are part of what a registry is built from: installing or removing uLoop
    // changes which tools are served, and is announced like any other registry change. So are the
    // project's packages: Unity rewrites Packages/packages-lock.json whenever it adds or removes one.
    auto fingerprint = [inputs, project] {
        std::string text = registry_fingerprint(inputs->folders, inputs->settings_file) + modules::package_folders_fingerprint(project);
        for (auto& [id, name] : present_integrations(project))
            text += "integration " + id + "\n";
        return text;
    };
    auto build = [project, command_line_folders = std::move(command_line_folders), base = std::move(base), inputs,
                  fingerprint]() -> RegistryBuild {
        auto settings = settings::ProjectSettings::load(project);
        if (!settings) {
            log::modules.warn("keeping the current registry: {}", settings.error().message());
            return {nullptr, fingerprint()};
        }
        if (settings->recovery_note())
            log::settings.warn("{}", *settings->recovery_note());
        for (auto& note : settings->migration_notes())
            log::settings.warn("{}", note);
        auto packages = modules::find_package_folders(project);
        for (auto& note : packages.notes)
            log::packages.warn("{}", note);
        inputs->folders = modules::standard_plugin_folders(command_line_folders, settings->plugin_folders(), packages.folders);
        std::string before = fingerprint(); // Taken first: a change during the build triggers another.
        modules::ModuleHost::Options options = base;
        options.folders = inputs->folders;
        options.settings = &*settings;
        // Read at every build, so a publisher trusted since the last one shows as trusted.
        if (auto trust = modules::PublisherTrust::read(modules::trust_files(project)))
            options.trust = std::make_shared<const modules::PublisherTrust>(std::move(*trust));
        else
            log::modules.warn("no publisher is trusted while {}", trust.error().message());
        auto host = std::make_shared<const modules::ModuleHost>(std::move(options));
        refresh_exported_skills(project, *host);
        return {std::move(host), std::move(before), present_integrations(project)};
    };
    auto settings_fingerprint = [inputs] { return registry_fingerprint({}, inputs->settings_file); };
    return ReloadSource{build, fingerprint, settings_fingerprint};
}

} // namespace uap::app

// Shared set-up for module-loading commands.
#include "cli/host_setup.hpp"

#include <spdlog/spdlog.h>

#include <iostream>

namespace uap::cli {

namespace fs = std::filesystem;

const Option& project_option() {
    static const Option option{"project", Takes::Value, "DIR", "the Unity project (its settings, toggles and running host)"};
    return option;
}

const Option& plugins_option() {
    static const Option option{"plugins", Takes::Value, "DIR",
                               "also load packs from DIR (repeatable; shadows an installed pack of the same id)"};
    return option;
}

Expected<std::unique_ptr<settings::ProjectSettings>> load_settings(const Arguments& arguments) {
    auto project = arguments.value("project");
    if (!project)
        return std::make_unique<settings::ProjectSettings>();
    std::error_code error;
    if (!fs::is_directory(*project, error))
        return Error("project folder " + *project + " does not exist");
    auto loaded = settings::ProjectSettings::load(fs::absolute(*project));
    if (!loaded)
        return loaded.error();
    if (loaded->recovery_note())
        std::cerr << "uap-host: warning: " << *loaded->recovery_note() << "\n";
    for (auto& note : loaded->migration_notes())
        std::cerr << "uap-host: notice: " << note << "\n";
    return std::make_unique<settings::ProjectSettings>(std::move(*loaded));
}

std::vector<modules::PluginFolder> plugin_folders(const Arguments& arguments, const settings::ProjectSettings& settings) {
    std::vector<fs::path> command_line;
    for (auto& folder : arguments.values("plugins"))
        command_line.emplace_back(folder);
    return modules::standard_plugin_folders(command_line, settings.plugin_folders());
}

Expected<LoadedHost> load_host(const Arguments& arguments, bridge::EditorLink* editor) {
    auto settings = load_settings(arguments);
    if (!settings)
        return settings.error();
    LoadedHost host;
    host.settings = std::move(*settings);
    host.modules = std::make_unique<modules::ModuleHost>(
        modules::ModuleHost::Options{plugin_folders(arguments, *host.settings), host.settings.get(), editor});
    return host;
}

mcp::ReloadSource reload_source(const Arguments& arguments, bridge::EditorLink* editor) {
    struct Inputs {
        std::vector<modules::PluginFolder> folders;
        std::filesystem::path settings_file;
    };
    auto inputs = std::make_shared<Inputs>();
    if (auto project = arguments.value("project"))
        inputs->settings_file = settings::ProjectSettings::file_for(fs::absolute(*project));
    auto fingerprint = [inputs] { return mcp::registry_fingerprint(inputs->folders, inputs->settings_file); };
    auto build = [arguments, editor, inputs, fingerprint]() -> mcp::RegistryBuild {
        auto settings = load_settings(arguments);
        if (!settings) {
            spdlog::warn("modules: keeping the current registry: {}", settings.error().message());
            return {nullptr, fingerprint()};
        }
        inputs->folders = plugin_folders(arguments, **settings);
        std::string before = fingerprint(); // Taken first: a change during the build triggers another.
        auto host = std::make_shared<const modules::ModuleHost>(
            modules::ModuleHost::Options{inputs->folders, settings->get(), editor});
        return {std::move(host), std::move(before)};
    };
    return mcp::ReloadSource{build, fingerprint};
}

} // namespace uap::cli

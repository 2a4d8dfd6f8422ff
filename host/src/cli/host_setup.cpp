// Shared set-up for module-loading commands.
#include "cli/host_setup.hpp"

#include "app/isolated_packs.hpp"
#include "cli/cli_text.hpp"
#include "modules/fault_records.hpp"
#include "modules/package_folders.hpp"
#include "support/utf8_path.hpp"

#include <spdlog/spdlog.h>

#include <iostream>

namespace uap::cli {

namespace fs = std::filesystem;

const Option& project_option() {
    static const Option option{"project", Takes::Value, "DIR", cli_text("common.project_help")};
    return option;
}

const Option& plugins_option() {
    static const Option option{"plugins", Takes::Value, "DIR", cli_text("common.plugins_help")};
    return option;
}

Expected<std::unique_ptr<settings::ProjectSettings>> load_settings(const Arguments& arguments) {
    auto project = arguments.value("project");
    if (!project)
        return std::make_unique<settings::ProjectSettings>();
    std::error_code error;
    if (!fs::is_directory(utf8::to_path(*project), error))
        return Error(cli_text("common.no_project_folder", {{"path", *project}}));
    auto loaded = settings::ProjectSettings::load(fs::absolute(utf8::to_path(*project)));
    if (!loaded)
        return loaded.error();
    if (loaded->recovery_note())
        std::cerr << "uap-host: warning: " << *loaded->recovery_note() << "\n";
    for (auto& note : loaded->migration_notes())
        std::cerr << "uap-host: notice: " << note << "\n";
    return std::make_unique<settings::ProjectSettings>(std::move(*loaded));
}

std::vector<modules::PluginFolder> plugin_folders(const Arguments& arguments, const settings::ProjectSettings& settings,
                                                  std::vector<std::string>* package_notes) {
    std::vector<fs::path> command_line;
    for (auto& folder : arguments.values("plugins"))
        command_line.push_back(utf8::to_path(folder));
    auto packages = modules::find_package_folders(settings.project());
    if (package_notes)
        *package_notes = std::move(packages.notes);
    return modules::standard_plugin_folders(command_line, settings.plugin_folders(), packages.folders);
}

std::shared_ptr<const modules::PublisherTrust> read_trust(const Arguments& arguments) {
    std::optional<fs::path> project;
    if (auto folder = arguments.value("project"))
        project = fs::absolute(utf8::to_path(*folder));
    auto trust = modules::PublisherTrust::read(modules::trust_files(project));
    if (!trust) {
        std::cerr << "uap-host: warning: no publisher is trusted while " << trust.error().message() << "\n";
        return nullptr;
    }
    return std::make_shared<const modules::PublisherTrust>(std::move(*trust));
}

Expected<LoadedHost> load_host(const Arguments& arguments, api::EditorLink* editor, modules::PackDisabledHandler on_pack_disabled) {
    auto settings = load_settings(arguments);
    if (!settings)
        return settings.error();
    LoadedHost host;
    host.settings = std::move(*settings);
    auto folders = plugin_folders(arguments, *host.settings, &host.package_notes);
    for (auto& note : host.package_notes)
        std::cerr << "uap-host: warning: " << note << "\n";
    modules::ModuleHost::Options options{std::move(folders), host.settings.get(), editor, app::isolated_pack_starter(),
                                         std::move(on_pack_disabled)};
    options.trust = read_trust(arguments);
    host.modules = std::make_unique<modules::ModuleHost>(std::move(options));
    return host;
}

void watch_for_module_crashes(const fs::path& project) {
    if (auto crash = modules::take_crash_record(project)) {
        std::string report = modules::describe_crash(*crash, project);
        spdlog::warn("{}", report);
        std::cerr << "uap-host: warning: " << report << "\n";
    }
    modules::install_crash_recorder(project);
}

} // namespace uap::cli

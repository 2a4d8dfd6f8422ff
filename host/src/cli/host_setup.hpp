// Shared by the commands that load modules: the project's settings and the module host built
// from --project and --plugins.
#pragma once

#include "support/command_line.hpp"
#include "modules/module_host.hpp"
#include "settings/project_settings.hpp"

#include <memory>

namespace uap::cli {

struct LoadedHost {
    std::unique_ptr<settings::ProjectSettings> settings;
    std::unique_ptr<modules::ModuleHost> modules;
    std::vector<std::string> package_notes; // Why packages of the project gave no packs (printed on stderr too).
};

using command_line::Arguments;
using command_line::Command;
using command_line::Option;
using command_line::Takes;

// Options shared by module-loading commands.
const Option& project_option();
const Option& plugins_option();

// Loads settings (reporting a recovered corrupt file on stderr) and then the modules.
Expected<LoadedHost> load_host(const Arguments& arguments, api::EditorLink* editor = nullptr,
                               modules::PackDisabledHandler on_pack_disabled = {});

// For commands that run module code in this process for a project: reports (and clears) the
// crash record the last run left, then installs the crash recorder for this run.
void watch_for_module_crashes(const std::filesystem::path& project);

// The publishers trusted for --project (the user's trust file and the project's). A malformed trust
// file is reported on stderr, and then no one is trusted.
std::shared_ptr<const modules::PublisherTrust> read_trust(const Arguments& arguments);

// Loads only the settings of --project (or of no project).
Expected<std::unique_ptr<settings::ProjectSettings>> load_settings(const Arguments& arguments);

// --plugins, the settings' folders, the project's packages (modules/package_folders.hpp), the user's and
// the bundled folder. package_notes, when given, receives why a package gave no packs.
std::vector<modules::PluginFolder> plugin_folders(const Arguments& arguments, const settings::ProjectSettings& settings,
                                                  std::vector<std::string>* package_notes = nullptr);

} // namespace uap::cli

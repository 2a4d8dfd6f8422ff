// Per-project host settings (module toggles, extra plugin folders, per-module settings, limits),
// stored in <project>/UserSettings/AgentPanel/host-settings.json and written atomically.
#pragma once

#include "support/expected.hpp"

#include <rapidjson/document.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace uap::settings {

enum class Toggle { Enabled, Disabled };

inline constexpr uint64_t settings_max_bytes = 1024 * 1024;
inline constexpr uint64_t default_max_tool_result_bytes = 100'000;

// The exact command that sets a toggle in a project, e.g.
// "uap-host modules enable core --project /path/to/Project" ("--project DIR" without a project).
std::string toggle_command(Toggle state, const std::string& toggle_id, const std::filesystem::path& project);

class ProjectSettings {
public:
    // Settings of no project: every module enabled, nothing persisted.
    ProjectSettings();

    // Loads the project's settings. A missing file gives defaults. A corrupt file (not JSON, or
    // fields of the wrong type) is moved aside to a timestamped backup, the defaults are used,
    // and `recovery_note()` says what happened; the caller must report it.
    static Expected<ProjectSettings> load(const std::filesystem::path& project);

    static std::filesystem::path file_for(const std::filesystem::path& project);

    Toggle toggle(const std::string& toggle_id) const;
    void set_toggle(const std::string& toggle_id, Toggle state);

    std::vector<std::filesystem::path> plugin_folders() const;
    // The module's own settings object as JSON text, "{}" when it has none.
    std::string module_settings_json(const std::string& module_id) const;
    uint64_t max_tool_result_bytes() const;

    const std::optional<std::string>& recovery_note() const { return m_recovery_note; }
    const std::filesystem::path& file() const { return m_file; }
    // The project folder these settings belong to; empty for settings of no project.
    const std::filesystem::path& project() const { return m_project; }


    // Writes the file atomically, owner-only. Fails for settings of no project.
    Expected<void> save() const;

private:
    static Expected<void> validate(const rapidjson::Document& document);

    std::filesystem::path m_file;
    std::filesystem::path m_project;
    rapidjson::Document m_document;
    std::optional<std::string> m_recovery_note;
};

} // namespace uap::settings

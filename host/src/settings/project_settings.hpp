// Per-project host settings (module toggles, extra plugin folders, per-module settings, limits),
// stored in <project>/UserSettings/AgentPanel/host-settings.json and written atomically.
#pragma once

#include "support/expected.hpp"

#include <rapidjson/document.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace uap::settings {

enum class Toggle { Enabled, Disabled };
// Where a pack's tools run: in the host's process, or in a module runner child process.
enum class Isolation { InProcess, Isolated };

inline constexpr uint64_t settings_max_bytes = 1024 * 1024;
inline constexpr uint64_t default_max_tool_result_bytes = 100'000;
inline constexpr std::chrono::seconds default_tool_deadline{120};

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
    // How long one call of the tool may run: limits.toolDeadlines.<tool>, else
    // limits.toolDeadlineSeconds, else 120 s.
    std::chrono::seconds tool_deadline(const std::string& tool_name) const;

    // The pack's isolation chosen in "isolation.<pack id>", nullopt when the user chose none.
    std::optional<Isolation> isolation(const std::string& pack_id) const;
    void set_isolation(const std::string& pack_id, Isolation isolation);
    // A value of the "limits" object (validated as a non-negative integer), or the fallback.
    uint64_t limit(const std::string& name, uint64_t fallback) const;

    const std::optional<std::string>& recovery_note() const { return m_recovery_note; }
    const std::filesystem::path& file() const { return m_file; }

    // Writes the file atomically, owner-only. Fails for settings of no project.
    Expected<void> save() const;

private:
    static Expected<void> validate(const rapidjson::Document& document);

    std::filesystem::path m_file;
    rapidjson::Document m_document;
    std::optional<std::string> m_recovery_note;
};

} // namespace uap::settings

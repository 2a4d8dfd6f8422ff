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

// One change of a toggle's default, from the given defaults generation on. The file stores only
// what a user chose, so a toggle without an entry follows the newest default; the generation
// records which defaults a project has already seen, so each change is announced once.
struct DefaultChange {
    uint32_t generation;
    std::string toggle;
    Toggle state;
};

struct DefaultsTable {
    std::vector<DefaultChange> changes; // Oldest first.
    uint32_t generation() const;        // The newest generation in the table (1 when it is empty).
    Toggle default_of(const std::string& toggle_id) const; // Enabled unless a change says otherwise.
};

// The host's own table: every change of a bundled pack's default, oldest first. A pack that becomes
// default-on (or a new default-off pack) gets a row here, with the next generation.
const DefaultsTable& host_defaults();
inline constexpr uint64_t default_max_tool_result_bytes = 100'000;
inline constexpr std::chrono::seconds default_tool_deadline{120};
// Long-running tools run as jobs: the MCP reply waits this long before answering with a job id,
// and the job may then run this long.
inline constexpr std::chrono::milliseconds default_job_wait{10'000};
inline constexpr std::chrono::seconds default_job_deadline{1800};
// After a cancel, an isolated call that has not returned within this grace has its runner stopped.
inline constexpr std::chrono::milliseconds default_cancel_grace{2000};
// The longest grace a project may set: beyond it a stuck call would hold its caller for minutes.
inline constexpr std::chrono::milliseconds max_cancel_grace{60'000};

// The exact command that sets a toggle in a project, e.g.
// "uap-host modules enable core --project /path/to/Project" ("--project DIR" without a project).
std::string toggle_command(Toggle state, const std::string& toggle_id, const std::filesystem::path& project);
// The toggle of the tools written in C# in the user's project ([AgentTool] methods), as one group.
inline constexpr const char* project_tools_toggle = "project-tools";

class ProjectSettings {
public:
    // Settings of no project: every module enabled, nothing persisted.
    ProjectSettings();

    // Loads the project's settings. A missing file gives defaults. A corrupt file (not JSON, or
    // fields of the wrong type) is moved aside to a timestamped backup, the defaults are used,
    // and `recovery_note()` says what happened; the caller must report it.
    // Loading also migrates: when the file's defaults generation is older than the table's, every
    // default that changed since is noted in `migration_notes()` (and the new generation is saved
    // when the file exists). A user's own choice always wins over a default.
    // defaults must outlive the settings (the host's table is static).
    static Expected<ProjectSettings> load(const std::filesystem::path& project, const DefaultsTable& defaults = host_defaults());

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
    // How long one call of a long-running tool may run as a job: limits.toolDeadlines.<tool>,
    // else limits.jobDeadlineSeconds, else 30 min.
    std::chrono::seconds job_deadline(const std::string& tool_name) const;
    // How long a call of a long-running tool is waited for before the reply names its job:
    // limits.jobWaitMilliseconds, else 10 s.
    std::chrono::milliseconds job_wait() const;
    // How long a cancelled call of an isolated pack may take to return before its runner is
    // stopped: limits.cancelGraceMilliseconds (0 to 60,000), else 2 s.
    std::chrono::milliseconds cancel_grace() const;

    // The pack's isolation chosen in "isolation.<pack id>", nullopt when the user chose none.
    std::optional<Isolation> isolation(const std::string& pack_id) const;
    void set_isolation(const std::string& pack_id, Isolation isolation);
    // A value of the "limits" object (validated as a non-negative integer), or the fallback.
    uint64_t limit(const std::string& name, uint64_t fallback) const;

    const std::optional<std::string>& recovery_note() const { return m_recovery_note; }
    const std::vector<std::string>& migration_notes() const { return m_migration_notes; }
    const std::filesystem::path& file() const { return m_file; }
    // The project folder these settings belong to; empty for settings of no project.
    const std::filesystem::path& project() const { return m_project; }


    // Writes the file atomically, owner-only. Fails for settings of no project.
    Expected<void> save() const;

private:
    static Expected<void> validate(const rapidjson::Document& document);
    void migrate(const DefaultsTable& defaults);

    std::filesystem::path m_file;
    std::filesystem::path m_project;
    rapidjson::Document m_document;
    std::optional<std::string> m_recovery_note;
    std::vector<std::string> m_migration_notes;
    const DefaultsTable* m_defaults = &host_defaults();
};

} // namespace uap::settings

// The editor's own log (Editor.log), read when the Unity package cannot run: the compile errors that
// keep it from loading (file(line,col): error CSxxxx: message), so the agent can still fix the scripts.
#pragma once

#include "support/json_writer.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace uap::bridge {

// Where Unity keeps its global Editor.log by default (docs.unity3d.com, Manual/LogFiles).
enum class EditorPlatform { Linux, MacOS, Windows };

struct EditorLogSearch {
    std::filesystem::path configured; // From `serve --editor-log` (the package passes Application.consoleLogPath).
    std::filesystem::path project;    // Newer editors write <project>/Logs/Editor.log by default.
    EditorPlatform platform = EditorPlatform::Linux;
    std::optional<std::string> home;            // $HOME (Linux, macOS).
    std::optional<std::string> local_app_data;  // %LOCALAPPDATA% (Windows).
};

// The candidates in the order they are tried: the configured path alone when there is one, else the
// project's own log and the platform's global log (the more recently written of the two wins).
std::vector<std::filesystem::path> editor_log_candidates(const EditorLogSearch& search);

// The platform the host runs on, for EditorLogSearch.
EditorPlatform current_editor_platform();

struct LogCompileError {
    std::string file;
    int64_t line = 0;
    int64_t column = 0;
    std::string code; // CS0246, ...
    std::string message;
};

// Bounds of one read: a hostile or huge log costs at most this much.
struct EditorLogLimits {
    uint64_t tail_bytes = 256 * 1024;   // Only the newest bytes are read.
    std::size_t line_bytes = 4096;      // Longer lines are not compile errors Unity writes; they are skipped.
    std::size_t kept_errors = 50;       // The report lists this many; errorCount counts them all.
    std::size_t text_bytes = 512;       // A file or message longer than this is cut.
};

struct EditorLogReport {
    std::filesystem::path path;   // The log read, or empty when none was found.
    std::string problem;          // Why no log could be read (empty when one was).
    uint64_t bytes_read = 0;
    bool safe_mode = false;       // The tail mentions Safe Mode.
    std::size_t error_count = 0;  // Distinct errors of the latest compile in the tail.
    std::size_t other_project_errors = 0; // Errors naming files this project does not have (a shared global log).
    std::vector<LogCompileError> errors;
    std::filesystem::path project; // The project the host serves, so a tool can fix its scripts without the editor.

    // "editor cannot run the package: N compile errors" and the first errors, or empty when there are none.
    std::string summary() const;
    // {"path","bytesRead","safeMode","errorCount","errors":[...],"summary","project"} or {"problem"}.
    void write(json::TextWriter& writer) const;
};

// Parses the tail of a log. Errors before the latest compile request or assembly reload are stale and
// dropped. With a project, an error whose file is not in it is another editor's (the global log is
// shared by every project on the machine) and only counted as other_project_errors.
EditorLogReport parse_editor_log(std::string_view tail, const EditorLogLimits& limits = {}, const std::filesystem::path& project = {});

// Reads the newest bytes of the first candidate that exists (through the SDK's file jail) and parses them.
EditorLogReport read_editor_log(const EditorLogSearch& search, const EditorLogLimits& limits = {});

} // namespace uap::bridge

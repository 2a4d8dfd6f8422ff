// Reads the tail of the editor's Editor.log and finds the compile errors of its latest compile. The
// log is untrusted text of any size: only its last bytes are read, long lines are skipped, kept text
// is cut and made valid UTF-8, and only a bounded number of errors is kept.
#include "bridge/editor_log.hpp"

#include "support/files.hpp"
#include "support/platform/platform.hpp"
#include "support/utf8_path.hpp"

#include <algorithm>
#include <set>
#include <tuple>

namespace uap::bridge {

namespace fs = std::filesystem;

namespace {

// Lines after which the errors above are stale: a new compile was requested, or one succeeded and
// the domain was reloaded with its assemblies.
constexpr std::string_view fresh_start_markers[] = {
    "[ScriptCompilation] Requested script compilation",
    "Mono: successfully reloaded assembly",
};

std::size_t utf8_sequence_length(unsigned char lead) {
    if (lead >= 0xC2 && lead <= 0xDF)
        return 2;
    if (lead >= 0xE0 && lead <= 0xEF)
        return 3;
    if (lead >= 0xF0 && lead <= 0xF4)
        return 4;
    return 0;
}

// At most max_bytes of text as valid UTF-8 without control characters: anything else becomes '?'.
// Overlong and surrogate encodings are not told apart from valid ones; they are still UTF-8-shaped,
// which is what the JSON writer needs.
std::string clean_text(std::string_view text, std::size_t max_bytes) {
    std::string clean;
    for (std::size_t index = 0; index < text.size() && clean.size() < max_bytes;) {
        auto byte = static_cast<unsigned char>(text[index]);
        if (byte < 0x80) {
            clean.push_back(byte < 0x20 || byte == 0x7F ? '?' : static_cast<char>(byte));
            ++index;
            continue;
        }
        std::size_t length = utf8_sequence_length(byte);
        bool whole = length != 0 && index + length <= text.size() && clean.size() + length <= max_bytes;
        for (std::size_t next = 1; whole && next < length; ++next)
            whole = (static_cast<unsigned char>(text[index + next]) & 0xC0) == 0x80;
        if (whole) {
            clean.append(text.substr(index, length));
            index += length;
        } else {
            clean.push_back('?');
            ++index;
        }
    }
    return clean;
}

std::optional<int64_t> small_number(std::string_view digits) {
    if (digits.empty() || digits.size() > 9 || !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return std::nullopt;
    int64_t value = 0;
    for (char c : digits)
        value = value * 10 + (c - '0');
    return value;
}

// "file(line,col): error CSxxxx: message", the form Unity writes compiler errors in (Console and log).
std::optional<LogCompileError> parse_error_line(std::string_view line, const EditorLogLimits& limits) {
    constexpr std::string_view separator = "): error ";
    std::size_t close = line.find(separator);
    if (close == std::string_view::npos)
        return std::nullopt;
    std::size_t open = line.rfind('(', close);
    if (open == std::string_view::npos || open == 0)
        return std::nullopt;
    std::string_view position = line.substr(open + 1, close - open - 1);
    std::size_t comma = position.find(',');
    if (comma == std::string_view::npos)
        return std::nullopt;
    auto line_number = small_number(position.substr(0, comma));
    auto column = small_number(position.substr(comma + 1));
    std::string_view rest = line.substr(close + separator.size());
    std::size_t colon = rest.find(": ");
    if (!line_number || !column || colon == std::string_view::npos || colon < 3 || colon > 12)
        return std::nullopt;
    std::string_view code = rest.substr(0, colon);
    if (!std::all_of(code.begin(), code.end(), [](char c) { return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }))
        return std::nullopt;
    LogCompileError error;
    error.file = clean_text(line.substr(0, open), limits.text_bytes);
    error.line = *line_number;
    error.column = *column;
    error.code = std::string(code);
    error.message = clean_text(rest.substr(colon + 2), limits.text_bytes);
    return error;
}

std::optional<fs::file_time_type> written_at(const fs::path& path) {
    std::error_code error;
    if (!fs::is_regular_file(path, error))
        return std::nullopt;
    auto time = fs::last_write_time(path, error);
    if (error)
        return std::nullopt;
    return time;
}

// Whether a file an error names is in the project: Unity names project files relative to it
// (Assets/..., Packages/...); an absolute name counts when it lies inside the project.
bool in_project(const fs::path& project, const std::string& file) {
    fs::path named = utf8::to_path(file);
    std::error_code error;
    if (named.is_absolute()) {
        auto relative = named.lexically_relative(project);
        return !relative.empty() && *relative.begin() != ".." && fs::exists(named, error);
    }
    return fs::exists(project / named, error);
}

} // namespace

EditorPlatform current_editor_platform() {
    std::string name = platform::operating_system_name();
    return name == "windows" ? EditorPlatform::Windows : name == "macos" ? EditorPlatform::MacOS : EditorPlatform::Linux;
}

std::vector<fs::path> editor_log_candidates(const EditorLogSearch& search) {
    if (!search.configured.empty())
        return {search.configured};
    std::vector<fs::path> candidates;
    if (!search.project.empty())
        candidates.push_back(search.project / "Logs" / "Editor.log");
    if (search.platform == EditorPlatform::Windows && search.local_app_data && !search.local_app_data->empty())
        candidates.push_back(utf8::to_path(*search.local_app_data) / "Unity" / "Editor" / "Editor.log");
    if (search.platform == EditorPlatform::MacOS && search.home && !search.home->empty())
        candidates.push_back(utf8::to_path(*search.home) / "Library" / "Logs" / "Unity" / "Editor.log");
    if (search.platform == EditorPlatform::Linux && search.home && !search.home->empty())
        candidates.push_back(utf8::to_path(*search.home) / ".config" / "unity3d" / "Editor.log");
    // The project's log and the global one may both exist (an editor setting chooses); the one written
    // last belongs to the editor running now.
    std::stable_sort(candidates.begin(), candidates.end(), [](const fs::path& left, const fs::path& right) {
        return written_at(left).value_or(fs::file_time_type::min()) > written_at(right).value_or(fs::file_time_type::min());
    });
    return candidates;
}

EditorLogReport parse_editor_log(std::string_view tail, const EditorLogLimits& limits, const fs::path& project) {
    EditorLogReport report;
    report.bytes_read = tail.size();
    std::set<std::tuple<std::string, int64_t, int64_t, std::string, std::string>> seen;
    std::size_t start = 0;
    // A tail usually begins inside a line: that first fragment is not trusted.
    if (!tail.empty()) {
        std::size_t first_end = tail.find('\n');
        start = first_end == std::string_view::npos ? tail.size() : first_end + 1;
    }
    while (start < tail.size()) {
        std::size_t end = tail.find('\n', start);
        std::string_view line = tail.substr(start, (end == std::string_view::npos ? tail.size() : end) - start);
        start = end == std::string_view::npos ? tail.size() : end + 1;
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (line.size() > limits.line_bytes)
            continue;
        if (line.find("Safe Mode") != std::string_view::npos)
            report.safe_mode = true;
        if (std::any_of(std::begin(fresh_start_markers), std::end(fresh_start_markers),
                        [&](std::string_view marker) { return line.find(marker) != std::string_view::npos; })) {
            seen.clear();
            report.errors.clear();
            report.error_count = 0;
            report.other_project_errors = 0;
            continue;
        }
        auto error = parse_error_line(line, limits);
        if (!error || !seen.emplace(error->file, error->line, error->column, error->code, error->message).second)
            continue;
        if (!project.empty() && !in_project(project, error->file)) {
            ++report.other_project_errors;
            continue;
        }
        ++report.error_count;
        if (report.errors.size() < limits.kept_errors)
            report.errors.push_back(std::move(*error));
    }
    return report;
}

EditorLogReport read_editor_log(const EditorLogSearch& search, const EditorLogLimits& limits) {
    std::string tried;
    for (const auto& candidate : editor_log_candidates(search)) {
        if (!written_at(candidate)) {
            tried += (tried.empty() ? "" : ", ") + utf8::from_path(candidate);
            continue;
        }
        auto tail = files::read_tail(candidate, limits.tail_bytes);
        if (!tail) {
            EditorLogReport report;
            report.path = candidate;
            report.problem = "cannot read the editor's log " + utf8::from_path(candidate) + ": " + tail.error().message();
            return report;
        }
        EditorLogReport report = parse_editor_log(tail.value(), limits, search.project);
        report.path = candidate;
        return report;
    }
    EditorLogReport report;
    report.problem = "no editor log found (looked for " + (tried.empty() ? std::string("nothing: no home folder is known") : tried) +
                     "); start the host with `uap-host serve --editor-log PATH` to name it";
    return report;
}

std::string EditorLogReport::summary() const {
    if (error_count == 0)
        return {};
    std::string text = "editor cannot run the package: " + std::to_string(error_count) + " compile error" +
                       (error_count == 1 ? "" : "s") + " in the editor's log (" + utf8::from_path(path) + ")" +
                       (safe_mode ? ", and the editor mentions Safe Mode" : "") + ":";
    constexpr std::size_t listed = 5;
    for (std::size_t index = 0; index < errors.size() && index < listed; ++index) {
        const auto& error = errors[index];
        // Unity's own form of the line: file(line,column): code: message.
        text += "\n  " + error.file + '(' + std::to_string(error.line) + ',' + std::to_string(error.column) + "): " + error.code +
                ": " + error.message;
    }
    if (error_count > listed)
        text += "\n  ... and " + std::to_string(error_count - listed) + " more";
    text += "\nFix the scripts (the script gate's staged edits and uap_scripts_commit work without the editor); "
            "Unity compiles them again when it notices the change, and the package then connects.";
    return text;
}

void EditorLogReport::write(json::TextWriter& writer) const {
    writer.begin_object();
    if (!problem.empty()) {
        writer.field("problem", problem);
        if (!path.empty())
            writer.field("path", utf8::from_path(path));
        writer.end_object();
        return;
    }
    writer.field("path", utf8::from_path(path)).field("bytesRead", bytes_read).field("safeMode", safe_mode).field("errorCount", error_count);
    if (other_project_errors > 0)
        writer.field("otherProjectErrors", other_project_errors);
    writer.key("errors").begin_array();
    for (const auto& error : errors)
        writer.begin_object()
            .field("file", error.file)
            .field("line", error.line)
            .field("column", error.column)
            .field("code", error.code)
            .field("message", error.message)
            .end_object();
    writer.end_array();
    if (error_count > 0)
        writer.field("summary", summary());
    if (!project.empty())
        writer.field("project", utf8::from_path(project));
    writer.end_object();
}

} // namespace uap::bridge

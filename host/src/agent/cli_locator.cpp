// CLI location: the search as pure logic over a CliSearchContext (POSIX and Windows rules), the real
// machine's context, and the version probe.
#include "agent/cli_locator.hpp"

#include "agent/cli_compatibility.hpp"
#include "support/child_process.hpp"
#include "support/platform/platform.hpp"
#include "support/utf8_path.hpp"

#include <Poco/String.h>

#include <algorithm>
#include <cctype>
#include <fstream>

namespace uap::agent {

namespace fs = std::filesystem;

namespace {

// The package's own test for its placeholder: install.cjs treats a bin/claude.exe under 4096 bytes as the stub.
constexpr std::uintmax_t placeholder_bytes = 4096;
constexpr std::size_t max_shim_bytes = 64 * 1024;

const char* fix_hint =
    "Install Claude Code (npm install -g @anthropic-ai/claude-code), or set \"cli_path\" in "
    "<project>/UserSettings/AgentPanel/agent-settings.json (or the UAP_CLAUDE_BIN environment variable) to the claude executable";

bool ends_with_ci(const std::string& text, std::string_view suffix) {
    return text.size() >= suffix.size() && Poco::toLower(text.substr(text.size() - suffix.size())) == suffix;
}

// Appends a relative path written with either separator (a shim's `node_modules\...`), one part at a
// time, with the rules' own separator, so each rule set builds the same text on any machine.
fs::path joined(const std::string& folder, std::string_view relative, SearchRules rules) {
    char separator = rules == SearchRules::Windows ? '\\' : '/';
    std::string text = folder;
    size_t start = 0;
    while (start <= relative.size()) {
        size_t end = std::min(relative.find_first_of("\\/", start), relative.size());
        if (end > start) {
            if (!text.empty() && text.back() != '\\' && text.back() != '/')
                text.push_back(separator);
            text.append(relative.substr(start, end - start));
        }
        start = end + 1;
    }
    return utf8::to_path(text);
}

std::vector<std::string> split_list(const std::string& list, char separator) {
    std::vector<std::string> items;
    size_t start = 0;
    while (start <= list.size()) {
        size_t end = std::min(list.find(separator, start), list.size());
        std::string item = list.substr(start, end - start);
        // Windows PATH entries may be quoted ("C:\Program Files\nodejs").
        if (item.size() >= 2 && item.front() == '"' && item.back() == '"')
            item = item.substr(1, item.size() - 2);
        if (!item.empty())
            items.push_back(item);
        start = end + 1;
    }
    return items;
}

std::string placeholder_problem(const fs::path& program, std::uintmax_t size) {
    return utf8::from_path(program) + " is the npm package's " + std::to_string(size) +
           "-byte placeholder: its install script, which puts the native claude.exe there, did not run (npm --ignore-scripts, or "
           "the platform package was not downloaded). Reinstall with scripts: " + std::string(tested_cli_install_command);
}

// Judged from the text, so that the Windows rules give the same answers when tested on Linux.
bool is_absolute_text(const std::string& text, SearchRules rules) {
    if (rules == SearchRules::Posix)
        return !text.empty() && text[0] == '/';
    return (text.size() >= 2 && std::isalpha(static_cast<unsigned char>(text[0])) && text[1] == ':') ||
           (!text.empty() && (text[0] == '\\' || text[0] == '/'));
}

// The folder holding a file, whichever separator the text uses.
fs::path folder_of(const fs::path& file) {
    std::string text = utf8::from_path(file);
    auto separator = text.find_last_of("\\/");
    return separator == std::string::npos ? fs::path() : utf8::to_path(text.substr(0, separator));
}

class Search {
public:
    explicit Search(const CliSearchContext& context) : m_context(context) {}

    // A candidate given by the user or found on a list: a native executable, or (Windows) an npm
    // .cmd shim read for the executable it starts.
    std::optional<CliLocation> accept(const fs::path& path, const std::string& how) {
        std::string text = utf8::from_path(path);
        if (m_context.rules == SearchRules::Windows && (ends_with_ci(text, ".cmd") || ends_with_ci(text, ".bat"))) {
            if (!m_context.file_size(path)) {
                tried(text, how, "not there");
                return std::nullopt;
            }
            auto program = program_behind_npm_shim(path, m_context);
            if (!program) {
                tried(text, how, program.error().message());
                return std::nullopt;
            }
            return found(*program, how + " (" + text.substr(text.find_last_of("\\/") + 1) + ")");
        }
        if (m_context.rules == SearchRules::Windows && ends_with_ci(text, ".ps1")) {
            tried(text, how, "a PowerShell shim, which the host does not run; name claude.exe or claude.cmd instead");
            return std::nullopt;
        }
        if (!m_context.is_executable(path)) {
            tried(text, how, m_context.file_size(path) ? "not executable" : "not there");
            return std::nullopt;
        }
        if (m_context.rules == SearchRules::Windows) {
            auto size = m_context.file_size(path);
            if (size && *size < placeholder_bytes) {
                tried(text, how, placeholder_problem(path, *size));
                return std::nullopt;
            }
        }
        return found(path, how);
    }

    std::optional<std::string> variable(std::string_view name) const { return m_context.variable(name); }

    Error failure() const {
        std::string list;
        for (auto& entry : m_tried)
            list += "\n  " + entry;
        return Error("the Claude Code CLI (claude) was not found; looked at:" + list + "\n" + fix_hint + ".");
    }

private:
    void tried(const std::string& path, const std::string& how, const std::string& why) { m_tried.push_back(path + " (" + how + "): " + why); }

    CliLocation found(const fs::path& path, const std::string& how) const {
        if (is_absolute_text(utf8::from_path(path), m_context.rules))
            return CliLocation{path, how};
        std::error_code error;
        fs::path absolute = fs::absolute(path, error);
        return CliLocation{error ? path : absolute, how};
    }

    const CliSearchContext& m_context;
    std::vector<std::string> m_tried;
};

std::optional<CliLocation> search_path_variable(Search& search, SearchRules rules) {
    auto path = search.variable("PATH");
    if (!path)
        return std::nullopt;
    if (rules == SearchRules::Posix) {
        for (auto& folder : split_list(*path, ':'))
            if (auto found = search.accept(joined(folder, "claude", SearchRules::Posix), "PATH"))
                return found;
        return std::nullopt;
    }
    // cmd.exe's order: each folder in turn, and in it each PATHEXT extension in turn.
    auto extensions = split_list(search.variable("PATHEXT").value_or(".COM;.EXE;.BAT;.CMD"), ';');
    for (auto& folder : split_list(*path, ';'))
        for (auto& extension : extensions) {
            std::string suffix = Poco::toLower(extension);
            if (suffix != ".exe" && suffix != ".com" && suffix != ".cmd" && suffix != ".bat")
                continue; // .JS, .VBS, .PS1 ...: script hosts, never started.
            if (auto found = search.accept(joined(folder, "claude" + suffix, SearchRules::Windows), "PATH"))
                return found;
        }
    return std::nullopt;
}

Expected<CliLocation> search_posix(Search& search, const std::string& explicit_path) {
    if (!explicit_path.empty())
        if (auto found = search.accept(utf8::to_path(explicit_path), "settings"))
            return *found;
    if (auto variable = search.variable("UAP_CLAUDE_BIN"))
        if (auto found = search.accept(utf8::to_path(*variable), "UAP_CLAUDE_BIN"))
            return *found;
    if (auto found = search_path_variable(search, SearchRules::Posix))
        return *found;
    auto home = search.variable("HOME");
    if (home)
        if (auto found = search.accept(joined(*home, ".local/bin/claude", SearchRules::Posix), "~/.local/bin"))
            return *found;
    if (auto prefix = search.variable("npm_config_prefix")) {
        if (auto found = search.accept(joined(*prefix, "bin/claude", SearchRules::Posix), "npm global prefix"))
            return *found;
    } else {
        if (home)
            for (const char* folder : {".npm-global/bin", ".local/share/npm/bin"})
                if (auto found = search.accept(joined(*home, std::string(folder) + "/claude", SearchRules::Posix), "npm global prefix"))
                    return *found;
        if (auto found = search.accept("/usr/local/bin/claude", "npm global prefix"))
            return *found;
    }
    return search.failure();
}

Expected<CliLocation> search_windows(Search& search, const std::string& explicit_path) {
    if (!explicit_path.empty())
        if (auto found = search.accept(utf8::to_path(explicit_path), "settings"))
            return *found;
    if (auto variable = search.variable("UAP_CLAUDE_BIN"))
        if (auto found = search.accept(utf8::to_path(*variable), "UAP_CLAUDE_BIN"))
            return *found;
    if (auto appdata = search.variable("APPDATA"))
        if (auto found = search.accept(joined(*appdata, "npm\\claude.cmd", SearchRules::Windows), "npm"))
            return *found;
    if (auto found = search_path_variable(search, SearchRules::Windows))
        return *found;
    if (auto profile = search.variable("USERPROFILE"))
        if (auto found = search.accept(joined(*profile, ".local\\bin\\claude.exe", SearchRules::Windows), "%USERPROFILE%\\.local\\bin"))
            return *found;
    return search.failure();
}

} // namespace

Expected<fs::path> program_behind_npm_shim(const fs::path& shim, const CliSearchContext& context) {
    auto text = context.read_text(shim, max_shim_bytes);
    if (!text)
        return Error(utf8::from_path(shim) + " could not be read");
    // The line that starts the program is the one passing the shim's arguments on (%*).
    std::string command;
    size_t start = 0;
    while (start < text->size()) {
        size_t end = std::min(text->find('\n', start), text->size());
        std::string line = text->substr(start, end - start);
        if (line.find("%*") != std::string::npos)
            command = line;
        start = end + 1;
    }
    if (command.empty())
        return Error(utf8::from_path(shim) + " is not an npm shim: no line passes its arguments on with %*");
    for (size_t open = command.find('"'); open != std::string::npos; open = command.find('"', open)) {
        size_t close = command.find('"', open + 1);
        if (close == std::string::npos)
            break;
        std::string word = command.substr(open + 1, close - open - 1);
        open = close + 1;
        if (word == "%_prog%")
            return Error(utf8::from_path(shim) + " starts node with a JavaScript file (a Claude Code older than the native claude.exe); the host "
                                         "starts only native executables. Install the tested version: " +
                         std::string(tested_cli_install_command));
        if (Poco::toLower(word.substr(0, 5)) != "%dp0%")
            continue;
        fs::path program = joined(utf8::from_path(folder_of(shim)), word.substr(5), SearchRules::Windows);
        auto size = context.file_size(program);
        if (!size)
            return Error(utf8::from_path(shim) + " starts " + utf8::from_path(program) + ", which is not there. Reinstall: " + std::string(tested_cli_install_command));
        if (*size < placeholder_bytes)
            return Error(placeholder_problem(program, *size));
        if (!ends_with_ci(utf8::from_path(program), ".exe") || !context.is_executable(program))
            return Error(utf8::from_path(shim) + " starts " + utf8::from_path(program) + ", which is not a native executable (.exe)");
        return program;
    }
    return Error(utf8::from_path(shim) + " does not name its program as \"%dp0%\\...\", the form npm writes");
}

CliSearchContext this_machine() {
    CliSearchContext context;
    context.rules = platform::operating_system_name() == "windows" ? SearchRules::Windows : SearchRules::Posix;
    SearchRules rules = context.rules;
    context.variable = [rules](std::string_view name) -> std::optional<std::string> {
        std::string wanted = rules == SearchRules::Windows ? Poco::toLower(std::string(name)) : std::string(name);
        for (auto& entry : platform::environment_entries()) {
            auto equals = entry.find('=', 1); // Windows keeps per-drive folders as "=C:=C:\...".
            if (equals == std::string::npos)
                continue;
            std::string key = entry.substr(0, equals);
            if ((rules == SearchRules::Windows ? Poco::toLower(key) : key) == wanted)
                return entry.substr(equals + 1);
        }
        return std::nullopt;
    };
    context.is_executable = [](const fs::path& path) { return platform::is_executable(path); };
    context.file_size = [](const fs::path& path) -> std::optional<std::uintmax_t> {
        std::error_code error;
        if (!fs::is_regular_file(path, error))
            return std::nullopt;
        auto size = fs::file_size(path, error);
        return error ? std::nullopt : std::optional<std::uintmax_t>(size);
    };
    context.read_text = [](const fs::path& path, std::size_t max_bytes) -> std::optional<std::string> {
        std::ifstream stream(path, std::ios::binary);
        if (!stream)
            return std::nullopt;
        std::string text(max_bytes, '\0');
        stream.read(text.data(), static_cast<std::streamsize>(max_bytes));
        text.resize(static_cast<std::size_t>(stream.gcount()));
        return text;
    };
    return context;
}

Expected<CliLocation> locate_cli(const std::string& explicit_path, const CliSearchContext& context) {
    Search search(context);
    return context.rules == SearchRules::Windows ? search_windows(search, explicit_path) : search_posix(search, explicit_path);
}

Expected<CliLocation> locate_cli(const std::string& explicit_path) { return locate_cli(explicit_path, this_machine()); }

Expected<std::string> probe_cli_version(const fs::path& cli) {
    LaunchSpec spec{cli, {"--version"}, fs::current_path(), current_environment_without({"CLAUDECODE", "CLAUDE_CODE_ENTRYPOINT"})};
    auto run = run_to_end(spec, std::chrono::seconds(10), 65536);
    if (!run)
        return run.error().within(utf8::from_path(cli) + " --version");
    if (run->exit_code != 0)
        return Error(utf8::from_path(cli) + " --version exited with code " + std::to_string(run->exit_code));
    auto line = run->output.substr(0, run->output.find('\n'));
    while (!line.empty() && (line.back() == '\r' || line.back() == ' '))
        line.pop_back(); // A Windows console program ends its lines with CRLF.
    if (line.empty())
        return Error(utf8::from_path(cli) + " --version printed nothing");
    return line;
}

} // namespace uap::agent

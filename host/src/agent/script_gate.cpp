// Script gate: path classification and shell write-target detection.
#include "agent/script_gate.hpp"

#include "agent/gate_paths.hpp"
#include "support/json.hpp"
#include "support/utf8_path.hpp"

#include <uap/sdk/file_jail.hpp>

#include <algorithm>
#include <cctype>

namespace uap::agent {

namespace {

bool ends_with(std::string_view text, std::string_view suffix) {
    return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

// A C# script or assembly definition (lower-case name). Windows' 8.3 alias of "MyAssembly.asmdef"
// is "MYASSE~1.ASM", which opens the same file.
bool is_script_name(std::string_view name) {
    if (ends_with(name, ".cs") || ends_with(name, ".asmdef"))
        return true;
    auto dot = name.rfind('.');
    return dot != std::string_view::npos && name.substr(dot) == ".asm" && name.find('~') < dot;
}

// Splits a command line into words and separators (";", "|", "&&", "||", "&", newline).
std::vector<std::string> shell_words(std::string_view command) {
    std::vector<std::string> words;
    std::string current;
    bool has_word = false;
    auto flush = [&] {
        if (has_word)
            words.push_back(current);
        current.clear();
        has_word = false;
    };
    for (size_t index = 0; index < command.size(); ++index) {
        char c = command[index];
        if (c == '\'' || c == '"') {
            size_t close = command.find(c, index + 1);
            if (close == std::string_view::npos)
                close = command.size();
            current.append(command.substr(index + 1, close - index - 1));
            has_word = true;
            index = close;
        } else if (c == '\\' && index + 1 < command.size()) {
            current.push_back(command[++index]);
            has_word = true;
        } else if (c == ' ' || c == '\t') {
            flush();
        } else if (c == ';' || c == '|' || c == '&' || c == '\n' || c == '(' || c == ')') {
            if (c == '&' && index + 1 < command.size() && command[index + 1] == '>') {
                flush();
                words.push_back(">");
                ++index;
                if (index + 1 < command.size() && command[index + 1] == '>')
                    ++index;
                continue;
            }
            flush();
            words.push_back(";");
            if (index + 1 < command.size() && (command[index + 1] == '|' || command[index + 1] == '&'))
                ++index;
        } else if (c == '>') {
            // "2>", "1>" prefixes belong to the redirection.
            if (has_word && (current == "1" || current == "2")) {
                current.clear();
                has_word = false;
            }
            flush();
            words.push_back(">");
            while (index + 1 < command.size() && (command[index + 1] == '>' || command[index + 1] == '|'))
                ++index;
        } else {
            current.push_back(c);
            has_word = true;
        }
    }
    flush();
    return words;
}

std::string base_name(const std::string& word) {
    auto slash = word.find_last_of('/');
    return slash == std::string::npos ? word : word.substr(slash + 1);
}

void targets_of_simple_command(const std::vector<std::string>& words, std::vector<std::string>& targets) {
    std::vector<std::string> arguments;
    for (size_t index = 0; index < words.size(); ++index) {
        if (words[index] == ">") {
            if (index + 1 < words.size())
                targets.push_back(words[++index]);
            continue;
        }
        arguments.push_back(words[index]);
    }
    // Skip leading environment assignments and wrappers.
    size_t first = 0;
    while (first < arguments.size() &&
           (arguments[first].find('=') != std::string::npos || arguments[first] == "sudo" || arguments[first] == "env" ||
            arguments[first] == "command" || arguments[first] == "exec"))
        ++first;
    if (first >= arguments.size())
        return;
    std::string program = base_name(arguments[first]);
    std::vector<std::string> operands;
    bool in_place = false;
    for (size_t index = first + 1; index < arguments.size(); ++index) {
        const std::string& word = arguments[index];
        if (program == "dd" && word.rfind("of=", 0) == 0)
            targets.push_back(word.substr(3));
        if (word.size() > 1 && word[0] == '-') {
            if (word.rfind("-i", 0) == 0 || word.rfind("--in-place", 0) == 0)
                in_place = true;
            continue;
        }
        operands.push_back(word);
    }
    if (program == "tee")
        targets.insert(targets.end(), operands.begin(), operands.end());
    else if ((program == "cp" || program == "mv" || program == "install" || program == "ln" || program == "rsync") && !operands.empty()) {
        targets.push_back(operands.back());
        // The target may be a folder: each source then lands inside it under its own name.
        for (size_t index = 0; index + 1 < operands.size(); ++index)
            targets.push_back(operands.back() + "/" + base_name(operands[index]));
    }
    else if ((program == "sed" || program == "perl") && in_place && operands.size() > 1)
        targets.insert(targets.end(), operands.begin() + 1, operands.end());
}

// Why a write to `path` inside the project would pass through a symbolic link (a planted
// `Notes -> Assets/Scripts` carries a .txt name past the gate into a script, and a link can carry
// a write out of the project); nothing when the path is outside the project or has no link.
std::optional<std::string> linked_inside_project(std::string_view path, const std::filesystem::path& cwd,
                                                 const std::filesystem::path& project) {
    std::filesystem::path target = utf8::to_path(path);
    if (target.is_relative())
        target = cwd / target;
    std::string relative = utf8::generic_from_path(target.lexically_normal().lexically_relative(project.lexically_normal()));
    if (relative.empty() || relative == "." || relative.rfind("..", 0) == 0)
        return std::nullopt;
    auto files = sdk::FileJail::open(project);
    if (!files)
        return std::nullopt;
    auto kind = files->kind(relative);
    if (!kind && kind.error().problem == sdk::JailProblem::Link)
        return kind.error().message;
    if (kind && kind.value() == sdk::EntryKind::Link)
        return sdk::jail_detail::link_refusal(project, relative, "").message;
    return std::nullopt;
}

std::string link_guidance(std::string_view path, const std::string& link, const std::filesystem::path& cwd) {
    std::filesystem::path target = utf8::to_path(path);
    std::error_code error;
    std::filesystem::path real = std::filesystem::weakly_canonical(target.is_relative() ? cwd / target : target, error);
    return "Agent Panel for Unity refused this write: " + std::string(path) +
           " passes through a symbolic link inside the project, which could carry the write around the script gate or "
           "out of the project (" + link + "). Write to the real path instead" +
           (error ? std::string(".") : " (" + utf8::from_path(real) + "), where the usual rules apply.");
}

} // namespace

std::string normalise_for_gate(std::string_view path, const std::filesystem::path& base) {
    return normalise_gate_path(path, utf8::from_path(base)).text();
}

GatedKind classify_path(std::string_view path, const std::filesystem::path& base, const std::filesystem::path& project) {
    GatePath target = normalise_gate_path(path, utf8::from_path(base));
    GatePath root = normalise_gate_path(utf8::from_path(project), utf8::from_path(project));
    const auto& parts = target.segments;
    size_t depth = root.segments.size();
    if (target.root == root.root && parts.size() >= depth + 2 &&
        std::equal(root.segments.begin(), root.segments.end(), parts.begin(),
                   [](const std::string& name, const std::string& segment) { return segment_names(segment, name); }) &&
        segment_names(parts[depth], "usersettings") && segment_names(parts[depth + 1], "agentpanel"))
        return GatedKind::HostFile;
    if (parts.empty() || !is_script_name(parts.back()))
        return GatedKind::None;
    bool under_assets = std::any_of(parts.begin(), parts.end() - 1, [](const std::string& segment) { return segment_names(segment, "assets"); });
    return under_assets ? GatedKind::Script : GatedKind::None;
}

std::vector<std::string> shell_write_targets(std::string_view command) {
    std::vector<std::string> targets;
    std::vector<std::string> simple;
    for (auto& word : shell_words(command)) {
        if (word == ";") {
            targets_of_simple_command(simple, targets);
            simple.clear();
        } else {
            simple.push_back(word);
        }
    }
    targets_of_simple_command(simple, targets);
    return targets;
}

std::string gate_guidance(GatedKind kind, std::string_view path) {
    if (kind == GatedKind::HostFile)
        return "Agent Panel for Unity refused this write: " + std::string(path) +
               " belongs to the host's own settings, tokens or hook files (UserSettings/AgentPanel/), which the agent may not change.";
    return "Agent Panel for Unity refused this write: " + std::string(path) +
           " is a C# script or assembly definition under Assets/, and writing it directly would recompile and reload the "
           "Unity editor in the middle of your turn. Write the file under the staging folder UapStaging/ instead, keeping "
           "the path below Assets/ (for example Assets/Scripts/Foo.cs -> UapStaging/Scripts/Foo.cs), then call the "
           "uap_scripts_commit tool to validate the staged scripts and move them into Assets/ in one step.";
}

std::optional<GateRefusal> check_tool_call(std::string_view tool_name, const rapidjson::Value& input, const std::filesystem::path& cwd,
                                           const std::filesystem::path& project) {
    std::vector<std::string> paths;
    if (tool_name == "Write" || tool_name == "Edit" || tool_name == "MultiEdit") {
        if (auto path = json::string_field(input, "file_path"))
            paths.push_back(*path);
    } else if (tool_name == "NotebookEdit") {
        if (auto path = json::string_field(input, "notebook_path"))
            paths.push_back(*path);
    } else if (tool_name == "Bash") {
        if (auto command = json::string_field(input, "command"))
            paths = shell_write_targets(*command);
    } else if (tool_name == "PowerShell") {
        if (auto command = json::string_field(input, "command"))
            paths = powershell_write_targets(*command);
    }
    for (auto& path : paths) {
        if (GatedKind kind = classify_path(path, cwd, project); kind != GatedKind::None)
            return GateRefusal{gate_guidance(kind, path)};
        if (auto link = linked_inside_project(path, cwd, project))
            return GateRefusal{link_guidance(path, *link, cwd)};
    }
    return std::nullopt;
}

} // namespace uap::agent

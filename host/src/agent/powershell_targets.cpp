// Script gate: the files a PowerShell command would write (the CLI's PowerShell tool on Windows).
// A rough reading, like the POSIX one: it sees the cmdlets and redirections an agent writes with.
#include "agent/script_gate.hpp"

#include <Poco/String.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>

namespace uap::agent {

namespace {

constexpr const char* separator = ";";
constexpr const char* redirection = ">";

// Words, separators (";") and redirections (">"). Backslashes are literal; the backtick escapes.
std::vector<std::string> powershell_words(std::string_view command) {
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
        if (c == '\'') {
            for (++index; index < command.size(); ++index) {
                if (command[index] == '\'' && index + 1 < command.size() && command[index + 1] == '\'')
                    current.push_back(command[++index]);
                else if (command[index] == '\'')
                    break;
                else
                    current.push_back(command[index]);
            }
            has_word = true;
        } else if (c == '"') {
            for (++index; index < command.size(); ++index) {
                if (command[index] == '`' && index + 1 < command.size())
                    current.push_back(command[++index]);
                else if (command[index] == '"' && index + 1 < command.size() && command[index + 1] == '"')
                    current.push_back(command[++index]);
                else if (command[index] == '"')
                    break;
                else
                    current.push_back(command[index]);
            }
            has_word = true;
        } else if (c == '`' && index + 1 < command.size()) {
            current.push_back(command[++index]);
            has_word = true;
        } else if (c == ' ' || c == '\t' || c == '\r' || c == ',') {
            flush();
        } else if (c == ';' || c == '|' || c == '&' || c == '\n' || c == '(' || c == ')' || c == '{' || c == '}') {
            flush();
            words.push_back(separator);
        } else if (c == '>') {
            // "2>", "*>", "3>" name a stream, not a file; "2>&1" merges streams and writes nothing.
            if (has_word && (current == "*" || (current.size() == 1 && std::isdigit(static_cast<unsigned char>(current[0]))))) {
                current.clear();
                has_word = false;
            }
            flush();
            while (index + 1 < command.size() && command[index + 1] == '>')
                ++index;
            if (index + 2 < command.size() && command[index + 1] == '&' && std::isdigit(static_cast<unsigned char>(command[index + 2]))) {
                index += 2;
                continue;
            }
            words.push_back(redirection);
        } else {
            current.push_back(c);
            has_word = true;
        }
    }
    flush();
    return words;
}

enum class Writer { None, PathFirst, CopyOrMove, Rename };

Writer writer_of(const std::string& program) {
    static const std::array<const char*, 12> path_first = {"set-content", "sc", "add-content", "ac", "out-file", "new-item",
                                                           "ni", "tee-object", "tee", "clear-content", "clc", "mkdir"};
    static const std::array<const char*, 8> copy_or_move = {"copy-item", "copy", "cp", "cpi", "move-item", "move", "mv", "mi"};
    static const std::array<const char*, 3> rename = {"rename-item", "ren", "rni"};
    auto in = [&](const auto& list) { return std::find(list.begin(), list.end(), program) != list.end(); };
    if (in(path_first))
        return Writer::PathFirst;
    if (in(copy_or_move))
        return Writer::CopyOrMove;
    if (in(rename))
        return Writer::Rename;
    return Writer::None;
}

enum class Parameter { Path, Destination, Name, NewName, Value, Switch };

// PowerShell accepts any unambiguous prefix of a parameter name ("-Dest", "-LiteralP").
Parameter parameter_of(const std::string& name) {
    struct Known {
        const char* name;
        Parameter kind;
    };
    static const std::array<Known, 22> known = {{{"path", Parameter::Path},          {"literalpath", Parameter::Path},
                                                 {"lp", Parameter::Path},            {"pspath", Parameter::Path},
                                                 {"filepath", Parameter::Path},      {"destination", Parameter::Destination},
                                                 {"name", Parameter::Name},          {"newname", Parameter::NewName},
                                                 {"value", Parameter::Value},        {"encoding", Parameter::Value},
                                                 {"itemtype", Parameter::Value},     {"type", Parameter::Value},
                                                 {"filter", Parameter::Value},       {"include", Parameter::Value},
                                                 {"exclude", Parameter::Value},      {"stream", Parameter::Value},
                                                 {"credential", Parameter::Value},   {"width", Parameter::Value},
                                                 {"inputobject", Parameter::Value},  {"target", Parameter::Value},
                                                 {"delimiter", Parameter::Value},    {"variable", Parameter::Value}}};
    for (auto& entry : known)
        if (name == entry.name)
            return entry.kind;
    for (auto& entry : known)
        if (std::string_view(entry.name).substr(0, name.size()) == name)
            return entry.kind;
    return Parameter::Switch;
}

std::string parent_of(const std::string& path) {
    auto slash = path.find_last_of("/\\");
    return slash == std::string::npos ? std::string() : path.substr(0, slash + 1);
}

std::string leaf_of(const std::string& path) {
    auto slash = path.find_last_of("/\\");
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

void targets_of_pipeline_element(const std::vector<std::string>& words, std::vector<std::string>& targets) {
    std::vector<std::string> arguments;
    for (size_t index = 0; index < words.size(); ++index) {
        if (words[index] == redirection) {
            if (index + 1 < words.size())
                targets.push_back(words[++index]);
            continue;
        }
        arguments.push_back(words[index]);
    }
    if (arguments.empty())
        return;
    Writer writer = writer_of(Poco::toLower(arguments[0]));
    if (writer == Writer::None)
        return;
    std::vector<std::string> positional;
    std::vector<std::string> paths;
    std::vector<std::string> destinations;
    std::vector<std::string> names;
    for (size_t index = 1; index < arguments.size(); ++index) {
        const std::string& word = arguments[index];
        if (word.size() < 2 || word[0] != '-' || !std::isalpha(static_cast<unsigned char>(word[1]))) {
            positional.push_back(word);
            continue;
        }
        std::string name = Poco::toLower(word.substr(1));
        std::optional<std::string> value;
        if (auto colon = name.find(':'); colon != std::string::npos) {
            value = word.substr(1 + colon + 1);
            name.resize(colon);
        }
        Parameter kind = parameter_of(name);
        if (kind == Parameter::Switch)
            continue;
        if (!value && index + 1 < arguments.size())
            value = arguments[++index];
        if (!value)
            continue;
        if (kind == Parameter::Path)
            paths.push_back(*value);
        else if (kind == Parameter::Destination)
            destinations.push_back(*value);
        else if (kind == Parameter::Name || kind == Parameter::NewName)
            names.push_back(*value);
    }
    // Positional order: Path first; then Destination (Copy/Move-Item), NewName (Rename-Item) or
    // Value (the content, for the writers taking a path first).
    size_t next = 0;
    if (paths.empty() && next < positional.size())
        paths.push_back(positional[next++]);
    if (writer == Writer::CopyOrMove && destinations.empty() && next < positional.size())
        destinations.push_back(positional[next++]);
    if (writer == Writer::Rename && names.empty() && next < positional.size())
        names.push_back(positional[next++]);
    if (writer == Writer::PathFirst) {
        targets.insert(targets.end(), paths.begin(), paths.end());
        for (auto& name : names) // New-Item -Path Folder -Name File.cs
            for (auto& path : paths)
                targets.push_back(path + "/" + name);
    } else if (writer == Writer::CopyOrMove) {
        for (auto& destination : destinations) {
            targets.push_back(destination);
            for (auto& path : paths) // The destination may be a folder: the source lands inside it.
                targets.push_back(destination + "/" + leaf_of(path));
        }
    } else if (writer == Writer::Rename) {
        for (auto& name : names)
            for (auto& path : paths)
                targets.push_back(parent_of(path) + name);
    }
}

} // namespace

std::vector<std::string> powershell_write_targets(std::string_view command) {
    std::vector<std::string> targets;
    std::vector<std::string> element;
    for (auto& word : powershell_words(command)) {
        if (word == separator) {
            targets_of_pipeline_element(element, targets);
            element.clear();
        } else {
            element.push_back(word);
        }
    }
    targets_of_pipeline_element(element, targets);
    return targets;
}

} // namespace uap::agent

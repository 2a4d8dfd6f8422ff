// Command-line parsing and help text.
#include "support/command_line.hpp"

#include <algorithm>

namespace uap::command_line {

namespace {

ParserWords& chosen_words() {
    static ParserWords chosen;
    return chosen;
}

// pattern with {option} and {value} replaced, in one pass.
std::string filled(const std::string& pattern, const std::string& option, const std::string& value = {}) {
    std::string text;
    for (std::size_t index = 0; index < pattern.size(); ++index) {
        if (pattern.compare(index, 8, "{option}") == 0) {
            text += option;
            index += 7;
        } else if (pattern.compare(index, 7, "{value}") == 0) {
            text += value;
            index += 6;
        } else
            text += pattern[index];
    }
    return text;
}

} // namespace

void use_words(ParserWords chosen) { chosen_words() = std::move(chosen); }

std::string help_text(const Command& command) {
    std::string text = chosen_words().usage + "\n";
    for (auto& line : command.usage)
        text += "  " + line + "\n";
    if (!command.summary.empty())
        text += "\n" + command.summary + "\n";
    if (!command.options.empty()) {
        text += "\n" + chosen_words().options + "\n";
        size_t width = 0;
        std::vector<std::string> left;
        for (auto& option : command.options) {
            left.push_back("--" + option.name + (option.value_name.empty() ? "" : " " + option.value_name));
            width = std::max(width, left.back().size());
        }
        left.push_back("--help");
        for (size_t index = 0; index < command.options.size(); ++index)
            text += "  " + left[index] + std::string(width + 2 - left[index].size(), ' ') + command.options[index].help + "\n";
        text += "  --help" + std::string(width > 4 ? width - 4 : 2, ' ') + chosen_words().show_help + "\n";
    }
    if (!command.details.empty())
        text += "\n" + command.details + (command.details.back() == '\n' ? "" : "\n");
    return text;
}

Expected<Arguments> Arguments::parse(const std::vector<std::string>& words, const Command& command) {
    Arguments arguments;
    bool options_ended = false;
    for (size_t index = 0; index < words.size(); ++index) {
        const std::string& word = words[index];
        if (!options_ended && word == "--") {
            options_ended = true;
            continue;
        }
        if (!options_ended && (word == "--help" || word == "-h")) {
            arguments.m_help = true;
            continue;
        }
        if (options_ended || word.size() < 3 || word.rfind("--", 0) != 0) {
            arguments.m_positional.push_back(word);
            continue;
        }
        std::string name = word.substr(2);
        std::optional<std::string> inline_value;
        if (auto equals = name.find('='); equals != std::string::npos) {
            inline_value = name.substr(equals + 1);
            name = name.substr(0, equals);
        }
        auto option = std::find_if(command.options.begin(), command.options.end(), [&](const Option& known) { return known.name == name; });
        if (option == command.options.end())
            return Error(filled(chosen_words().unknown_option, name));
        if (option->takes == Takes::Nothing) {
            if (inline_value)
                return Error(filled(chosen_words().takes_no_value, name));
            arguments.m_switches.insert(name);
            continue;
        }
        if (!inline_value) {
            if (index + 1 >= words.size())
                return Error(filled(chosen_words().needs_value, name, option->value_name));
            inline_value = words[++index];
        }
        arguments.m_options.emplace(name, *inline_value);
    }
    return arguments;
}

std::optional<std::string> Arguments::value(const std::string& option) const {
    auto range = m_options.equal_range(option);
    if (range.first == range.second)
        return std::nullopt;
    return std::prev(range.second)->second;
}

std::vector<std::string> Arguments::values(const std::string& option) const {
    std::vector<std::string> result;
    auto range = m_options.equal_range(option);
    for (auto it = range.first; it != range.second; ++it)
        result.push_back(it->second);
    return result;
}

bool Arguments::has(const std::string& name) const { return m_switches.count(name) || m_options.count(name); }

} // namespace uap::command_line

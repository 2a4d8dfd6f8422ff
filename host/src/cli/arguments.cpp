// Command-line argument parsing.
#include "cli/arguments.hpp"

namespace uap::cli {

Expected<Arguments> Arguments::parse(const std::vector<std::string>& words, const ArgumentSpec& spec) {
    Arguments arguments;
    bool options_ended = false;
    for (size_t index = 0; index < words.size(); ++index) {
        const std::string& word = words[index];
        if (options_ended || word.size() < 3 || word.rfind("--", 0) != 0) {
            if (word == "--") {
                options_ended = true;
                continue;
            }
            arguments.m_positional.push_back(word);
            continue;
        }
        std::string name = word.substr(2);
        std::optional<std::string> inline_value;
        if (auto equals = name.find('='); equals != std::string::npos) {
            inline_value = name.substr(equals + 1);
            name = name.substr(0, equals);
        }
        if (spec.switches.count(name)) {
            if (inline_value)
                return Error("--" + name + " takes no value");
            arguments.m_switches.insert(name);
        } else if (spec.options.count(name)) {
            if (!inline_value) {
                if (index + 1 >= words.size())
                    return Error("--" + name + " needs a value");
                inline_value = words[++index];
            }
            arguments.m_options.emplace(name, *inline_value);
        } else {
            return Error("unknown option --" + name);
        }
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

} // namespace uap::cli

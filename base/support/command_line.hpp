// The one command-line parser of uap-host and uap-editor-sim: each command declares its options
// with their help text, so parsing and `--help` come from the same table and cannot drift apart.
#pragma once

#include "support/expected.hpp"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace uap::command_line {

enum class Takes { Value, Nothing };

struct Option {
    std::string name;       // Without the leading "--".
    Takes takes;
    std::string value_name; // Shown in help, e.g. "DIR"; empty for switches.
    std::string help;       // One line.
};

// A command or subcommand: its usage lines, what it does, and every option it accepts.
struct Command {
    std::vector<std::string> usage; // e.g. "uap-host serve --project DIR [options]"
    std::string summary;
    std::vector<Option> options;
    std::string details;            // Optional text after the option list.
};

// The parser's own words, in help and in its refusals: English unless a program sets its
// translation once, before parsing ({option} and {value} are filled in).
struct ParserWords {
    std::string usage = "usage:";
    std::string options = "options:";
    std::string show_help = "show this help";
    std::string unknown_option = "unknown option --{option}";
    std::string takes_no_value = "--{option} takes no value";
    std::string needs_value = "--{option} needs a value ({value})";
};
void use_words(ParserWords words);

// The help text: usage lines, summary, every option with its help, details.
std::string help_text(const Command& command);

class Arguments {
public:
    // Positional words, "--name value" / "--name=value" options (repeatable) and "--name"
    // switches; "--" ends options. "--help" and "-h" are always accepted. Anything else the
    // command does not declare is an error naming it.
    static Expected<Arguments> parse(const std::vector<std::string>& words, const Command& command);

    bool help_requested() const { return m_help; }
    const std::vector<std::string>& positional() const { return m_positional; }
    std::optional<std::string> value(const std::string& option) const; // The last one given.
    std::vector<std::string> values(const std::string& option) const;
    bool has(const std::string& name) const;

private:
    bool m_help = false;
    std::vector<std::string> m_positional;
    std::multimap<std::string, std::string> m_options;
    std::set<std::string> m_switches;
};

} // namespace uap::command_line

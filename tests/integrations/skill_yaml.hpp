// Reads a SKILL.md's front matter with a real YAML parser (libyaml), so the tests check what
// Claude Code's reader would see rather than what our writer meant.
#pragma once

#include <map>
#include <optional>
#include <string>

namespace uap::testing {

// The front matter of SKILL.md text: the lines between the opening "---" and the next "---" line.
std::optional<std::string> front_matter_of(const std::string& skill_text);

// A flat mapping of scalars, or nullopt when the text is not exactly one such YAML mapping (nested
// values, several documents, invalid UTF-8 or a syntax error).
std::optional<std::map<std::string, std::string>> parse_flat_yaml_mapping(const std::string& yaml);

} // namespace uap::testing

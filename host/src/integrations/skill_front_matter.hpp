// The YAML front matter of a Claude Code skill (SKILL.md): a name Claude Code accepts and a
// description that stays one safe line whatever text a pack supplies (docs/skills.md has the rules).
#pragma once

#include "support/expected.hpp"

#include <string>
#include <string_view>

namespace uap::integrations {

inline constexpr std::size_t skill_name_max_characters = 64;
inline constexpr std::size_t skill_description_max_bytes = 1024;

// 1-64 characters of a-z, 0-9 and '-', no leading, trailing or doubled '-', and neither of the
// reserved words "anthropic" and "claude".
bool is_valid_skill_name(std::string_view name);

// The skill of a pack: "uap-" and the pack id with a leading "uap." dropped, every other character
// than a-z and 0-9 turned into '-' ("uap.core" -> "uap-core", "com.example.mine" ->
// "uap-com-example-mine"). Refused, with what to do, when no valid name results.
Expected<std::string> skill_name_for_pack(std::string_view pack_id);

// Whether '<' and '>' stay, or become '(' and ')' (front matter, where they would read as XML tags).
enum class AngleBrackets { Keep, AsParentheses };

// One line of plain text: control characters and line breaks become spaces, runs of spaces one,
// invalid UTF-8 becomes '?', and the result is cut at a character boundary to max_bytes, ending
// with "..." when cut.
std::string one_line(std::string_view text, std::size_t max_bytes, AngleBrackets angles = AngleBrackets::Keep);

// "---\nname: NAME\ndescription: \"...\"\n---\n": the description made one line, cut to 1024 bytes,
// and written as a YAML double-quoted scalar, so no ':', '#', '---' or quote in it can end the value
// or the block. The name must be valid (is_valid_skill_name).
std::string skill_front_matter(std::string_view name, std::string_view description);

} // namespace uap::integrations

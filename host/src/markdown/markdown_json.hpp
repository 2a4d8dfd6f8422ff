// The tree as the panel protocol carries it (docs/panel-protocol.md, "Rendered Markdown").
#pragma once

#include "markdown/markdown_tree.hpp"

#include <string>
#include <string_view>

namespace uap::markdown {

inline constexpr int tree_format_version = 1;

// {"version":1,"blocks":[...]}; or, past a limit, {"version":1,"blocks":[],"fallback":"plain_text",
// "reason":"..."}, also when the written tree would be larger than max_tree_bytes.
std::string tree_to_json(const Tree& tree);

// parse_markdown then tree_to_json: what the host attaches to a final assistant message.
std::string markdown_json(std::string_view text);

} // namespace uap::markdown

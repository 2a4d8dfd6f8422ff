// Which link targets a rendered message may carry: web and mail links, and project asset paths.
#pragma once

#include "markdown/markdown_tree.hpp"

#include <optional>
#include <string_view>

namespace uap::markdown {

// The kind of an acceptable target, or nothing: then the link's text stays as plain text.
// Accepted: http:, https:, mailto: (any letter case), and Unity project paths under Assets/ or
// Packages/ without "..", backslashes, colons or control characters. Everything else (javascript:,
// data:, file:, relative paths, anchors) is refused, since a front-end would have to guess what it does.
std::optional<LinkKind> classify_link_target(std::string_view target);

} // namespace uap::markdown

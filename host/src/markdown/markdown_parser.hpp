// Markdown text → the typed tree, parsed once in the host with md4c (CommonMark plus tables and
// URL autolinks). Raw HTML is never interpreted: it stays literal text.
#pragma once

#include "markdown/markdown_tree.hpp"

#include <string_view>

namespace uap::markdown {

// Never fails: past a limit (markdown_tree.hpp) the tree is empty and says why, so the caller
// still shows the text, as plain text.
Tree parse_markdown(std::string_view text);

} // namespace uap::markdown

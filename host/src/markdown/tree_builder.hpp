// Builds the typed tree from md4c's enter/leave/text callbacks, one stack frame per open node.
#pragma once

#include "markdown/markdown_tree.hpp"

#include <md4c.h>

#include <string>
#include <string_view>
#include <vector>

namespace uap::markdown {

// Every method returns 0 to go on, or non-zero to make md4c stop (a limit was passed: the
// reason is in fallback_reason()).
class TreeBuilder {
public:
    TreeBuilder();

    int enter_block(MD_BLOCKTYPE type, const void* detail);
    int leave_block(MD_BLOCKTYPE type);
    int enter_span(MD_SPANTYPE type, const void* detail);
    int leave_span();
    int text(MD_TEXTTYPE type, std::string_view text);

    Node take_root() { return std::move(m_root); }
    const std::string& fallback_reason() const { return m_fallback_reason; }

private:
    int open(Node node);
    void close();
    Node& top() { return *m_open.back(); }
    bool top_is(NodeKind kind) const { return m_open.back()->kind == kind; }
    // Tight list items and table cells hold inline runs without a paragraph; inline content in a
    // list item gets an implicit one, so every list item holds blocks.
    int make_room_for_inline();
    void close_implicit_paragraph();
    void append_text(std::string_view text);
    Node block_from(MD_BLOCKTYPE type, const void* detail) const;
    Node span_from(MD_SPANTYPE type, const void* detail) const;
    int refuse(std::string reason);

    Node m_root;
    std::vector<Node*> m_open;
    size_t m_node_count = 0;
    unsigned m_table_column = 0;
    RowPart m_row_part = RowPart::Body;
    std::string m_fallback_reason;
};

} // namespace uap::markdown

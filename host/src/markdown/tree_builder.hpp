// Builds the typed tree from md4c's enter/leave/text callbacks, one stack frame per open node.
#pragma once

#include "markdown/markdown_tree.hpp"

#include <md4c.h>

#include <string>
#include <string_view>
#include <vector>

namespace uap::markdown {

// Whether a leave may close only inline spans (a span's leave never closes a block).
enum class SpansOnly { No, Yes };

// Every method returns 0 to go on, or non-zero to make md4c stop (a limit was passed: the
// reason is in fallback_reason()).
class TreeBuilder {
public:
    // `source` is the text md4c parses: every run it reports must lie inside it (see text()).
    explicit TreeBuilder(std::string_view source);

    int enter_block(MD_BLOCKTYPE type, const void* detail);
    int leave_block(MD_BLOCKTYPE type);
    int enter_span(MD_SPANTYPE type, const void* detail);
    int leave_span(MD_SPANTYPE type);
    int text(MD_TEXTTYPE type, std::string_view text);

    Node take_root() { return std::move(m_root); }
    const std::string& fallback_reason() const { return m_fallback_reason; }

private:
    int open(Node node);
    void close();
    // md4c 0.4.8 can report a leave without its enter (seen with unbalanced emphasis); a leave
    // closes the nearest open node of its kind, and any spans above it, or nothing.
    void close_nearest(NodeKind kind, NodeKind alternative, SpansOnly spans_only);
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

    bool is_from_source(std::string_view text) const;

    std::string_view m_source;
    Node m_root;
    std::vector<Node*> m_open;
    size_t m_node_count = 0;
    unsigned m_table_column = 0;
    RowPart m_row_part = RowPart::Body;
    std::string m_fallback_reason;
};

} // namespace uap::markdown

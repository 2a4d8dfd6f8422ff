// md4c's callbacks → the typed tree: blocks and spans become nodes, text is merged into runs,
// refused links and unsupported spans keep only their text.
#include "markdown/tree_builder.hpp"

#include "markdown/entities.hpp"
#include "markdown/link_targets.hpp"

#include <cstdint>

namespace uap::markdown {
namespace {

constexpr unsigned long replacement_character = 0xFFFD;

bool is_skipped_block(MD_BLOCKTYPE type) {
    // The document is the root; a table's head and body are a row property; HTML blocks never
    // occur, since the parser runs with MD_FLAG_NOHTML.
    return type == MD_BLOCK_DOC || type == MD_BLOCK_THEAD || type == MD_BLOCK_TBODY || type == MD_BLOCK_HTML;
}

// An attribute's text with its character references decoded.
std::string attribute_text(const MD_ATTRIBUTE& attribute) {
    std::string out;
    if (attribute.text == nullptr)
        return out;
    for (size_t index = 0; attribute.substr_offsets[index] < attribute.size; ++index) {
        MD_OFFSET begin = attribute.substr_offsets[index];
        MD_OFFSET end = attribute.substr_offsets[index + 1];
        std::string_view part(attribute.text + begin, end - begin);
        if (attribute.substr_types[index] == MD_TEXT_ENTITY)
            out += decode_entity(part);
        else if (attribute.substr_types[index] == MD_TEXT_NULLCHAR)
            append_utf8(out, replacement_character);
        else
            out += part;
    }
    return out;
}

Alignment alignment_from(MD_ALIGN align) {
    switch (align) {
    case MD_ALIGN_LEFT: return Alignment::Left;
    case MD_ALIGN_CENTER: return Alignment::Center;
    case MD_ALIGN_RIGHT: return Alignment::Right;
    default: return Alignment::None;
    }
}

bool is_span(NodeKind kind) {
    return kind == NodeKind::Emphasis || kind == NodeKind::Strong || kind == NodeKind::InlineCode || kind == NodeKind::Link ||
           kind == NodeKind::Transparent;
}

NodeKind kind_of_block(MD_BLOCKTYPE type) {
    switch (type) {
    case MD_BLOCK_QUOTE: return NodeKind::Quote;
    case MD_BLOCK_UL:
    case MD_BLOCK_OL: return NodeKind::List;
    case MD_BLOCK_LI: return NodeKind::ListItem;
    case MD_BLOCK_HR: return NodeKind::Rule;
    case MD_BLOCK_H: return NodeKind::Heading;
    case MD_BLOCK_CODE: return NodeKind::CodeBlock;
    case MD_BLOCK_TABLE: return NodeKind::Table;
    case MD_BLOCK_TR: return NodeKind::TableRow;
    case MD_BLOCK_TH:
    case MD_BLOCK_TD: return NodeKind::TableCell;
    default: return NodeKind::Paragraph;
    }
}

NodeKind kind_of_span(MD_SPANTYPE type) {
    switch (type) {
    case MD_SPAN_EM: return NodeKind::Emphasis;
    case MD_SPAN_STRONG: return NodeKind::Strong;
    case MD_SPAN_CODE: return NodeKind::InlineCode;
    case MD_SPAN_A: return NodeKind::Link;
    default: return NodeKind::Transparent;
    }
}

Node node_of(NodeKind kind) {
    Node node;
    node.kind = kind;
    return node;
}

} // namespace

TreeBuilder::TreeBuilder(std::string_view source) : m_source(source) { m_open.push_back(&m_root); }

// md4c reports runs from the message itself, plus its own short constants (a newline, a space,
// up to 16 spaces of code indentation). Anything else would be a parser fault reading memory that
// is not the message, which must never reach a front-end.
bool TreeBuilder::is_from_source(std::string_view text) const {
    constexpr size_t longest_constant = 16;
    auto begin = reinterpret_cast<uintptr_t>(m_source.data());
    auto run = reinterpret_cast<uintptr_t>(text.data());
    bool inside = run >= begin && run - begin <= m_source.size() && text.size() <= m_source.size() - (run - begin);
    return inside || text.size() <= longest_constant;
}

int TreeBuilder::refuse(std::string reason) {
    if (m_fallback_reason.empty())
        m_fallback_reason = std::move(reason);
    return 1;
}

int TreeBuilder::open(Node node) {
    if (m_open.size() > max_depth)
        return refuse("the Markdown nests deeper than " + std::to_string(max_depth) + " blocks and inline runs");
    if (++m_node_count > max_nodes)
        return refuse("the Markdown has more than " + std::to_string(max_nodes) + " blocks and inline runs");
    top().children.push_back(std::move(node));
    m_open.push_back(&top().children.back());
    return 0;
}

void TreeBuilder::close() {
    if (m_open.size() <= 1)
        return; // The document stays open.
    Node* closing = m_open.back();
    m_open.pop_back();
    if (closing->kind != NodeKind::Transparent)
        return;
    std::vector<Node> kept = std::move(closing->children);
    top().children.pop_back();
    for (Node& child : kept) {
        if (child.kind == NodeKind::Text)
            append_text(child.text);
        else
            top().children.push_back(std::move(child));
    }
}

void TreeBuilder::close_nearest(NodeKind kind, NodeKind alternative, SpansOnly spans_only) {
    for (size_t depth = m_open.size() - 1; depth > 0; --depth) {
        NodeKind open_kind = m_open[depth]->kind;
        if (open_kind == kind || open_kind == alternative) {
            while (m_open.size() > depth)
                close();
            return;
        }
        if (spans_only == SpansOnly::Yes && !is_span(open_kind))
            return;
    }
}

void TreeBuilder::append_text(std::string_view text) {
    auto& children = top().children;
    if (!children.empty() && children.back().kind == NodeKind::Text) {
        children.back().text += text;
        return;
    }
    Node run = node_of(NodeKind::Text);
    run.text = std::string(text);
    children.push_back(std::move(run));
    ++m_node_count;
}

int TreeBuilder::make_room_for_inline() {
    if (!top_is(NodeKind::ListItem) && !top_is(NodeKind::Quote) && !top_is(NodeKind::Document))
        return 0;
    Node paragraph = node_of(NodeKind::Paragraph);
    paragraph.implicit = true;
    return open(std::move(paragraph));
}

void TreeBuilder::close_implicit_paragraph() {
    if (top_is(NodeKind::Paragraph) && top().implicit)
        close();
}

Node TreeBuilder::block_from(MD_BLOCKTYPE type, const void* detail) const {
    switch (type) {
    case MD_BLOCK_QUOTE: return node_of(NodeKind::Quote);
    case MD_BLOCK_UL: return node_of(NodeKind::List);
    case MD_BLOCK_OL: {
        Node list = node_of(NodeKind::List);
        list.order = ListOrder::Ordered;
        list.start = static_cast<const MD_BLOCK_OL_DETAIL*>(detail)->start;
        return list;
    }
    case MD_BLOCK_LI: return node_of(NodeKind::ListItem);
    case MD_BLOCK_HR: return node_of(NodeKind::Rule);
    case MD_BLOCK_H: {
        Node heading = node_of(NodeKind::Heading);
        heading.level = static_cast<const MD_BLOCK_H_DETAIL*>(detail)->level;
        return heading;
    }
    case MD_BLOCK_CODE: {
        Node code = node_of(NodeKind::CodeBlock);
        code.language = attribute_text(static_cast<const MD_BLOCK_CODE_DETAIL*>(detail)->lang);
        if (code.language.size() > max_language_bytes)
            code.language.clear();
        return code;
    }
    case MD_BLOCK_TABLE: return node_of(NodeKind::Table);
    case MD_BLOCK_TR: {
        Node row = node_of(NodeKind::TableRow);
        row.row_part = m_row_part;
        return row;
    }
    case MD_BLOCK_TH:
    case MD_BLOCK_TD: {
        Node cell = node_of(NodeKind::TableCell);
        cell.alignment = alignment_from(static_cast<const MD_BLOCK_TD_DETAIL*>(detail)->align);
        return cell;
    }
    default: return node_of(NodeKind::Paragraph);
    }
}

int TreeBuilder::enter_block(MD_BLOCKTYPE type, const void* detail) {
    close_implicit_paragraph();
    if (type == MD_BLOCK_THEAD || type == MD_BLOCK_TBODY)
        m_row_part = type == MD_BLOCK_THEAD ? RowPart::Header : RowPart::Body;
    if (is_skipped_block(type))
        return 0;
    return open(block_from(type, detail));
}

int TreeBuilder::leave_block(MD_BLOCKTYPE type) {
    if (is_skipped_block(type))
        return 0;
    close_implicit_paragraph();
    // md4c ends every code line with a newline; the block's text is its lines without the last one.
    if (top_is(NodeKind::CodeBlock) && !top().text.empty() && top().text.back() == '\n')
        top().text.pop_back();
    close_nearest(kind_of_block(type), kind_of_block(type), SpansOnly::No);
    return 0;
}

Node TreeBuilder::span_from(MD_SPANTYPE type, const void* detail) const {
    switch (type) {
    case MD_SPAN_EM: return node_of(NodeKind::Emphasis);
    case MD_SPAN_STRONG: return node_of(NodeKind::Strong);
    case MD_SPAN_CODE: return node_of(NodeKind::InlineCode);
    case MD_SPAN_A: {
        std::string target = attribute_text(static_cast<const MD_SPAN_A_DETAIL*>(detail)->href);
        auto kind = classify_link_target(target);
        if (!kind)
            return node_of(NodeKind::Transparent);
        Node link = node_of(NodeKind::Link);
        link.text = std::move(target);
        link.link = *kind;
        return link;
    }
    // Images are never loaded (a message must not fetch anything); their description stays.
    default: return node_of(NodeKind::Transparent);
    }
}

int TreeBuilder::enter_span(MD_SPANTYPE type, const void* detail) {
    if (int stop = make_room_for_inline())
        return stop;
    return open(span_from(type, detail));
}

int TreeBuilder::leave_span(MD_SPANTYPE type) {
    // A link whose target was refused is open as a transparent span.
    NodeKind kind = kind_of_span(type);
    close_nearest(kind, kind == NodeKind::Link ? NodeKind::Transparent : kind, SpansOnly::Yes);
    return 0;
}

int TreeBuilder::text(MD_TEXTTYPE type, std::string_view text) {
    if (!is_from_source(text))
        return refuse("the Markdown parser reported " + std::to_string(text.size()) + " bytes of text that are not in the message");
    if (top_is(NodeKind::CodeBlock) || top_is(NodeKind::InlineCode)) {
        top().text += type == MD_TEXT_SOFTBR || type == MD_TEXT_BR ? std::string_view(" ") : text;
        return 0;
    }
    if (int stop = make_room_for_inline())
        return stop;
    if (type == MD_TEXT_BR) {
        if (++m_node_count > max_nodes)
            return refuse("the Markdown has more than " + std::to_string(max_nodes) + " blocks and inline runs");
        top().children.push_back(node_of(NodeKind::LineBreak));
    } else if (type == MD_TEXT_SOFTBR) {
        append_text("\n");
    } else if (type == MD_TEXT_ENTITY) {
        append_text(decode_entity(text));
    } else if (type == MD_TEXT_NULLCHAR) {
        std::string replacement;
        append_utf8(replacement, replacement_character);
        append_text(replacement);
    } else {
        append_text(text);
    }
    return 0;
}

} // namespace uap::markdown

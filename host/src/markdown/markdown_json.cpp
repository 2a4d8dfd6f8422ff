// Writes the typed tree with the host's one JSON writer; the shape is the protocol's.
#include "markdown/markdown_json.hpp"

#include "markdown/markdown_parser.hpp"
#include "support/json_writer.hpp"

namespace uap::markdown {
namespace {

void write_blocks(json::TextWriter& writer, const std::vector<Node>& blocks);
void write_inlines(json::TextWriter& writer, const std::vector<Node>& inlines);

const char* alignment_name(Alignment alignment) {
    switch (alignment) {
    case Alignment::Left: return "left";
    case Alignment::Center: return "center";
    case Alignment::Right: return "right";
    default: return "none";
    }
}

const char* link_kind_name(LinkKind kind) {
    switch (kind) {
    case LinkKind::Mail: return "mail";
    case LinkKind::Asset: return "asset";
    default: return "web";
    }
}

void write_inline(json::TextWriter& writer, const Node& node) {
    writer.begin_object();
    switch (node.kind) {
    case NodeKind::Text: writer.field("type", "text").field("text", node.text); break;
    case NodeKind::InlineCode: writer.field("type", "code").field("text", node.text); break;
    case NodeKind::LineBreak: writer.field("type", "break"); break;
    case NodeKind::Link:
        writer.field("type", "link").field("target", node.text).field("kind", link_kind_name(node.link));
        write_inlines(writer.key("inlines"), node.children);
        break;
    default:
        writer.field("type", node.kind == NodeKind::Strong ? "strong" : "emphasis");
        write_inlines(writer.key("inlines"), node.children);
    }
    writer.end_object();
}

void write_inlines(json::TextWriter& writer, const std::vector<Node>& inlines) {
    writer.begin_array();
    for (const Node& node : inlines)
        write_inline(writer, node);
    writer.end_array();
}

void write_list(json::TextWriter& writer, const Node& list) {
    writer.field("type", "list").field("ordered", list.order == ListOrder::Ordered);
    if (list.order == ListOrder::Ordered)
        writer.field("start", list.start);
    writer.key("items").begin_array();
    for (const Node& item : list.children)
        write_blocks(writer, item.children);
    writer.end_array();
}

void write_row(json::TextWriter& writer, const Node& row) {
    writer.begin_array();
    for (const Node& cell : row.children)
        write_inlines(writer, cell.children);
    writer.end_array();
}

// The header row's cells carry the column alignment; a table always has exactly one header row.
void write_table(json::TextWriter& writer, const Node& table) {
    writer.field("type", "table").key("align").begin_array();
    for (const Node& row : table.children)
        if (row.row_part == RowPart::Header)
            for (const Node& cell : row.children)
                writer.value(alignment_name(cell.alignment));
    writer.end_array().key("header");
    for (const Node& row : table.children)
        if (row.row_part == RowPart::Header)
            write_row(writer, row);
    writer.key("rows").begin_array();
    for (const Node& row : table.children)
        if (row.row_part == RowPart::Body)
            write_row(writer, row);
    writer.end_array();
}

void write_block(json::TextWriter& writer, const Node& node) {
    writer.begin_object();
    switch (node.kind) {
    case NodeKind::Heading: writer.field("type", "heading").field("level", node.level); write_inlines(writer.key("inlines"), node.children); break;
    case NodeKind::List: write_list(writer, node); break;
    case NodeKind::CodeBlock: writer.field("type", "code").field("language", node.language).field("text", node.text); break;
    case NodeKind::Table: write_table(writer, node); break;
    case NodeKind::Quote: writer.field("type", "quote"); write_blocks(writer.key("blocks"), node.children); break;
    case NodeKind::Rule: writer.field("type", "rule"); break;
    default: writer.field("type", "paragraph"); write_inlines(writer.key("inlines"), node.children);
    }
    writer.end_object();
}

void write_blocks(json::TextWriter& writer, const std::vector<Node>& blocks) {
    writer.begin_array();
    for (const Node& node : blocks)
        write_block(writer, node);
    writer.end_array();
}

std::string fallback_json(std::string_view reason) {
    json::TextWriter writer;
    writer.begin_object().field("version", tree_format_version).key("blocks").begin_array().end_array();
    writer.field("fallback", "plain_text").field("reason", reason).end_object();
    return writer.text();
}

} // namespace

std::string tree_to_json(const Tree& tree) {
    if (!tree.fallback_reason.empty())
        return fallback_json(tree.fallback_reason);
    json::TextWriter writer;
    writer.begin_object().field("version", tree_format_version);
    write_blocks(writer.key("blocks"), tree.root.children);
    writer.end_object();
    std::string text = writer.text();
    if (text.size() > max_tree_bytes)
        return fallback_json("the rendered Markdown is " + std::to_string(text.size()) + " bytes, more than the " +
                             std::to_string(max_tree_bytes) + " bytes a message's tree may have");
    return text;
}

std::string markdown_json(std::string_view text) { return tree_to_json(parse_markdown(text)); }

} // namespace uap::markdown

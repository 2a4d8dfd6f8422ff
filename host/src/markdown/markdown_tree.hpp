// The typed tree every front-end renders a final assistant message from: blocks (paragraph,
// heading, list, code, table, quote, rule) holding inline runs (text, emphasis, strong, code, link).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace uap::markdown {

// Limits that keep one hostile message from costing a front-end more than a plain text would.
// Past any of them the message has no blocks and is shown as plain text (see Tree::fallback_reason).
inline constexpr size_t max_source_bytes = 1024 * 1024;
inline constexpr size_t max_depth = 24;       // nested blocks and inline runs, counted together
inline constexpr size_t max_nodes = 20000;
inline constexpr size_t max_tree_bytes = 3 * 1024 * 1024;
inline constexpr size_t max_link_target_bytes = 2048;
inline constexpr size_t max_language_bytes = 64;

enum class NodeKind {
    Document,
    Paragraph,
    Heading,
    List,
    ListItem,
    CodeBlock,
    Table,
    TableRow,
    TableCell,
    Quote,
    Rule,
    Text,
    Emphasis,
    Strong,
    InlineCode,
    Link,
    LineBreak,
    // Not part of the finished tree: a span whose content stays but whose markup is dropped (a
    // refused link, an image, strikethrough); its children move into its parent when it closes.
    Transparent,
};

enum class ListOrder { Unordered, Ordered };
enum class Alignment { None, Left, Center, Right };
enum class LinkKind { Web, Mail, Asset };
enum class RowPart { Header, Body };

struct Node {
    NodeKind kind = NodeKind::Document;
    std::string text;             // Text, InlineCode, CodeBlock; a Link's target
    std::string language;         // CodeBlock
    unsigned level = 0;           // Heading
    unsigned start = 1;           // ordered List
    ListOrder order = ListOrder::Unordered;
    LinkKind link = LinkKind::Web;
    RowPart row_part = RowPart::Body;
    Alignment alignment = Alignment::None; // TableCell
    bool implicit = false;        // a Paragraph md4c left out (tight list items)
    std::vector<Node> children;
};

struct Tree {
    Node root;
    // Empty when the tree is complete; otherwise what limit the message passed. The tree then
    // has no blocks and front-ends show the message's text as plain text.
    std::string fallback_reason;
};

} // namespace uap::markdown

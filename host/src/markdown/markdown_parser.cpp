// Runs md4c over a message with the dialect every front-end renders, and checks the size limits.
#include "markdown/markdown_parser.hpp"

#include "markdown/tree_builder.hpp"

#include <md4c.h>

namespace uap::markdown {
namespace {

// CommonMark with GitHub's tables and bare-URL autolinks (models write both). HTML is off, so
// `List<int>`, `<color=red>` and `<script>` are text. Strikethrough and task lists stay off: their
// marks then show as written rather than as a style one front-end lacks.
constexpr size_t read_past_end_padding = 16;

constexpr unsigned dialect_flags = MD_FLAG_TABLES | MD_FLAG_NOHTML | MD_FLAG_PERMISSIVEURLAUTOLINKS;

TreeBuilder& builder_of(void* user_data) { return *static_cast<TreeBuilder*>(user_data); }

int on_enter_block(MD_BLOCKTYPE type, void* detail, void* user_data) { return builder_of(user_data).enter_block(type, detail); }
int on_leave_block(MD_BLOCKTYPE type, void*, void* user_data) { return builder_of(user_data).leave_block(type); }
int on_enter_span(MD_SPANTYPE type, void* detail, void* user_data) { return builder_of(user_data).enter_span(type, detail); }
int on_leave_span(MD_SPANTYPE type, void*, void* user_data) { return builder_of(user_data).leave_span(type); }
int on_text(MD_TEXTTYPE type, const MD_CHAR* text, MD_SIZE size, void* user_data) {
    return builder_of(user_data).text(type, std::string_view(text, size));
}

Tree fallback(std::string reason) {
    Tree tree;
    tree.fallback_reason = std::move(reason);
    return tree;
}

} // namespace

Tree parse_markdown(std::string_view text) {
    if (text.size() > max_source_bytes)
        return fallback("the message is " + std::to_string(text.size()) + " bytes, more than the " +
                        std::to_string(max_source_bytes) + " bytes the host renders as Markdown");
    MD_PARSER parser{};
    parser.flags = dialect_flags;
    parser.enter_block = on_enter_block;
    parser.leave_block = on_leave_block;
    parser.enter_span = on_enter_span;
    parser.leave_span = on_leave_span;
    parser.text = on_text;
    // md4c 0.4.8 reads a byte past the end of a message ending in an unfinished link ("[](", in
    // md_is_inline_link_spec); a copy with zeros after it keeps that read inside memory we own and
    // its outcome the same on every run.
    std::string padded;
    padded.reserve(text.size() + read_past_end_padding);
    padded.append(text).append(read_past_end_padding, '\0');
    std::string_view source(padded.data(), text.size());
    TreeBuilder builder(source);
    int outcome = md_parse(source.data(), static_cast<MD_SIZE>(source.size()), &parser, &builder);
    if (!builder.fallback_reason().empty())
        return fallback(builder.fallback_reason());
    if (outcome != 0)
        return fallback("the Markdown parser failed (md4c returned " + std::to_string(outcome) + ", out of memory)");
    Tree tree;
    tree.root = builder.take_root();
    return tree;
}

} // namespace uap::markdown

// Oversized and hostile messages: each limit gives a plain-text fallback that says why, and large
// but ordinary content (a 10,000-character word, a 5,000-line code block) still renders.
#include "markdown/markdown_json.hpp"
#include "markdown/markdown_parser.hpp"
#include "markdown/tree_builder.hpp"
#include "support/json.hpp"
#include "fakes/json_at.hpp"

#include <gtest/gtest.h>

#include <chrono>

namespace {

using namespace uap::markdown;

TEST(MarkdownLimits, ATooLongMessageFallsBackToPlainTextAndSaysWhy) {
    std::string text(max_source_bytes + 1, 'a');
    Tree tree = parse_markdown(text);
    EXPECT_TRUE(tree.root.children.empty());
    EXPECT_NE(tree.fallback_reason.find(std::to_string(max_source_bytes + 1) + " bytes"), std::string::npos) << tree.fallback_reason;
    std::string json = tree_to_json(tree);
    EXPECT_EQ(uap::testing::text_at(json, "/blocks"), "[]") << json;
    EXPECT_EQ(uap::testing::text_at(json, "/fallback"), "plain_text") << json;
    EXPECT_EQ(uap::testing::text_at(json, "/reason").rfind("the message is", 0), 0u) << json;
}

TEST(MarkdownLimits, DeepNestingFallsBackInsteadOfRecursing) {
    Tree tree = parse_markdown(std::string(10000, '>') + " deep");
    EXPECT_TRUE(tree.root.children.empty());
    EXPECT_NE(tree.fallback_reason.find("nests deeper than"), std::string::npos) << tree.fallback_reason;
    Tree emphasis = parse_markdown(std::string(5000, '*') + "x" + std::string(5000, '*'));
    EXPECT_FALSE(emphasis.fallback_reason.empty());
}

TEST(MarkdownLimits, TooManyNodesFallBack) {
    std::string text;
    for (size_t index = 0; index < max_nodes; ++index)
        text += "*a* ";
    Tree tree = parse_markdown(text);
    EXPECT_TRUE(tree.root.children.empty());
    EXPECT_NE(tree.fallback_reason.find("more than " + std::to_string(max_nodes)), std::string::npos) << tree.fallback_reason;
}

TEST(MarkdownLimits, ATreeLargerThanItsLimitFallsBack) {
    // A control character is written as \u0001 (six bytes), so a message of them under the source
    // limit writes a tree over its own.
    std::string text = "```\n" + std::string(max_source_bytes - 8, '\x01') + "\n```";
    ASSERT_LE(text.size(), max_source_bytes);
    std::string json = markdown_json(text);
    ASSERT_LE(json.size(), 1024u) << "the tree was written whole: " << json.size() << " bytes";
    EXPECT_NE(json.find("more than the " + std::to_string(max_tree_bytes) + " bytes a message's tree may have"), std::string::npos) << json;
}

TEST(MarkdownLimits, ALongWordAndALongCodeBlockStillRender) {
    std::string word(10000, 'w');
    EXPECT_EQ(markdown_json(word), R"({"version":1,"blocks":[{"type":"paragraph","inlines":[{"type":"text","text":")" + word + R"("}]}]})");
    std::string code = "```cs\n";
    for (int line = 0; line < 5000; ++line)
        code += "var value" + std::to_string(line) + " = " + std::to_string(line) + ";\n";
    code += "```\n";
    auto started = std::chrono::steady_clock::now();
    Tree tree = parse_markdown(code);
    auto elapsed = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - started);
    ASSERT_EQ(tree.root.children.size(), 1u);
    EXPECT_EQ(tree.root.children[0].kind, NodeKind::CodeBlock);
    EXPECT_EQ(tree.root.children[0].language, "cs");
    EXPECT_EQ(tree.root.children[0].text.size(), code.size() - 6 - 5);
    EXPECT_LT(elapsed.count(), 1000000) << "parsing 5,000 code lines took " << elapsed.count() << " µs";
    std::cout << "parse of a 5,000-line code block (" << code.size() << " bytes): " << elapsed.count() << " µs\n";
}

TEST(MarkdownLimits, ControlCharactersAndMarkupSoupGiveWellFormedJson) {
    std::string soup;
    for (int value = 0; value < 128; ++value)
        soup += static_cast<char>(value);
    soup += "\xe6\x97\xa5\xe6\x9c\xac [](<>) ![[]]( `` ``` *_*_ |--|\n|-|\n> - 1. ";
    for (int round = 0; round < 4; ++round) {
        std::string json = markdown_json(soup);
        auto parsed = uap::json::parse(json);
        EXPECT_TRUE(parsed) << json;
        soup += soup;
    }
}

// md4c 0.4.8 reports a leave without its enter for "[](_)_" (found by the fuzzer); a stray leave
// closes nothing, a block's leave closes spans left open in it, and the document stays open.
TEST(MarkdownLimits, UnbalancedCallbacksKeepTheTreeWhole) {
    std::string source = "bold after";
    TreeBuilder builder(source);
    EXPECT_EQ(builder.leave_span(MD_SPAN_EM), 0);
    EXPECT_EQ(builder.leave_block(MD_BLOCK_QUOTE), 0);
    MD_BLOCK_H_DETAIL heading{2};
    ASSERT_EQ(builder.enter_block(MD_BLOCK_H, &heading), 0);
    ASSERT_EQ(builder.enter_span(MD_SPAN_STRONG, nullptr), 0);
    ASSERT_EQ(builder.text(MD_TEXT_NORMAL, std::string_view(source).substr(0, 4)), 0);
    EXPECT_EQ(builder.leave_span(MD_SPAN_EM), 0);    // not the open span: ignored
    EXPECT_EQ(builder.leave_block(MD_BLOCK_H), 0);   // closes the strong run, then the heading
    ASSERT_EQ(builder.text(MD_TEXT_NORMAL, std::string_view(source).substr(5)), 0);
    Tree tree;
    tree.root = builder.take_root();
    EXPECT_EQ(tree_to_json(tree), R"({"version":1,"blocks":[{"type":"heading","level":2,"inlines":[{"type":"strong","inlines":[{"type":"text","text":"bold"}]}]},)"
                                  R"({"type":"paragraph","inlines":[{"type":"text","text":"after"}]}]})");
    EXPECT_EQ(markdown_json("[](_)_"), R"({"version":1,"blocks":[{"type":"paragraph","inlines":[]}]})");
}

// A run that is not part of the message (a parser fault) ends the tree: the message falls back to
// plain text instead of showing memory that is not the message.
TEST(MarkdownLimits, TextOutsideTheMessageIsRefused) {
    std::string source = "inside";
    std::string elsewhere(64, 'x');
    TreeBuilder builder(source);
    EXPECT_EQ(builder.text(MD_TEXT_NORMAL, source), 0);
    EXPECT_EQ(builder.text(MD_TEXT_SOFTBR, "\n"), 0);
    EXPECT_NE(builder.text(MD_TEXT_NORMAL, elsewhere), 0);
    EXPECT_NE(builder.fallback_reason().find("64 bytes of text that are not in the message"), std::string::npos) << builder.fallback_reason();
    TreeBuilder overlong(source);
    EXPECT_NE(overlong.text(MD_TEXT_NORMAL, std::string_view(source.data() + 2, 40)), 0);
}

// Found by the fuzzer: md4c 0.4.8 reads a byte past the end of a message ending in an unfinished
// link, such as "[](" (checked with md4c built with AddressSanitizer); the tree must be the same on
// every run (the bytes after the message are ours and zero).
TEST(MarkdownLimits, AnInputMd4cReadsPastIsStable) {
    EXPECT_EQ(markdown_json("[]("), R"({"version":1,"blocks":[{"type":"paragraph","inlines":[{"type":"text","text":"[]("}]}]})");
    const std::string message = "[a](b\n\n[c](d";
    std::string first = markdown_json(message);
    for (int round = 0; round < 20; ++round)
        EXPECT_EQ(markdown_json(message), first);
    EXPECT_EQ(first, R"({"version":1,"blocks":[{"type":"paragraph","inlines":[{"type":"text","text":"[a](b"}]},)"
                     R"({"type":"paragraph","inlines":[{"type":"text","text":"[c](d"}]}]})");
}

} // namespace

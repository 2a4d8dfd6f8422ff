// Oversized and hostile messages: each limit gives a plain-text fallback that says why, and large
// but ordinary content (a 10,000-character word, a 5,000-line code block) still renders.
#include "markdown/markdown_json.hpp"
#include "markdown/markdown_parser.hpp"
#include "support/json.hpp"

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
    EXPECT_NE(json.find(R"("blocks":[],"fallback":"plain_text","reason":"the message is)"), std::string::npos) << json;
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
    auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
    ASSERT_EQ(tree.root.children.size(), 1u);
    EXPECT_EQ(tree.root.children[0].kind, NodeKind::CodeBlock);
    EXPECT_EQ(tree.root.children[0].language, "cs");
    EXPECT_EQ(tree.root.children[0].text.size(), code.size() - 6 - 5);
    EXPECT_LT(elapsed.count(), 1000) << "parsing 5,000 code lines took " << elapsed.count() << " ms";
    std::cout << "parse of a 5,000-line code block (" << code.size() << " bytes): " << elapsed.count() << " ms\n";
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

} // namespace

// Link targets a tree may carry, and what happens to the text of a refused one.
#include "markdown/link_targets.hpp"
#include "markdown/markdown_json.hpp"

#include <gtest/gtest.h>

namespace {

using uap::markdown::classify_link_target;
using uap::markdown::LinkKind;

TEST(MarkdownLinks, AcceptsWebMailAndProjectPaths) {
    EXPECT_EQ(classify_link_target("https://example.com/a?b=1"), LinkKind::Web);
    EXPECT_EQ(classify_link_target("HTTP://EXAMPLE.COM"), LinkKind::Web);
    EXPECT_EQ(classify_link_target("mailto:dev@example.com"), LinkKind::Mail);
    EXPECT_EQ(classify_link_target("Assets/Scripts/Player.cs"), LinkKind::Asset);
    EXPECT_EQ(classify_link_target("Packages/com.unity.inputsystem/package.json"), LinkKind::Asset);
}

TEST(MarkdownLinks, RefusesEverythingElse) {
    for (const char* target : {"javascript:alert(1)", " javascript:alert(1)", "JaVaScRiPt:x", "data:text/html,x", "file:///etc/passwd",
                               "vbscript:x", "Assets/../ProjectSettings/a.asset", "Assets\\Scripts\\A.cs", "Assets/C:/x",
                               "Assets//x", "Scripts/A.cs", "#top", "//example.com", "", "mailto:", "https://a\nb", "https://a b",
                               "assets/lower.cs", "https://a\x7f"})
        EXPECT_FALSE(classify_link_target(target)) << target;
}

TEST(MarkdownLinks, RefusesOverlongTargets) {
    std::string target = "https://example.com/" + std::string(uap::markdown::max_link_target_bytes, 'a');
    EXPECT_FALSE(classify_link_target(target));
    EXPECT_EQ(classify_link_target(target.substr(0, uap::markdown::max_link_target_bytes)), LinkKind::Web);
}

TEST(MarkdownLinks, ARefusedLinkKeepsItsTextAsPlainText) {
    EXPECT_EQ(uap::markdown::markdown_json("a [click *me*](javascript:alert(1)) b"),
              R"({"version":1,"blocks":[{"type":"paragraph","inlines":[{"type":"text","text":"a click "},)"
              R"({"type":"emphasis","inlines":[{"type":"text","text":"me"}]},{"type":"text","text":" b"}]}]})");
}

} // namespace

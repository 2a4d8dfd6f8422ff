// The host's JSON parsing boundary: bounded nesting (no stack overflow), UTF-8 checked, no trailing data.
#include "support/json.hpp"

#include <gtest/gtest.h>

namespace {

std::string nested_arrays(size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); }

TEST(Json, AcceptsNestingUpToTheLimitAndRefusesDeeper) {
    EXPECT_TRUE(uap::json::parse(nested_arrays(uap::json::default_max_depth)));
    auto deeper = uap::json::parse(nested_arrays(uap::json::default_max_depth + 1));
    ASSERT_FALSE(deeper);
    EXPECT_NE(deeper.error().message().find("nests deeper than 64"), std::string::npos);
}

TEST(Json, HostileNestingDoesNotOverflowTheStack) {
    auto hostile = uap::json::parse(nested_arrays(1'000'000));
    ASSERT_FALSE(hostile);
    EXPECT_NE(hostile.error().message().find("nests deeper"), std::string::npos);
}

TEST(Json, RefusesInvalidUtf8AndTrailingData) {
    EXPECT_FALSE(uap::json::parse("\"\xff\xfe\""));
    EXPECT_FALSE(uap::json::parse("{} {}"));
    EXPECT_FALSE(uap::json::parse(""));
    EXPECT_TRUE(uap::json::parse("  {\"ok\": \"caf\xc3\xa9\"}\n"));
}

TEST(Json, LocalDocumentChecksAsParseDoesAndSurvivesReuseAcrossSizes) {
    uap::json::LocalDocument document;
    // Larger than its inline bytes (values spill into pool chunks), then small, then large again:
    // each parse sees only its own text's values.
    std::string large = R"({"text":")" + std::string(100 * 1024, 'x') + R"(","list":[1,2,3]})";
    for (int round = 0; round < 3; ++round) {
        ASSERT_TRUE(document.parse(large));
        EXPECT_EQ(document.document()["text"].GetStringLength(), 100u * 1024);
        EXPECT_EQ(document.document()["list"][2].GetInt(), 3);
        ASSERT_TRUE(document.parse(R"({"small":true})"));
        EXPECT_TRUE(document.document()["small"].GetBool());
        EXPECT_FALSE(document.document().HasMember("text"));
    }
    auto deeper = document.parse(nested_arrays(uap::json::default_max_depth + 1));
    ASSERT_FALSE(deeper);
    EXPECT_NE(deeper.error().message().find("nests deeper than 64"), std::string::npos);
    EXPECT_FALSE(document.parse(nested_arrays(1'000'000)));
    EXPECT_FALSE(document.parse("\"\xff\xfe\""));
    EXPECT_FALSE(document.parse("{} {}"));
    EXPECT_FALSE(document.parse(R"(["\udc00"])")); // A lone low surrogate.
    ASSERT_TRUE(document.parse(R"({"after":"errors"})"));
    EXPECT_STREQ(document.document()["after"].GetString(), "errors");
}

} // namespace

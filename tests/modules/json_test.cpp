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

} // namespace

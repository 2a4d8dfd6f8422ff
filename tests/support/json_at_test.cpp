// The structural JSON reader the tests compare with: a member is found whatever the text's member
// order, spacing and escaping, and absence or broken text is said, never mistaken for a value.
#include "fakes/json_at.hpp"

#include <gtest/gtest.h>

namespace {

using uap::testing::number_at;
using uap::testing::text_at;

TEST(JsonAt, FindsAMemberWhateverTheLayoutOfTheText) {
    const std::string compact = R"({"a":{"b":"x\u0041","n":2,"t":true,"z":null,"list":[1,{"k":"v"}]}})";
    const std::string spaced =
        "{ \"a\" : { \"list\" : [ 1 , { \"k\" : \"v\" } ] , \"z\" : null , \"t\" : true , \"n\" : 2.0 , \"b\" : \"xA\" } }";
    for (const std::string& text : {compact, spaced}) {
        EXPECT_EQ(text_at(text, "/a/b"), "xA") << text;
        EXPECT_EQ(text_at(text, "/a/n"), "2") << text;
        EXPECT_EQ(text_at(text, "/a/t"), "true") << text;
        EXPECT_EQ(text_at(text, "/a/z"), "null") << text;
        EXPECT_EQ(text_at(text, "/a/list/1"), R"({"k":"v"})") << text;
        EXPECT_EQ(text_at(text, "/a/list/1/k"), "v") << text;
    }
}

TEST(JsonAt, SaysWhenTheMemberIsMissingOrTheTextIsNotJson) {
    EXPECT_EQ(text_at(R"({"a":0.5,"b":-3,"c":1e300})", "/a"), "0.5");
    EXPECT_EQ(text_at(R"({"a":0.5,"b":-3,"c":1e300})", "/b"), "-3");
    EXPECT_EQ(text_at(R"({"a":0.5,"b":-3,"c":1e300})", "/c"), "1e300");
    EXPECT_EQ(text_at(R"({"a":1})", "/b"), "<missing>");
    EXPECT_EQ(text_at(R"({"a":1})", "/a/b"), "<missing>");
    EXPECT_EQ(text_at(R"({"a":1)", "/a"), "<not JSON>");
    EXPECT_EQ(text_at("\"a\":1", "/a"), "<not JSON>");
    rapidjson::Document document;
    document.Parse(R"({"n":"7"})");
    EXPECT_EQ(number_at(document, "/n"), -99999.0) << "a string is not a number";
}

} // namespace

// The SDK's JSON builder: hostile strings come out escaped and parse back to themselves; invalid
// UTF-8 and non-finite numbers are refused, never replaced; an unfinished value is refused.
#include <uap/sdk/json.hpp>

#include <gtest/gtest.h>

#include <limits>

namespace {

std::string round_trip(std::string_view hostile) {
    uap::sdk::JsonBuilder builder;
    builder.begin_object().field("text", hostile).end_object();
    auto text = builder.finish();
    EXPECT_TRUE(text) << builder.error();
    rapidjson::Document parsed;
    parsed.Parse(text->c_str(), text->size());
    EXPECT_FALSE(parsed.HasParseError()) << *text;
    return std::string(parsed["text"].GetString(), parsed["text"].GetStringLength());
}

TEST(JsonBuilder, EscapesQuotesBackslashesAndControlCharacters) {
    const std::string hostile = std::string("\"},{\"injected\":true,\"x\":\"\\\n\r\t\b\f\x01\x1f") + std::string(1, '\0') + "end";
    EXPECT_EQ(round_trip(hostile), hostile);
    uap::sdk::JsonBuilder builder;
    builder.begin_object().field("text", std::string_view("a\"b\x01")).end_object();
    EXPECT_EQ(*builder.finish(), R"({"text":"a\"b\u0001"})");
}

TEST(JsonBuilder, KeepsValidMultibyteText) {
    EXPECT_EQ(round_trip("caf\xc3\xa9 \xe3\x83\x9e\xe3\x83\xbc\xe3\x82\xab\xe3\x83\xbc \xf0\x9f\x99\x82"),
              "caf\xc3\xa9 \xe3\x83\x9e\xe3\x83\xbc\xe3\x82\xab\xe3\x83\xbc \xf0\x9f\x99\x82");
}

TEST(JsonBuilder, RefusesInvalidUtf8InValuesAndKeys) {
    for (std::string_view invalid : {std::string_view("\xff\xfe"), std::string_view("\xc3"), std::string_view("\xed\xa0\x80"),
                                     std::string_view("\xc0\xaf")}) {
        uap::sdk::JsonBuilder value;
        value.begin_object().field("text", invalid).end_object();
        EXPECT_FALSE(value.finish());
        EXPECT_EQ(value.error(), "a string is not valid UTF-8");
        uap::sdk::JsonBuilder key;
        key.begin_object().field(invalid, "text").end_object();
        EXPECT_FALSE(key.finish());
    }
}

TEST(JsonBuilder, RefusesNonFiniteNumbersAndUnfinishedValues) {
    uap::sdk::JsonBuilder number;
    number.begin_array().value(std::numeric_limits<double>::quiet_NaN()).end_array();
    EXPECT_FALSE(number.finish());
    EXPECT_NE(number.error().find("not finite"), std::string::npos);
    uap::sdk::JsonBuilder unfinished;
    unfinished.begin_object().field("a", 1);
    EXPECT_FALSE(unfinished.finish());
    EXPECT_NE(unfinished.error().find("incomplete"), std::string::npos);
}

TEST(JsonBuilder, WritesOptionalFieldsOnlyWhenSetAndCopiesParsedValues) {
    rapidjson::Document copied;
    copied.Parse(R"({"nested":[1,2.5,"x",null,false]})");
    uap::sdk::JsonBuilder builder;
    builder.begin_object()
        .field("absent", std::optional<int64_t>())
        .field("present", std::optional<bool>(true))
        .field("value", copied)
        .end_object();
    EXPECT_EQ(*builder.finish(), R"({"present":true,"value":{"nested":[1,2.5,"x",null,false]}})");
}

} // namespace

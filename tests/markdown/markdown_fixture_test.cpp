// The shared fixture of tricky messages: the host's tree for each must be the one checked by eye
// and stored in fixtures/messages.json (the browser test reads the same file).
#include "markdown/markdown_json.hpp"
#include "support/files.hpp"
#include "support/json.hpp"

#include <gtest/gtest.h>

namespace {

rapidjson::Document load_fixture() {
    auto text = uap::files::read(UAP_MARKDOWN_FIXTURE, 16 * 1024 * 1024);
    EXPECT_TRUE(text) << (text ? "" : text.error().message());
    auto fixture = uap::json::parse(text ? *text : "{}");
    EXPECT_TRUE(fixture) << (fixture ? "" : fixture.error().message());
    return fixture ? std::move(*fixture) : rapidjson::Document(rapidjson::kObjectType);
}

TEST(MarkdownFixture, EveryMessageGivesTheTreeCheckedByEye) {
    auto fixture = load_fixture();
    ASSERT_TRUE(fixture.HasMember("messages"));
    auto messages = fixture["messages"].GetArray();
    ASSERT_GE(messages.Size(), 30u) << "the fixture must keep at least 30 tricky messages";
    for (auto& message : messages) {
        std::string name = uap::json::string_field(message, "name").value_or("");
        ASSERT_TRUE(message.HasMember("expected")) << name << ": no expected tree (run write_expected.py after checking it)";
        auto actual = uap::json::parse(uap::markdown::markdown_json(uap::json::string_field(message, "text").value_or("")));
        ASSERT_TRUE(actual) << name;
        EXPECT_TRUE(*actual == message["expected"]) << name << "\nactual:   " << uap::json::to_text(*actual)
                                                    << "\nexpected: " << uap::json::to_text(message["expected"]);
    }
}

// Observations that must hold whatever the stored trees say, so a careless regeneration of the
// fixture cannot make a hostile message pass.
TEST(MarkdownFixture, NoMessageCarriesAnUnsafeTargetOrMarkup) {
    auto fixture = load_fixture();
    for (auto& message : fixture["messages"].GetArray()) {
        std::string tree = uap::markdown::markdown_json(uap::json::string_field(message, "text").value_or(""));
        for (const char* unsafe : {"\"target\":\"javascript:", "\"target\":\"JAVASCRIPT:", "\"target\":\"data:", "\"target\":\"file:",
                                   "\"target\":\"vbscript:", "\"target\":\"Assets/..", "\"type\":\"html\""})
            EXPECT_EQ(tree.find(unsafe), std::string::npos) << uap::json::string_field(message, "name").value_or("") << ": " << unsafe;
    }
}

} // namespace

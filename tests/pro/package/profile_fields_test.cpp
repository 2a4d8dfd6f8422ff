// The profile fields that moved with Pro: quickActions (canned prompts) and assetTemplates (asset
// types and default values), parsed with their limits and refused with a reason; the Pro package's
// own profiles offered from its Profiles~ folder.
#include "profiles/profile.hpp"

#include <gtest/gtest.h>

namespace {

using uap::profiles::parse_profile;

std::string profile_with(const std::string& fields) {
    return R"({"id":"sdk","instructionLines":["A rule."],"sources":["https://example.com"])" + fields + "}";
}

TEST(ProfileFields, QuickActionsAndAssetTemplatesAreRead) {
    auto parsed = parse_profile(profile_with(R"(,
        "quickActions":[{"id":"setup","label":"Set up","labelJa":"セットアップ","prompt":"Set the SDK up.\nThen check it."}],
        "assetTemplates":[{"id":"collider","label":"Collider preset","assetType":"MySdk.ColliderPreset","path":"Assets/MySdk/Collider.asset",
                           "properties":{"radius":0.1,"mode":"capsule"}}])"));
    ASSERT_TRUE(parsed) << parsed.error().message();
    EXPECT_TRUE(parsed->warnings.empty());
    ASSERT_EQ(parsed->profile.quick_actions.size(), 1u);
    auto& action = parsed->profile.quick_actions[0];
    EXPECT_EQ(action.id, "setup");
    EXPECT_EQ(action.label_ja, "セットアップ");
    EXPECT_EQ(action.prompt, "Set the SDK up.\nThen check it.") << "a prompt may have several lines";
    ASSERT_EQ(parsed->profile.asset_templates.size(), 1u);
    auto& preset = parsed->profile.asset_templates[0];
    EXPECT_EQ(preset.asset_type, "MySdk.ColliderPreset");
    EXPECT_EQ(preset.path, "Assets/MySdk/Collider.asset");
    EXPECT_EQ(preset.properties_json, R"({"radius":0.1,"mode":"capsule"})");
}

TEST(ProfileFields, BadQuickActionsAndAssetTemplatesAreRefusedWithTheReason) {
    std::string many;
    for (int index = 0; index < 21; ++index)
        many += std::string(index ? "," : "") + R"({"id":"a)" + std::to_string(index) + R"(","label":"L","prompt":"P"})";
    std::string properties;
    for (int index = 0; index < 51; ++index)
        properties += std::string(index ? "," : "") + "\"p" + std::to_string(index) + "\":1";
    struct Case {
        std::string fields;
        std::string expected;
    };
    std::vector<Case> cases = {
        {R"(,"quickActions":{"id":"x"})", "\"quickActions\" must be an array of objects"},
        {R"(,"quickActions":["do it"])", "\"quickActions\" must hold only objects"},
        {",\"quickActions\":[" + many + "]", "holds 21 entries; at most 20 are read"},
        {R"(,"quickActions":[{"label":"L","prompt":"P"}])", "\"quickActions[0].id\" is required"},
        {R"(,"quickActions":[{"id":"../x","label":"L","prompt":"P"}])", "\"quickActions[0].id\" must be 1-64 characters"},
        {R"(,"quickActions":[{"id":"a","label":"L","prompt":"P"},{"id":"a","label":"M","prompt":"Q"}])", "repeats the id \"a\""},
        {R"(,"quickActions":[{"id":"a","label":7,"prompt":"P"}])", "\"quickActions[0].label\" must be a string"},
        {R"(,"quickActions":[{"id":"a","label":"two\nlines","prompt":"P"}])", "\"quickActions[0].label\" contains a line break"},
        {R"(,"quickActions":[{"id":"a","label":"L","prompt":")" + std::string(2001, 'x') + "\"}]", "longer than 2000 characters"},
        {R"(,"quickActions":[{"id":"a","label":"L"}])", "\"quickActions[0].prompt\" is required"},
        {R"(,"assetTemplates":[{"id":"t","label":"L","assetType":"T","path":"/etc/passwd"}])", "must be a path under Assets/"},
        {R"(,"assetTemplates":[{"id":"t","label":"L","assetType":"T","path":"Assets/../../x.asset"}])", "without \"..\""},
        {R"(,"assetTemplates":[{"id":"t","label":"L","assetType":"T","path":"Assets\\..\\x.asset"}])", "must be a path under Assets/"},
        {R"(,"assetTemplates":[{"id":"t","label":"L","path":"Assets/x.asset"}])", "\"assetTemplates[0].assetType\" is required"},
        {R"(,"assetTemplates":[{"id":"t","label":"L","assetType":"T","path":"Assets/x.asset","properties":[1]}])", "must be an object of serialized property paths"},
        {R"(,"assetTemplates":[{"id":"t","label":"L","assetType":"T","path":"Assets/x.asset","properties":{)" + properties + "}}]", "more than 50 values"},
    };
    for (auto& test : cases) {
        SCOPED_TRACE(test.fields.substr(0, 120));
        auto parsed = parse_profile(profile_with(test.fields));
        ASSERT_FALSE(parsed);
        EXPECT_NE(parsed.error().message().find(test.expected), std::string::npos) << parsed.error().message();
    }
}

TEST(ProfileFields, UnknownFieldsInsideAnEntryAreWarnedAboutNotFatal) {
    auto parsed = parse_profile(profile_with(R"(,"quickActions":[{"id":"a","label":"L","prompt":"P","icon":"star"}])"));
    ASSERT_TRUE(parsed) << parsed.error().message();
    ASSERT_EQ(parsed->warnings.size(), 1u);
    EXPECT_EQ(parsed->warnings[0], "unknown field \"quickActions[0].icon\" is ignored");
}

} // namespace

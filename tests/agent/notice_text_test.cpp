// The agent session's notice keys: the template fills each placeholder once, and the browser panel's
// and the Unity window's catalogues have every key in English (word for word the host's template)
// and in Japanese (with the same placeholders), so a keyed notice never shows a raw key or loses a value.
#include "agent/notice_text.hpp"

#include "support/json.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>

namespace {

std::set<std::string> placeholders(const std::string& text) {
    std::set<std::string> names;
    static const std::regex placeholder(R"(\{(\w+)\})");
    for (std::sregex_iterator match(text.begin(), text.end(), placeholder), end; match != end; ++match)
        names.insert((*match)[1]);
    return names;
}

// The notice entries of a front-end's catalogue file, one map per catalogue in file order (English,
// then Japanese): a line that opens a catalogue matches `opens`, an entry matches `entry` (key, then
// the text as a JSON string literal, which both JavaScript's and C#'s escapes here are).
std::vector<std::map<std::string, std::string>> front_end_notices(const std::string& path, const std::regex& opens, const std::regex& entry) {
    std::ifstream file(path);
    std::stringstream content;
    content << file.rdbuf();
    std::vector<std::map<std::string, std::string>> catalogues;
    const std::regex& line = entry;
    std::string text;
    while (std::getline(content, text)) {
        if (std::regex_match(text, opens))
            catalogues.emplace_back();
        std::smatch match;
        if (catalogues.empty() || !std::regex_match(text, match, line))
            continue;
        auto value = uap::json::parse(match[2].str());
        EXPECT_TRUE(value && value->IsString()) << text;
        if (value && value->IsString())
            catalogues.back()[match[1]] = value->GetString();
    }
    return catalogues;
}

TEST(NoticeText, FillsEachPlaceholderOnceAndNamesAnUnknownKey) {
    auto made = uap::agent::notice("allow_list_now", {{"rules", "Write({rules})"}});
    EXPECT_EQ(made.key, "allow_list_now");
    EXPECT_EQ(made.text, "the CLI reads its allow list only when it starts, so it is restarted with --resume now and asks again for what "
                         "Write({rules}) allowed");
    ASSERT_EQ(made.params.size(), 1u);
    EXPECT_EQ(made.params[0].second, "Write({rules})");
    EXPECT_EQ(uap::agent::notice("no_such_key").text, "(notice no_such_key)");
    EXPECT_TRUE(uap::agent::untranslated_notice("the CLI's own words").key.empty());
}

void expect_every_key(const std::vector<std::map<std::string, std::string>>& catalogues) {
    ASSERT_EQ(catalogues.size(), 2u) << "an English and a Japanese catalogue";
    const auto& english = catalogues[0];
    const auto& japanese = catalogues[1];
    for (const auto& [key, text] : uap::agent::notice_templates()) {
        ASSERT_TRUE(english.count(key)) << "notice." << key << " is missing from the English catalogue";
        ASSERT_TRUE(japanese.count(key)) << "notice." << key << " is missing from the Japanese catalogue";
        EXPECT_EQ(english.at(key), text) << "notice." << key << ": the front-end's English must be the host's template";
        EXPECT_EQ(placeholders(japanese.at(key)), placeholders(text)) << "notice." << key;
    }
    EXPECT_EQ(english.size(), uap::agent::notice_templates().size()) << "the front-end has a notice key the host never sends";
    EXPECT_EQ(japanese.size(), uap::agent::notice_templates().size());
}

TEST(NoticeText, TheBrowserCatalogueHasEveryKeyWithTheHostsEnglishAndTheSamePlaceholders) {
    expect_every_key(front_end_notices(std::string(UAP_WEB_PANEL_DIR) + "/i18n.js", std::regex(R"(^  (en|ja): \{$)"),
                                       std::regex(R"re(^    'notice\.(\w+)': (".*"),$)re")));
}

TEST(NoticeText, TheUnityWindowsCatalogueHasEveryKeyWithTheHostsEnglishAndTheSamePlaceholders) {
    expect_every_key(front_end_notices(std::string(UAP_UNITY_PANEL_DIR) + "/PanelStrings.cs",
                                       std::regex(R"(^        public static readonly Dictionary<string, string> (English|Japanese) = .*)"),
                                       std::regex(R"re(^            \{ "notice\.(\w+)", (".*") \},$)re")));
}

} // namespace

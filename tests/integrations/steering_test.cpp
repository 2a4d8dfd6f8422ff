// The plugin steering lines: present only when installed, enabled and toggled on; ASCII; the
// safety line included; the search line only while uap_search is available. The integration
// settings file: defaults, round trip, malformed.
#include "integrations/integration_settings.hpp"
#include "integrations/plugin_steering.hpp"
#include "support/paths.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace uap::integrations;

namespace {
StaticFindings findings(bool installed, bool enabled) {
    StaticFindings result;
    if (installed)
        result.installed = InstalledPlugin{"/cache/unity/1.2.3", "1.2.3", "abc"};
    result.enabled = enabled;
    return result;
}
} // namespace

TEST(PluginSteering, OnlyWhenInstalledEnabledAndToggledOn) {
    EXPECT_TRUE(plugin_steering_lines(findings(true, true), PluginSteering::On, SearchTool::Available));
    EXPECT_FALSE(plugin_steering_lines(findings(true, true), PluginSteering::Off, SearchTool::Available));
    EXPECT_FALSE(plugin_steering_lines(findings(true, false), PluginSteering::On, SearchTool::Available));
    EXPECT_FALSE(plugin_steering_lines(findings(false, true), PluginSteering::On, SearchTool::Available));
    EXPECT_FALSE(plugin_steering_lines(findings(false, false), PluginSteering::On, SearchTool::Available));
}

TEST(PluginSteering, LinesCarryTheSafetyLineTheUnity6CaveatAndAreAscii) {
    auto lines = plugin_steering_lines(findings(true, true), PluginSteering::On, SearchTool::Available);
    ASSERT_TRUE(lines);
    EXPECT_NE(lines->body.find(plugin_safety_line()), std::string::npos);
    EXPECT_NE(lines->body.find("Unity 6"), std::string::npos);
    EXPECT_NE(lines->body.find("mcp__uap__"), std::string::npos);
    for (const char* forbidden : {"unity mcp", "unity command eval", "com.unity.pipeline"})
        EXPECT_NE(plugin_safety_line().find(forbidden), std::string::npos) << forbidden;
    for (unsigned char character : lines->heading + lines->body)
        EXPECT_LT(character, 0x80);
    EXPECT_FALSE(lines->heading.empty());
}

TEST(PluginSteering, SearchLineOnlyWhileUapSearchIsAvailable) {
    auto with_search = plugin_steering_lines(findings(true, true), PluginSteering::On, SearchTool::Available);
    auto without_search = plugin_steering_lines(findings(true, true), PluginSteering::On, SearchTool::Unavailable);
    ASSERT_TRUE(with_search);
    ASSERT_TRUE(without_search);
    EXPECT_NE(with_search->body.find(plugin_search_line()), std::string::npos);
    EXPECT_EQ(without_search->body.find(plugin_search_line()), std::string::npos);
    EXPECT_EQ(without_search->body.find("uap_search"), std::string::npos);
    EXPECT_NE(without_search->body.find(plugin_safety_line()), std::string::npos) << "the other lines stay";
    EXPECT_NE(plugin_search_line().find("/unity:generate-editor-search-query"), std::string::npos);
    EXPECT_NE(plugin_search_line().find("instead of opening the Search window"), std::string::npos);
}

class SettingsFile : public ::testing::Test {
protected:
    void SetUp() override {
        char pattern[] = "/tmp/uapi-XXXXXX";
        ASSERT_NE(::mkdtemp(pattern), nullptr);
        project = pattern;
    }
    void TearDown() override { fs::remove_all(project); }
    fs::path project;
};

TEST_F(SettingsFile, DefaultsAreSteeringOnAndFallbackOff) {
    auto settings = IntegrationSettings::load(project);
    ASSERT_TRUE(settings);
    EXPECT_EQ(settings->plugin_steering, PluginSteering::On);
    EXPECT_EQ(settings->plugin_dir_fallback, PluginDirFallback::Off);
}

TEST_F(SettingsFile, SavedValuesComeBackAndTheFileIsOwnerOnly) {
    IntegrationSettings settings;
    settings.plugin_steering = PluginSteering::Off;
    settings.plugin_dir_fallback = PluginDirFallback::On;
    ASSERT_TRUE(settings.save(project));
    auto loaded = IntegrationSettings::load(project);
    ASSERT_TRUE(loaded);
    EXPECT_EQ(loaded->plugin_steering, PluginSteering::Off);
    EXPECT_EQ(loaded->plugin_dir_fallback, PluginDirFallback::On);
    EXPECT_EQ(fs::status(IntegrationSettings::file_for(project)).permissions() & (fs::perms::group_all | fs::perms::others_all), fs::perms::none);
}

TEST_F(SettingsFile, MalformedFileIsAnErrorNamingIt) {
    fs::create_directories(IntegrationSettings::file_for(project).parent_path());
    std::ofstream(IntegrationSettings::file_for(project)) << "[true]";
    auto loaded = IntegrationSettings::load(project);
    ASSERT_FALSE(loaded);
    EXPECT_NE(loaded.error().message().find("integrations.json"), std::string::npos);
    EXPECT_NE(loaded.error().message().find("delete the file"), std::string::npos);
}

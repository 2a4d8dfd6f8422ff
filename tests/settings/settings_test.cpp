// Project settings: defaults, round trips, atomic owner-only writes, and corrupt files kept aside.
#include "fakes/json_at.hpp"
#include "settings/project_settings.hpp"
#include "support/platform/platform.hpp"
#include "test_support.hpp"

#include <gtest/gtest.h>

#include <fstream>


namespace {

namespace fs = std::filesystem;
using uap::settings::ProjectSettings;
using uap::settings::Toggle;
using uap::testing::TemporaryFolder;
using uap::testing::text_at;
using uap::testing::write_text_file;

std::vector<fs::path> backups_in(const fs::path& folder) {
    std::vector<fs::path> found;
    for (auto& entry : fs::directory_iterator(folder))
        if (entry.path().filename().string().find(".corrupt-") != std::string::npos)
            found.push_back(entry.path());
    return found;
}

TEST(ProjectSettings, MissingFileMeansEverythingEnabled) {
    TemporaryFolder project;
    auto settings = ProjectSettings::load(project.path());
    ASSERT_TRUE(settings) << settings.error().message();
    EXPECT_EQ(settings->toggle("core"), Toggle::Enabled);
    EXPECT_FALSE(settings->recovery_note());
    EXPECT_EQ(settings->max_tool_result_bytes(), uap::settings::default_max_tool_result_bytes);
}

TEST(ProjectSettings, TogglesRoundTripThroughAnOwnerOnlyFile) {
    TemporaryFolder project;
    {
        auto settings = ProjectSettings::load(project.path());
        ASSERT_TRUE(settings);
        settings->set_toggle("markers", Toggle::Disabled);
        settings->set_toggle("core", Toggle::Disabled);
        settings->set_toggle("core", Toggle::Enabled);
        ASSERT_TRUE(settings->save());
    }
    auto reloaded = ProjectSettings::load(project.path());
    ASSERT_TRUE(reloaded);
    EXPECT_EQ(reloaded->toggle("markers"), Toggle::Disabled);
    EXPECT_EQ(reloaded->toggle("core"), Toggle::Enabled);
    // No temporary file is left behind by the atomic write.
    for (auto& entry : fs::directory_iterator(ProjectSettings::file_for(project.path()).parent_path()))
        EXPECT_EQ(entry.path().filename().string().find(".tmp-"), std::string::npos) << entry.path();
    if (uap::platform::wine_version())
        GTEST_SKIP() << "Wine keeps no ACL, so the owner-only check cannot pass under Wine (docs/platforms.md, "
                        "\"Owner-only files under Wine\"); it runs on real Windows";
    EXPECT_TRUE(uap::platform::is_owner_only(ProjectSettings::file_for(project.path())));
}

TEST(ProjectSettings, UnknownFieldsSurviveASave) {
    TemporaryFolder project;
    auto file = ProjectSettings::file_for(project.path());
    write_text_file(file, R"({"settingsVersion":1,"futureFeature":{"keep":"me"}})");
    auto settings = ProjectSettings::load(project.path());
    ASSERT_TRUE(settings);
    settings->set_toggle("core", Toggle::Disabled);
    ASSERT_TRUE(settings->save());
    auto reloaded = ProjectSettings::load(project.path());
    ASSERT_TRUE(reloaded);
    EXPECT_EQ(reloaded->toggle("core"), Toggle::Disabled);
    std::ifstream stream(file);
    std::string text((std::istreambuf_iterator<char>(stream)), {});
    EXPECT_NE(text.find("futureFeature"), std::string::npos);
}

class CorruptSettings : public ::testing::TestWithParam<const char*> {};

TEST_P(CorruptSettings, AreKeptAsABackupAndReported) {
    TemporaryFolder project;
    auto file = ProjectSettings::file_for(project.path());
    write_text_file(file, GetParam());
    auto settings = ProjectSettings::load(project.path());
    ASSERT_TRUE(settings) << settings.error().message();
    ASSERT_TRUE(settings->recovery_note());
    EXPECT_NE(settings->recovery_note()->find("was corrupt"), std::string::npos);
    auto backups = backups_in(file.parent_path());
    ASSERT_EQ(backups.size(), 1u);
    std::ifstream stream(backups[0]);
    std::string kept((std::istreambuf_iterator<char>(stream)), {});
    EXPECT_EQ(kept, GetParam()); // The user's bytes are preserved exactly.
    EXPECT_NE(settings->recovery_note()->find(backups[0].string()), std::string::npos);
    EXPECT_EQ(settings->toggle("core"), Toggle::Enabled);
}

INSTANTIATE_TEST_SUITE_P(All, CorruptSettings,
                         ::testing::Values("{\"modules\": {\"core\": ", "not json at all", "[]",
                                           R"({"modules":{"core":{"enabled":"no"}}})", R"({"pluginFolders":"/tmp"})",
                                           R"({"limits":{"maxToolResultBytes":-5}})", "\xff\xfe\x00garbage"),
                         [](const auto& parameter) { return "case" + std::to_string(parameter.index); });

TEST(ProjectSettings, OversizedFileIsTreatedAsCorrupt) {
    TemporaryFolder project;
    auto file = ProjectSettings::file_for(project.path());
    write_text_file(file, "{\"pad\":\"" + std::string(uap::settings::settings_max_bytes, 'x') + "\"}");
    auto settings = ProjectSettings::load(project.path());
    ASSERT_TRUE(settings);
    ASSERT_TRUE(settings->recovery_note());
    EXPECT_NE(settings->recovery_note()->find("the limit is"), std::string::npos);
}

TEST(ProjectSettings, LongRunningToolsHaveAJobDeadlineAndAWait) {
    TemporaryFolder project;
    EXPECT_EQ(ProjectSettings().job_deadline("any"), std::chrono::seconds(1800));
    EXPECT_EQ(ProjectSettings().job_wait(), std::chrono::milliseconds(10'000));
    // The general fallback is for quick tools; a per-tool entry applies to either kind.
    write_text_file(ProjectSettings::file_for(project.path()),
                    R"({"limits":{"toolDeadlineSeconds":60,"jobDeadlineSeconds":900,"jobWaitMilliseconds":250,"toolDeadlines":{"bake":7200}}})");
    auto settings = ProjectSettings::load(project.path());
    ASSERT_TRUE(settings);
    EXPECT_EQ(settings->job_deadline("bake"), std::chrono::seconds(7200));
    EXPECT_EQ(settings->job_deadline("import"), std::chrono::seconds(900));
    EXPECT_EQ(settings->tool_deadline("import"), std::chrono::seconds(60));
    EXPECT_EQ(settings->job_wait(), std::chrono::milliseconds(250));
}

TEST(ProjectSettings, SettingsOfNoProjectCannotBeSaved) {
    ProjectSettings settings;
    auto saved = settings.save();
    ASSERT_FALSE(saved);
    EXPECT_NE(saved.error().message().find("no project"), std::string::npos);
}

} // namespace

namespace {

using uap::settings::DefaultChange;
using uap::settings::DefaultsTable;

// Generation 1 ships "anim" and "timeline" off by default; generation 2 turns both on.
const DefaultsTable generation_one{{{1, "anim", Toggle::Disabled}, {1, "timeline", Toggle::Disabled}}};
const DefaultsTable generation_two{{{1, "anim", Toggle::Disabled},
                                    {1, "timeline", Toggle::Disabled},
                                    {2, "anim", Toggle::Enabled},
                                    {2, "timeline", Toggle::Enabled}}};

TEST(SettingsMigration, ANewDefaultOnPackReachesAnExistingProjectButAnExplicitOffIsKept) {
    TemporaryFolder project;
    {
        auto old = ProjectSettings::load(project.path(), generation_one);
        ASSERT_TRUE(old);
        EXPECT_EQ(old->toggle("anim"), Toggle::Disabled);
        // The user turned timeline on and off again: an explicit choice. anim they never touched.
        old->set_toggle("timeline", Toggle::Enabled);
        old->set_toggle("timeline", Toggle::Disabled);
        old->set_toggle("core", Toggle::Disabled);
        ASSERT_TRUE(old->save());
    }
    auto upgraded = ProjectSettings::load(project.path(), generation_two);
    ASSERT_TRUE(upgraded) << upgraded.error().message();
    EXPECT_EQ(upgraded->toggle("anim"), Toggle::Enabled) << "the new default reaches the project";
    EXPECT_EQ(upgraded->toggle("timeline"), Toggle::Disabled) << "the user's explicit off is kept";
    EXPECT_EQ(upgraded->toggle("core"), Toggle::Disabled);
    ASSERT_EQ(upgraded->migration_notes().size(), 2u);
    EXPECT_NE(upgraded->migration_notes()[0].find("\"anim\" is now on by default and so in this project; change it with "
                                                   "`uap-host modules disable anim --project " + project.path().string() + "`"),
              std::string::npos)
        << upgraded->migration_notes()[0];
    EXPECT_NE(upgraded->migration_notes()[1].find("keeps its own choice (off)"), std::string::npos) << upgraded->migration_notes()[1];

    // The generation was recorded: the next load announces nothing, and the choices stand.
    std::ifstream stream(ProjectSettings::file_for(project.path()));
    std::string text((std::istreambuf_iterator<char>(stream)), {});
    EXPECT_EQ(text_at(text, "/defaultsGeneration"), "2") << text;
    auto again = ProjectSettings::load(project.path(), generation_two);
    ASSERT_TRUE(again);
    EXPECT_TRUE(again->migration_notes().empty());
    EXPECT_EQ(again->toggle("anim"), Toggle::Enabled);
    EXPECT_EQ(again->toggle("timeline"), Toggle::Disabled);
}

TEST(SettingsMigration, AProjectFirstSeenByANewerHostHasNothingToMigrate) {
    TemporaryFolder project;
    auto fresh = ProjectSettings::load(project.path(), generation_two);
    ASSERT_TRUE(fresh);
    EXPECT_TRUE(fresh->migration_notes().empty());
    fresh->set_toggle("core", Toggle::Disabled);
    ASSERT_TRUE(fresh->save());
    auto reloaded = ProjectSettings::load(project.path(), generation_two);
    ASSERT_TRUE(reloaded);
    EXPECT_TRUE(reloaded->migration_notes().empty());
    EXPECT_EQ(reloaded->toggle("anim"), Toggle::Enabled);
}

TEST(SettingsMigration, AFileFromBeforeGenerationsCountsAsGenerationOne) {
    TemporaryFolder project;
    write_text_file(ProjectSettings::file_for(project.path()), R"({"settingsVersion":1,"modules":{"timeline":{"enabled":false}}})");
    auto upgraded = ProjectSettings::load(project.path(), generation_two);
    ASSERT_TRUE(upgraded);
    EXPECT_EQ(upgraded->toggle("anim"), Toggle::Enabled);
    EXPECT_EQ(upgraded->toggle("timeline"), Toggle::Disabled);
    EXPECT_EQ(upgraded->migration_notes().size(), 2u);
    write_text_file(ProjectSettings::file_for(project.path()), R"({"defaultsGeneration":"two"})");
    auto corrupt = ProjectSettings::load(project.path(), generation_two);
    ASSERT_TRUE(corrupt);
    EXPECT_TRUE(corrupt->recovery_note()) << "a malformed generation is a corrupt file, kept aside";
}

} // namespace

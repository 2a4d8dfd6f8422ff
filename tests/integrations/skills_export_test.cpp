// `uap-host skills export` as a user runs it: a valid skill per enabled pack, regenerated on pack
// toggles, foreign folders left alone, and an exported example command driving a tool end to end
// through a real running host (`uap-host serve --editor sim`).
#include "../modules/test_support.hpp"
#include "integrations/skill_front_matter.hpp"
#include "skill_yaml.hpp"
#include "support/json.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <set>
#include <sstream>
#include <thread>

namespace {

namespace fs = std::filesystem;
using uap::testing::ServingHost;
using uap::testing::read_text_file;
using uap::testing::TemporaryFolder;
using uap::testing::write_text_file;

using SkillsExport = uap::testing::HostProcessTest;

fs::path skills_of(const fs::path& project) { return project / ".claude" / "skills"; }

// The tool names `uap-host tools list` prints for the project, by pack id.
std::map<std::string, std::set<std::string>> tools_by_pack(const std::string& listing) {
    std::map<std::string, std::set<std::string>> tools;
    std::istringstream lines(listing);
    for (std::string line; std::getline(lines, line);) {
        auto open = line.find("  (");
        if (open != std::string::npos && line.back() == ')')
            tools[line.substr(open + 3, line.size() - open - 4)].insert(line.substr(0, open));
    }
    return tools;
}

// The first command line in a ```bash fence after the heading of `tool`.
std::string example_command(const std::string& skill, const std::string& tool) {
    auto heading = skill.find("### `" + tool + "`");
    if (heading == std::string::npos)
        return "";
    auto fence = skill.find("```bash\n", heading);
    if (fence == std::string::npos)
        return "";
    auto start = fence + 8;
    return skill.substr(start, skill.find('\n', start) - start);
}

TEST_F(SkillsExport, WritesAValidSkillPerEnabledPackAndIsIdempotent) {
    TemporaryFolder project;
    auto exported = host({"skills", "export", "--project", project.path().string()});
    ASSERT_EQ(exported.exit_code, 0) << exported.err;
    EXPECT_NE(exported.out.find("note: no host serves the project now"), std::string::npos) << exported.out;
    auto listed = host({"tools", "list", "--project", project.path().string()});
    ASSERT_EQ(listed.exit_code, 0) << listed.err;
    auto packs = tools_by_pack(listed.out);
    ASSERT_GE(packs.size(), 3u) << listed.out;

    for (auto& [pack, tools] : packs) {
        std::string name = *uap::integrations::skill_name_for_pack(pack);
        fs::path file = skills_of(project.path()) / name / "SKILL.md";
        ASSERT_TRUE(fs::is_regular_file(file)) << file << "\n" << exported.out;
        std::string skill = read_text_file(file);
        for (auto& tool : tools) {
            EXPECT_NE(skill.find("### `" + tool + "`"), std::string::npos) << tool << " in " << name;
            EXPECT_NE(example_command(skill, tool).find(" tools call " + tool + " --editor running --project "), std::string::npos)
                << tool;
        }
        auto mapping = uap::testing::parse_flat_yaml_mapping(*uap::testing::front_matter_of(skill));
        ASSERT_TRUE(mapping) << name;
        EXPECT_EQ((*mapping)["name"], name) << "the name matches the folder";
        EXPECT_TRUE(uap::integrations::is_valid_skill_name((*mapping)["name"]));
        EXPECT_FALSE((*mapping)["description"].empty());
        EXPECT_LE((*mapping)["description"].size(), 1024u);
        EXPECT_NE((*mapping)["description"].find(pack), std::string::npos);
    }
    EXPECT_TRUE(fs::is_regular_file(skills_of(project.path()) / "uap-tool-search" / "SKILL.md"));

    auto before = read_text_file(skills_of(project.path()) / "uap-core" / "SKILL.md");
    auto again = host({"skills", "export", "--project", project.path().string()});
    ASSERT_EQ(again.exit_code, 0) << again.err;
    EXPECT_EQ(again.out.find("wrote "), std::string::npos) << again.out;
    EXPECT_NE(again.out.find("unchanged .claude/skills/uap-core"), std::string::npos) << again.out;
    EXPECT_EQ(read_text_file(skills_of(project.path()) / "uap-core" / "SKILL.md"), before);
}

TEST_F(SkillsExport, ADisabledPacksSkillIsRemovedAndForeignFoldersStay) {
    TemporaryFolder project;
    write_text_file(skills_of(project.path()) / "uap-mine" / "SKILL.md", "---\nname: uap-mine\ndescription: mine\n---\n\nMy notes.\n");
    write_text_file(skills_of(project.path()) / "review" / "SKILL.md", "---\nname: review\ndescription: theirs\n---\n");
    ASSERT_EQ(host({"skills", "export", "--project", project.path().string()}).exit_code, 0);
    ASSERT_TRUE(fs::exists(skills_of(project.path()) / "uap-markers" / "SKILL.md"));

    auto disabled = host({"modules", "disable", "uap.markers", "--project", project.path().string()});
    ASSERT_EQ(disabled.exit_code, 0) << disabled.err;
    EXPECT_NE(disabled.out.find("exporting the project's skills again"), std::string::npos) << disabled.out;
    EXPECT_NE(disabled.out.find("removed .claude/skills/uap-markers"), std::string::npos) << disabled.out;
    EXPECT_FALSE(fs::exists(skills_of(project.path()) / "uap-markers"));
    EXPECT_TRUE(fs::exists(skills_of(project.path()) / "uap-core" / "SKILL.md"));
    EXPECT_EQ(read_text_file(skills_of(project.path()) / "uap-mine" / "SKILL.md"), "---\nname: uap-mine\ndescription: mine\n---\n\nMy notes.\n");
    EXPECT_EQ(read_text_file(skills_of(project.path()) / "review" / "SKILL.md"), "---\nname: review\ndescription: theirs\n---\n");
    EXPECT_EQ(read_text_file(skills_of(project.path()) / "uap-tool-search" / "SKILL.md").find("uap-markers"), std::string::npos)
        << "the search skill no longer names it";

    auto enabled = host({"modules", "enable", "uap.markers", "--project", project.path().string()});
    ASSERT_EQ(enabled.exit_code, 0) << enabled.err;
    EXPECT_TRUE(fs::exists(skills_of(project.path()) / "uap-markers" / "SKILL.md")) << enabled.out;

    // A file someone put into an exported folder keeps the folder when its pack goes.
    write_text_file(skills_of(project.path()) / "uap-markers" / "notes.md", "kept");
    ASSERT_EQ(host({"modules", "disable", "uap.markers", "--project", project.path().string()}).exit_code, 0);
    EXPECT_FALSE(fs::exists(skills_of(project.path()) / "uap-markers" / "SKILL.md"));
    EXPECT_EQ(read_text_file(skills_of(project.path()) / "uap-markers" / "notes.md"), "kept");

    // Without exported skills, a toggle writes none.
    TemporaryFolder plain;
    ASSERT_EQ(host({"modules", "disable", "uap.markers", "--project", plain.path().string()}).exit_code, 0);
    EXPECT_FALSE(fs::exists(skills_of(plain.path())));
}

TEST_F(SkillsExport, AFolderItDidNotWriteIsNeverOverwritten) {
    TemporaryFolder project;
    write_text_file(skills_of(project.path()) / "uap-core" / "SKILL.md", "---\nname: uap-core\ndescription: my own\n---\n");
    auto exported = host({"skills", "export", "--project", project.path().string()});
    EXPECT_EQ(exported.exit_code, 1);
    EXPECT_NE(exported.err.find("refused .claude/skills/uap-core: a folder of that name is there and uap-host did not write it"),
              std::string::npos)
        << exported.err;
    EXPECT_NE(exported.err.find("rename or remove it and export again"), std::string::npos) << exported.err;
    EXPECT_EQ(read_text_file(skills_of(project.path()) / "uap-core" / "SKILL.md"), "---\nname: uap-core\ndescription: my own\n---\n");
    EXPECT_TRUE(fs::exists(skills_of(project.path()) / "uap-editor" / "SKILL.md")) << "the other skills are still written";

    // A link as .claude/skills is refused before anything is written through it.
    TemporaryFolder linked;
    TemporaryFolder elsewhere;
    fs::create_directories(linked.path() / ".claude");
    fs::create_directory_symlink(elsewhere.path(), linked.path() / ".claude" / "skills");
    auto refused = host({"skills", "export", "--project", linked.path().string()});
    EXPECT_EQ(refused.exit_code, 1);
    EXPECT_NE(refused.err.find(".claude/skills"), std::string::npos) << refused.err;
    EXPECT_TRUE(fs::is_empty(elsewhere.path()));
}

TEST_F(SkillsExport, MistakesAreRefusedWithTheFix) {
    auto bare = host({"skills"});
    EXPECT_EQ(bare.exit_code, 2);
    EXPECT_NE(bare.out.find("uap-host skills export [--project DIR]"), std::string::npos) << bare.out;
    auto named = host({"skills", "export", "uap.core"});
    EXPECT_EQ(named.exit_code, 2);
    EXPECT_NE(named.err.find("give the project with --project DIR"), std::string::npos) << named.err;
    TemporaryFolder base;
    auto missing = host({"skills", "export", "--project", (base.path() / "gone").string()});
    EXPECT_EQ(missing.exit_code, 1);
    EXPECT_NE(missing.err.find("does not exist; give the Unity project with --project DIR"), std::string::npos) << missing.err;
    EXPECT_FALSE(fs::exists(base.path() / "gone"));
}

// Whether `predicate` holds within ten seconds (the running host polls its pack folders every 500 ms).
template <typename Predicate>
bool becomes_true(Predicate predicate) {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!predicate()) {
        if (std::chrono::steady_clock::now() > deadline)
            return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return true;
}

TEST_F(SkillsExport, TheRunningHostExportsAgainWhenAPackIsInstalledOrRemoved) {
    TemporaryFolder project;
    ServingHost serving({"--project", project.path().string(), "--editor", "sim", "--port", "0"}, environment());
    ASSERT_TRUE(serving.serving()) << serving.err();
    ASSERT_EQ(host({"skills", "export", "--project", project.path().string()}).exit_code, 0);
    fs::path skill = skills_of(project.path()) / "uap-mcptest-echo" / "SKILL.md";
    ASSERT_FALSE(fs::exists(skill));

    // Installing has no project: the host serving one notices the new pack and exports again.
    auto installed = host({"modules", "install", "--allow-unsigned", UAP_SKILLS_TEST_PACK});
    ASSERT_EQ(installed.exit_code, 0) << installed.err;
    EXPECT_TRUE(becomes_true([&] { return fs::exists(skill); })) << serving.err();
    EXPECT_NE(read_text_file(skill).find("### `echo`"), std::string::npos);

    auto removed = host({"modules", "remove", "mcptest.echo"});
    ASSERT_EQ(removed.exit_code, 0) << removed.err;
    EXPECT_TRUE(becomes_true([&] { return !fs::exists(skill.parent_path()); })) << serving.err();
    EXPECT_TRUE(fs::exists(skills_of(project.path()) / "uap-core" / "SKILL.md"));
}

TEST_F(SkillsExport, TheExportedExampleDrivesAToolThroughTheRunningHost) {
    TemporaryFolder base;
    // A project folder a shell would split or end a quote at.
    fs::path project = base.path() / "My Project's \"Unity\" $HOME";
    fs::create_directories(project);
    ServingHost serving({"--project", project.string(), "--editor", "sim", "--port", "0"}, environment());
    ASSERT_TRUE(serving.serving()) << serving.err();
    auto exported = host({"skills", "export", "--project", project.string()});
    ASSERT_EQ(exported.exit_code, 0) << exported.err;
    EXPECT_EQ(exported.out.find("no host serves"), std::string::npos) << exported.out;

    std::string ping = example_command(read_text_file(skills_of(project) / "uap-core" / "SKILL.md"), "uap_ping");
    ASSERT_NE(ping.find("tools call uap_ping --editor running"), std::string::npos) << ping;
    auto answered = uap::testing::run_program("/bin/sh", {"-c", ping}, environment());
    ASSERT_EQ(answered.exit_code, 0) << ping << "\n" << answered.err;
    EXPECT_NE(answered.err.find("answered by the running host (pid " + std::to_string(serving.pid()) + ", "), std::string::npos)
        << answered.err;
    auto result = uap::json::parse(answered.out);
    ASSERT_TRUE(result) << answered.out;
    EXPECT_STREQ((*result)["editor"]["state"].GetString(), "connected") << answered.out;

    // The search skill's example finds a tool of a pack that tools/list leaves out.
    std::string search_skill = read_text_file(skills_of(project) / "uap-tool-search" / "SKILL.md");
    auto fence = search_skill.find("## Search, then call");
    ASSERT_NE(fence, std::string::npos);
    auto start = search_skill.find("```bash\n", fence) + 8;
    std::string search = search_skill.substr(start, search_skill.find('\n', start) - start);
    auto found = uap::testing::run_program("/bin/sh", {"-c", search}, environment());
    ASSERT_EQ(found.exit_code, 0) << search << "\n" << found.err;
    EXPECT_NE(found.out.find("uap_editor_screenshot"), std::string::npos) << found.out;
}

} // namespace

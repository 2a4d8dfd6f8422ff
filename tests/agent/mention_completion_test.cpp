// "@" completion over real files: one folder's entries by prefix, .meta and hidden entries left
// out, links neither listed nor entered, and hostile prefixes refused with the reason.
#include "panel/mention_completion.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <unistd.h>

namespace fs = std::filesystem;
using uap::panel::complete_mention;

namespace {

class MentionCompletion : public ::testing::Test {
protected:
    void SetUp() override {
        char pattern[] = "/tmp/uap-mention-XXXXXX";
        ASSERT_NE(::mkdtemp(pattern), nullptr);
        root = pattern;
        project = root / "project";
        fs::create_directories(project / "Assets" / "Scripts" / "Editor");
        fs::create_directories(project / "Assets" / "Scenes");
        fs::create_directories(project / "Packages");
        fs::create_directories(project / "Library");
        fs::create_directories(root / "outside");
        for (auto file : {"Assets/Scripts/Player.cs", "Assets/Scripts/Player.cs.meta", "Assets/Scripts/player_notes.txt", "Assets/Scripts/.hidden",
                          "Assets/Scenes/Main.unity", "outside/secret.txt"})
            std::ofstream(file[0] == 'o' ? root / file : project / file) << "x";
        fs::create_directory_symlink(root / "outside", project / "Assets" / "Linked");
        fs::create_symlink(root / "outside" / "secret.txt", project / "Assets" / "Scripts" / "PlayerLink.cs");
    }
    void TearDown() override {
        std::error_code error;
        fs::remove_all(root, error);
    }
    std::vector<std::string> paths(std::string_view typed) {
        auto completion = complete_mention(project, typed);
        EXPECT_TRUE(completion) << completion.error().message();
        std::vector<std::string> found;
        if (completion)
            for (auto& candidate : completion->candidates)
                found.push_back(candidate.path + (candidate.folder ? " (folder)" : ""));
        return found;
    }
    std::string refusal(std::string_view typed) {
        auto completion = complete_mention(project, typed);
        return completion ? "<accepted>" : completion.error().message();
    }
    fs::path root, project;
};

} // namespace

TEST_F(MentionCompletion, OffersTheRootsThenOneFolderAtATimeByPrefixInAnyCase) {
    EXPECT_EQ(paths(""), (std::vector<std::string>{"Assets/ (folder)", "Packages/ (folder)"})) << "ProjectSettings/ is missing here; Library/ is never offered";
    EXPECT_EQ(paths("as"), (std::vector<std::string>{"Assets/ (folder)"}));
    EXPECT_EQ(paths("Assets/Sc"), (std::vector<std::string>{"Assets/Scenes/ (folder)", "Assets/Scripts/ (folder)"}));
    EXPECT_EQ(paths("Assets/Scripts/pl"), (std::vector<std::string>{"Assets/Scripts/Player.cs", "Assets/Scripts/player_notes.txt"}))
        << ".meta files, hidden files and the link are left out";
    EXPECT_EQ(paths("Assets/Scripts/"), (std::vector<std::string>{"Assets/Scripts/Editor/ (folder)", "Assets/Scripts/Player.cs", "Assets/Scripts/player_notes.txt"}));
    EXPECT_TRUE(paths("Assets/Nothing/x").empty()) << "a folder that does not exist completes to nothing";
}

TEST_F(MentionCompletion, NeverEntersALinkNorLeavesTheProject) {
    EXPECT_TRUE(paths("Assets/Li").empty()) << "a linked folder is not offered";
    EXPECT_NE(refusal("Assets/Linked/").find("is a link"), std::string::npos) << "nor listed when typed";
    EXPECT_NE(refusal("Assets/Linked/deeper/"), "<accepted>") << "nor passed through";
    EXPECT_NE(refusal("Assets/../../outside/").find("'..'"), std::string::npos);
    EXPECT_NE(refusal("/etc/").find("relative to the project"), std::string::npos);
    EXPECT_NE(refusal("Assets\\Scripts").find("'/' separators"), std::string::npos);
    EXPECT_NE(refusal("C:/Windows/").find("'/' separators"), std::string::npos);
    EXPECT_NE(refusal(std::string("Assets/\0x", 9)).find("NUL"), std::string::npos);
    EXPECT_NE(refusal("Library/").find("Assets/, Packages/ and ProjectSettings/ only"), std::string::npos);
    EXPECT_NE(refusal(std::string(600, 'a')).find("at most 512"), std::string::npos);
}

TEST_F(MentionCompletion, AFolderWithManyEntriesGivesTheFirstByNameAndSaysThereAreMore) {
    for (int index = 0; index < 70; ++index)
        std::ofstream(project / "Assets" / "Scenes" / ("Level" + std::to_string(100 + index) + ".unity")) << "x";
    auto completion = complete_mention(project, "Assets/Scenes/Level", 50);
    ASSERT_TRUE(completion);
    EXPECT_EQ(completion->candidates.size(), 50u);
    EXPECT_TRUE(completion->truncated);
    EXPECT_EQ(completion->candidates.front().path, "Assets/Scenes/Level100.unity");
}

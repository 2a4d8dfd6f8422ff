// Attacks a cloned project can carry, through MCP on the serve-shaped host: symbolic links planted
// where uap_scripts_commit reads, writes and deletes (git checks links out as links), and asset
// paths that climb out of Assets/. Each must be refused with a sentence naming the link or the
// path, and every file outside the project must stay untouched, unread and undeleted.
#include "tool_stack.hpp"

#include "fakes/json_at.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace {

namespace fs = std::filesystem;
using uap::testing::read_project_file;
using uap::testing::ToolStack;
using uap::testing::write_project_file;

constexpr const char* user_key = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5 the user's own key\n";
constexpr const char* planted_script = "/*\nssh-ed25519 AAAA attacker\n*/\npublic class Planted {}\n";

class SymlinkAttacks : public ::testing::Test {
protected:
    void SetUp() override {
        outside = stack.project().parent_path() / (stack.project().filename().string() + "-outside");
        fs::create_directories(outside);
        write_project_file(outside / "authorized_keys", user_key);
    }
    void TearDown() override {
        std::error_code ignored;
        fs::remove_all(outside, ignored);
    }

    // Plants a link as a checkout would; false where the system cannot.
    static bool plant(const fs::path& target, const fs::path& link) {
        std::error_code error;
        fs::create_directories(link.parent_path());
        if (fs::is_directory(target))
            fs::create_directory_symlink(target, link, error);
        else
            fs::create_symlink(target, link, error);
        return !error;
    }

    // The outside folder holds exactly what it held before the attack.
    void expect_outside_untouched(const std::vector<std::string>& names) {
        EXPECT_EQ(read_project_file(outside / "authorized_keys"), user_key);
        std::vector<std::string> present;
        for (auto& entry : fs::directory_iterator(outside))
            present.push_back(entry.path().filename().string());
        std::sort(present.begin(), present.end());
        EXPECT_EQ(present, names);
    }

    ToolStack stack;
    fs::path outside;
};

TEST_F(SymlinkAttacks, ATemporaryNameLinkedToAUserFileIsNeverWrittenThrough) {
    // The old commit wrote Assets/Scripts/X.cs through X.cs.uap-commit; a link there was followed.
    if (!plant(outside / "authorized_keys", stack.project() / "Assets/Scripts/X.cs.uap-commit"))
        GTEST_SKIP() << "this system cannot make symbolic links";
    write_project_file(stack.project() / "UapStaging/Scripts/X.cs", planted_script);
    auto committed = stack.call("uap_scripts_commit", "{}");
    ASSERT_FALSE(committed.is_error) << committed.text;
    EXPECT_EQ(read_project_file(stack.project() / "Assets/Scripts/X.cs"), planted_script);
    expect_outside_untouched({"authorized_keys"});
}

TEST_F(SymlinkAttacks, ATargetFileLinkedOutsideRefusesTheWholeCommit) {
    if (!plant(outside / "authorized_keys", stack.project() / "Assets/Scripts/X.cs"))
        GTEST_SKIP() << "this system cannot make symbolic links";
    write_project_file(stack.project() / "UapStaging/Scripts/A.cs", "public class A {}\n");
    write_project_file(stack.project() / "UapStaging/Scripts/X.cs", planted_script);
    auto refused = stack.call("uap_scripts_commit", "{}");
    ASSERT_TRUE(refused.is_error) << refused.text;
    EXPECT_NE(refused.text.find("Assets/Scripts/X.cs"), std::string::npos) << refused.text;
    EXPECT_NE(refused.text.find("symbolic link"), std::string::npos) << refused.text;
    EXPECT_NE(refused.text.find("nothing was committed"), std::string::npos) << refused.text;
    EXPECT_FALSE(fs::exists(stack.project() / "Assets/Scripts/A.cs")) << "checked before anything is written";
    EXPECT_TRUE(fs::exists(stack.project() / "UapStaging/Scripts/X.cs"));
    expect_outside_untouched({"authorized_keys"});
}

TEST_F(SymlinkAttacks, AnAssetsFolderLinkedOutsideReceivesNothing) {
    for (const char* linked : {"Assets/Scripts", "Assets/Scripts/Deeper"}) {
        std::error_code ignored;
        fs::remove_all(stack.project() / "Assets/Scripts", ignored);
        if (!plant(outside, stack.project() / linked))
            GTEST_SKIP() << "this system cannot make symbolic links";
        write_project_file(stack.project() / "UapStaging/Scripts/Deeper/Evil.cs", "public class Evil {}\n");
        auto refused = stack.call("uap_scripts_commit", "{}");
        ASSERT_TRUE(refused.is_error) << refused.text;
        EXPECT_NE(refused.text.find(std::string(linked) + ": it is a symbolic link"), std::string::npos) << refused.text;
        EXPECT_NE(refused.text.find("rm '"), std::string::npos) << "says what to do: " << refused.text;
        expect_outside_untouched({"authorized_keys"});
    }
}

TEST_F(SymlinkAttacks, AStagingFolderLinkedOutsideIsNeitherReadNorDeleted) {
    write_project_file(outside / "Stolen.cs", "public class Stolen {}\n");
    if (!plant(outside, stack.project() / "UapStaging"))
        GTEST_SKIP() << "this system cannot make symbolic links";
    auto refused = stack.call("uap_scripts_commit", "{}");
    ASSERT_TRUE(refused.is_error) << refused.text;
    EXPECT_NE(refused.text.find("UapStaging: it is a symbolic link"), std::string::npos) << refused.text;
    EXPECT_FALSE(fs::exists(stack.project() / "Assets/Stolen.cs"));
    expect_outside_untouched({"Stolen.cs", "authorized_keys"});
}

TEST_F(SymlinkAttacks, ALinkInsideTheStagingFolderRefusesTheCommit) {
    write_project_file(outside / "Stolen.cs", "public class Stolen {}\n");
    write_project_file(stack.project() / "UapStaging/Real.cs", "public class Real {}\n");
    if (!plant(outside, stack.project() / "UapStaging/Scripts"))
        GTEST_SKIP() << "this system cannot make symbolic links";
    auto refused = stack.call("uap_scripts_commit", "{}");
    ASSERT_TRUE(refused.is_error) << refused.text;
    EXPECT_NE(refused.text.find("UapStaging/Scripts: it is a symbolic link"), std::string::npos) << refused.text;
    EXPECT_FALSE(fs::exists(stack.project() / "Assets/Real.cs"));
    EXPECT_FALSE(fs::exists(stack.project() / "Assets/Scripts/Stolen.cs"));
    expect_outside_untouched({"Stolen.cs", "authorized_keys"});
}

TEST_F(SymlinkAttacks, AssetPathsThatClimbOutAreRefusedBeforeTheEditorSeesThem) {
    struct Case {
        const char* tool;
        const char* arguments;
    };
    for (auto [tool, arguments] : {Case{"uap_asset_create", R"({"assetType":"Folder","path":"Assets/../../Escaped"})"},
                                   Case{"uap_asset_create", R"({"assetType":"Material","path":"Assets\\..\\..\\x.mat"})"},
                                   Case{"uap_asset_delete", R"({"path":"Assets/../ProjectSettings","confirm":true})"},
                                   Case{"uap_scene_open", R"({"path":"Assets/../../elsewhere.unity"})"},
                                   Case{"uap_scene_save", R"({"path":"Assets/Scenes/../../../x.unity"})"},
                                   Case{"uap_scene_place_asset", R"({"assetPath":"Packages/../../x.prefab"})"}}) {
        auto refused = stack.call(tool, arguments);
        ASSERT_TRUE(refused.is_error) << tool << " " << arguments;
        EXPECT_NE(refused.text.find("'..'"), std::string::npos) << tool << ": " << refused.text;
        EXPECT_NE(refused.text.find("refused"), std::string::npos) << tool << ": " << refused.text;
    }
    auto outside_root = stack.call("uap_asset_create", R"({"assetType":"Folder","path":"ProjectSettings/Mine"})");
    ASSERT_TRUE(outside_root.is_error);
    EXPECT_NE(outside_root.text.find("is not under Assets/"), std::string::npos) << outside_root.text;
    auto normalised = stack.call("uap_asset_create", R"({"assetType":"Folder","path":"Assets/./Made//"})");
    ASSERT_FALSE(normalised.is_error) << normalised.text;
    EXPECT_EQ(uap::testing::text_at(normalised.value, "/created/path"), "Assets/Made") << normalised.text;
}

} // namespace

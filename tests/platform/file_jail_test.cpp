// The file-system jail's promises (sdk/include/uap/sdk/file_jail.hpp): paths stay beneath the root,
// no link is followed anywhere in a path, writes are atomic and never through a link, and a delete
// removes only what was read. Links are planted as a cloned project would carry them; the tests
// that need links are skipped where the system cannot make one (Wine without symlink support).
#include <uap/sdk/file_jail.hpp>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

namespace fs = std::filesystem;
using uap::sdk::EntryKind;
using uap::sdk::FileJail;
using uap::sdk::JailProblem;

namespace {

std::string read_text(const fs::path& path) {
    std::ifstream file(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(file), {});
}

void write_text(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
}

class FileJailTest : public ::testing::Test {
protected:
    void SetUp() override {
        std::random_device device;
        base = fs::temp_directory_path() / ("uap-jail-" + std::to_string(device()) + std::to_string(device()));
        project = base / "project";
        outside = base / "outside";
        fs::create_directories(project);
        fs::create_directories(outside);
        write_text(outside / "authorized_keys", "ssh-ed25519 AAAA the user's key\n");
    }
    void TearDown() override {
        std::error_code ignored;
        fs::remove_all(base, ignored);
    }

    // Plants a link as git would check one out; false where links cannot be made.
    bool plant_link(const fs::path& target, const fs::path& link, bool folder) {
        std::error_code error;
        fs::create_directories(link.parent_path());
        if (folder)
            fs::create_directory_symlink(target, link, error);
        else
            fs::create_symlink(target, link, error);
        return !error && fs::is_symlink(fs::symlink_status(link));
    }

    FileJail jail() {
        auto opened = FileJail::open(project);
        EXPECT_TRUE(opened) << (opened ? "" : opened.error().message);
        return opened.value();
    }

    fs::path base, project, outside;
};

TEST(FileJailPaths, RefusesEscapesAndNormalisesTheRest) {
    for (const char* hostile : {"..", "../x", "Assets/../../x", "Assets/..", "/etc/passwd", "\\windows", "Assets\\..\\..\\x",
                                "C:/x", "Assets/x.cs:stream", "", ".", "./", "//"}) {
        auto split = uap::sdk::split_beneath(hostile);
        ASSERT_FALSE(split) << hostile;
        EXPECT_EQ(split.error().problem, JailProblem::Escape) << hostile;
        EXPECT_NE(split.error().message.find("relative to the project"), std::string::npos) << split.error().message;
    }
    EXPECT_FALSE(uap::sdk::split_beneath(std::string_view("Assets/a\0b", 10)));
    auto split = uap::sdk::split_beneath("Assets/./Scripts//Player.cs");
    ASSERT_TRUE(split);
    EXPECT_EQ(split.value(), (std::vector<std::string>{"Assets", "Scripts", "Player.cs"}));
    EXPECT_EQ(uap::sdk::split_beneath("Assets\\Scripts\\Player.cs").value().size(), 3u);
}

TEST_F(FileJailTest, WritesReadsAndLeavesNoTemporaryFile) {
    auto files = jail();
    ASSERT_TRUE(files.write("Assets/Scripts/Player.cs", "class Player {}"));
    EXPECT_EQ(read_text(project / "Assets/Scripts/Player.cs"), "class Player {}");
    ASSERT_TRUE(files.write("Assets/Scripts/Player.cs", "class Player { int hp; }"));
    auto read = files.read("Assets/Scripts/Player.cs", 1024);
    ASSERT_TRUE(read);
    EXPECT_EQ(read->content, "class Player { int hp; }");
    auto listing = files.list("Assets", 100);
    ASSERT_TRUE(listing);
    ASSERT_EQ(listing->size(), 2u);  // Scripts and Scripts/Player.cs, no temporary file.
    EXPECT_EQ(listing.value()[1].relative, "Scripts/Player.cs");
    EXPECT_EQ(listing.value()[1].kind, EntryKind::File);
}

TEST_F(FileJailTest, ATailReadReturnsTheLastBytesOfALargerFileAndTheWholeOfASmallerOne) {
    auto files = jail();
    ASSERT_TRUE(files.write("Logs/Editor.log", "0123456789abcdef"));
    auto whole = files.read("Logs/Editor.log", 6);
    ASSERT_FALSE(whole) << "a whole read still refuses a larger file";
    EXPECT_EQ(whole.error().problem, JailProblem::TooLarge);
    auto tail = files.read("Logs/Editor.log", 6, uap::sdk::ReadPart::Tail);
    ASSERT_TRUE(tail) << tail.error().message;
    EXPECT_EQ(tail->content, "abcdef");
    auto small = files.read("Logs/Editor.log", 1024, uap::sdk::ReadPart::Tail);
    ASSERT_TRUE(small);
    EXPECT_EQ(small->content, "0123456789abcdef");
    // A link is refused for a tail as for any read.
    if (plant_link(outside / "authorized_keys", project / "Logs" / "Linked.log", false)) {
        auto linked = files.read("Logs/Linked.log", 6, uap::sdk::ReadPart::Tail);
        ASSERT_FALSE(linked);
        EXPECT_EQ(linked.error().problem, JailProblem::Link);
    }
}

TEST_F(FileJailTest, AWriterInPiecesIsInvisibleUntilCommittedAndLeavesNothingWhenDropped) {
    auto files = jail();
    ASSERT_TRUE(files.write("pack/lib.so", "old"));
    {
        auto writer = files.begin_write("pack/lib.so");
        ASSERT_TRUE(writer);
        ASSERT_TRUE(writer->append("new "));
        ASSERT_TRUE(writer->append("library"));
        EXPECT_EQ(read_text(project / "pack/lib.so"), "old") << "not visible before commit";
        // Dropped here without commit().
    }
    EXPECT_EQ(read_text(project / "pack/lib.so"), "old");
    EXPECT_EQ(std::distance(fs::directory_iterator(project / "pack"), fs::directory_iterator()), 1) << "no temporary file left";
    auto writer = files.begin_write("pack/lib.so");
    ASSERT_TRUE(writer);
    ASSERT_TRUE(writer->append("new library"));
    ASSERT_TRUE(writer->commit());
    EXPECT_EQ(read_text(project / "pack/lib.so"), "new library");
    EXPECT_FALSE(writer->append("more")) << "a committed writer takes nothing more";
}

TEST_F(FileJailTest, WriteWithoutCreatingFoldersNeedsTheFolder) {
    auto written = jail().write("Missing/x.txt", "x", uap::sdk::FileAccess::Shared, uap::sdk::Folders::MustExist);
    ASSERT_FALSE(written);
    EXPECT_EQ(written.error().problem, JailProblem::Missing);
    EXPECT_FALSE(fs::exists(project / "Missing"));
}

TEST_F(FileJailTest, RefusesToWriteThroughAFileLink) {
    if (!plant_link(outside / "authorized_keys", project / "Assets/Scripts/X.cs", false))
        GTEST_SKIP() << "this system cannot make symbolic links";
    auto written = jail().write("Assets/Scripts/X.cs", "// key line\n");
    ASSERT_FALSE(written);
    EXPECT_EQ(written.error().problem, JailProblem::Link);
    EXPECT_NE(written.error().message.find("Assets/Scripts/X.cs"), std::string::npos) << written.error().message;
    EXPECT_NE(written.error().message.find("rm '"), std::string::npos) << written.error().message;
    EXPECT_EQ(read_text(outside / "authorized_keys"), "ssh-ed25519 AAAA the user's key\n");
}

TEST_F(FileJailTest, RefusesAFolderLinkAnywhereInThePath) {
    for (const char* linked : {"Assets", "Assets/Scripts"}) {
        fs::remove_all(project / "Assets");
        if (!plant_link(outside, project / linked, true))
            GTEST_SKIP() << "this system cannot make symbolic links";
        auto files = jail();
        auto written = files.write("Assets/Scripts/Evil.cs", "class Evil {}");
        ASSERT_FALSE(written) << linked;
        EXPECT_EQ(written.error().problem, JailProblem::Link);
        EXPECT_NE(written.error().message.find(linked), std::string::npos) << written.error().message;
        auto made = files.make_folders("Assets/Scripts/Deeper");
        EXPECT_FALSE(made);
        auto read = files.read("Assets/Scripts/authorized_keys", 1 << 20);
        EXPECT_FALSE(read);
        EXPECT_EQ(read.error().problem, JailProblem::Link);
        EXPECT_EQ(files.kind("Assets/Scripts/authorized_keys").error().problem, JailProblem::Link);
    }
    EXPECT_EQ(fs::directory_iterator(outside)->path().filename(), "authorized_keys");
    EXPECT_EQ(std::distance(fs::directory_iterator(outside), fs::directory_iterator()), 1);
}

TEST_F(FileJailTest, ListsLinksWithoutEnteringThem) {
    write_text(project / "UapStaging/Scripts/Real.cs", "class Real {}");
    if (!plant_link(outside, project / "UapStaging/Elsewhere", true))
        GTEST_SKIP() << "this system cannot make symbolic links";
    auto listing = jail().list("UapStaging", 100);
    ASSERT_TRUE(listing);
    std::vector<std::pair<std::string, EntryKind>> seen;
    for (auto& entry : listing.value())
        seen.emplace_back(entry.relative, entry.kind);
    EXPECT_EQ(seen, (std::vector<std::pair<std::string, EntryKind>>{
                        {"Elsewhere", EntryKind::Link}, {"Scripts", EntryKind::Folder}, {"Scripts/Real.cs", EntryKind::File}}));
    auto linked_root = jail().list("UapStaging/Elsewhere", 100);
    ASSERT_FALSE(linked_root);
    EXPECT_EQ(linked_root.error().problem, JailProblem::Link);
}

TEST_F(FileJailTest, ListingIsBounded) {
    for (int index = 0; index < 5; ++index)
        write_text(project / "Many" / (std::to_string(index) + ".txt"), "x");
    auto listing = jail().list("Many", 4);
    ASSERT_FALSE(listing);
    EXPECT_EQ(listing.error().problem, JailProblem::TooLarge);
}

TEST_F(FileJailTest, RemovesOnlyTheFileThatWasRead) {
    write_text(project / "UapStaging/A.cs", "class A {}");
    auto files = jail();
    auto read = files.read("UapStaging/A.cs", 1024);
    ASSERT_TRUE(read);
    write_text(project / "UapStaging/A.cs", "class A { changed }");
    auto removed = files.remove_read(read.value());
    ASSERT_FALSE(removed);
    EXPECT_EQ(removed.error().problem, JailProblem::Changed);
    EXPECT_TRUE(fs::exists(project / "UapStaging/A.cs"));

    auto again = files.read("UapStaging/A.cs", 1024);
    ASSERT_TRUE(again);
    ASSERT_TRUE(files.remove_read(again.value()));
    EXPECT_FALSE(fs::exists(project / "UapStaging/A.cs"));
}

TEST_F(FileJailTest, RemoveReadDoesNotFollowAFolderSwappedForALink) {
    write_text(project / "UapStaging/A.cs", "class A {}");
    write_text(outside / "A.cs", "class A {}");
    auto files = jail();
    auto read = files.read("UapStaging/A.cs", 1024);
    ASSERT_TRUE(read);
    fs::remove_all(project / "UapStaging");
    if (!plant_link(outside, project / "UapStaging", true))
        GTEST_SKIP() << "this system cannot make symbolic links";
    auto removed = files.remove_read(read.value());
    ASSERT_FALSE(removed);
    EXPECT_EQ(removed.error().problem, JailProblem::Link);
    EXPECT_TRUE(fs::exists(outside / "A.cs"));
}

TEST_F(FileJailTest, RemoveTreeRemovesLinksNotWhatTheyPointAt) {
    write_text(project / "Scratch/inner/file.txt", "x");
    if (!plant_link(outside, project / "Scratch/inner/out", true) ||
        !plant_link(outside / "authorized_keys", project / "Scratch/key", false))
        GTEST_SKIP() << "this system cannot make symbolic links";
    ASSERT_TRUE(jail().remove_tree("Scratch"));
    EXPECT_FALSE(fs::exists(fs::symlink_status(project / "Scratch")));
    EXPECT_EQ(read_text(outside / "authorized_keys"), "ssh-ed25519 AAAA the user's key\n");
    EXPECT_TRUE(jail().remove_tree("Scratch"));  // Nothing there: nothing to do.
}

TEST_F(FileJailTest, RenamesWithinTheRoot) {
    auto files = jail();
    ASSERT_TRUE(files.write("a/one.txt", "1"));
    ASSERT_TRUE(files.rename("a/one.txt", "b/two.txt"));
    EXPECT_EQ(read_text(project / "b/two.txt"), "1");
    ASSERT_TRUE(files.make_folders("c/d"));
    auto onto_folder = files.rename("b/two.txt", "c");
    ASSERT_FALSE(onto_folder);
    EXPECT_EQ(onto_folder.error().problem, JailProblem::NotFile);
}

TEST_F(FileJailTest, RefusesOversizedFilesAndFolders) {
    write_text(project / "big.txt", std::string(2048, 'x'));
    auto read = jail().read("big.txt", 1024);
    ASSERT_FALSE(read);
    EXPECT_EQ(read.error().problem, JailProblem::TooLarge);
    fs::create_directories(project / "folder");
    EXPECT_EQ(jail().read("folder", 1024).error().problem, JailProblem::NotFile);
    EXPECT_EQ(jail().write("folder", "x").error().problem, JailProblem::NotFile);
    EXPECT_EQ(jail().read("absent.txt", 1024).error().problem, JailProblem::Missing);
    EXPECT_EQ(jail().kind("absent/deeper.txt").value(), EntryKind::Missing);
}

TEST_F(FileJailTest, RootThatIsALinkIsRefusedWhenAsked) {
    if (!plant_link(project, base / "linked-root", true))
        GTEST_SKIP() << "this system cannot make symbolic links";
    EXPECT_TRUE(FileJail::open(base / "linked-root", uap::sdk::RootLinks::Follow));
    auto refused = FileJail::open(base / "linked-root", uap::sdk::RootLinks::Refuse);
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().problem, JailProblem::Link);
}

} // namespace

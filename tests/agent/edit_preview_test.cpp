// The permission card's edit preview: unified hunks from real files in a scratch project, for Write,
// Edit and MultiEdit, and a note instead of a diff wherever no honest preview exists.
#include "agent/edit_preview.hpp"
#include "support/json.hpp"
#include "support/platform/platform.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;
using uap::agent::EditPreview;
using uap::agent::preview_file_change;
using uap::agent::unified_diff;

namespace {

class EditPreviewTest : public ::testing::Test {
protected:
    void SetUp() override {
        m_project = fs::temp_directory_path() / ("uap edit preview " + std::to_string(uap::platform::current_process_id()));
        fs::remove_all(m_project);
        fs::create_directories(m_project / "Assets");
    }
    void TearDown() override { fs::remove_all(m_project); }

    void write(const std::string& relative, const std::string& content) {
        std::ofstream(m_project / relative, std::ios::binary) << content;
    }

    std::optional<EditPreview> preview(const char* tool, const std::string& input_json) {
        m_input = uap::json::parse(input_json).value();
        return preview_file_change(tool, m_input, m_project);
    }

    fs::path m_project;
    rapidjson::Document m_input;
};

std::string numbered_lines(int count) {
    std::string text;
    for (int line = 1; line <= count; ++line)
        text += "line " + std::to_string(line) + "\n";
    return text;
}

} // namespace

TEST_F(EditPreviewTest, AnEditShowsItsHunkWithThreeLinesOfContext) {
    write("Assets/Mover.cs", numbered_lines(20));
    auto shown = preview("Edit", R"({"file_path":"Assets/Mover.cs","old_string":"line 10\n","new_string":"line ten\nline ten and a half\n"})");
    ASSERT_TRUE(shown);
    EXPECT_EQ(shown->note, "");
    EXPECT_EQ(shown->diff, "@@ -7,7 +7,8 @@\n line 7\n line 8\n line 9\n-line 10\n+line ten\n+line ten and a half\n line 11\n line 12\n line 13\n");
    EXPECT_EQ(shown->added, 2u);
    EXPECT_EQ(shown->removed, 1u);
    EXPECT_FALSE(shown->new_file);
    EXPECT_FALSE(shown->truncated);
}

TEST_F(EditPreviewTest, DistantChangesAreSeparateHunksAndNearOnesShareContext) {
    std::string before = numbered_lines(30);
    std::string after = before;
    after.replace(after.find("line 2\n"), 7, "line two\n");
    after.replace(after.find("line 25\n"), 8, "line twenty-five\n");
    EditPreview far = unified_diff(before, after, 64 * 1024);
    EXPECT_EQ(far.diff, "@@ -1,5 +1,5 @@\n line 1\n-line 2\n+line two\n line 3\n line 4\n line 5\n"
                        "@@ -22,7 +22,7 @@\n line 22\n line 23\n line 24\n-line 25\n+line twenty-five\n line 26\n line 27\n line 28\n");
    std::string near = before;
    near.replace(near.find("line 10\n"), 8, "line X\n");
    near.replace(near.find("line 17\n"), 8, "line Y\n");
    EditPreview joined = unified_diff(before, near, 64 * 1024);
    EXPECT_EQ(joined.diff.find("\n@@"), std::string::npos) << "changes with six same lines between share one hunk:\n" << joined.diff;
    EXPECT_EQ(joined.diff.rfind("@@ -7,14 +7,14 @@", 0), 0u) << joined.diff;
    std::string apart = before;
    apart.replace(apart.find("line 10\n"), 8, "line X\n");
    apart.replace(apart.find("line 18\n"), 8, "line Y\n");
    EXPECT_NE(unified_diff(before, apart, 64 * 1024).diff.find("@@ -15,7 +15,7 @@"), std::string::npos) << "seven same lines between: two hunks";
}

TEST_F(EditPreviewTest, AWriteOfANewFileAndOfAnExistingOne) {
    auto created = preview("Write", R"({"file_path":"Assets/Notes.txt","content":"one\ntwo\n"})");
    ASSERT_TRUE(created);
    EXPECT_TRUE(created->new_file);
    EXPECT_EQ(created->diff, "@@ -0,0 +1,2 @@\n+one\n+two\n");
    write("Assets/Notes.txt", "one\ntwo\n");
    auto emptied = preview("Write", (R"({"file_path":")" + (m_project / "Assets" / "Notes.txt").generic_string() + R"(","content":""})"));
    ASSERT_TRUE(emptied);
    EXPECT_FALSE(emptied->new_file);
    EXPECT_EQ(emptied->diff, "@@ -1,2 +0,0 @@\n-one\n-two\n") << "an absolute path inside the project is previewed too";
}

TEST_F(EditPreviewTest, MultiEditAppliesItsEditsInOrder) {
    write("Assets/a.txt", "alpha\nbeta\ngamma\n");
    auto shown = preview("MultiEdit", R"({"file_path":"Assets/a.txt","edits":[{"old_string":"alpha","new_string":"ALPHA"},
                                                                              {"old_string":"ALPHA\nbeta","new_string":"ALPHA\nBETA"}]})");
    ASSERT_TRUE(shown);
    EXPECT_EQ(shown->diff, "@@ -1,3 +1,3 @@\n-alpha\n-beta\n+ALPHA\n+BETA\n gamma\n");
    auto every = preview("Edit", R"({"file_path":"Assets/a.txt","old_string":"a\n","new_string":"A\n","replace_all":true})");
    ASSERT_TRUE(every);
    EXPECT_EQ(every->added, 3u) << every->diff;
}

TEST_F(EditPreviewTest, EditsTheCliWillRefuseGetANoteAndNoDiff) {
    write("Assets/a.txt", "same\nsame\n");
    auto missing_text = preview("Edit", R"({"file_path":"Assets/a.txt","old_string":"absent","new_string":"x"})");
    ASSERT_TRUE(missing_text);
    EXPECT_EQ(missing_text->diff, "");
    EXPECT_NE(missing_text->note.find("old_string is not in the file"), std::string::npos) << missing_text->note;
    auto ambiguous = preview("Edit", R"({"file_path":"Assets/a.txt","old_string":"same","new_string":"x"})");
    EXPECT_NE(ambiguous->note.find("occurs 2 times"), std::string::npos) << ambiguous->note;
    EXPECT_NE(ambiguous->note.find("replace_all"), std::string::npos) << "the note names what would make it apply";
    auto second = preview("MultiEdit", R"({"file_path":"Assets/a.txt","edits":[{"old_string":"same\nsame","new_string":"one"},{"old_string":"same","new_string":"two"}]})");
    EXPECT_EQ(second->note.rfind("edit 2: ", 0), 0u) << "the note names the failing edit: " << second->note;
    auto no_file = preview("Edit", R"({"file_path":"Assets/none.txt","old_string":"a","new_string":"b"})");
    EXPECT_NE(no_file->note.find("does not exist"), std::string::npos);
    auto creates = preview("Edit", R"({"file_path":"Assets/new.txt","old_string":"","new_string":"first\n"})");
    EXPECT_TRUE(creates->new_file);
    EXPECT_EQ(creates->diff, "@@ -0,0 +1,1 @@\n+first\n") << "an empty old_string creates the file, as the CLI does";
}

TEST_F(EditPreviewTest, NoPreviewOutsideTheProjectThroughLinksOfBinaryOrTooLarge) {
    auto outside = preview("Write", R"({"file_path":"../elsewhere.txt","content":"x"})");
    ASSERT_TRUE(outside);
    EXPECT_EQ(outside->diff, "");
    EXPECT_NE(outside->note.find("outside the project"), std::string::npos);
    write("Assets/binary.bin", std::string("a\0b\n", 4));
    EXPECT_NE(preview("Write", R"({"file_path":"Assets/binary.bin","content":"x"})")->note.find("not UTF-8 text"), std::string::npos);
    write("Assets/large.txt", std::string(1024 * 1024 + 1, 'x'));
    EXPECT_NE(preview("Write", R"({"file_path":"Assets/large.txt","content":"x"})")->note.find("larger than 1 MiB"), std::string::npos);
    std::error_code link_error;
    fs::create_directory_symlink(fs::temp_directory_path(), m_project / "Assets" / "out", link_error);
    if (!link_error) { // Creating links needs a privilege on Windows; the jail's own tests cover that platform.
        auto linked = preview("Write", R"({"file_path":"Assets/out/secret.txt","content":"x"})");
        EXPECT_EQ(linked->diff, "");
        EXPECT_NE(linked->note.find("cannot be read"), std::string::npos) << "a link out of the project is not followed: " << linked->note;
    }
    EXPECT_FALSE(preview("Read", R"({"file_path":"Assets/a.txt"})")) << "only tools that change a file get a preview";
    EXPECT_NE(preview("Edit", R"({"file_path":"Assets/a.txt","old_string":5})")->note.find("not text"), std::string::npos);
    EXPECT_NE(preview("Write", R"({"content":"x"})")->note.find("no file_path"), std::string::npos);
}

TEST_F(EditPreviewTest, ALargeDiffIsCutAtTheLimitAndSaysSo) {
    std::string before, after;
    for (int line = 0; line < 200; ++line) {
        before += "old " + std::to_string(line) + "\n" + std::string(8, '.') + "\n" + std::string(8, ',') + "\n" + std::string(8, ';') + "\n" + std::string(8, ':') + "\n";
        after += "new " + std::to_string(line) + "\n" + std::string(8, '.') + "\n" + std::string(8, ',') + "\n" + std::string(8, ';') + "\n" + std::string(8, ':') + "\n";
    }
    EditPreview cut = unified_diff(before, after, 4096);
    EXPECT_TRUE(cut.truncated);
    EXPECT_LE(cut.diff.size(), 4096u);
    EXPECT_FALSE(cut.diff.empty());
    EXPECT_EQ(cut.diff.back(), '\n') << "cut after a whole line";
    EXPECT_EQ(cut.added, 200u) << "the summary counts the whole change";
    std::size_t shown = 0;
    for (std::size_t at = cut.diff.find("\n"); at != std::string::npos; at = cut.diff.find("\n", at + 1))
        ++shown;
    std::string header = cut.diff.substr(0, cut.diff.find('\n'));
    std::size_t old_count = std::stoul(header.substr(header.find(',') + 1));
    std::size_t removed_shown = 0, context_shown = 0;
    for (std::size_t at = cut.diff.find("\n-"); at != std::string::npos; at = cut.diff.find("\n-", at + 1))
        ++removed_shown;
    for (std::size_t at = cut.diff.find("\n "); at != std::string::npos; at = cut.diff.find("\n ", at + 1))
        ++context_shown;
    EXPECT_EQ(old_count, removed_shown + context_shown) << "the cut hunk's header counts the lines shown: " << header;
    EXPECT_GT(shown, 10u);
    std::string long_before = "first\n" + numbered_lines(1200) + "last\n";
    std::string long_after = "FIRST\n" + numbered_lines(1200) + "LAST\n";
    EditPreview spread = unified_diff(long_before, long_after, 64 * 1024);
    EXPECT_EQ(spread.diff, "");
    EXPECT_EQ(spread.note, "the change spans more than 1000 lines") << "dtl's work is bounded";
    std::string large = numbered_lines(20000);
    std::string one_line_changed = large;
    one_line_changed.replace(one_line_changed.find("line 12345\n"), 11, "line twelve thousand\n");
    EditPreview focused = unified_diff(large, one_line_changed, 64 * 1024);
    EXPECT_EQ(focused.diff, "@@ -12342,7 +12342,7 @@\n line 12342\n line 12343\n line 12344\n-line 12345\n+line twelve thousand\n line 12346\n line 12347\n line 12348\n")
        << "a small change in a large file: the shared start and end are set aside before dtl compares";
    EditPreview newline_only = unified_diff("a\nb", "a\nb\n", 4096);
    EXPECT_EQ(newline_only.diff, "");
    EXPECT_EQ(newline_only.note, "the change is only in the final newline");
}

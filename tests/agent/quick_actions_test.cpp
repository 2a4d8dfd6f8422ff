// The user's quick actions: read, replaced and published through set_quick_actions, saved owner-only
// in the project's settings folder; malformed, oversized and hostile lists are refused with the fix
// and change nothing, and a file broken by hand is never overwritten.
#include "panel/quick_actions.hpp"
#include "recording_sink.hpp"

#include "fakes/json_at.hpp"
#include "support/json.hpp"

#include <gtest/gtest.h>

#include <sys/stat.h>

#include <filesystem>
#include <fstream>

namespace {

namespace fs = std::filesystem;
using uap::panel::QuickActions;
using uap::testing::text_at;

class QuickActionsTest : public ::testing::Test {
protected:
    void SetUp() override {
        char pattern[] = "/tmp/uap-quick-XXXXXX";
        ASSERT_NE(::mkdtemp(pattern), nullptr);
        project = pattern;
    }
    void TearDown() override { fs::remove_all(project); }

    // Runs set_quick_actions with `command` and returns the reply, or the error text as "error: ...".
    std::string run(QuickActions& actions, const std::string& command) {
        auto parsed = uap::json::parse(command);
        EXPECT_TRUE(parsed.has_value()) << command;
        rapidjson::Document reply(rapidjson::kObjectType);
        auto outcome = actions.run("set_quick_actions", *parsed, reply);
        return outcome ? uap::json::to_text(reply) : "error: " + outcome.error().message();
    }

    fs::path project;
    uap::agent_test::RecordingSink sink;
};

TEST_F(QuickActionsTest, AreSavedOwnerOnlyPublishedAndReadBack) {
    QuickActions actions(project, sink);
    EXPECT_EQ(text_at(run(actions, R"({"type":"set_quick_actions"})"), "/actions"), "[]") << "none before any are saved";
    std::string reply = run(actions, R"({"type":"set_quick_actions","actions":[{"label":"Tidy up","prompt":"Group the loose objects\nunder folders"},)"
                                     R"({"label":"ライトを確認","prompt":"シーンのライトを一覧にして"}]})");
    ASSERT_EQ(reply.find("error"), std::string::npos) << reply;
    EXPECT_NE(reply.find(R"({"label":"Tidy up","prompt":"Group the loose objects\nunder folders"})"), std::string::npos) << reply;
    auto events = sink.events();
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].find(R"({"type":"quick_actions","actions":[{"label":"Tidy up")"), 0u) << events[0];

    struct stat info {};
    ASSERT_EQ(::stat(actions.file().c_str(), &info), 0);
    EXPECT_EQ(info.st_mode & 0777, 0600u) << "the settings folder is the user's own";
    QuickActions reopened(project, sink);
    auto loaded = reopened.load();
    ASSERT_TRUE(loaded.has_value());
    ASSERT_EQ(loaded->size(), 2u);
    EXPECT_EQ((*loaded)[1].label, "ライトを確認");

    EXPECT_EQ(text_at(run(actions, R"({"type":"set_quick_actions","actions":[]})"), "/actions"), "[]") << "an empty list removes them";
    EXPECT_TRUE(reopened.load()->empty());
}

TEST_F(QuickActionsTest, HostileListsAreRefusedAndChangeNothing) {
    QuickActions actions(project, sink);
    ASSERT_EQ(run(actions, R"({"type":"set_quick_actions","actions":[{"label":"Keep","prompt":"kept"}]})").find("error"), std::string::npos);
    std::string many = R"({"type":"set_quick_actions","actions":[)";
    for (int index = 0; index < 25; ++index)
        many += std::string(index ? "," : "") + R"({"label":"a","prompt":"b"})";
    many += "]}";
    const std::pair<std::string, std::string> hostile[] = {
        {R"({"type":"set_quick_actions","actions":{"label":"a"}})", "must be an array of {label, prompt}"},
        {R"({"type":"set_quick_actions","actions":["text"]})", "quick action 1 is not an object"},
        {R"({"type":"set_quick_actions","actions":[{"label":"","prompt":"b"}]})", "needs a label and a prompt"},
        {R"({"type":"set_quick_actions","actions":[{"label":"a"}]})", "needs a label and a prompt"},
        {R"({"type":"set_quick_actions","actions":[{"label":"a\nb","prompt":"b"}]})", "must be one line"},
        {R"({"type":"set_quick_actions","actions":[{"label":"a","prompt":"b\u0007"}]})", "without control characters"},
        {R"({"type":"set_quick_actions","actions":[{"label":"a","prompt":"b","run":true}]})", "unknown field 'run'"},
        {R"({"type":"set_quick_actions","actions":[{"label":")" + std::string(61, 'x') + R"(","prompt":"b"}]})", "at most 60 bytes"},
        {R"({"type":"set_quick_actions","actions":[{"label":"a","prompt":")" + std::string(4097, 'x') + R"("}]})", "at most 4096 bytes"},
        {many, "25 quick actions; at most 24"},
    };
    for (const auto& [command, refusal] : hostile) {
        std::string reply = run(actions, command);
        EXPECT_EQ(reply.rfind("error: set_quick_actions refused, nothing changed", 0), 0u) << reply.substr(0, 200);
        EXPECT_NE(reply.find(refusal), std::string::npos) << reply.substr(0, 200);
    }
    ASSERT_EQ(actions.load()->size(), 1u);
    EXPECT_EQ(actions.load()->front().label, "Keep");
    EXPECT_EQ(sink.events().size(), 1u) << "refusals publish nothing";
}

TEST_F(QuickActionsTest, AFileBrokenByHandIsReportedAndNeverOverwritten) {
    QuickActions actions(project, sink);
    fs::create_directories(actions.file().parent_path());
    for (const std::string& broken : {std::string("{\"actions\":[{\"label\":"), std::string("[1,2]"), std::string(300 * 1024, ' ')}) {
        std::ofstream(actions.file(), std::ios::trunc) << broken;
        std::string reply = run(actions, R"({"type":"set_quick_actions","actions":[{"label":"a","prompt":"b"}]})");
        EXPECT_NE(reply.find("cannot be read"), std::string::npos) << reply;
        EXPECT_NE(reply.find("fix the file or delete it"), std::string::npos) << reply;
        std::ifstream kept(actions.file());
        std::string content((std::istreambuf_iterator<char>(kept)), std::istreambuf_iterator<char>());
        EXPECT_EQ(content, broken) << "the user's file stays as it was";
    }
    fs::remove(actions.file());
    fs::create_symlink("/etc/passwd", actions.file());
    EXPECT_NE(run(actions, R"({"type":"set_quick_actions"})").find("error: "), std::string::npos) << "a planted link is not followed";
}

} // namespace

// History loading from CLI transcripts written by hand: a partial answer the host kept for a turn
// the CLI's death cut short goes where the CLI wrote its placeholder, or before the next message.
#include "agent/history.hpp"
#include "agent/interrupted_answers.hpp"
#include "support/json.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace uap::agent;

namespace {

class History : public ::testing::Test {
protected:
    void SetUp() override {
        char pattern[] = "/tmp/uaph-XXXXXX";
        ASSERT_NE(::mkdtemp(pattern), nullptr);
        root = pattern;
        project = root / "project";
        home = root / "home";
        fs::create_directories(project);
        fs::create_directories(transcripts_folder(home, project));
    }
    void TearDown() override {
        std::error_code error;
        fs::remove_all(root, error);
    }

    void write_transcript(const std::string& session, const std::vector<std::string>& lines) {
        std::ofstream stream(transcripts_folder(home, project) / (session + ".jsonl"));
        for (auto& line : lines)
            stream << line << "\n";
    }

    // The texts of the loaded assistant messages, "!" in front of those marked interrupted.
    std::vector<std::string> answers(const std::string& session) {
        auto items = load_history(home, project, session);
        EXPECT_TRUE(items) << items.error().message();
        std::vector<std::string> texts;
        for (auto& item : *items)
            if (uap::json::string_field(item, "type").value_or("") == "assistant_message") {
                std::string text = item.HasMember("interrupted") ? "!" : "";
                text += uap::json::string_field(item, "text").value_or("");
                texts.push_back(text);
            }
        return texts;
    }

    fs::path root, project, home;
};

std::string user_line(const std::string& uuid, const std::string& text) {
    return R"({"type":"user","uuid":")" + uuid + R"(","message":{"role":"user","content":[{"type":"text","text":")" + text + R"("}]}})";
}

std::string assistant_line(const std::string& model, const std::string& text) {
    return R"({"type":"assistant","message":{"model":")" + model + R"(","content":[{"type":"text","text":")" + text + R"("}]}})";
}

} // namespace

TEST_F(History, AKeptInterruptedAnswerReplacesTheClisPlaceholder) {
    write_transcript("s1", {user_line("u1", "write a lot"), assistant_line("<synthetic>", "No response requested."), user_line("u2", "go on"),
                            assistant_line("claude", "after the resume")});
    EXPECT_EQ(answers("s1"), (std::vector<std::string>{"No response requested.", "after the resume"})) << "no record: as the CLI wrote it";
    ASSERT_TRUE(keep_interrupted_answer(project, "s1", InterruptedAnswer{"u1", "a partial ans"}));
    EXPECT_EQ(answers("s1"), (std::vector<std::string>{"!a partial ans", "after the resume"}));
}

TEST_F(History, AKeptInterruptedAnswerWithoutAPlaceholderComesBeforeTheNextMessageOrAtTheEnd) {
    write_transcript("s2", {user_line("u1", "first"), user_line("u2", "second"), assistant_line("claude", "answer two"), user_line("u3", "third")});
    ASSERT_TRUE(keep_interrupted_answer(project, "s2", InterruptedAnswer{"u1", "cut one"}));
    ASSERT_TRUE(keep_interrupted_answer(project, "s2", InterruptedAnswer{"u3", "cut three"}));
    auto items = load_history(home, project, "s2");
    ASSERT_TRUE(items);
    std::vector<std::string> order;
    for (auto& item : *items)
        order.push_back(uap::json::string_field(item, "text").value_or(""));
    EXPECT_EQ(order, (std::vector<std::string>{"first", "cut one", "second", "answer two", "third", "cut three"}));
}

TEST_F(History, SearchFindsSessionsByTitleOrByAnyMessageInAnyCase) {
    write_transcript("s1", {user_line("u1", "make three red cubes"), assistant_line("claude", "Done: three cubes under /Level")});
    write_transcript("s2", {user_line("u1", "fix the Prefab overrides"), assistant_line("claude", "Reverted the overrides")});
    write_transcript("s3", {user_line("u1", "light the scene"), assistant_line("claude", "Baked the lightmaps in 12 s")});
    auto ids = [&](std::string_view query) {
        std::vector<std::string> found;
        for (auto& entry : search_history(home, project, query))
            found.push_back(entry.session_id);
        std::sort(found.begin(), found.end());
        return found;
    };
    EXPECT_EQ(ids(""), (std::vector<std::string>{"s1", "s2", "s3"}));
    EXPECT_EQ(ids("prefab"), (std::vector<std::string>{"s2"})) << "the title, in another case";
    EXPECT_EQ(ids("LIGHTMAPS"), (std::vector<std::string>{"s3"})) << "an assistant message";
    EXPECT_EQ(ids("cubes"), (std::vector<std::string>{"s1"}));
    EXPECT_EQ(ids("claude"), (std::vector<std::string>{})) << "the model's name is not a message's text";
    EXPECT_EQ(ids("no such words"), (std::vector<std::string>{}));
}

TEST_F(History, DeleteRemovesTheTranscriptAndItsSubagentsAndRefusesWhatIsNotASession) {
    write_transcript("s1", {user_line("u1", "keep me")});
    write_transcript("s2", {user_line("u1", "delete me")});
    fs::path folder = transcripts_folder(home, project);
    fs::create_directories(folder / "s2" / "subagents");
    std::ofstream(folder / "s2" / "subagents" / "agent-1.jsonl") << user_line("u9", "sub") << "\n";
    // A link planted where a session's subagents folder goes: removed, never followed.
    fs::create_directories(root / "outside");
    std::ofstream(root / "outside" / "precious.txt") << "keep";
    write_transcript("s3", {user_line("u1", "linked")});
    fs::create_directory_symlink(root / "outside", folder / "s3");

    ASSERT_TRUE(delete_history(home, project, "s2"));
    EXPECT_FALSE(fs::exists(folder / "s2.jsonl"));
    EXPECT_FALSE(fs::exists(folder / "s2"));
    EXPECT_TRUE(fs::exists(folder / "s1.jsonl"));
    ASSERT_TRUE(delete_history(home, project, "s3"));
    EXPECT_TRUE(fs::exists(root / "outside" / "precious.txt"));

    for (const std::string& bad : std::vector<std::string>{"", "../s1", "s1/../../x", std::string(200, 'a'), "s1.jsonl", "missing"}) {
        auto refused = delete_history(home, project, bad);
        ASSERT_FALSE(refused) << bad;
        EXPECT_NE(refused.error().message().find("list_history"), std::string::npos) << refused.error().message();
    }
    EXPECT_TRUE(fs::exists(folder / "s1.jsonl"));
}

TEST_F(History, TheLastPromptIsTheNewestMessageTheUserTypedWithTheMessageItFollows) {
    auto line = [](const std::string& uuid, const std::string& parent, const std::string& content, const std::string& extra = "") {
        return R"({"type":"user","uuid":")" + uuid + R"(","parentUuid":)" + parent + extra + R"(,"message":{"role":"user","content":)" + content + "}}";
    };
    write_transcript("s1", {line("u1", "null", R"("first")"),
                            R"({"type":"assistant","uuid":"a1","parentUuid":"u1","message":{"content":[{"type":"text","text":"one"}]}})",
                            line("u2", R"("a1")", R"([{"type":"text","text":"second"}])"),
                            R"({"type":"assistant","uuid":"a2","parentUuid":"u2","message":{"content":[{"type":"tool_use","id":"t","name":"Read","input":{}}]}})",
                            line("r1", R"("a2")", R"([{"type":"tool_result","tool_use_id":"t","content":"x"}])"),
                            line("m1", R"("r1")", R"("<command-name>/cost</command-name>")"),
                            line("meta", R"("r1")", R"("reminder")", R"(,"isMeta":true)"),
                            line("side", R"("r1")", R"("subagent's task")", R"(,"isSidechain":true)"),
                            "{broken", "", R"({"type":"user","uuid":7,"message":{"content":"no string uuid"}})"});
    auto prompt = find_last_prompt(home, project, "s1");
    ASSERT_TRUE(prompt) << prompt.error().message();
    EXPECT_EQ(prompt->uuid, "u2") << "tool results, slash commands, meta and subagent lines are not the user's messages";
    EXPECT_EQ(prompt->parent_uuid, "a1");

    write_transcript("s2", {line("u1", "null", R"("only")")});
    ASSERT_TRUE(find_last_prompt(home, project, "s2"));
    EXPECT_EQ(find_last_prompt(home, project, "s2")->parent_uuid, "") << "the message that opened the conversation";

    write_transcript("s3", {R"({"type":"assistant","uuid":"a1","message":{"content":[]}})"});
    auto none = find_last_prompt(home, project, "s3");
    ASSERT_FALSE(none);
    EXPECT_NE(none.error().message().find("no message of yours"), std::string::npos) << none.error().message();
    EXPECT_FALSE(find_last_prompt(home, project, "../s1")) << "an id never leaves the folder";
    EXPECT_FALSE(find_last_prompt(home, project, "missing"));

    // What the front-ends keep: everything before that message (a subagent's items after it go too).
    write_transcript("s4", {line("u1", "null", R"("first")"),
                            R"({"type":"assistant","uuid":"a1","parentUuid":"u1","message":{"content":[{"type":"text","text":"one"}]}})",
                            line("u2", R"("a1")", R"("second")"),
                            R"({"type":"assistant","uuid":"a2","parentUuid":"u2","message":{"content":[{"type":"text","text":"two"}]}})",
                            line("side", R"("a2")", R"("subagent's task")", R"(,"isSidechain":true)")});
    auto items = load_history(home, project, "s4");
    ASSERT_TRUE(items);
    auto kept = items_before_last_prompt(std::move(*items));
    ASSERT_EQ(kept.size(), 2u) << "the first message and its answer stay";
    EXPECT_EQ(uap::json::string_field(kept[0], "text").value_or(""), "first");
    EXPECT_EQ(uap::json::string_field(kept[1], "text").value_or(""), "one");
    EXPECT_TRUE(items_before_last_prompt({}).empty());
}

TEST_F(History, ASubagentsTranscriptNamesTheAgentCallItWorkedForFromItsMetaFileOrTheCallsResult) {
    // The Agent call toolu_a started agent "aaa" (its result says so); toolu_b started "bbb".
    auto agent_result = [](const std::string& call, const std::string& agent) {
        return R"({"type":"user","uuid":"r-)" + agent + R"(","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":")" + call +
               R"(","content":"launched"}]},"toolUseResult":{"status":"async_launched","agentId":")" + agent + R"("}})";
    };
    write_transcript("s1", {user_line("u1", "delegate"), agent_result("toolu_a", "aaa"), agent_result("toolu_b", "bbb")});
    fs::path subagents = transcripts_folder(home, project) / "s1" / "subagents";
    fs::create_directories(subagents);
    // "aaa" has a sidecar naming its call; "bbb" has none, so the call's result links it; "ccc" is linked by nothing;
    // "ddd"'s sidecar is a planted link and "eee"'s is not JSON, so both fall back (to nothing here).
    for (const std::string agent : {"aaa", "bbb", "ccc", "ddd", "eee"})
        std::ofstream(subagents / ("agent-" + agent + ".jsonl")) << assistant_line("claude", "work of " + agent) << "\n";
    std::ofstream(subagents / "agent-aaa.meta.json") << R"({"agentType":"general-purpose","toolUseId":"toolu_a"})";
    std::ofstream(root / "elsewhere.json") << R"({"toolUseId":"toolu_planted"})";
    fs::create_symlink(root / "elsewhere.json", subagents / "agent-ddd.meta.json");
    std::ofstream(subagents / "agent-eee.meta.json") << "{not json";

    auto items = load_history(home, project, "s1");
    ASSERT_TRUE(items) << items.error().message();
    std::map<std::string, std::string> parents;
    for (auto& item : *items)
        if (uap::json::bool_field(item, "subagent").value_or(false))
            parents[uap::json::string_field(item, "text").value_or("")] = uap::json::string_field(item, "parent_tool_use_id").value_or("(none)");
    EXPECT_EQ(parents["work of aaa"], "toolu_a");
    EXPECT_EQ(parents["work of bbb"], "toolu_b");
    EXPECT_EQ(parents["work of ccc"], "(none)");
    EXPECT_EQ(parents["work of ddd"], "(none)") << "a planted sidecar link is not followed";
    EXPECT_EQ(parents["work of eee"], "(none)");
}

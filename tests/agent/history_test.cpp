// History loading from CLI transcripts written by hand: a partial answer the host kept for a turn
// the CLI's death cut short goes where the CLI wrote its placeholder, or before the next message.
#include "agent/history.hpp"
#include "agent/interrupted_answers.hpp"
#include "support/json.hpp"

#include <gtest/gtest.h>

#include <fstream>
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
            if (uap::json::string_field(item, "type").value_or("") == "assistant_message")
                texts.push_back((item.HasMember("interrupted") ? "!" : "") + uap::json::string_field(item, "text").value_or(""));
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

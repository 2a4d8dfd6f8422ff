// Retry and edit of the newest message, with the real CLI against the scripted fake Messages API:
// the model sees the conversation without the taken-back turn, the front-ends get the shortened
// transcript, and the original conversation stays in history.
#include "real_cli_fixture.hpp"

#include "agent/history.hpp"
#include "app/agent_service.hpp"
#include "support/json.hpp"

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using namespace uap::agent_test;

namespace {

// The texts of the user and assistant messages of a request body, "role: text" each (the CLI's
// system-role messages and reminders left out).
std::vector<std::string> conversation(const std::string& body) {
    std::vector<std::string> lines;
    auto request = uap::json::parse(body);
    if (!request || !request->IsObject() || !request->HasMember("messages"))
        return lines;
    for (auto& message : (*request)["messages"].GetArray()) {
        std::string role = uap::json::string_field(message, "role").value_or("");
        if (role != "user" && role != "assistant")
            continue;
        const auto& content = message["content"];
        if (content.IsString())
            lines.push_back(role + ": " + content.GetString());
        else if (content.IsArray())
            for (auto& block : content.GetArray())
                if (auto text = uap::json::string_field(block, "text"); text && text->find("<system-reminder>") == std::string::npos)
                    lines.push_back(role + ": " + *text);
    }
    return lines;
}

} // namespace

TEST_F(RealCli, EditingTheLastMessageForksTheConversationBeforeItAndKeepsTheOriginalInHistory) {
    start(R"([{"text":"answer one"},{"text":"answer two"},{"text":"answer to the edit"}])");
    auto client = connect();
    EXPECT_NE(command_outcome(*client, R"({"type":"retry_last_message","id":"early","text":"x"})", "early").find("no message to retry yet"), std::string::npos);
    EXPECT_NE(command_outcome(*client, R"({"type":"retry_last_message","id":"empty"})", "empty").find("needs text"), std::string::npos);

    size_t before = client->count();
    client->send(send_command("first question"));
    ASSERT_GE(wait_turn(*client, before), 0);
    before = client->count();
    client->send(send_command("second question"));
    ASSERT_GE(wait_turn(*client, before), 0);
    std::string original = host->agent().session().session_id();
    ASSERT_FALSE(original.empty());

    before = client->count();
    EXPECT_EQ(command_outcome(*client, R"({"type":"retry_last_message","id":"edit","text":"second question, edited"})", "edit"), "ok");
    int reset = client->wait_for_type("transcript_reset", 20s, before);
    ASSERT_GE(reset, 0) << ::testing::PrintToString(client->texts());
    auto items = client->message(static_cast<size_t>(reset));
    ASSERT_EQ(items["items"].Size(), 2u) << uap::json::to_text(items);
    EXPECT_EQ(uap::json::string_field(items["items"][0], "text").value_or(""), "first question");
    EXPECT_EQ(uap::json::string_field(items["items"][1], "text").value_or(""), "answer one");
    int finished = wait_turn(*client, before);
    ASSERT_GE(finished, 0) << ::testing::PrintToString(client->texts());
    EXPECT_EQ(uap::json::string_field(client->message(static_cast<size_t>(finished)), "result").value_or(""), "answer to the edit");

    // The model saw the first turn and the edited message, never the turn taken back.
    auto requests = main_requests();
    ASSERT_EQ(requests.size(), 3u);
    EXPECT_EQ(conversation(requests.back()),
              (std::vector<std::string>{"user: first question", "assistant: answer one", "user: second question, edited"}));
    std::string forked = host->agent().session().session_id();
    EXPECT_FALSE(forked.empty());
    EXPECT_NE(forked, original) << "a fork, not the original session";
    auto history = uap::agent::list_history(home, project);
    EXPECT_EQ(history.size(), 2u) << "the original conversation is still in history";
}

TEST_F(RealCli, RetryingTheOnlyMessageStartsTheConversationAgain) {
    start(R"([{"text":"a bad answer"},{"text":"a better answer"}])");
    auto client = connect();
    size_t before = client->count();
    client->send(send_command("the only question"));
    ASSERT_GE(wait_turn(*client, before), 0);
    before = client->count();
    EXPECT_EQ(command_outcome(*client, R"({"type":"retry_last_message","id":"retry","text":"the only question"})", "retry"), "ok");
    int reset = client->wait_for_type("transcript_reset", 20s, before);
    ASSERT_GE(reset, 0);
    EXPECT_EQ(client->message(static_cast<size_t>(reset))["items"].Size(), 0u);
    int finished = wait_turn(*client, before);
    ASSERT_GE(finished, 0) << ::testing::PrintToString(client->texts());
    EXPECT_EQ(uap::json::string_field(client->message(static_cast<size_t>(finished)), "result").value_or(""), "a better answer");
    EXPECT_EQ(conversation(main_requests().back()), (std::vector<std::string>{"user: the only question"}));
}

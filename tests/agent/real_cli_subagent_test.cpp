// A subagent's work with the real CLI against the scripted fake Messages API: every item of its
// conversation names the Agent call it works for, the CLI's task messages arrive as subagent_task
// events, so front-ends can show the work inside that call's card, and the turn the CLI runs by
// itself once the subagent ends is a turn of its own; reopened from history, the work is still
// nested in its Agent call.
#include "real_cli_fixture.hpp"

#include "agent/history.hpp"
#include "app/agent_service.hpp"
#include "support/json.hpp"

using namespace std::chrono_literals;
using namespace uap::agent_test;

namespace {

constexpr const char* delegating_script = R"([
  {"tool_use":{"name":"Agent","input":{"description":"look around","prompt":"SUBTASK list the markdown files","subagent_type":"general-purpose"}}},
  {"match":"SUBTASK","blocks":[{"text":"looking for markdown"},{"tool_use":{"name":"Glob","input":{"pattern":"*.md"}}}]},
  {"match":"No such tool available","text":"none found"},
  {"text":"delegated"},
  {"text":"the subagent found none"}])";

std::string field(const rapidjson::Document& message, const char* name) { return uap::json::string_field(message, name).value_or(""); }

} // namespace

TEST_F(RealCli, ASubagentsWorkNamesTheAgentCallItWorksForAndItsTaskIsReported) {
    start(delegating_script);
    auto client = connect();
    client->send(send_command("delegate it"));
    int agent = client->wait_for([](const rapidjson::Document& m) { return is_type(m, "tool_started") && field(m, "name") == "Agent"; }, 60s);
    ASSERT_GE(agent, 0) << ::testing::PrintToString(client->texts());
    std::string call = field(client->message(static_cast<size_t>(agent)), "tool_use_id");
    auto finished_task = client->wait_for([&](const rapidjson::Document& m) {
        return is_type(m, "subagent_task") && field(m, "tool_use_id") == call && field(m, "phase") == "finished";
    }, 90s);
    ASSERT_GE(finished_task, 0) << ::testing::PrintToString(client->texts());
    EXPECT_EQ(field(client->message(static_cast<size_t>(finished_task)), "status"), "completed");
    EXPECT_GE(client->wait_for([&](const rapidjson::Document& m) { return is_type(m, "subagent_task") && field(m, "phase") == "started" && field(m, "tool_use_id") == call; }, 1s), 0);

    int text = client->wait_for([](const rapidjson::Document& m) { return is_type(m, "assistant_message") && field(m, "text") == "looking for markdown"; }, 5s);
    ASSERT_GE(text, 0);
    auto said = client->message(static_cast<size_t>(text));
    EXPECT_TRUE(said["subagent"].GetBool());
    EXPECT_EQ(field(said, "parent_tool_use_id"), call);
    int glob = client->wait_for([](const rapidjson::Document& m) { return is_type(m, "tool_started") && field(m, "name") == "Glob"; }, 5s);
    ASSERT_GE(glob, 0);
    EXPECT_EQ(field(client->message(static_cast<size_t>(glob)), "parent_tool_use_id"), call);
    std::string glob_call = field(client->message(static_cast<size_t>(glob)), "tool_use_id");
    int glob_done = client->wait_for([&](const rapidjson::Document& m) { return is_type(m, "tool_finished") && field(m, "tool_use_id") == glob_call; }, 5s);
    ASSERT_GE(glob_done, 0);
    EXPECT_EQ(field(client->message(static_cast<size_t>(glob_done)), "parent_tool_use_id"), call);
    int concluded = client->wait_for([&](const rapidjson::Document& m) { return is_type(m, "assistant_message") && field(m, "text") == "none found"; }, 5s);
    ASSERT_GE(concluded, 0) << "the subagent's last word";
    EXPECT_EQ(field(client->message(static_cast<size_t>(concluded)), "parent_tool_use_id"), call);
    // The main conversation's own items name no parent.
    int delegated = client->wait_for([](const rapidjson::Document& m) { return is_type(m, "assistant_message") && field(m, "text") == "delegated"; }, 5s);
    ASSERT_GE(delegated, 0);
    EXPECT_FALSE(client->message(static_cast<size_t>(delegated)).HasMember("parent_tool_use_id"));

    // When the subagent has ended, the CLI answers its notification by itself: a turn of its own,
    // announced, with its own number, never one outside every turn.
    int own_turn = client->wait_for([](const rapidjson::Document& m) { return is_type(m, "turn_finished") && field(m, "result") == "the subagent found none"; }, 30s);
    ASSERT_GE(own_turn, 0) << ::testing::PrintToString(client->texts());
    EXPECT_EQ(client->message(static_cast<size_t>(own_turn))["turn_id"].GetUint64(), 2u);
    EXPECT_GE(client->wait_for([](const rapidjson::Document& m) { return is_type(m, "notice") && field(m, "text").find("goes on by itself") != std::string::npos; }, 1s), 0);
    int answer = client->wait_for([](const rapidjson::Document& m) { return is_type(m, "assistant_message") && field(m, "text") == "the subagent found none"; }, 1s);
    ASSERT_GE(answer, 0);
    EXPECT_EQ(client->message(static_cast<size_t>(answer))["turn_id"].GetUint64(), 2u);
    EXPECT_EQ(host->agent().session().state(), uap::agent::SessionState::Ready);

    // Reopened from history, the subagent's work (the CLI keeps it in a transcript of its own) still
    // names the Agent call it worked for, so front-ends nest it in that card again.
    auto items = uap::agent::load_history(home, project, host->agent().session().session_id());
    ASSERT_TRUE(items) << items.error().message();
    int nested = 0;
    for (auto& item : *items)
        if (uap::json::bool_field(item, "subagent").value_or(false)) {
            EXPECT_EQ(field(item, "parent_tool_use_id"), call) << uap::json::to_text(item);
            ++nested;
        }
    EXPECT_GE(nested, 2) << "the subagent's prompt and answer at least";
}

// The agent-session faults found from outside, each reproduced with the real CLI against the
// scripted fake Messages API: a pack toggled on a live session, an allow rule withdrawn from a
// live session, a deny rule added to a live session, a permission request nobody can see, and the window around the CLI's death.
#include "real_cli_fixture.hpp"

#include "agent/launch_files.hpp"
#include "app/agent_service.hpp"
#include "support/json.hpp"

#include <algorithm>
#include <csignal>

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using namespace uap::agent_test;

namespace {

// Waits for a notice whose text contains part; returns its index or -1.
int wait_notice(PanelClient& client, const std::string& part, std::chrono::milliseconds limit, size_t from = 0) {
    return client.wait_for(
        [&](const rapidjson::Document& message) {
            return is_type(message, "notice") && std::string(message["text"].GetString()).find(part) != std::string::npos;
        },
        limit, from);
}

// The names in a request's tools[] (what the model can call without ToolSearch).
std::vector<std::string> tool_names(const std::string& body) {
    std::vector<std::string> names;
    auto request = uap::json::parse(body);
    if (request && request->IsObject() && request->HasMember("tools") && (*request)["tools"].IsArray())
        for (auto& tool : (*request)["tools"].GetArray())
            names.push_back(uap::json::string_field(tool, "name").value_or(""));
    return names;
}

// The text of the request's newest system-role message (where the CLI tells the model of tool changes).
std::string newest_system_text(const std::string& body) {
    auto request = uap::json::parse(body);
    std::string text;
    if (request && request->IsObject() && request->HasMember("messages"))
        for (auto& message : (*request)["messages"].GetArray())
            if (uap::json::string_field(message, "role").value_or("") == "system" && message["content"].IsArray()) {
                text.clear();
                for (auto& block : message["content"].GetArray())
                    text += uap::json::string_field(block, "text").value_or("");
            }
    return text;
}

bool is_type_value(const rapidjson::Value& item, const char* type) {
    return item.IsObject() && uap::json::string_field(item, "type").value_or("") == type;
}

bool contains(const std::vector<std::string>& names, const std::string& name) { return std::find(names.begin(), names.end(), name) != names.end(); }

// Sends set_module_enabled for the echo pack and waits for its answer.
void toggle_echo_pack(PanelClient& client, bool enabled, const std::string& id) {
    size_t before = client.count();
    client.send(R"({"type":"set_module_enabled","id":")" + id + R"(","module_id":"mcptest-echo","enabled":)" + (enabled ? "true" : "false") + "}");
    ASSERT_GE(client.wait_for([&](const rapidjson::Document& m) { return is_type(m, "command_result") && m["id"] == id.c_str() && m["ok"].GetBool(); },
                              20s, before),
              0)
        << ::testing::PrintToString(client.texts());
}

// Two turns with the same call of count_words, which an allow rule lets run without a card.
constexpr const char* count_twice_script = R"([{"tool_use":{"name":"mcp__uap__count_words","input":{"text":"a b"}}},{"text":"first done"},
    {"tool_use":{"name":"mcp__uap__count_words","input":{"text":"c"}}},{"text":"second done"}])";
constexpr const char* count_words_allowed = R"({"always_allow":["mcp__uap__count_words"]})";

} // namespace

TEST_F(RealCli, APackDisabledOnALiveSessionLeavesTheModelsToolListAndComesBackWhenEnabled) {
    // Turn 1 loads the echo tool's definition (ToolSearch) and calls it; turn 2 runs after the pack
    // was disabled; turn 3 after it was enabled again.
    start(R"([{"tool_use":{"name":"ToolSearch","input":{"query":"select:mcp__uap__echo"}}},
              {"tool_use":{"name":"mcp__uap__echo","input":{"text":"ping-1"}}},{"text":"first turn"},
              {"tool_use":{"name":"ToolSearch","input":{"query":"select:mcp__uap__count_words"}}},
              {"tool_use":{"name":"mcp__uap__echo","input":{"text":"ping-2"}}},{"text":"second turn"},
              {"tool_use":{"name":"mcp__uap__echo","input":{"text":"ping-3"}}},{"text":"third turn"}])",
          R"({"auto_approve":"read_only"})");
    auto client = connect();
    client->send(send_command("say something"));
    ASSERT_GE(wait_turn(*client), 0) << ::testing::PrintToString(client->texts());
    ASSERT_EQ(main_requests().size(), 3u);

    toggle_echo_pack(*client, false, "off");
    size_t before = client->count();
    client->send(send_command("and now"));
    ASSERT_GE(wait_turn(*client, before), 0) << ::testing::PrintToString(client->texts());
    auto requests = main_requests();
    ASSERT_EQ(requests.size(), 6u);
    // The pack's tools the model never loaded are gone from its lists; the one it loaded is
    // withdrawn by the CLI's own notice ("do not call") and a call of it does not run.
    auto offered = tool_names(requests[3]);
    EXPECT_FALSE(contains(offered, "mcp__uap__count_words"));
    EXPECT_FALSE(contains(offered, "mcp__uap__explode"));
    std::string notice = newest_system_text(requests[3]);
    EXPECT_NE(notice.find("no longer available"), std::string::npos) << notice;
    size_t withdrawn = notice.find("do not call");
    ASSERT_NE(withdrawn, std::string::npos) << "the loaded definition was not withdrawn: " << notice;
    EXPECT_NE(notice.find("mcp__uap__echo", withdrawn), std::string::npos) << notice;
    EXPECT_EQ(requests[4].find(R"("tool_name":"mcp__uap__count_words")"), std::string::npos) << "ToolSearch still found a disabled tool";
    EXPECT_NE(requests[5].find(R"("is_error":true)"), std::string::npos);
    EXPECT_EQ(requests[5].find(R"({\\"text\\":\\"ping-2\\"})"), std::string::npos) << "a disabled tool ran: " << requests[5].substr(requests[5].size() > 3000 ? requests[5].size() - 3000 : 0);

    toggle_echo_pack(*client, true, "on");
    before = client->count();
    client->send(send_command("once more"));
    ASSERT_GE(wait_turn(*client, before), 0) << ::testing::PrintToString(client->texts());
    requests = main_requests();
    ASSERT_EQ(requests.size(), 8u);
    EXPECT_NE(requests[7].find(R"({\"text\":\"ping-3\"})"), std::string::npos)
        << "the enabled tool did not run: " << requests[7].substr(requests[7].size() > 3000 ? requests[7].size() - 3000 : 0);
}

TEST_F(RealCli, AnAllowRuleRemovedFromALiveSessionIsAskedAgainInTheNextTurn) {
    // The CLI started with the rule in its allow list, so it runs turn 1's call without asking;
    // after the rule is removed, turn 2's identical call must bring a permission card.
    start(count_twice_script, count_words_allowed);
    auto client = connect();
    client->send(send_command("count"));
    ASSERT_GE(wait_turn(*client), 0) << ::testing::PrintToString(client->texts());
    ASSERT_EQ(client->wait_for_type("permission_requested", 100ms), -1) << "the rule held in the first turn";
    int old_pid = host->agent().session().cli_pid();

    size_t before = client->count();
    client->send(R"({"type":"remove_always_allow","id":"r1","rule":"mcp__uap__count_words"})");
    EXPECT_GE(wait_notice(*client, "reads its allow list only when it starts", 20s, before), 0) << ::testing::PrintToString(client->texts());
    EXPECT_GE(wait_notice(*client, "the CLI was restarted with --resume because allow rules were withdrawn (mcp__uap__count_words)", 30s, before), 0)
        << ::testing::PrintToString(client->texts());
    EXPECT_NE(host->agent().session().cli_pid(), old_pid);
    EXPECT_EQ(read_text(uap::agent::agent_state_folder(project) / "launch-settings.json").find("mcp__uap__count_words"), std::string::npos);

    before = client->count();
    client->send(send_command("count again"));
    int asked = client->wait_for_type("permission_requested", 60s, before);
    ASSERT_GE(asked, 0) << "the withdrawn rule still applied: " << ::testing::PrintToString(client->texts());
    EXPECT_EQ(std::string(client->message(asked)["permission"]["tool_name"].GetString()), "mcp__uap__count_words");
    std::string id = client->message(asked)["permission"]["permission_id"].GetString();
    client->send(R"({"type":"answer_permission","permission_id":")" + id + R"(","decision":"allow"})");
    ASSERT_GE(wait_turn(*client, before), 0) << ::testing::PrintToString(client->texts());
    auto requests = main_requests();
    ASSERT_EQ(requests.size(), 4u);
    EXPECT_NE(requests[3].find("{\\\"words\\\":1}"), std::string::npos) << requests[3].substr(requests[3].size() > 1500 ? requests[3].size() - 1500 : 0);
}

TEST_F(RealCli, ADenyRuleAddedToALiveSessionRefusesTheNextCallWithoutACardEvenWhereAnAllowRuleHolds) {
    // Turn 1 runs under the allow rule; the deny rule added after it must reach the CLI's own deny
    // list (a restart with --resume), so turn 2's identical call is refused by the CLI, unasked.
    start(count_twice_script, count_words_allowed);
    auto client = connect();
    client->send(send_command("count"));
    ASSERT_GE(wait_turn(*client), 0) << ::testing::PrintToString(client->texts());
    int old_pid = host->agent().session().cli_pid();

    size_t before = client->count();
    client->send(R"({"type":"add_always_deny","id":"d1","rule":"mcp__uap__count_words"})");
    EXPECT_GE(wait_notice(*client, "reads its deny list only when it starts", 20s, before), 0) << ::testing::PrintToString(client->texts());
    EXPECT_GE(wait_notice(*client, "the CLI was restarted with --resume because the deny list changed", 30s, before), 0)
        << ::testing::PrintToString(client->texts());
    EXPECT_NE(host->agent().session().cli_pid(), old_pid);
    auto launch = uap::json::parse(read_text(uap::agent::agent_state_folder(project) / "launch-settings.json"));
    ASSERT_TRUE(launch && launch->IsObject() && launch->HasMember("permissions"));
    EXPECT_EQ(uap::json::to_text((*launch)["permissions"]["deny"]), R"(["mcp__uap__count_words"])");

    before = client->count();
    client->send(send_command("count again"));
    ASSERT_GE(wait_turn(*client, before), 0) << ::testing::PrintToString(client->texts());
    EXPECT_EQ(client->wait_for_type("permission_requested", 100ms, before), -1) << "a denied call brought a card";
    auto requests = main_requests();
    ASSERT_EQ(requests.size(), 4u);
    std::string tail = requests[3].substr(requests[3].size() > 1500 ? requests[3].size() - 1500 : 0);
    EXPECT_NE(requests[3].find(R"("is_error":true)"), std::string::npos) << tail;
    EXPECT_EQ(requests[3].find("{\\\"words\\\":1}"), std::string::npos) << "the denied tool ran: " << tail;
    EXPECT_EQ(requests[3].find("The user's deny rule"), std::string::npos) << "the CLI, not only the host's broker, applied the rule: " << tail;
}

TEST_F(RealCli, APermissionRequestWithNoPanelOpenIsDeniedAfterTheTimeoutAndTheNextMessageIsTaken) {
    start(R"([{"tool_use":{"name":"mcp__uap__count_words","input":{"text":"a b c"}}},{"text":"could not count"},{"text":"next answer"}])",
          R"({"unattended_permission_timeout_seconds":2})");
    {
        auto client = connect();
        client->send(send_command("count words"));
        ASSERT_GE(client->wait_for_type("permission_requested", 60s), 0) << ::testing::PrintToString(client->texts());
    } // The only panel closes while the card is pending.
    ASSERT_TRUE(eventually([&] { return main_requests().size() >= 2; }, 30s)) << "the request never timed out into a denial";
    auto requests = main_requests();
    EXPECT_NE(requests[1].find("no Agent Panel was open for 2 s"), std::string::npos) << requests[1].substr(requests[1].size() - 1500);
    EXPECT_NE(requests[1].find(R"("is_error":true)"), std::string::npos);
    ASSERT_TRUE(eventually([&] { return host->agent().session().state() == uap::agent::SessionState::Ready; }, 30s))
        << "the turn did not end: " << uap::agent::to_string(host->agent().session().state());

    auto client = connect();
    ASSERT_EQ(client->wait_for_type("snapshot", 10s), 0);
    auto snapshot = client->message(0);
    EXPECT_EQ(snapshot["pending_permissions"].Size(), 0u);
    EXPECT_NE(uap::json::to_text(snapshot["transcript"]).find("no panel was open to answer it"), std::string::npos)
        << "a later panel is told why";
    client->send(send_command("next message"));
    ASSERT_GE(wait_turn(*client, 1, 30s), 0) << ::testing::PrintToString(client->texts());
    requests = main_requests();
    ASSERT_EQ(requests.size(), 3u);
    EXPECT_NE(requests[2].find("next message"), std::string::npos);
}

TEST_F(RealCli, AMessageSentAsTheCliDiesIsSentAgainAfterTheResume) {
    start(R"([{"text":"first answer"},{"text":"answer after the resume"}])");
    auto client = connect();
    client->send(send_command("first message"));
    ASSERT_GE(wait_turn(*client), 0) << ::testing::PrintToString(client->texts());
    int pid = host->agent().session().cli_pid();
    ASSERT_GT(pid, 0);
    ::kill(-pid, SIGSTOP); // The CLI reads nothing more: the next message is written but never taken.
    size_t before = client->count();
    client->send(send_command("message in the crash window 4711"));
    ASSERT_GE(client->wait_for_type("user_message", 10s, before), 0) << "the host accepted it";
    ::kill(-pid, SIGKILL);
    int resent = client->wait_for(
        [](const rapidjson::Document& m) { return is_type(m, "user_message") && m.HasMember("resent") && m["resent"].GetBool(); }, 30s, before);
    ASSERT_GE(resent, 0) << "the message was dropped: " << ::testing::PrintToString(client->texts());
    EXPECT_NE(std::string(client->message(resent)["text"].GetString()).find("4711"), std::string::npos);
    ASSERT_GE(wait_turn(*client, static_cast<size_t>(resent), 60s), 0) << ::testing::PrintToString(client->texts());
    auto requests = main_requests();
    ASSERT_EQ(requests.size(), 2u);
    EXPECT_NE(requests[1].find("message in the crash window 4711"), std::string::npos);
    EXPECT_NE(requests[1].find("first message"), std::string::npos) << "the resumed conversation goes on";
}

TEST_F(RealCli, AToolCardOpenWhenTheCliDiesIsClosedWithAReason) {
    start(R"([{"tool_use":{"name":"mcp__uap__count_words","input":{"text":"a b"}}},{"text":"after"}])");
    auto client = connect();
    client->send(send_command("count"));
    int started = client->wait_for_type("tool_started", 60s);
    ASSERT_GE(started, 0) << ::testing::PrintToString(client->texts());
    ASSERT_GE(client->wait_for_type("permission_requested", 60s), 0); // The call waits, unfinished.
    std::string tool_use_id = client->message(started)["tool_use_id"].GetString();
    ::kill(-host->agent().session().cli_pid(), SIGKILL);
    int finished = client->wait_for(
        [&](const rapidjson::Document& m) { return is_type(m, "tool_finished") && m["tool_use_id"] == tool_use_id.c_str(); }, 20s, started);
    ASSERT_GE(finished, 0) << "the card spins forever: " << ::testing::PrintToString(client->texts());
    auto card = client->message(finished);
    EXPECT_TRUE(card["is_error"].GetBool());
    EXPECT_TRUE(card.HasMember("interrupted") && card["interrupted"].GetBool());
    EXPECT_NE(std::string(card["content"].GetString()).find("the CLI exited"), std::string::npos) << card["content"].GetString();
    int turn_end = wait_turn(*client, static_cast<size_t>(started), 20s);
    ASSERT_GE(turn_end, 0);
    EXPECT_LT(finished, turn_end) << "the card closes before its turn's end";
}

TEST_F(RealCli, ReopeningASessionTheCliDeathCutShowsTheInterruptedPartialText) {
    std::string long_text(1200, 'x');
    for (size_t index = 0; index < long_text.size(); index += 7)
        long_text[index] = ' ';
    start(R"([{"text":")" + long_text + R"(","delay_ms":40},{"text":"after the resume"}])");
    auto client = connect();
    client->send(send_command("write a lot"));
    int third_delta = client->wait_for(
        [count = 0](const rapidjson::Document& m) mutable { return is_type(m, "text_delta") && ++count == 3; }, 60s);
    ASSERT_GE(third_delta, 0) << ::testing::PrintToString(client->texts());
    int old_pid = host->agent().session().cli_pid();
    ::kill(-old_pid, SIGKILL);
    int kept = client->wait_for(
        [](const rapidjson::Document& m) { return is_type(m, "assistant_message") && m.HasMember("interrupted") && m["interrupted"].GetBool(); }, 20s);
    ASSERT_GE(kept, 0) << ::testing::PrintToString(client->texts());
    std::string partial = client->message(kept)["text"].GetString();
    ASSERT_FALSE(partial.empty());
    ASSERT_TRUE(eventually([&] { int pid = host->agent().session().cli_pid(); return pid != 0 && pid != old_pid; }, 20s)) << "no resume";
    std::string session = host->agent().session().session_id();
    size_t before = client->count();
    client->send(send_command("go on"));
    ASSERT_GE(wait_turn(*client, before), 0) << ::testing::PrintToString(client->texts());

    before = client->count();
    client->send(R"({"type":"new_session"})");
    client->send(R"({"type":"resume","session_id":")" + session + R"("})");
    int reset = client->wait_for(
        [](const rapidjson::Document& m) { return is_type(m, "transcript_reset") && m["items"].Size() > 0; }, 20s, before);
    ASSERT_GE(reset, 0) << ::testing::PrintToString(client->texts());
    auto reset_message = client->message(reset);  // Kept: the array below points into it.
    auto items = reset_message["items"].GetArray();
    std::vector<std::string> answers;
    bool interrupted_marked = false;
    for (auto& item : items)
        if (is_type_value(item, "assistant_message")) {
            answers.push_back(item["text"].GetString());
            if (answers.back() == partial)
                interrupted_marked = item.HasMember("interrupted") && item["interrupted"].GetBool();
        }
    EXPECT_NE(std::find(answers.begin(), answers.end(), partial), answers.end()) << ::testing::PrintToString(answers);
    EXPECT_TRUE(interrupted_marked);
    EXPECT_EQ(std::find(answers.begin(), answers.end(), "No response requested."), answers.end()) << ::testing::PrintToString(answers);
    EXPECT_NE(std::find(answers.begin(), answers.end(), "after the resume"), answers.end()) << ::testing::PrintToString(answers);
}

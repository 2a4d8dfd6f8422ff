// The real Claude Code CLI (tests/node, pinned 2.1.332) against the scripted fake Messages API,
// with the host's MCP endpoint, modules, script-gate hook and /panel WebSocket in this process.
// Each test drives the host through panel clients like a front-end would. Missing node_modules
// makes the tests FAIL, never skip.
#include "real_cli_fixture.hpp"

#include "agent/launch_files.hpp"
#include "app/agent_service.hpp"
#include "server/access_tokens.hpp"
#include "settings/project_settings.hpp"
#include "support/json.hpp"

#include <algorithm>
#include <csignal>
#include <sys/stat.h>
#include <thread>

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using namespace uap::agent_test;

TEST_F(RealCli, StreamedTextTurnReachesThePanelAsDeltasMessageAndResult) {
    const std::string answer = "Hello from the fake model, streamed in several pieces.";
    start(R"([{"text":")" + answer + R"(","delay_ms":5}])");
    auto client = connect();
    ASSERT_EQ(client->wait_for_type("snapshot", 10s), 0);
    client->send(send_command("hi there"));
    int finished = wait_turn(*client);
    ASSERT_GE(finished, 0) << "no turn_finished; messages:\n" << ::testing::PrintToString(client->texts());
    std::string streamed;
    int deltas = 0, assistant = -1, first_delta = -1;
    for (int index = 0; index < finished; ++index) {
        auto message = client->message(index);
        if (is_type(message, "text_delta")) {
            streamed += message["text"].GetString();
            if (first_delta < 0)
                first_delta = index;
            ++deltas;
        }
        if (is_type(message, "assistant_message"))
            assistant = index;
    }
    EXPECT_GT(deltas, 1);
    EXPECT_EQ(streamed, answer);
    ASSERT_GT(assistant, first_delta);
    EXPECT_EQ(std::string(client->message(assistant)["text"].GetString()), answer);
    auto result = client->message(finished);
    EXPECT_FALSE(result["is_error"].GetBool());
    ASSERT_TRUE(result.HasMember("usage") && result["usage"].IsObject());
    EXPECT_TRUE(result["usage"].HasMember("output_tokens"));
    // The context meter's denominator is the window the CLI reported for the model, not a constant.
    int window = client->wait_for(
        [](const rapidjson::Document& m) {
            return is_type(m, "status") && m["status"].HasMember("context_window") && m["status"]["context_window"].GetInt64() > 0;
        },
        10s, finished);
    ASSERT_GE(window, 0) << "no status with the CLI's context window after the turn";
    EXPECT_GE(client->message(window)["status"]["context_window"].GetInt64(), 100000);

    // The token is in no process's command line, and the files holding it are owner-only.
    const std::string mcp_token = host->tokens().token(uap::server::Role::Mcp);
    int checked = 0;
    for (auto& entry : fs::directory_iterator("/proc")) {
        std::string text = read_text(entry.path() / "cmdline");
        ++checked;
        EXPECT_EQ(text.find(mcp_token), std::string::npos) << "the MCP token is on the command line of " << entry.path();
    }
    EXPECT_GT(checked, 3);
    fs::path config = uap::agent::agent_state_folder(project) / "mcp-config.json";
    EXPECT_NE(read_text(config).find(mcp_token), std::string::npos);
    for (auto& file : {config, uap::agent::agent_state_folder(project) / "launch-settings.json", uap::agent::AgentSettings::file_for(project)}) {
        struct stat info {};
        if (file == uap::agent::AgentSettings::file_for(project))
            continue; // Written by this test, not the host.
        ASSERT_EQ(::stat(file.c_str(), &info), 0) << file;
        EXPECT_EQ(info.st_mode & 077, 0u) << file << " is readable by others";
    }
    // CLAUDECODE was scrubbed from the CLI's environment.
    std::string environment = read_text("/proc/" + std::to_string(host->agent().session().cli_pid()) + "/environ");
    EXPECT_EQ(environment.find("CLAUDECODE="), std::string::npos);
}

TEST_F(RealCli, AfterTheFirstTurnStatusEventsCarryOnlyWhatChanged) {
    // The model list, the slash commands and the integrations arrive once; later turns' status
    // events carry the state, the turn and the usage. The bytes per turn go in the test's record.
    start(R"([{"text":"one"},{"text":"two"},{"text":"three"}])");
    auto client = connect();
    ASSERT_EQ(client->wait_for_type("snapshot", 10s), 0);
    size_t from = 1;
    for (const char* message : {"first", "second", "third"}) {
        client->send(send_command(message));
        int finished = wait_turn(*client, from);
        ASSERT_GE(finished, 0) << ::testing::PrintToString(client->texts());
        auto texts = client->texts();
        size_t all_bytes = 0, status_bytes = 0;
        for (size_t index = from; index <= static_cast<size_t>(finished); ++index) {
            all_bytes += texts[index].size();
            auto event = client->message(index);
            if (!is_type(event, "status"))
                continue;
            status_bytes += texts[index].size();
            if (from > 1) {
                EXPECT_FALSE(event["status"].HasMember("slash_commands")) << texts[index].substr(0, 300);
                EXPECT_FALSE(event["status"].HasMember("models")) << texts[index].substr(0, 300);
                EXPECT_FALSE(event["status"].HasMember("integrations")) << texts[index].substr(0, 300);
            }
        }
        RecordProperty(std::string(message) + "_turn_bytes", std::to_string(all_bytes));
        RecordProperty(std::string(message) + "_turn_status_bytes", std::to_string(status_bytes));
        std::printf("%s turn: %zu bytes to the panel, %zu of them in status events\n", message, all_bytes, status_bytes);
        from = static_cast<size_t>(finished) + 1;
    }
}

TEST_F(RealCli, ReadOnlyMcpToolIsAutoApprovedAndItsResultReachesTheModel) {
    start(R"([{"tool_use":{"name":"mcp__uap__echo","input":{"text":"ping-4242"}}},{"text":"done"}])", R"({"auto_approve":"read_only"})");
    auto client = connect();
    client->send(send_command("echo something"));
    int finished = wait_turn(*client);
    ASSERT_GE(finished, 0) << ::testing::PrintToString(client->texts());
    int decided = client->wait_for_type("permission_decided", 1s);
    ASSERT_GE(decided, 0) << ::testing::PrintToString(client->texts());
    EXPECT_EQ(std::string(client->message(decided)["basis"].GetString()), "auto-approve read_only");
    EXPECT_EQ(client->wait_for_type("permission_requested", 100ms), -1);
    auto requests = main_requests();
    ASSERT_GE(requests.size(), 2u);
    EXPECT_NE(requests[1].find("tool_result"), std::string::npos);
    EXPECT_NE(requests[1].find("ping-4242"), std::string::npos) << requests[1].substr(0, 2000);
}

TEST_F(RealCli, APackEnabledOnTheRunningHostIsCallableInTheNextTurn) {
    // The echo pack starts disabled, so the CLI's first tool list lacks mcp__uap__echo.
    {
        auto settings = uap::settings::ProjectSettings::load(project);
        ASSERT_TRUE(settings);
        settings->set_toggle("mcptest-echo", uap::settings::Toggle::Disabled);
        ASSERT_TRUE(settings->save());
    }
    start(R"([{"text":"first turn"},{"tool_use":{"name":"mcp__uap__echo","input":{"text":"ping-7373"}}},{"text":"done"}])",
          R"({"auto_approve":"read_only"})");
    auto client = connect();
    client->send(send_command("say something"));
    ASSERT_GE(wait_turn(*client), 0) << ::testing::PrintToString(client->texts());

    auto settings = uap::settings::ProjectSettings::load(project);
    ASSERT_TRUE(settings);
    settings->set_toggle("mcptest-echo", uap::settings::Toggle::Enabled);
    ASSERT_TRUE(settings->save());
    // The host notices, rebuilds its registry and asks the CLI to re-dial (mcp_reconnect).
    int reconnected = -1;
    for (int waited = 0; waited < 100 && reconnected < 0; ++waited) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        auto texts = client->texts();
        for (size_t index = 0; index < texts.size(); ++index)
            if (texts[index].find("the MCP server was reconnected") != std::string::npos)
                reconnected = static_cast<int>(index);
    }
    ASSERT_GE(reconnected, 0) << ::testing::PrintToString(client->texts());

    size_t before = client->texts().size();
    client->send(send_command("now echo"));
    ASSERT_GE(wait_turn(*client, before), 0) << ::testing::PrintToString(client->texts());
    auto requests = main_requests();
    ASSERT_GE(requests.size(), 3u);
    EXPECT_NE(requests[2].find("tool_result"), std::string::npos);
    EXPECT_NE(requests[2].find("ping-7373"), std::string::npos) << "the enabled tool ran: " << requests[2].substr(0, 2000);
}

TEST_F(RealCli, AskedPermissionShowsOnTwoPanelsAndADenyMessageReachesTheModel) {
    start(R"([{"tool_use":{"name":"mcp__uap__count_words","input":{"text":"a b c"}}},{"text":"understood"}])");
    auto first = connect();
    auto second = connect();
    first->send(send_command("count words"));
    int asked_first = first->wait_for_type("permission_requested", 60s);
    int asked_second = second->wait_for_type("permission_requested", 10s);
    ASSERT_GE(asked_first, 0) << ::testing::PrintToString(first->texts());
    ASSERT_GE(asked_second, 0);
    std::string id = first->message(asked_first)["permission"]["permission_id"].GetString();
    EXPECT_EQ(std::string(first->message(asked_first)["permission"]["tool_name"].GetString()), "mcp__uap__count_words");
    second->send(R"({"type":"answer_permission","id":"a1","permission_id":")" + id +
                 R"(","decision":"deny","message":"Not now: use the echo tool instead (marker 9137)."})");
    int answered = first->wait_for_type("permission_answered", 10s);
    ASSERT_GE(answered, 0);
    EXPECT_EQ(std::string(first->message(answered)["decision"].GetString()), "deny");
    ASSERT_GE(wait_turn(*first), 0);
    auto requests = main_requests();
    ASSERT_GE(requests.size(), 2u);
    EXPECT_NE(requests[1].find("marker 9137"), std::string::npos);
    // A late second answer is refused: the request is no longer pending.
    first->send(R"({"type":"answer_permission","id":"a2","permission_id":")" + id + R"(","decision":"allow"})");
    int late = first->wait_for(
        [](const rapidjson::Document& message) { return is_type(message, "command_result") && message.HasMember("id") && message["id"] == "a2"; }, 5s);
    ASSERT_GE(late, 0);
    EXPECT_FALSE(first->message(late)["ok"].GetBool());
}

TEST_F(RealCli, AllowAlwaysIsPersistedAndNotAskedAgainAfterARespawn) {
    start(R"([{"tool_use":{"name":"mcp__uap__count_words","input":{"text":"one two"}}},{"text":"first done"},
              {"tool_use":{"name":"mcp__uap__count_words","input":{"text":"three"}}},{"text":"second done"}])");
    auto client = connect();
    client->send(send_command("count please"));
    int asked = client->wait_for_type("permission_requested", 60s);
    ASSERT_GE(asked, 0) << ::testing::PrintToString(client->texts());
    std::string id = client->message(asked)["permission"]["permission_id"].GetString();
    client->send(R"({"type":"answer_permission","permission_id":")" + id + R"(","decision":"allow_always"})");
    int finished = wait_turn(*client);
    ASSERT_GE(finished, 0);
    std::string saved = read_text(uap::agent::AgentSettings::file_for(project));
    EXPECT_NE(saved.find("mcp__uap__count_words"), std::string::npos) << saved;

    int old_pid = host->agent().session().cli_pid();
    size_t before = client->count();
    client->send(R"({"type":"new_session","id":"n1"})");
    ASSERT_GE(client->wait_for([](const rapidjson::Document& m) { return is_type(m, "command_result") && m.HasMember("id") && m["id"] == "n1" && m["ok"].GetBool(); }, 20s, before), 0);
    int new_pid = host->agent().session().cli_pid();
    ASSERT_NE(new_pid, old_pid);
    std::string command_line = read_text("/proc/" + std::to_string(new_pid) + "/cmdline");
    EXPECT_EQ(command_line.find("--allowedTools"), std::string::npos) << "the rules travel in the launch settings file";
    EXPECT_NE(read_text(uap::agent::agent_state_folder(project) / "launch-settings.json").find("mcp__uap__count_words"), std::string::npos);
    client->send(send_command("count again"));
    ASSERT_GE(wait_turn(*client, before), 0) << ::testing::PrintToString(client->texts());
    EXPECT_EQ(client->wait_for_type("permission_requested", 100ms, before), -1);
    auto requests = main_requests();
    ASSERT_GE(requests.size(), 4u);
    EXPECT_NE(requests[3].find("{\\\"words\\\":1}"), std::string::npos) << requests[3].substr(0, 1500);
}

TEST_F(RealCli, InterruptMidStreamEndsTheTurn) {
    std::string long_text(1200, 'x');
    for (size_t index = 0; index < long_text.size(); index += 7)
        long_text[index] = ' ';
    start(R"([{"text":")" + long_text + R"(","delay_ms":40}])");
    auto client = connect();
    client->send(send_command("write a lot"));
    ASSERT_GE(client->wait_for_type("text_delta", 60s), 0);
    auto interrupted_at = std::chrono::steady_clock::now();
    client->send(R"({"type":"interrupt","id":"i1"})");
    int finished = wait_turn(*client, 0, 20s);
    ASSERT_GE(finished, 0);
    EXPECT_LT(std::chrono::steady_clock::now() - interrupted_at, 10s);
    auto result = client->message(finished);
    std::string reason = result["terminal_reason"].GetString();
    EXPECT_TRUE(reason.rfind("aborted", 0) == 0 || result["is_error"].GetBool()) << reason;
    // Fenced: no delta of the interrupted turn after its end.
    EXPECT_EQ(client->wait_for_type("text_delta", 500ms, finished + 1), -1);
}

TEST_F(RealCli, AnInterruptedTurnIsContinuedWithOneCommandOnlyOnce) {
    std::string long_text(1200, 'y');
    for (size_t index = 0; index < long_text.size(); index += 7)
        long_text[index] = ' ';
    start(R"([{"text":")" + long_text + R"(","delay_ms":40},{"text":"picked up again"},{"text":"a fresh turn"}])");
    auto client = connect();
    client->send(send_command("write a lot"));
    ASSERT_GE(client->wait_for_type("text_delta", 60s), 0);
    client->send(R"({"type":"interrupt","id":"i1"})");
    int interrupted = wait_turn(*client, 0, 20s);
    ASSERT_GE(interrupted, 0);
    auto first = client->message(interrupted);
    ASSERT_TRUE(first["continuable"].GetBool()) << uap::json::to_text(first);
    uint64_t turn = first["turn_id"].GetUint64();

    auto result_of = [&](const std::string& id, size_t from) {
        int index = client->wait_for([&](const rapidjson::Document& m) { return is_type(m, "command_result") && uap::json::string_field(m, "id") == id; }, 10s, from);
        EXPECT_GE(index, 0) << "no command_result for " << id;
        return index < 0 ? rapidjson::Document() : client->message(index);
    };
    size_t before = client->count();
    client->send(R"({"type":"continue_turn","id":"old","turn_id":)" + std::to_string(turn + 5) + "}");
    auto wrong = result_of("old", before);
    EXPECT_FALSE(wrong["ok"].GetBool());
    EXPECT_NE(uap::json::string_field(wrong, "error").value_or("").find("only the newest turn"), std::string::npos) << uap::json::to_text(wrong);

    const std::pair<const char*, const char*> malformed[] = {{"bad1", R"("turn_id":"one")"}, {"bad2", R"("other":1)"}, {"bad3", R"("turn_id":-1)"}};
    for (auto& [id, fields] : malformed) {
        before = client->count();
        client->send(std::string(R"({"type":"continue_turn","id":")") + id + R"(",)" + fields + "}");
        auto refused = result_of(id, before);
        EXPECT_FALSE(refused["ok"].GetBool()) << fields;
        EXPECT_NE(uap::json::string_field(refused, "error").value_or("").find("continue_turn needs turn_id"), std::string::npos) << fields;
    }
    before = client->count();
    client->send(R"({"type":"continue_turn","id":"c1","turn_id":)" + std::to_string(turn) + "}");
    EXPECT_TRUE(result_of("c1", before)["ok"].GetBool());
    int continued = wait_turn(*client, before, 60s);
    ASSERT_GE(continued, 0) << ::testing::PrintToString(client->texts());
    EXPECT_FALSE(client->message(continued)["continuable"].GetBool()) << "a turn that ended normally is not continuable";
    EXPECT_NE(main_requests().back().find("Continue where you left off."), std::string::npos) << "the model is asked to go on";

    before = client->count();
    client->send(R"({"type":"continue_turn","id":"c2","turn_id":)" + std::to_string(turn) + "}");
    auto again = result_of("c2", before);
    EXPECT_FALSE(again["ok"].GetBool()) << "one click continues once";
}

TEST_F(RealCli, InterruptWithdrawsAPendingPermission) {
    start(R"([{"tool_use":{"name":"mcp__uap__count_words","input":{"text":"x"}}},{"text":"after"}])");
    auto first = connect();
    auto second = connect();
    first->send(send_command("count"));
    ASSERT_GE(first->wait_for_type("permission_requested", 60s), 0);
    first->send(R"({"type":"interrupt"})");
    EXPECT_GE(first->wait_for_type("permission_withdrawn", 10s), 0);
    EXPECT_GE(second->wait_for_type("permission_withdrawn", 10s), 0);
    ASSERT_GE(wait_turn(*first, 0, 20s), 0);
    auto third = connect();
    ASSERT_EQ(third->wait_for_type("snapshot", 5s), 0);
    EXPECT_EQ(third->message(0)["pending_permissions"].Size(), 0u);
}

TEST_F(RealCli, KilledCliIsResumedWithTheSameSessionAndHistory) {
    start(R"([{"text":"noted"},{"text":"it was the pelican"}])");
    auto client = connect();
    client->send(send_command("Remember the word PELICAN-5521."));
    ASSERT_GE(wait_turn(*client), 0);
    std::string session = host->agent().session().session_id();
    ASSERT_FALSE(session.empty());
    int old_pid = host->agent().session().cli_pid();
    ASSERT_GT(old_pid, 0);
    ::kill(-old_pid, SIGKILL);
    size_t before = client->count();
    int back = client->wait_for(
        [&](const rapidjson::Document& m) {
            return is_type(m, "status") && m["status"].HasMember("cli_pid") && m["status"]["cli_pid"].GetInt() != old_pid &&
                   m["status"]["cli_pid"].GetInt() != 0;
        },
        20s, before);
    ASSERT_GE(back, 0) << ::testing::PrintToString(client->texts());
    EXPECT_EQ(host->agent().session().session_id(), session);
    EXPECT_NE(read_text("/proc/" + std::to_string(host->agent().session().cli_pid()) + "/cmdline").find("--resume=" + session), std::string::npos);
    client->send(send_command("Which word?"));
    ASSERT_GE(wait_turn(*client, before), 0) << ::testing::PrintToString(client->texts());
    auto requests = main_requests();
    ASSERT_GE(requests.size(), 2u);
    EXPECT_NE(requests.back().find("PELICAN-5521"), std::string::npos);
    EXPECT_EQ(host->agent().session().session_id(), session);
}

TEST_F(RealCli, HookDeniesScriptWritesUnderAssetsInAcceptEditsMode) {
    // The hook's program sits where a shell would mangle it: spaces, quotes, '$', a backtick. The
    // settings give it in exec form, so the CLI starts it without a shell.
    fs::path odd_folder = root / "host's \"bin\" $HOME `x` dir";
    fs::create_directories(odd_folder);
    fs::create_symlink(UAP_AGENT_HOST_BINARY, odd_folder / "uap-host");
    hook_binary = odd_folder / "uap-host";
    fs::path target = project / "Assets" / "Scripts" / "Foo.cs";
    start(R"([{"tool_use":{"name":"Write","input":{"file_path":")" + target.string() +
              R"(","content":"public class Foo {}"}}},{"text":"ok, staging instead"}])",
          R"({"permission_mode":"acceptEdits"})");
    auto client = connect();
    client->send(send_command("create Foo.cs"));
    ASSERT_GE(wait_turn(*client), 0) << ::testing::PrintToString(client->texts());
    EXPECT_FALSE(fs::exists(target));
    EXPECT_EQ(client->wait_for_type("permission_requested", 100ms), -1);
    auto requests = main_requests();
    ASSERT_GE(requests.size(), 2u);
    EXPECT_NE(requests[1].find("UapStaging/"), std::string::npos) << requests[1].substr(0, 3000);
    EXPECT_NE(requests[1].find("uap_scripts_commit"), std::string::npos);
}

TEST_F(RealCli, HistoryListsTheSessionAndResumingContinuesIt) {
    start(R"([{"text":"first reply"},{"text":"continued reply"}])");
    auto client = connect();
    client->send(send_command("History title ZEBRA-77"));
    ASSERT_GE(wait_turn(*client), 0);
    std::string session = host->agent().session().session_id();
    size_t before = client->count();
    client->send(R"({"type":"new_session"})");
    client->send(R"({"type":"list_history","id":"h1"})");
    int listed = client->wait_for([](const rapidjson::Document& m) { return is_type(m, "command_result") && m.HasMember("sessions"); }, 20s, before);
    ASSERT_GE(listed, 0);
    auto list = client->message(listed);
    ASSERT_GE(list["sessions"].Size(), 1u);
    EXPECT_EQ(std::string(list["sessions"][0]["session_id"].GetString()), session);
    EXPECT_NE(std::string(list["sessions"][0]["title"].GetString()).find("ZEBRA-77"), std::string::npos);
    before = client->count();
    client->send(R"({"type":"resume","session_id":")" + session + R"("})");
    int reset = client->wait_for_type("transcript_reset", 20s, before);
    ASSERT_GE(reset, 0);
    EXPECT_NE(uap::json::to_text(client->message(reset)).find("ZEBRA-77"), std::string::npos);
    client->send(send_command("and now?"));
    ASSERT_GE(wait_turn(*client, before), 0);
    EXPECT_EQ(host->agent().session().session_id(), session);
    EXPECT_NE(main_requests().back().find("ZEBRA-77"), std::string::npos);
}

TEST_F(RealCli, ThinkingReachesThePanelApartFromTheAnswerAndComesBackWithTheSession) {
    // The model thinks in Japanese past nothing special; the host passes the block on as its own item.
    start(R"([{"blocks":[{"thinking":"The user wants a cube; place it at the origin. 立方体を原点に置く。"},{"text":"Placed the cube."}]}])");
    auto client = connect();
    client->send(send_command("make a cube"));
    int finished = wait_turn(*client);
    ASSERT_GE(finished, 0) << ::testing::PrintToString(client->texts());
    int thinking = -1, answer = -1;
    for (int index = 0; index < finished; ++index) {
        if (is_type(client->message(index), "assistant_thinking"))
            thinking = index;
        if (is_type(client->message(index), "assistant_message"))
            answer = index;
    }
    ASSERT_GE(thinking, 0) << ::testing::PrintToString(client->texts());
    ASSERT_GT(answer, thinking) << "the thinking comes before the answer it led to";
    auto item = client->message(thinking);
    EXPECT_EQ(std::string(item["text"].GetString()), "The user wants a cube; place it at the origin. 立方体を原点に置く。");
    EXPECT_FALSE(item["truncated"].GetBool());
    EXPECT_EQ(std::string(client->message(answer)["text"].GetString()), "Placed the cube.") << "the thinking is not part of the answer";

    // Reopened from history, the session shows the thinking where it was.
    std::string session = host->agent().session().session_id();
    size_t before = client->count();
    client->send(R"({"type":"new_session"})");
    ASSERT_GE(client->wait_for_type("transcript_reset", 20s, before), 0) << "the new session's empty transcript";
    before = client->count();
    client->send(R"({"type":"resume","session_id":")" + session + R"("})");
    int reset = client->wait_for_type("transcript_reset", 20s, before);
    ASSERT_GE(reset, 0);
    std::vector<std::string> types;
    auto restored_transcript = client->message(reset);
    for (auto& restored : restored_transcript["items"].GetArray())
        types.push_back(restored["type"].GetString());
    auto first_thinking = std::find(types.begin(), types.end(), "assistant_thinking");
    ASSERT_NE(first_thinking, types.end()) << ::testing::PrintToString(types);
    EXPECT_NE(std::find(first_thinking, types.end(), "assistant_message"), types.end()) << ::testing::PrintToString(types);
}

TEST_F(RealCli, ImageAttachmentReachesTheApiAsAnImageBlock) {
    start(R"([{"text":"a tiny image"}])");
    const std::string png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
    auto client = connect();
    client->send(send_command("what is this?", R"("images":[{"media_type":"image/png","data":")" + png + R"("}])"));
    ASSERT_GE(wait_turn(*client), 0) << ::testing::PrintToString(client->texts());
    auto requests = main_requests();
    ASSERT_GE(requests.size(), 1u);
    EXPECT_NE(requests[0].find("\"type\":\"image\""), std::string::npos);
    EXPECT_NE(requests[0].find(png), std::string::npos);
}

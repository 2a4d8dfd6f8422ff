// AgentSession against a scripted fake CLI (tests/agent/fake-cli/scripted-cli.sh): garbage,
// partial and huge lines are survived; an unknown control request gets an error response; a
// sudden exit is resumed with the same session id; repeated deaths stop the retries with a reason.
#include "agent/agent_session.hpp"
#include "agent/launch_files.hpp"
#include "fake_cli_session.hpp"
#include "panel/panel_endpoint.hpp"
#include "panel/panel_hub.hpp"
#include "fakes/json_at.hpp"
#include "support/json.hpp"

#include <algorithm>
#include <gtest/gtest.h>

#include <fstream>
#include <thread>

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using uap::agent_test::eventually;
using uap::agent_test::FakeCli;
using uap::agent_test::read_text;
using uap::testing::text_at;

TEST_F(FakeCli, SurvivesGarbageAndResumesAfterASuddenExit) {
    start("talk");
    ASSERT_TRUE(eventually([&] { return session->session_id() == "fake-session-1"; }, 10s)) << "the init line after the garbage was lost";
    ASSERT_TRUE(session->send("ping", {}));
    // An API failure arrives as subtype success with is_error true: reported as an error.
    ASSERT_TRUE(eventually([&] { return saw(R"("type":"turn_finished")"); }, 10s));
    EXPECT_TRUE(saw(R"("subtype":"success","is_error":true)"));
    EXPECT_TRUE(saw(R"("type":"text_delta")"));
    // The unknown control request was answered with an error, after which the fake exits with 3.
    ASSERT_TRUE(eventually([&] { return fs::exists(root / "starts.log.reply"); }, 10s));
    EXPECT_NE(read_text(root / "starts.log.reply").find("Unsupported control request subtype: elicitation"), std::string::npos);
    ASSERT_TRUE(eventually([&] { return read_text(root / "starts.log").find("--resume=fake-session-1") != std::string::npos; }, 10s));
    EXPECT_TRUE(saw("exited with code 3"));
    EXPECT_TRUE(eventually([&] { return session->state() != uap::agent::SessionState::Resuming && session->cli_pid() > 0; }, 10s));
}

TEST_F(FakeCli, RepeatedDeathsStopTheRetriesWithAReason) {
    start("crash");
    ASSERT_TRUE(eventually([&] { return session->state() == uap::agent::SessionState::Errored; }, 15s));
    EXPECT_TRUE(saw("stopped 3 times"));
    EXPECT_FALSE(session->send("hello", {}));
    std::string starts = read_text(root / "starts.log");
    EXPECT_EQ(std::count(starts.begin(), starts.end(), '\n'), 3);
    EXPECT_NE(starts.find("--resume=crashy"), std::string::npos);
}

TEST_F(FakeCli, ACliThatDiesMidTurnClosesTheTurnKeepsThePartialTextAndResumesWithoutResending) {
    start("die-mid-turn");
    ASSERT_TRUE(eventually([&] { return session->cli_pid() > 0; }, 10s));
    ASSERT_TRUE(session->send("first question", {}));
    ASSERT_TRUE(eventually([&] { return saw("\"subtype\":\"cli_exited\""); }, 10s));
    // The partial answer is kept, marked interrupted, before the turn_finished that closes the turn.
    size_t partial = 0, finished = 0;
    {
        std::lock_guard lock(mutex);
        for (size_t index = 0; index < events.size(); ++index) {
            const std::string& event = events[index];
            if (text_at(event, "/type") == "assistant_message" && text_at(event, "/text") == "a partial answer" &&
                text_at(event, "/interrupted") == "true")
                partial = index + 1;
            if (text_at(event, "/type") == "turn_finished" && text_at(event, "/is_error") == "true" &&
                text_at(event, "/subtype") == "cli_exited")
                finished = index + 1;
        }
    }
    ASSERT_GT(partial, 0u) << "no interrupted assistant_message with the partial text";
    ASSERT_GT(finished, partial);
    std::string snapshot = hub.snapshot_text();
    auto kept = uap::json::parse(snapshot);
    ASSERT_TRUE(kept && kept->HasMember("transcript")) << snapshot;
    bool partial_kept = false;
    for (const auto& item : (*kept)["transcript"].GetArray())
        partial_kept = partial_kept || (text_at(item, "/type") == "assistant_message" && text_at(item, "/interrupted") == "true");
    EXPECT_TRUE(partial_kept) << "the transcript lost the partial answer: " << snapshot;
    EXPECT_EQ(text_at(*kept, "/streaming/turn_id"), "1") << snapshot;
    EXPECT_EQ(text_at(*kept, "/streaming/text"), "") << snapshot;

    // The session is resumed, and nothing is re-sent on its own.
    ASSERT_TRUE(eventually([&] { return read_text(root / "starts.log").find("--resume=fake-dying") != std::string::npos; }, 10s));
    ASSERT_TRUE(eventually([&] { return session->cli_pid() > 0 && session->state() != uap::agent::SessionState::Resuming; }, 10s));
    std::this_thread::sleep_for(500ms);
    std::string users = read_text(root / "starts.log.users");
    EXPECT_EQ(std::count(users.begin(), users.end(), '\n'), 1) << users;

    // The next message goes to the resumed session and completes a turn.
    ASSERT_TRUE(session->send("second question", {}));
    ASSERT_TRUE(eventually([&] { return saw("\"result\":\"resumed answer\""); }, 10s));
    users = read_text(root / "starts.log.users");
    EXPECT_EQ(std::count(users.begin(), users.end(), '\n'), 2);
    EXPECT_EQ(users.find("first question"), users.rfind("first question")) << "the interrupted message was sent again";
    EXPECT_NE(users.find("second question"), std::string::npos);
}

TEST_F(FakeCli, AnUntestedCliIsReportedAndARejectedMcpReconnectFallsBackToAResumedRestart) {
    start("old-cli");
    ASSERT_TRUE(eventually([&] { return saw("the claude CLI is version 1.0.99"); }, 10s)) << "no warning about the untested version";
    EXPECT_TRUE(saw("tested with 2.1.332"));
    EXPECT_TRUE(saw("npm install -g @anthropic-ai/claude-code@2.1.332"));
    int first_pid = session->cli_pid();
    ASSERT_GT(first_pid, 0);
    ASSERT_TRUE(session->reconnect_mcp());
    ASSERT_TRUE(eventually([&] { return saw("rejected mcp_reconnect (Unsupported control request subtype: mcp_reconnect)"); }, 10s));
    // No turn is running, so the fallback restart happens at once, resuming the same session.
    ASSERT_TRUE(eventually([&] { return saw("restarted with --resume to reload the host's tools"); }, 10s));
    // The notice can precede the new process's first line in starts.log: wait for the second start.
    std::string starts;
    EXPECT_TRUE(eventually([&] {
        starts = read_text(root / "starts.log");
        return std::count(starts.begin(), starts.end(), '\n') >= 2;
    }, 10s)) << starts;
    EXPECT_EQ(std::count(starts.begin(), starts.end(), '\n'), 2);
    EXPECT_NE(starts.find("--resume=fake-old"), std::string::npos);
    EXPECT_TRUE(eventually([&] { return session->cli_pid() > 0 && session->cli_pid() != first_pid; }, 10s));
}

TEST_F(FakeCli, ACliThatRejectsThePromptToolIsRestartedWithAFixedAllowListAndSaysSo) {
    std::ofstream(folder.project() / "UserSettings" / "AgentPanel" / "agent-settings.json")
        << R"({"cli_path":")" << UAP_AGENT_FAKE_CLI_DIR << R"json(/scripted-cli.sh","auto_approve":"read_only","always_allow":["Bash(ls:*)"]})json";
    uap::agent::AgentOptions options;
    options.tools = [] { return std::vector<std::string>{"look", "change"}; };
    options.metadata = [](std::string_view tool) -> std::optional<uap::modules::ToolMetadata> {
        return uap::modules::ToolMetadata{tool == "look", false, tool == "change", false, false};
    };
    start("no-prompt-tool", options);
    ASSERT_TRUE(eventually([&] { return saw("rejected --permission-prompt-tool"); }, 10s)) << "no warning about the fallback";
    EXPECT_TRUE(saw("auto-approve level (read_only)"));
    EXPECT_TRUE(saw("npm install -g @anthropic-ai/claude-code@2.1.332"));
    // The restarted CLI has a pid before its script has logged its arguments, so wait for the log line itself.
    std::string starts;
    ASSERT_TRUE(eventually(
        [&] {
            starts = read_text(root / "starts.log");
            return std::count(starts.begin(), starts.end(), '\n') >= 2;
        },
        10s))
        << "the CLI was not restarted without the option: " << starts;
    auto first_end = starts.find('\n');
    ASSERT_NE(first_end, std::string::npos);
    std::string second = starts.substr(first_end + 1, starts.find('\n', first_end + 1) - first_end - 1);
    EXPECT_NE(starts.substr(0, first_end).find("--permission-prompt-tool stdio"), std::string::npos) << "the first start uses the prompt tool";
    EXPECT_EQ(second.find("--permission-prompt-tool"), std::string::npos) << second;
    // The list travels in the launch settings file (permissions.allow), never on the command line.
    EXPECT_EQ(second.find("--allowedTools"), std::string::npos) << second;
    fs::path settings_file = uap::agent::agent_state_folder(folder.project()) / "launch-settings.json";
    EXPECT_NE(second.find("--settings " + settings_file.string()), std::string::npos) << second;
    auto settings = uap::json::parse(read_text(settings_file));
    ASSERT_TRUE(settings && settings->IsObject() && settings->HasMember("permissions")) << read_text(settings_file);
    std::vector<std::string> rules;
    for (auto& rule : (*settings)["permissions"]["allow"].GetArray())
        rules.push_back(rule.GetString());
    EXPECT_EQ(rules, (std::vector<std::string>{"Bash(ls:*)", "mcp__uap__look"})) << "exactly these rules; a tool the level does not approve stays refused";
    EXPECT_FALSE(saw("rejected a command-line option")) << "the known fallback is a warning, not the generic error";
}

// Found by the panel-command fuzzer: a lone UTF-16 surrogate escape in a string the reply quotes back.
TEST(PanelCommands, ALoneSurrogateInAQuotedValueStillGetsAWellFormedReply) {
    char pattern[] = "/tmp/uap-panel-surrogate-XXXXXX";
    ASSERT_NE(::mkdtemp(pattern), nullptr);
    uap::panel::PanelHub hub;
    uap::agent::AgentOptions options;
    options.project = pattern;
    options.environment_overrides = {"PATH=/nonexistent"};
    uap::agent::AgentSession session(options, hub);
    uap::panel::PanelEndpoint endpoint(hub, session);
    for (const std::string& hostile : {std::string(R"({"type":"resume","session_id":"\uDDDe-\u5555"})"),
                                       std::string(R"({"type":"resume","session_id":"\uD800"})"),
                                       std::string(R"({"type":"bogus\uDC00"})")}) {
        std::string text = endpoint.handle_command(hostile);
        auto reply = uap::json::parse(text);
        ASSERT_TRUE(reply && reply->IsObject()) << hostile << " -> " << text;
        EXPECT_EQ(uap::json::string_field(*reply, "type").value_or(""), "command_result") << text;
        EXPECT_FALSE(uap::json::bool_field(*reply, "ok").value_or(true)) << text;
    }
    fs::remove_all(pattern);
}

TEST(PanelCommands, ACommandNestedAMillionDeepGetsAClearRefusalAndTheNextCommandWorks) {
    char pattern[] = "/tmp/uap-panel-deep-XXXXXX";
    ASSERT_NE(::mkdtemp(pattern), nullptr);
    uap::panel::PanelHub hub;
    uap::agent::AgentOptions options;
    options.project = pattern;
    uap::agent::AgentSession session(options, hub);
    uap::panel::PanelEndpoint endpoint(hub, session);
    for (const std::string& hostile : {std::string(1'000'000, '['), std::string(500'000, '[') + std::string(500'000, ']')}) {
        auto reply = uap::json::parse(endpoint.handle_command(hostile));
        ASSERT_TRUE(reply && reply->IsObject());
        EXPECT_FALSE(uap::json::bool_field(*reply, "ok").value_or(true));
        std::string error = uap::json::string_field(*reply, "error").value_or("");
        EXPECT_NE(error.find("refused"), std::string::npos) << error;
        EXPECT_TRUE(error.find("nests deeper") != std::string::npos || error.find("invalid JSON") != std::string::npos) << error;
    }
    auto listed = uap::json::parse(endpoint.handle_command(R"({"type":"list_history","id":7})"));
    ASSERT_TRUE(listed && listed->IsObject());
    EXPECT_EQ(uap::json::integer_field(*listed, "id").value_or(0), 7);
    fs::remove_all(pattern);
}

// The first-run card's facts, from the real CLI against the scripted fake Messages API: which login
// the CLI uses, the subscription-only switch taking the API key away from it, a login the API
// refuses in the middle of a session, and a CLI that is missing at start and found on "Check again".
#include "real_cli_fixture.hpp"

#include "agent/agent_settings.hpp"
#include "agent/cli_compatibility.hpp"
#include "support/json.hpp"

#include <fstream>

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using namespace uap::agent_test;

namespace {

// The index of a snapshot or status event whose status has a sign_in in this state; -1 on timeout.
int wait_sign_in(PanelClient& client, const std::string& state, std::chrono::milliseconds limit, size_t from = 0) {
    return client.wait_for(
        [&](const rapidjson::Document& message) {
            if (!is_type(message, "status") && !is_type(message, "snapshot"))
                return false;
            const auto& status = message["status"];
            return status.HasMember("sign_in") && uap::json::string_field(status["sign_in"], "state").value_or("") == state;
        },
        limit, from);
}

std::string sign_in_field(PanelClient& client, int index, const char* field) {
    auto message = client.message(static_cast<size_t>(index));
    return uap::json::string_field(message["status"]["sign_in"], field).value_or("<missing>");
}

} // namespace

TEST_F(RealCli, TheSignInReportNamesTheKeyInUseAndSubscriptionOnlyTakesTheKeyFromTheCli) {
    start(R"([{"text":"answered with the key"}])");
    auto client = connect();
    int ready = wait_sign_in(*client, "ready", 30s);
    ASSERT_GE(ready, 0) << ::testing::PrintToString(client->texts());
    EXPECT_EQ(sign_in_field(*client, ready, "auth_method"), "api_key");
    EXPECT_EQ(sign_in_field(*client, ready, "api_key_source"), "ANTHROPIC_API_KEY");
    EXPECT_EQ(sign_in_field(*client, ready, "cli_version"), uap::agent::newest_tested_cli_version);
    EXPECT_EQ(sign_in_field(*client, ready, "fix_command"), "");

    size_t before = client->count();
    ASSERT_EQ(command_outcome(*client, R"({"type":"set_auth_mode","id":"sub","mode":"subscription_only"})", "sub"), "ok");
    int signed_out = wait_sign_in(*client, "signed_out", 30s, before);
    ASSERT_GE(signed_out, 0) << ::testing::PrintToString(client->texts());
    EXPECT_EQ(sign_in_field(*client, signed_out, "fix_command"), "claude auth login");
    auto saved = uap::agent::AgentSettings::load(project);
    ASSERT_TRUE(saved);
    EXPECT_EQ(saved->auth, uap::agent::AuthMode::SubscriptionOnly);

    // The restarted CLI has no key and no login of its own: it refuses the turn without calling the API.
    before = client->count();
    client->send(send_command("hello"));
    int rejected = wait_sign_in(*client, "login_rejected", 60s, before);
    ASSERT_GE(rejected, 0) << ::testing::PrintToString(client->texts());
    EXPECT_NE(sign_in_field(*client, rejected, "detail").find("Not logged in"), std::string::npos) << sign_in_field(*client, rejected, "detail");
    ASSERT_GE(wait_turn(*client, before), 0);
    EXPECT_TRUE(main_requests().empty());

    // Back to automatic: the key reaches the CLI again and the next turn is answered.
    before = client->count();
    ASSERT_EQ(command_outcome(*client, R"({"type":"set_auth_mode","id":"auto","mode":"automatic"})", "auto"), "ok");
    ASSERT_GE(wait_sign_in(*client, "ready", 30s, before), 0) << ::testing::PrintToString(client->texts());
    before = client->count();
    client->send(send_command("again"));
    int finished = wait_turn(*client, before);
    ASSERT_GE(finished, 0);
    EXPECT_EQ(uap::json::string_field(client->message(static_cast<size_t>(finished)), "result").value_or(""), "answered with the key");
    EXPECT_EQ(main_requests().size(), 1u);

    EXPECT_NE(command_outcome(*client, R"({"type":"set_auth_mode","id":"bad","mode":"sometimes"})", "bad").find("subscription_only"), std::string::npos);
}

TEST_F(RealCli, ALoginTheApiRefusesMidSessionBringsTheSignInCardBackUntilATurnSucceeds) {
    start(R"([{"text":"first"},{"http_error":{"status":401,"type":"authentication_error","message":"invalid x-api-key"}},{"text":"third"}])");
    auto client = connect();
    ASSERT_GE(wait_sign_in(*client, "ready", 30s), 0) << ::testing::PrintToString(client->texts());
    size_t before = client->count();
    client->send(send_command("one"));
    ASSERT_GE(wait_turn(*client, before), 0);

    before = client->count();
    client->send(send_command("two"));
    int rejected = wait_sign_in(*client, "login_rejected", 60s, before);
    ASSERT_GE(rejected, 0) << ::testing::PrintToString(client->texts());
    auto detail = sign_in_field(*client, rejected, "detail");
    EXPECT_NE(detail.find("Invalid API key"), std::string::npos) << detail;
    EXPECT_NE(detail.find("ANTHROPIC_API_KEY is not accepted"), std::string::npos) << detail;
    EXPECT_EQ(sign_in_field(*client, rejected, "fix_command"), "claude auth login");
    int failed = wait_turn(*client, before);
    ASSERT_GE(failed, 0);
    EXPECT_TRUE(client->message(static_cast<size_t>(failed))["is_error"].GetBool());

    before = client->count();
    client->send(send_command("three"));
    ASSERT_GE(wait_turn(*client, before), 0);
    ASSERT_GE(wait_sign_in(*client, "ready", 10s, before), 0) << ::testing::PrintToString(client->texts());
}

TEST_F(RealCli, ACliMissingAtStartIsNamedWithItsInstallCommandAndCheckAgainStartsTheSession) {
    auto missing = (root / "nowhere" / "claude").string();
    start(R"([{"text":"found it"}])", R"({"cli_path":")" + missing + R"("})", StartNotices::Expected);
    ASSERT_FALSE(host->notices().empty());
    auto client = connect();
    int card = wait_sign_in(*client, "cli_missing", 30s);
    ASSERT_GE(card, 0) << ::testing::PrintToString(client->texts());
    EXPECT_EQ(sign_in_field(*client, card, "fix_command"), uap::agent::tested_cli_install_command);
    EXPECT_NE(sign_in_field(*client, card, "detail").find(missing), std::string::npos);
    EXPECT_NE(command_outcome(*client, send_command("hello", R"("id":"early")"), "early").find("CLI was not found"), std::string::npos);

    // The user points cli_path at the CLI (or installs it) and presses "Check again".
    std::string settings = R"({"cli_path":")" + cli.string() + R"("})";
    std::ofstream(uap::agent::AgentSettings::file_for(project)) << settings;
    size_t before = client->count();
    ASSERT_EQ(command_outcome(*client, R"({"type":"check_sign_in","id":"again"})", "again"), "ok");
    ASSERT_GE(wait_sign_in(*client, "ready", 30s, before), 0) << ::testing::PrintToString(client->texts());
    before = client->count();
    client->send(send_command("hello"));
    int finished = wait_turn(*client, before);
    ASSERT_GE(finished, 0) << ::testing::PrintToString(client->texts());
    EXPECT_EQ(uap::json::string_field(client->message(static_cast<size_t>(finished)), "result").value_or(""), "found it");
}

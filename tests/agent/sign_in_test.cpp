// The sign-in check: the CLI's `auth status` answer read strictly (malformed, oversized, hostile),
// and each state reached with a stand-in CLI, a shell script that answers as the real one does.
#include "agent/cli_compatibility.hpp"
#include "agent/sign_in.hpp"
#include "support/child_process.hpp"
#include "support/json.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace uap::agent;

namespace {

class StandInCli : public ::testing::Test {
protected:
    void SetUp() override {
        char pattern[] = "/tmp/uap-signin-XXXXXX";
        ASSERT_NE(::mkdtemp(pattern), nullptr);
        root = pattern;
    }
    void TearDown() override {
        std::error_code error;
        fs::remove_all(root, error);
    }
    // A CLI that prints `version` for --version and runs `auth_status` (shell) for `auth status --json`.
    std::string write_cli(const std::string& version, const std::string& auth_status) {
        auto file = root / "claude";
        std::ofstream(file) << "#!/bin/sh\n"
                               "if [ \"$1\" = --version ]; then echo '" << version << "'; exit 0; fi\n"
                               "if [ \"$1 $2 $3\" = 'auth status --json' ]; then " << auth_status << "; fi\n"
                               "exit 2\n";
        fs::permissions(file, fs::perms::owner_all);
        return file.string();
    }
    SignInReport probe(const std::string& cli, std::vector<std::string> environment = {}) {
        environment.push_back("PATH=/usr/bin:/bin");
        return probe_sign_in(cli, environment, root);
    }
    fs::path root;
};

} // namespace

TEST(AuthStatus, ReadsTheFieldsTheCliPrints) {
    auto status = parse_auth_status(R"({"loggedIn":true,"authMethod":"api_key","apiProvider":"firstParty","apiKeySource":"ANTHROPIC_API_KEY",
                                        "configDirectory":"/home/u/.claude","loginExpiresAt":null})");
    ASSERT_TRUE(status) << status.error().message();
    EXPECT_TRUE(status->logged_in);
    EXPECT_EQ(status->auth_method, "api_key");
    EXPECT_EQ(status->api_key_source, "ANTHROPIC_API_KEY");
    EXPECT_EQ(status->api_provider, "firstParty");
    auto signed_out = parse_auth_status(R"({"loggedIn":false,"authMethod":"none"})");
    ASSERT_TRUE(signed_out);
    EXPECT_FALSE(signed_out->logged_in);
    EXPECT_EQ(signed_out->api_key_source, "");
}

TEST(AuthStatus, RefusesAnAnswerThatIsNotALoginStatus) {
    for (const char* bad : {"", "Auth token: ANTHROPIC_AUTH_TOKEN", "[true]", R"({"loggedIn":"yes"})", R"({"authMethod":"api_key"})",
                            "{\"loggedIn\":true", "\xff\xfe{}"}) {
        auto status = parse_auth_status(bad);
        ASSERT_FALSE(status) << bad;
        EXPECT_NE(status.error().message().find("claude auth status"), std::string::npos) << status.error().message();
    }
    // Deep nesting is parsed without recursion; an answer far larger than a status is refused unread.
    EXPECT_FALSE(parse_auth_status(std::string(100000, '[') + std::string(100000, ']')));
    std::string huge = R"({"loggedIn":true,"pad":")" + std::string(70000, 'x') + "\"}";
    auto refused = parse_auth_status(huge);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message().find("more than a login status can be"), std::string::npos);
    // Fields of the wrong type are left empty rather than trusted.
    auto odd = parse_auth_status(R"({"loggedIn":true,"authMethod":7,"apiKeySource":{"x":1}})");
    ASSERT_TRUE(odd);
    EXPECT_EQ(odd->auth_method, "");
    EXPECT_EQ(odd->api_key_source, "");
}

TEST_F(StandInCli, AMissingCliNamesTheInstallCommand) {
    auto report = probe((root / "not-there" / "claude").string());
    EXPECT_EQ(report.state, SignInState::CliMissing);
    EXPECT_EQ(report.fix_command, tested_cli_install_command);
    EXPECT_NE(report.detail.find("not-there"), std::string::npos) << report.detail;
}

TEST_F(StandInCli, AnOlderCliThanTestedIsTooOld) {
    auto report = probe(write_cli("2.0.5 (Claude Code)", "echo '{\"loggedIn\":true}'"));
    EXPECT_EQ(report.state, SignInState::CliTooOld);
    EXPECT_EQ(report.cli_version, "2.0.5");
    EXPECT_EQ(report.fix_command, tested_cli_install_command);
    EXPECT_NE(report.detail.find(std::string(oldest_tested_cli_version) + " or newer"), std::string::npos) << report.detail;
}

TEST_F(StandInCli, NoLoginIsSignedOutWithTheLoginCommand) {
    auto report = probe(write_cli("2.1.332 (Claude Code)", "echo '{\"loggedIn\":false,\"authMethod\":\"none\"}'; exit 1"));
    EXPECT_EQ(report.state, SignInState::SignedOut);
    EXPECT_EQ(report.cli_version, "2.1.332");
    EXPECT_EQ(report.auth.auth_method, "none");
    EXPECT_EQ(report.fix_command, "claude auth login");
}

TEST_F(StandInCli, TheCheckAsksWithTheEnvironmentTheSessionsCliGets) {
    auto cli = write_cli("2.1.332 (Claude Code)", "if [ -n \"$ANTHROPIC_API_KEY\" ]; then echo '{\"loggedIn\":true,\"authMethod\":\"api_key\","
                                                  "\"apiKeySource\":\"ANTHROPIC_API_KEY\"}'; exit 0; fi; echo '{\"loggedIn\":false}'; exit 1");
    auto with_key = probe(cli, {"ANTHROPIC_API_KEY=k"});
    EXPECT_EQ(with_key.state, SignInState::Ready);
    EXPECT_EQ(with_key.auth.api_key_source, "ANTHROPIC_API_KEY");
    EXPECT_EQ(with_key.fix_command, "");
    EXPECT_EQ(probe(cli).state, SignInState::SignedOut);
}

TEST_F(StandInCli, AnUnreadableAnswerIsAFailedCheckNotASignedOutUser) {
    auto report = probe(write_cli("2.1.332 (Claude Code)", "echo 'Error: something unexpected'; exit 3"));
    EXPECT_EQ(report.state, SignInState::CheckFailed);
    EXPECT_EQ(report.fix_command, "claude auth status");
    EXPECT_NE(report.detail.find("may still work"), std::string::npos) << report.detail;
}

TEST(SignIn, ARejectedLoginSaysWhichCredentialsAndHowToReplaceThem) {
    SignInReport key;
    key.state = SignInState::Ready;
    key.auth = {true, "api_key", "ANTHROPIC_API_KEY", "firstParty"};
    auto rejected = rejected_login(key, "Invalid API key · Fix external API key");
    EXPECT_EQ(rejected.state, SignInState::LoginRejected);
    EXPECT_NE(rejected.detail.find("Invalid API key"), std::string::npos);
    EXPECT_NE(rejected.detail.find("The API key from ANTHROPIC_API_KEY is not accepted"), std::string::npos) << rejected.detail;
    EXPECT_NE(rejected.detail.find("Subscription only"), std::string::npos);
    SignInReport subscription;
    subscription.auth = {true, "oauth_token", "", "firstParty"};
    auto expired = rejected_login(subscription, "");
    EXPECT_NE(expired.detail.find("(401)"), std::string::npos) << expired.detail;
    EXPECT_NE(expired.detail.find("Sign in again"), std::string::npos) << expired.detail;
    EXPECT_EQ(expired.fix_command, "claude auth login");

    rapidjson::Document document;
    auto json = sign_in_json(rejected, document.GetAllocator());
    EXPECT_EQ(uap::json::string_field(json, "state").value_or(""), "login_rejected");
    EXPECT_EQ(uap::json::string_field(json, "auth_method").value_or(""), "api_key");
    EXPECT_EQ(uap::json::string_field(json, "fix_command").value_or(""), "claude auth login");
    EXPECT_TRUE(json["logged_in"].GetBool());
}

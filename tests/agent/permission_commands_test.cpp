// The permission commands as a front-end sends them: bypassPermissions is refused without its
// confirmation (the host decides, whatever the front-end shows), the always-ask kinds are saved,
// allow-always saves the narrowest rule the card offered unless the answer names another, and a
// saved bare rule for a file tool or Bash is pointed out at start.
#include "fake_cli_session.hpp"
#include "fakes/json_at.hpp"
#include "panel/panel_endpoint.hpp"
#include "support/json.hpp"
#include "support/json_writer.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using uap::agent_test::eventually;
using uap::agent_test::FakeCli;
using uap::agent_test::read_text;

namespace {

rapidjson::Document run(uap::panel::PanelEndpoint& endpoint, const std::string& command) {
    auto reply = uap::json::parse(endpoint.handle_command(command));
    EXPECT_TRUE(reply && reply->IsObject()) << command;
    return reply ? std::move(*reply) : rapidjson::Document();
}

std::string error_of(const rapidjson::Document& reply) { return uap::json::string_field(reply, "error").value_or(""); }

// Whether a permission answer the fake CLI logged (one control_response per line) is `behavior`.
bool answered_with(const std::filesystem::path& log, const std::string& behavior) {
    std::istringstream lines(read_text(log));
    for (std::string line; std::getline(lines, line);)
        if (uap::testing::text_at(line, "/response/response/behavior") == behavior)
            return true;
    return false;
}

} // namespace

TEST(PermissionCommands, BypassPermissionsIsRefusedWithoutItsConfirmationAndSavedWithIt) {
    uap::agent_test::FakeCliProject folder;
    uap::panel::PanelHub hub;
    uap::agent::AgentOptions options;
    options.project = folder.project();
    uap::agent::AgentSession session(options, hub); // Not started: the choice goes straight to the settings file.
    uap::panel::PanelEndpoint endpoint(hub, session);
    auto settings_file = uap::agent::AgentSettings::file_for(folder.project());

    auto refused = run(endpoint, R"({"type":"set_permission_mode","id":"m1","mode":"bypassPermissions"})");
    EXPECT_FALSE(refused["ok"].GetBool());
    std::string why = error_of(refused);
    EXPECT_NE(why.find("bypassPermissions was not turned on"), std::string::npos) << why;     // What was refused.
    EXPECT_NE(why.find("without a permission card"), std::string::npos) << why;               // Why.
    EXPECT_NE(why.find("\"confirm_bypass\": true"), std::string::npos) << why;                 // How to confirm.
    EXPECT_EQ(read_text(settings_file).find("bypassPermissions"), std::string::npos);
    // A confirmation that is not true confirms nothing.
    EXPECT_FALSE(run(endpoint, R"({"type":"set_permission_mode","mode":"bypassPermissions","confirm_bypass":"yes"})")["ok"].GetBool());
    EXPECT_FALSE(run(endpoint, R"({"type":"set_permission_mode","mode":"bypassPermissions","confirm_bypass":false})")["ok"].GetBool());
    EXPECT_EQ(read_text(settings_file).find("bypassPermissions"), std::string::npos);

    auto confirmed = run(endpoint, R"({"type":"set_permission_mode","mode":"bypassPermissions","confirm_bypass":true})");
    EXPECT_TRUE(confirmed["ok"].GetBool()) << error_of(confirmed);
    EXPECT_NE(read_text(settings_file).find("\"bypassPermissions\""), std::string::npos);
    // Every other mode needs no confirmation.
    EXPECT_TRUE(run(endpoint, R"({"type":"set_permission_mode","mode":"acceptEdits"})")["ok"].GetBool());
}

TEST(PermissionCommands, AlwaysAskKindsAreSavedAndUnknownOnesRefused) {
    uap::agent_test::FakeCliProject folder;
    uap::panel::PanelHub hub;
    uap::agent::AgentOptions options;
    options.project = folder.project();
    uap::agent::AgentSession session(options, hub);
    uap::panel::PanelEndpoint endpoint(hub, session);
    auto refused = run(endpoint, R"({"type":"set_always_ask","kinds":["destructive","menus"]})");
    EXPECT_FALSE(refused["ok"].GetBool());
    EXPECT_NE(error_of(refused).find("destructive and not_undoable"), std::string::npos) << error_of(refused);
    EXPECT_TRUE(run(endpoint, R"({"type":"set_always_ask","kinds":["destructive"]})")["ok"].GetBool());
    auto loaded = uap::agent::AgentSettings::load(folder.project());
    ASSERT_TRUE(loaded);
    EXPECT_EQ(loaded->always_ask, (std::vector<uap::agent::AlwaysAsk>{uap::agent::AlwaysAsk::Destructive}));
    EXPECT_TRUE(run(endpoint, R"({"type":"set_always_ask","kinds":[]})")["ok"].GetBool());
    loaded = uap::agent::AgentSettings::load(folder.project());
    ASSERT_TRUE(loaded);
    EXPECT_TRUE(loaded->always_ask.empty());
}

// The deny list: a rule is checked for its form, saved beside what the file already holds, listed in
// the status, refused twice, and removed; hostile rules change nothing.
TEST(PermissionCommands, DenyRulesAreCheckedSavedListedAndRemoved) {
    uap::agent_test::FakeCliProject folder;
    uap::agent::AgentSettings saved;
    saved.always_allow = {"Bash(ls:*)"};
    ASSERT_TRUE(saved.save(folder.project()));
    uap::panel::PanelHub hub;
    uap::agent::AgentOptions options;
    options.project = folder.project();
    uap::agent::AgentSession session(options, hub);
    uap::panel::PanelEndpoint endpoint(hub, session);

    auto added = run(endpoint, R"json({"type":"add_always_deny","id":"d1","rule":"Bash(rm:*)"})json");
    ASSERT_TRUE(added["ok"].GetBool()) << error_of(added);
    auto loaded = uap::agent::AgentSettings::load(folder.project());
    ASSERT_TRUE(loaded);
    EXPECT_EQ(loaded->always_deny, (std::vector<std::string>{"Bash(rm:*)"}));
    EXPECT_EQ(loaded->always_allow, (std::vector<std::string>{"Bash(ls:*)"})) << "the file's other choices stay";
    auto status = uap::json::parse(hub.status_text());
    ASSERT_TRUE(status && status->IsObject() && status->HasMember("always_deny")) << hub.status_text();
    EXPECT_EQ(uap::json::to_text((*status)["always_deny"]), R"json(["Bash(rm:*)"])json") << "the panels see the list";

    auto twice = run(endpoint, R"json({"type":"add_always_deny","rule":"Bash(rm:*)"})json");
    EXPECT_FALSE(twice["ok"].GetBool());
    EXPECT_NE(error_of(twice).find("is saved already"), std::string::npos) << error_of(twice);
    uap::json::TextWriter long_rule;
    long_rule.begin_object().field("type", "add_always_deny").field("rule", "Bash(" + std::string(100'000, 'x') + ")").end_object();
    for (const std::string& hostile : {std::string(R"({"type":"add_always_deny"})"), std::string(R"({"type":"add_always_deny","rule":7})"),
                                       std::string(R"({"type":"add_always_deny","rule":"rm -rf /"})"),
                                       std::string(R"json({"type":"add_always_deny","rule":"Bash(rm"})json"), long_rule.text()}) {
        auto refused = run(endpoint, hostile);
        EXPECT_FALSE(refused["ok"].GetBool()) << hostile.substr(0, 80);
        EXPECT_NE(error_of(refused).find("Bash(rm:*)"), std::string::npos) << "the refusal shows a rule that works: " << error_of(refused);
    }
    loaded = uap::agent::AgentSettings::load(folder.project());
    ASSERT_TRUE(loaded);
    EXPECT_EQ(loaded->always_deny.size(), 1u) << "nothing hostile was saved";

    auto unknown = run(endpoint, R"json({"type":"remove_always_deny","rule":"Bash(git:*)"})json");
    EXPECT_FALSE(unknown["ok"].GetBool());
    EXPECT_NE(error_of(unknown).find("no always-deny rule \"Bash(git:*)\" is saved"), std::string::npos) << error_of(unknown);
    ASSERT_TRUE(run(endpoint, R"json({"type":"remove_always_deny","rule":"Bash(rm:*)"})json")["ok"].GetBool());
    loaded = uap::agent::AgentSettings::load(folder.project());
    ASSERT_TRUE(loaded);
    EXPECT_TRUE(loaded->always_deny.empty());
}

TEST_F(FakeCli, AllowAlwaysWithoutARuleSavesTheNarrowestScopeAndABareToolNeedsToolWide) {
    start("ask-write");
    uap::panel::PanelEndpoint endpoint(hub, *session);
    ASSERT_TRUE(session->send("write the doc", {}));
    ASSERT_TRUE(eventually([&] { return saw(R"("type":"permission_requested")"); }, 10s));
    // The card says what an answer without a rule saves: the file, not every Write.
    EXPECT_TRUE(saw(R"json("always_allow_rules":["Write(Assets/Docs/a.txt)"])json"));
    EXPECT_TRUE(saw(R"({"scope":"tool","rule":"Write"})"));

    auto bare = run(endpoint, R"({"type":"answer_permission","permission_id":"perm_1","decision":"allow_always","rule":"Write"})");
    EXPECT_FALSE(bare["ok"].GetBool());
    std::string why = error_of(bare);
    EXPECT_NE(why.find("would allow every Write call everywhere"), std::string::npos) << why;
    EXPECT_NE(why.find("Write(Assets/Docs/a.txt), Write(Assets/Docs/**)"), std::string::npos) << why;
    EXPECT_NE(why.find("\"tool_wide\": true"), std::string::npos) << why;
    EXPECT_FALSE(fs::exists(root / "starts.log.reply")) << "a refused answer must not reach the CLI";

    auto answered = run(endpoint, R"({"type":"answer_permission","permission_id":"perm_1","decision":"allow_always"})");
    ASSERT_TRUE(answered["ok"].GetBool()) << error_of(answered);
    auto loaded = uap::agent::AgentSettings::load(folder.project());
    ASSERT_TRUE(loaded);
    EXPECT_EQ(loaded->always_allow, (std::vector<std::string>{"Write(Assets/Docs/a.txt)"}));
    ASSERT_TRUE(eventually([&] { return answered_with(root / "starts.log.reply", "allow"); }, 10s));

    // Named with tool_wide, the bare rule is the user's explicit choice.
    ASSERT_TRUE(run(endpoint, R"json({"type":"remove_always_allow","rule":"Write(Assets/Docs/a.txt)"})json")["ok"].GetBool());
    ASSERT_TRUE(session->send("write it again", {}));
    ASSERT_TRUE(eventually([&] { return saw(R"("permission_id":"perm_2")"); }, 10s));
    auto wide = run(endpoint, R"({"type":"answer_permission","permission_id":"perm_2","decision":"allow_always","rule":"Write","tool_wide":true})");
    ASSERT_TRUE(wide["ok"].GetBool()) << error_of(wide);
    loaded = uap::agent::AgentSettings::load(folder.project());
    ASSERT_TRUE(loaded);
    EXPECT_EQ(loaded->always_allow, (std::vector<std::string>{"Write"}));
}

TEST_F(FakeCli, ASavedBareRuleForAToolWithNarrowerScopesIsPointedOutAtStart) {
    std::ofstream(uap::agent::AgentSettings::file_for(folder.project()))
        << R"({"cli_path":")" << UAP_AGENT_FAKE_CLI_DIR
        << R"json(/scripted-cli.sh","always_allow":["Write","Bash(ls:*)","mcp__uap__uap_play_mode","WebSearch"]})json";
    start("ask-write");
    EXPECT_TRUE(saw(R"json(the saved always-allow rule \"Write\" allows every Write call anywhere)json"));
    EXPECT_TRUE(saw("remove_always_allow"));
    EXPECT_FALSE(saw(R"json(rule \"Bash(ls:*)\")json")) << "a scoped rule is what the card offered";
    EXPECT_FALSE(saw(R"json(rule \"mcp__uap__uap_play_mode\")json")) << "our tools offer nothing narrower";
    EXPECT_FALSE(saw(R"json(rule \"WebSearch\")json"));
}

// "Allow always" scopes: which rules a card offers (narrowest first), and how file rules such as
// "Write(Assets/Docs/**)" match later calls — never beyond their folder or outside the project.
#include "agent/permission_broker.hpp"
#include "agent/permission_scopes.hpp"
#include "support/json.hpp"

#include <gtest/gtest.h>

using namespace uap::agent;

namespace {

rapidjson::Document parse(const char* text) {
    auto document = uap::json::parse(text);
    EXPECT_TRUE(document) << text;
    return document ? std::move(*document) : rapidjson::Document();
}

std::vector<std::string> rules_of(const std::vector<ScopedRule>& scopes) {
    std::vector<std::string> rules;
    for (auto& scope : scopes)
        rules.push_back(scope.rule);
    return rules;
}

const std::filesystem::path project = "/work/game";

// The rule an answer saves, or the refusal's text.
std::string saved_rule(std::string_view tool, const std::vector<ScopedRule>& offered, std::string_view chosen, ToolWide tool_wide) {
    auto rule = rule_to_save(tool, offered, chosen, tool_wide);
    return rule ? *rule : "refused: " + rule.error().message();
}

} // namespace

TEST(PermissionScopes, FileToolsOfferTheFileTheFolderThenTheTool) {
    auto scopes = always_allow_scopes("Write", parse(R"({"file_path":"/work/game/Assets/Docs/a.txt","content":"x"})"), parse("null"), project);
    EXPECT_EQ(rules_of(scopes), (std::vector<std::string>{"Write(Assets/Docs/a.txt)", "Write(Assets/Docs/**)", "Write"}));
    EXPECT_EQ(scopes[0].scope, RuleScope::File);
    EXPECT_EQ(scopes[1].scope, RuleScope::Folder);
    EXPECT_EQ(scopes[2].scope, RuleScope::Tool);
    // A file at the project's top level: its folder is the whole project.
    EXPECT_EQ(rules_of(always_allow_scopes("Edit", parse(R"({"file_path":"notes.md"})"), parse("null"), project)),
              (std::vector<std::string>{"Edit(notes.md)", "Edit(**)", "Edit"}));
    EXPECT_EQ(rules_of(always_allow_scopes("NotebookEdit", parse(R"({"notebook_path":"/work/game/n.ipynb"})"), parse("null"), project))[0],
              "NotebookEdit(n.ipynb)");
}

TEST(PermissionScopes, FilesOutsideTheProjectOrWithRuleSyntaxGetOnlyTheTool) {
    for (const char* input : {R"({"file_path":"/etc/passwd"})", R"({"file_path":"/work/game/../other/a.txt"})", R"({"file_path":"../a.txt"})",
                              R"({"file_path":"/work/game/Assets/a,b.txt"})", R"({"file_path":"/work/game/Assets/(x).txt"})", R"({})"})
        EXPECT_EQ(rules_of(always_allow_scopes("Write", parse(input), parse("null"), project)), (std::vector<std::string>{"Write"})) << input;
}

TEST(PermissionScopes, BashOffersTheExactCommandAndTheSuggestions) {
    auto suggestions = parse(R"([{"type":"addRules","behavior":"allow","rules":[{"toolName":"Bash","ruleContent":"npm test:*"}]}])");
    EXPECT_EQ(rules_of(always_allow_scopes("Bash", parse(R"({"command":"npm test -- --watch"})"), suggestions, project)),
              (std::vector<std::string>{"Bash(npm test -- --watch)", "Bash(npm test:*)", "Bash"}));
    // A command that would break the rule list (comma) or the rule syntax gets no exact scope.
    EXPECT_EQ(rules_of(always_allow_scopes("Bash", parse(R"({"command":"echo a,b"})"), parse("null"), project)),
              (std::vector<std::string>{"Bash"}));
    EXPECT_EQ(rules_of(always_allow_scopes("mcp__uap__echo", parse("{}"), parse("null"), project)), (std::vector<std::string>{"mcp__uap__echo"}));
}

TEST(PermissionScopes, FolderRulesCoverOnlyTheirFolder) {
    EXPECT_TRUE(file_rule_covers("Assets/Docs/**", "/work/game/Assets/Docs/b.txt", project));
    EXPECT_TRUE(file_rule_covers("Assets/Docs/**", "/work/game/Assets/Docs/deep/c.txt", project));
    EXPECT_TRUE(file_rule_covers("Assets/Docs/**", "Assets/Docs/./b.txt", project));
    EXPECT_FALSE(file_rule_covers("Assets/Docs/**", "/work/game/Assets/DocsExtra/b.txt", project));
    EXPECT_FALSE(file_rule_covers("Assets/Docs/**", "/work/game/Assets/Docs", project));
    EXPECT_FALSE(file_rule_covers("Assets/Docs/**", "/work/game/Assets/Docs/../Other/c.txt", project));
    EXPECT_FALSE(file_rule_covers("Assets/Docs/**", "/work/game/Assets/Other/c.txt", project));
    EXPECT_FALSE(file_rule_covers("**", "/work/other/x.txt", project));
    EXPECT_TRUE(file_rule_covers("**", "/work/game/x.txt", project));
    EXPECT_TRUE(file_rule_covers("Assets/Docs/a.txt", "/work/game/Assets/Docs/a.txt", project));
    EXPECT_FALSE(file_rule_covers("Assets/Docs/a.txt", "/work/game/Assets/Docs/a.txt.bak", project));
    EXPECT_FALSE(file_rule_covers("", "/work/game/a.txt", project));
}

TEST(PermissionScopes, TheBrokerHonoursFileRulesAndStillAsksOutsideThem) {
    std::vector<std::string> rules = {"Write(Assets/Docs/**)"};
    BrokerContext context{project, project, AutoApprove::Ask, &rules, {}};
    auto inside = decide_permission("Write", parse(R"({"file_path":"/work/game/Assets/Docs/b.txt"})"), context);
    EXPECT_EQ(inside.verdict, Verdict::Allow);
    EXPECT_EQ(inside.basis, "rule Write(Assets/Docs/**)");
    EXPECT_EQ(decide_permission("Write", parse(R"({"file_path":"/work/game/Assets/Other/c.txt"})"), context).verdict, Verdict::Ask);
    // The rule names Write: an Edit of the same file still asks.
    EXPECT_EQ(decide_permission("Edit", parse(R"({"file_path":"/work/game/Assets/Docs/b.txt"})"), context).verdict, Verdict::Ask);
    // The script gate still comes first inside an allowed folder.
    rules = {"Write(Assets/**)"};
    EXPECT_EQ(decide_permission("Write", parse(R"({"file_path":"/work/game/Assets/Player.cs"})"), context).verdict, Verdict::Deny);
}

TEST(PermissionScopes, AnAnswerWithoutARuleSavesTheNarrowestAndABareToolNeedsToolWide) {
    auto write = always_allow_scopes("Write", parse(R"({"file_path":"/work/game/Assets/Docs/a.txt"})"), parse("null"), project);
    auto saved = rule_to_save("Write", write, "", ToolWide::NotConfirmed);
    ASSERT_TRUE(saved);
    EXPECT_EQ(*saved, "Write(Assets/Docs/a.txt)");
    EXPECT_EQ(saved_rule("Write", write, "Write(Assets/Docs/**)", ToolWide::NotConfirmed), "Write(Assets/Docs/**)");
    auto bare = rule_to_save("Write", write, "Write", ToolWide::NotConfirmed);
    ASSERT_FALSE(bare);
    EXPECT_NE(bare.error().message().find("\"tool_wide\": true"), std::string::npos) << bare.error().message();
    EXPECT_EQ(saved_rule("Write", write, "Write", ToolWide::Confirmed), "Write");
    EXPECT_FALSE(rule_to_save("Write", write, "Write(Assets/**)", ToolWide::Confirmed)) << "only a rule the card offers";
    // A tool whose card offers nothing narrower (our MCP tools) saves the tool rule without more ado.
    auto ours = always_allow_scopes("mcp__uap__echo", parse("{}"), parse("null"), project);
    EXPECT_EQ(saved_rule("mcp__uap__echo", ours, "", ToolWide::NotConfirmed), "mcp__uap__echo");
    EXPECT_EQ(saved_rule("mcp__uap__echo", ours, "mcp__uap__echo", ToolWide::NotConfirmed), "mcp__uap__echo");
    // Bash: the exact command, not the CLI's wider prefix suggestion, unless that is chosen.
    auto suggestions = parse(R"([{"type":"addRules","rules":[{"toolName":"Bash","ruleContent":"npm test:*"}],"behavior":"allow"}])");
    auto bash = always_allow_scopes("Bash", parse(R"({"command":"npm test -- --watch"})"), suggestions, project);
    EXPECT_EQ(saved_rule("Bash", bash, "", ToolWide::NotConfirmed), "Bash(npm test -- --watch)");
    EXPECT_EQ(saved_rule("Bash", bash, "Bash(npm test:*)", ToolWide::NotConfirmed), "Bash(npm test:*)");
}

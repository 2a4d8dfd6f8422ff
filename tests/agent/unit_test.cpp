// Unit tests of the agent's pure parts: line framing, the stdin serializer, the script gate, the
// permission broker, the turn state machine, control-request correlation and the panel hub.
#include "agent/cli_compatibility.hpp"
#include "agent/control_channel.hpp"
#include "support/line_framer.hpp"
#include "agent/permission_broker.hpp"
#include "agent/script_gate.hpp"
#include "agent/turn_tracker.hpp"
#include "agent/wire.hpp"
#include "panel/panel_hub.hpp"
#include "support/json.hpp"

#include <gtest/gtest.h>

#include <thread>

using namespace uap::agent;
using uap::LineFramer;

namespace {

rapidjson::Document parse(const char* text) {
    rapidjson::Document document;
    document.Parse(text);
    return document;
}

std::vector<std::string> lines_of(LineFramer& framer, const std::vector<std::string>& chunks) {
    std::vector<std::string> lines;
    for (auto& chunk : chunks)
        framer.feed(chunk, [&](std::string_view line) { lines.emplace_back(line); });
    framer.finish([&](std::string_view line) { lines.emplace_back(line); });
    return lines;
}

} // namespace

TEST(LineFramer, JoinsPartialLinesAndSkipsBlankOnes) {
    LineFramer framer(64);
    auto lines = lines_of(framer, {"{\"a\":", "1}\n\n{\"b\"", ":2}\r\n{\"c\":3}"});
    EXPECT_EQ(lines, (std::vector<std::string>{"{\"a\":1}", "{\"b\":2}", "{\"c\":3}"}));
}

TEST(LineFramer, DropsOverlongLinesWholeAndKeepsGoing) {
    LineFramer framer(10);
    auto lines = lines_of(framer, {"short\n", std::string(8, 'x'), std::string(8, 'y'), "\nnext\n"});
    EXPECT_EQ(lines, (std::vector<std::string>{"short", "next"}));
    EXPECT_EQ(framer.dropped_lines(), 1u);
}

TEST(StdinSerializer, WritesOneEscapedLineAndRefusesInvalidUtf8) {
    std::string written;
    StdinSerializer serializer([&](std::string_view bytes) -> uap::Expected<void> {
        written.append(bytes);
        return {};
    });
    ASSERT_TRUE(serializer.write(wire::user_message("line one\nline two \xE6\x97\xA5", {})));
    EXPECT_EQ(std::count(written.begin(), written.end(), '\n'), 1);
    EXPECT_NE(written.find("line one\\nline two"), std::string::npos);
    written.clear();
    EXPECT_FALSE(serializer.write(wire::user_message("broken \xC3\x28", {})));
    EXPECT_TRUE(written.empty());
}

TEST(ScriptGate, NormalisesPathsBeforeDeciding) {
    std::filesystem::path project = "/work/Proj";
    EXPECT_EQ(classify_path("Assets/Scripts/Foo.cs", project, project), GatedKind::Script);
    EXPECT_EQ(classify_path("/work/Proj/ASSETS/x/../Foo.CS", project, project), GatedKind::Script);
    EXPECT_EQ(classify_path("assets\\Editor\\My.asmdef", project, project), GatedKind::Script);
    EXPECT_EQ(classify_path("UapStaging/Scripts/Foo.cs", project, project), GatedKind::None);
    EXPECT_EQ(classify_path("Assets/Textures/a.png", project, project), GatedKind::None);
    EXPECT_EQ(classify_path("Assets/../UapStaging/Foo.cs", project, project), GatedKind::None);
    EXPECT_EQ(classify_path("UserSettings/AgentPanel/agent/gate-settings.json", project, project), GatedKind::HostFile);
    EXPECT_EQ(classify_path("/work/proj/usersettings/agentpanel/agent-settings.json", project, project), GatedKind::HostFile);
}

TEST(ScriptGate, FindsShellWriteTargets) {
    auto targets = shell_write_targets("echo hi > Assets/A.cs; cat x | tee -a Assets/B.cs log.txt && sed -i 's/a/b/' Assets/C.cs");
    EXPECT_EQ(targets, (std::vector<std::string>{"Assets/A.cs", "Assets/B.cs", "log.txt", "Assets/C.cs"}));
    EXPECT_EQ(shell_write_targets("cp -r src/Foo.cs 'Assets/My Scripts/'"),
              (std::vector<std::string>{"Assets/My Scripts/", "Assets/My Scripts//Foo.cs"}));
    EXPECT_EQ(shell_write_targets("dd if=/dev/zero of=Assets/D.cs bs=1"), (std::vector<std::string>{"Assets/D.cs"}));
    EXPECT_EQ(shell_write_targets("echo x 2>err.log >>Assets/E.cs"), (std::vector<std::string>{"err.log", "Assets/E.cs"}));
    EXPECT_TRUE(shell_write_targets("ls Assets; cat Assets/A.cs").empty());
}

TEST(ScriptGate, ChecksToolCalls) {
    std::filesystem::path project = "/p";
    EXPECT_TRUE(check_tool_call("Write", parse(R"({"file_path":"/p/Assets/S/Foo.cs"})"), project, project));
    EXPECT_TRUE(check_tool_call("Edit", parse(R"({"file_path":"Assets/S/Foo.asmdef"})"), project, project));
    EXPECT_TRUE(check_tool_call("Bash", parse(R"({"command":"mv /tmp/x.cs Assets/S/"})"), project, project));
    EXPECT_TRUE(check_tool_call("Bash", parse(R"({"command":"mv /tmp/x.cs Assets/S/x.cs"})"), project, project));
    EXPECT_FALSE(check_tool_call("Read", parse(R"({"file_path":"/p/Assets/S/Foo.cs"})"), project, project));
    auto refusal = check_tool_call("Write", parse(R"({"file_path":"Assets/Foo.cs"})"), project, project);
    ASSERT_TRUE(refusal);
    EXPECT_NE(refusal->guidance.find("UapStaging/"), std::string::npos);
    EXPECT_NE(refusal->guidance.find("uap_scripts_commit"), std::string::npos);
}

TEST(ScriptGate, RefusesWritesThroughALinkInsideTheProject) {
    namespace fs = std::filesystem;
    fs::path base = fs::temp_directory_path() / ("uap-gate-links-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
                                                 std::to_string(reinterpret_cast<std::uintptr_t>(&base)));
    fs::path project = base / "project";
    fs::create_directories(project / "Assets" / "Scripts");
    fs::create_directories(base / "outside");
    std::error_code error;
    fs::create_directory_symlink(project / "Assets" / "Scripts", project / "Notes", error);
    fs::create_directory_symlink(base / "outside", project / "Docs", error);
    if (error) {
        fs::remove_all(base);
        GTEST_SKIP() << "this system cannot make symbolic links";
    }
    // A .txt name through Notes -> Assets/Scripts, then renamed .cs by the shell, would skip staging.
    auto into_assets = check_tool_call("Write", parse(R"({"file_path":"Notes/Helper.txt"})"), project, project);
    ASSERT_TRUE(into_assets);
    EXPECT_NE(into_assets->guidance.find("symbolic link"), std::string::npos) << into_assets->guidance;
    EXPECT_NE(into_assets->guidance.find("Notes"), std::string::npos) << into_assets->guidance;
    EXPECT_TRUE(check_tool_call("Bash", parse(R"({"command":"echo x > Docs/out.txt"})"), project, project));
    EXPECT_FALSE(check_tool_call("Write", parse(R"({"file_path":"Assets/Scripts/readme.txt"})"), project, project));
    EXPECT_FALSE(check_tool_call("Write", parse(R"({"file_path":"/elsewhere/readme.txt"})"), project, project));
    fs::remove_all(base);
}

TEST(PermissionBroker, AutoApprovesOnlyFromMetadata) {
    std::vector<std::string> rules;
    BrokerContext context{"/p", "/p", AutoApprove::ReadOnly, &rules,
                          [](std::string_view tool) -> std::optional<uap::modules::ToolMetadata> {
                              if (tool == "look")
                                  return uap::modules::ToolMetadata{true, false, false, true, false};
                              if (tool == "edit")
                                  return uap::modules::ToolMetadata{false, true, false, false, false};
                              return std::nullopt;
                          }};
    auto empty = parse("{}");
    EXPECT_EQ(decide_permission("mcp__uap__look", empty, context).verdict, Verdict::Allow);
    EXPECT_EQ(decide_permission("mcp__uap__edit", empty, context).verdict, Verdict::Ask);
    EXPECT_EQ(decide_permission("mcp__other__look", empty, context).verdict, Verdict::Ask);
    context.level = AutoApprove::Undoable;
    EXPECT_EQ(decide_permission("mcp__uap__edit", empty, context).verdict, Verdict::Allow);
    EXPECT_EQ(decide_permission("mcp__uap__unknown", empty, context).verdict, Verdict::Ask);
    context.level = AutoApprove::AllTools;
    EXPECT_EQ(decide_permission("Bash", parse(R"({"command":"ls"})"), context).verdict, Verdict::Allow);
    EXPECT_EQ(decide_permission("AskUserQuestion", empty, context).verdict, Verdict::Ask);
    // The gate comes first, even at the most permissive level.
    EXPECT_EQ(decide_permission("Write", parse(R"({"file_path":"Assets/A.cs"})"), context).verdict, Verdict::Deny);
    context.level = AutoApprove::Ask;
    rules = {"Bash(git status:*)", "mcp__uap__edit"};
    EXPECT_EQ(decide_permission("mcp__uap__edit", empty, context).verdict, Verdict::Allow);
    EXPECT_EQ(decide_permission("Bash", parse(R"({"command":"git status --short"})"), context).verdict, Verdict::Allow);
    EXPECT_EQ(decide_permission("Bash", parse(R"({"command":"git status; rm -rf x"})"), context).verdict, Verdict::Ask);
}

// A call through uap_tool_call is judged as its target's: traits, levels and rules of the target, never of the dispatcher.
TEST(PermissionBroker, AForwardedCallIsJudgedByItsTarget) {
    std::vector<std::string> rules;
    BrokerContext context{"/p", "/p", AutoApprove::ReadOnly, &rules,
                          [](std::string_view tool) -> std::optional<uap::modules::ToolMetadata> {
                              if (tool == "look")
                                  return uap::modules::ToolMetadata{true, false, false, true, false};
                              if (tool == "wipe")
                                  return uap::modules::ToolMetadata{false, false, true, false, false};
                              if (tool == "uap_tool_call") // The dispatcher's own claim: the worst.
                                  return uap::modules::ToolMetadata{false, false, true, false, false};
                              return std::nullopt;
                          }};
    auto look = parse(R"({"tool":"look","arguments":{"path":"/A"}})");
    auto wipe = parse(R"({"tool":"wipe","arguments":{"path":"/A"}})");
    EXPECT_EQ(effective_tool_name("mcp__uap__uap_tool_call", look), "mcp__uap__look");
    EXPECT_EQ(uap::json::to_text(effective_input("mcp__uap__uap_tool_call", look)), R"({"path":"/A"})");
    EXPECT_EQ(effective_tool_name("mcp__other__uap_tool_call", look), "mcp__other__uap_tool_call") << "only our server's dispatcher forwards";
    EXPECT_EQ(effective_tool_name("mcp__uap__uap_tool_call", parse(R"({"tool":7})")), "mcp__uap__uap_tool_call");
    EXPECT_EQ(decide_permission("mcp__uap__uap_tool_call", look, context).verdict, Verdict::Allow) << "a read-only target at read_only";
    EXPECT_EQ(decide_permission("mcp__uap__uap_tool_call", wipe, context).verdict, Verdict::Ask);
    context.level = AutoApprove::AllTools;
    EXPECT_EQ(decide_permission("mcp__uap__uap_tool_call", wipe, context).verdict, Verdict::Ask) << "a destructive target asks at every level";
    EXPECT_EQ(decide_permission("mcp__uap__uap_tool_call", parse(R"({"tool":"nobody"})"), context).verdict, Verdict::Allow)
        << "all_tools allows what it does not know, as for a direct call";
    context.level = AutoApprove::Ask;
    rules = {"mcp__uap__uap_tool_call"};
    EXPECT_EQ(decide_permission("mcp__uap__uap_tool_call", look, context).verdict, Verdict::Ask) << "a rule for the dispatcher allows nothing";
    rules = {"mcp__uap__look"};
    EXPECT_EQ(decide_permission("mcp__uap__uap_tool_call", look, context).verdict, Verdict::Allow) << "the target's rule applies";
}

// A deny rule refuses before any level or allow rule is consulted, for a forwarded call's target too,
// and a Bash prefix rule catches its command inside a compound one.
TEST(PermissionBroker, ADenyRuleRefusesWhateverElseWouldAllow) {
    std::vector<std::string> allow = {"Bash", "mcp__uap__wipe"};
    std::vector<std::string> deny = {"Bash(rm:*)", "mcp__uap__wipe", "Write(Assets/Plugins/**)"};
    BrokerContext context{"/p", "/p", AutoApprove::AllTools, &allow,
                          [](std::string_view) -> std::optional<uap::modules::ToolMetadata> { return std::nullopt; }, {}, &deny};
    auto bash = [&](const char* command) {
        rapidjson::Document input(rapidjson::kObjectType);
        input.AddMember("command", rapidjson::StringRef(command), input.GetAllocator());
        return decide_permission("Bash", input, context);
    };
    auto refused = bash("rm -rf Library");
    EXPECT_EQ(refused.verdict, Verdict::Deny);
    EXPECT_EQ(refused.basis, "deny rule Bash(rm:*)");
    EXPECT_NE(refused.message.find("Do not retry it"), std::string::npos) << refused.message;
    for (const char* hidden : {"ls; rm -rf x", "ls && rm x", "true || rm x", "cat a | rm x", "echo\n  rm x", "ls&rm x"})
        EXPECT_EQ(bash(hidden).verdict, Verdict::Deny) << hidden;
    EXPECT_EQ(bash("ls -la").verdict, Verdict::Allow) << "other commands keep their allow rule";
    EXPECT_EQ(bash("rmdir x").verdict, Verdict::Allow) << "a prefix rule matches whole words";
    EXPECT_EQ(decide_permission("mcp__uap__wipe", parse("{}"), context).verdict, Verdict::Deny) << "deny wins over an allow rule";
    EXPECT_EQ(decide_permission("mcp__uap__uap_tool_call", parse(R"({"tool":"wipe","arguments":{}})"), context).verdict, Verdict::Deny)
        << "a forwarded call is denied as its target";
    EXPECT_EQ(decide_permission("Write", parse(R"({"file_path":"/p/Assets/Plugins/x.dll"})"), context).verdict, Verdict::Deny);
    EXPECT_EQ(decide_permission("Write", parse(R"({"file_path":"/p/Assets/Art/x.png"})"), context).verdict, Verdict::Allow);
}

TEST(PermissionBroker, RuleFormsAreCheckedBeforeARuleIsSaved) {
    for (const char* good : {"Bash", "Bash(rm:*)", "mcp__uap__uap_asset_delete", "Write(Assets/Plugins/**)", "WebFetch(domain:example.com)"})
        EXPECT_TRUE(check_rule_form(good)) << good;
    for (std::string bad : {std::string(), std::string("("), std::string("Bash("), std::string("Bash()"), std::string("Bash(rm"),
                            std::string("rm -rf /"), std::string("Bash\n(rm:*)"), std::string(600, 'a'), std::string("(rm:*)")}) {
        auto checked = check_rule_form(bad);
        EXPECT_FALSE(checked) << bad;
        if (!checked) {
            EXPECT_NE(checked.error().message().find("e.g."), std::string::npos) << checked.error().message();
        }
    }
}

TEST(PermissionBroker, RulesComeFromSuggestions) {
    auto suggestions = parse(R"([{"type":"addRules","rules":[{"toolName":"Bash","ruleContent":"npm test:*"}],"behavior":"allow","destination":"localSettings"},
                                 {"type":"setMode","mode":"acceptEdits","destination":"session"}])");
    EXPECT_EQ(allow_rules_from_suggestions(suggestions, "Bash"), (std::vector<std::string>{"Bash(npm test:*)"}));
    EXPECT_EQ(allow_rules_from_suggestions(parse("null"), "mcp__uap__x"), (std::vector<std::string>{"mcp__uap__x"}));
}

TEST(TurnTracker, QueuesFencesAndEnds) {
    TurnTracker turns;
    auto now = TurnTracker::Clock::now();
    EXPECT_EQ(turns.message_sent(now), std::optional<uint64_t>(1));
    EXPECT_EQ(turns.message_sent(now), std::nullopt); // Queued behind turn 1.
    EXPECT_EQ(turns.queued(), 1u);
    turns.interrupt_requested();
    EXPECT_FALSE(turns.accepts_stream_events());
    EXPECT_EQ(turns.result_received(now), 1u);
    EXPECT_EQ(turns.current_turn(), 2u); // The queued message runs as turn 2.
    EXPECT_TRUE(turns.accepts_stream_events());
    EXPECT_TRUE(turns.silent_for(now + std::chrono::seconds(11), std::chrono::seconds(10)));
    EXPECT_EQ(turns.result_received(now), 2u);
    EXPECT_EQ(turns.phase(), TurnPhase::Idle);
    EXPECT_EQ(turns.result_received(now), 0u); // A stray result changes nothing.
}

TEST(ControlChannel, MatchesOwnIdsIgnoresEchoesAndTimesOut) {
    ControlChannel channel;
    std::vector<ControlReply> replies;
    auto keep = [&](ControlReply reply) { replies.push_back(std::move(reply)); };
    std::string first = channel.open("initialize", std::chrono::seconds(60), keep);
    std::string second = channel.open("interrupt", std::chrono::milliseconds(0), keep);
    EXPECT_NE(first, second);
    // An echo of our answer to the CLI's own can_use_tool request: not ours, ignored.
    EXPECT_FALSE(channel.resolve(parse(R"({"subtype":"success","request_id":"0b6c-cli-uuid","response":{"behavior":"allow"}})")));
    channel.expire(ControlChannel::Clock::now() + std::chrono::milliseconds(1));
    ASSERT_EQ(replies.size(), 1u);
    ASSERT_FALSE(replies[0]);
    EXPECT_EQ(replies[0].error().code(), uap::ErrorCode::Timeout);
    EXPECT_EQ(replies[0].error().message(), "the CLI did not answer the interrupt request in time");
    std::string response = R"({"subtype":"error","request_id":")" + first + R"(","error":"nope"})";
    EXPECT_TRUE(channel.resolve(parse(response.c_str())));
    ASSERT_FALSE(replies.back());
    EXPECT_EQ(replies.back().error().code(), uap::ErrorCode::Failed);
    EXPECT_EQ(replies.back().error().message(), "nope");
    EXPECT_FALSE(channel.resolve(parse(response.c_str()))); // Exactly once.
    std::string third = channel.open("set_model", std::chrono::seconds(60), keep);
    std::string success = R"({"subtype":"success","request_id":")" + third + R"(","response":{"model":"m2"}})";
    EXPECT_TRUE(channel.resolve(parse(success.c_str())));
    ASSERT_TRUE(replies.back());
    EXPECT_STREQ((*replies.back())["model"].GetString(), "m2");
    channel.open("set_model", std::chrono::seconds(60), keep);
    channel.fail_all("gone");
    ASSERT_FALSE(replies.back());
    EXPECT_EQ(replies.back().error().code(), uap::ErrorCode::Unavailable);
    EXPECT_EQ(replies.back().error().message(), "gone");
    EXPECT_EQ(channel.open_count(), 0u);
}

TEST(PanelHub, SnapshotHoldsTranscriptPendingAndMergedStatus) {
    uap::panel::PanelHub hub;
    auto publish = [&](const char* text) { hub.publish(parse(text)); };
    publish(R"({"type":"status","status":{"state":"ready","model":"m1"}})");
    publish(R"({"type":"user_message","text":"hi"})");
    publish(R"({"type":"text_delta","turn_id":1,"text":"Hel"})");
    publish(R"({"type":"permission_requested","permission":{"permission_id":"perm_1","tool_name":"Bash"}})");
    publish(R"({"type":"permission_requested","permission":{"permission_id":"perm_2","tool_name":"Write"}})");
    publish(R"({"type":"permission_answered","permission_id":"perm_1","decision":"deny"})");
    publish(R"({"type":"status","status":{"state":"running"}})");
    std::vector<std::string> received;
    hub.subscribe([&](const std::string& text) {
        received.push_back(text);
        return true;
    });
    ASSERT_EQ(received.size(), 1u);
    auto snapshot = parse(received[0].c_str());
    EXPECT_STREQ(snapshot["type"].GetString(), "snapshot");
    EXPECT_STREQ(snapshot["status"]["state"].GetString(), "running");
    EXPECT_STREQ(snapshot["status"]["model"].GetString(), "m1");
    EXPECT_EQ(snapshot["transcript"].Size(), 1u);
    EXPECT_STREQ(snapshot["streaming"]["text"].GetString(), "Hel");
    ASSERT_EQ(snapshot["pending_permissions"].Size(), 1u);
    EXPECT_STREQ(snapshot["pending_permissions"][0]["permission_id"].GetString(), "perm_2");
    publish(R"({"type":"notice","text":"x"})");
    EXPECT_EQ(received.size(), 2u);
}

TEST(PanelHub, AStatusEventCarriesOnlyWhatChangedAndNothingWhenNothingDid) {
    uap::panel::PanelHub hub;
    std::vector<std::string> received;
    hub.subscribe([&](const std::string& text) {
        received.push_back(text);
        return true;
    });
    hub.publish(parse(R"({"type":"status","status":{"state":"ready","models":[{"value":"a"}],"usage":{"input_tokens":1}}})"));
    hub.publish(parse(R"({"type":"status","status":{"state":"running","models":[{"value":"a"}],"usage":{"input_tokens":1}}})"));
    hub.publish(parse(R"({"type":"status","status":{"state":"running","models":[{"value":"a"}],"usage":{"input_tokens":1}}})"));
    hub.publish(parse(R"({"type":"status","status":{"state":"running","models":[{"value":"a"},{"value":"b"}],"usage":{"input_tokens":2}}})"));
    ASSERT_EQ(received.size(), 4u) << "the snapshot, then three events: the unchanged status is not sent";
    auto first = parse(received[1].c_str());
    EXPECT_EQ(first["status"].MemberCount(), 3u);
    auto second = parse(received[2].c_str());
    EXPECT_EQ(uap::json::to_text(second["status"]), R"({"state":"running"})");
    auto third = parse(received[3].c_str());
    EXPECT_EQ(uap::json::to_text(third["status"]), R"({"models":[{"value":"a"},{"value":"b"}],"usage":{"input_tokens":2}})");
    EXPECT_EQ(third["seq"].GetUint64(), second["seq"].GetUint64() + 1) << "a status not sent takes no sequence number";
    auto snapshot = parse(hub.snapshot_text().c_str());
    EXPECT_EQ(uap::json::to_text(snapshot["status"]), R"({"state":"running","models":[{"value":"a"},{"value":"b"}],"usage":{"input_tokens":2}})");
}

TEST(CliCompatibility, VersionsCompareNumericallyAndOnlyTheTestedRangeIsQuiet) {
    EXPECT_LT(uap::agent::compare_versions("2.1.332", "2.1.1000"), 0);
    EXPECT_GT(uap::agent::compare_versions("2.10.0", "2.9.99"), 0);
    EXPECT_EQ(uap::agent::compare_versions("2.1", "2.1.0"), 0);
    EXPECT_FALSE(uap::agent::untested_version_warning(uap::agent::newest_tested_cli_version));
    EXPECT_TRUE(uap::agent::untested_version_warning("2.1.333"));
    EXPECT_TRUE(uap::agent::untested_version_warning("1.0.0"));
    EXPECT_TRUE(uap::agent::untested_version_warning("not a version"));
}

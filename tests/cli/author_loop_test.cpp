// The module author's loop as an author runs it: tool calls against the simulator and against a
// running host, development packs shadowing installed ones, clashes with bundled tools.
#include "modules/manifest.hpp"
#include "support/json.hpp"
#include "test_support.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <map>

namespace {

namespace fs = std::filesystem;
using uap::testing::fixture_pack;
using uap::testing::ServingHost;
using uap::testing::TemporaryFolder;

using AuthorLoop = uap::testing::HostProcessTest;

TEST_F(AuthorLoop, ToolsCallWithTheSimulatorReachesTheSampleScene) {
    TemporaryFolder project;
    auto called = host({"tools", "call", "fixture_echo", "--args", R"({"report":true})", "--editor", "sim", "--project",
                        project.path().string(), "--plugins", fixture_pack("fixture.echo").string()});
    ASSERT_EQ(called.exit_code, 0) << called.err;
    auto result = uap::json::parse(called.out);
    ASSERT_TRUE(result) << called.out;
    EXPECT_EQ((*result)["editorStatus"].GetInt(), 0) << called.out;
    ASSERT_TRUE(result->HasMember("editorInfo")) << called.out;
    EXPECT_STREQ((*result)["editorInfo"]["projectPath"].GetString(), fs::absolute(project.path()).string().c_str());
    EXPECT_NE(called.err.find("with the editor simulator"), std::string::npos) << called.err;

    // Without --editor sim the same call has no editor, and says so.
    auto alone = host({"tools", "call", "fixture_echo", "--args", R"({"report":true})", "--plugins",
                       fixture_pack("fixture.echo").string()});
    ASSERT_EQ(alone.exit_code, 0) << alone.err;
    auto alone_result = uap::json::parse(alone.out);
    ASSERT_TRUE(alone_result) << alone.out;
    EXPECT_NE((*alone_result)["editorStatus"].GetInt(), 0);
    EXPECT_FALSE(alone_result->HasMember("editorInfo"));
    EXPECT_NE(alone.err.find("with no editor"), std::string::npos) << alone.err;

    auto bad = host({"tools", "call", "uap_ping", "--editor", "unity"});
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_NE(bad.err.find("--editor must be running, sim or none"), std::string::npos) << bad.err;
}

TEST_F(AuthorLoop, ToolsCallGoesThroughTheRunningHostOfTheProject) {
    TemporaryFolder project;
    auto none = host({"tools", "call", "uap_ping", "--editor", "running", "--project", project.path().string()});
    EXPECT_EQ(none.exit_code, 2);
    EXPECT_NE(none.err.find("uap-host serve --project " + project.path().string()), std::string::npos) << none.err;

    ServingHost serving({"--project", project.path().string(), "--editor", "sim"}, environment());
    ASSERT_TRUE(serving.serving()) << serving.err();
    auto called = host({"tools", "call", "uap_ping", "--project", project.path().string()});
    ASSERT_EQ(called.exit_code, 0) << called.err;
    EXPECT_NE(called.err.find("answered by the running host (pid " + std::to_string(serving.pid())), std::string::npos)
        << called.err;
    auto result = uap::json::parse(called.out);
    ASSERT_TRUE(result) << called.out;
    EXPECT_STREQ((*result)["editor"]["state"].GetString(), "connected") << called.out;
    // The running host's uptime, not a fresh in-process host's zero.
    EXPECT_TRUE((*result)["host"]["uptimeMs"].IsInt64());

    auto tool_error = host({"tools", "call", "uap_ping", "--args", R"({"unexpected":1})", "--project", project.path().string()});
    EXPECT_EQ(tool_error.exit_code, 1);
    EXPECT_NE(tool_error.err.find("tool error:"), std::string::npos) << tool_error.err;
    auto unknown = host({"tools", "call", "no_such_tool", "--project", project.path().string()});
    EXPECT_EQ(unknown.exit_code, 1);
    EXPECT_NE(unknown.err.find("Unknown tool: no_such_tool"), std::string::npos) << unknown.err;

    // --editor none forces an in-process call even while a host serves the project.
    auto local = host({"tools", "call", "uap_ping", "--editor", "none", "--project", project.path().string()});
    ASSERT_EQ(local.exit_code, 0) << local.err;
    EXPECT_NE(local.err.find("in-process"), std::string::npos) << local.err;
    EXPECT_NE(local.out.find("not_connected"), std::string::npos) << local.out;
}

TEST_F(AuthorLoop, PluginsFolderShadowsTheInstalledCopyWithANotice) {
    ASSERT_EQ(host({"modules", "install", "--allow-unsigned", fixture_pack("fixture.echo").string()}).exit_code, 0);
    auto installed_only = host({"modules", "list", "--json"});
    ASSERT_EQ(installed_only.exit_code, 0) << installed_only.err;
    EXPECT_EQ(installed_only.err.find("shadows"), std::string::npos) << installed_only.err;

    auto shadowing = host({"tools", "call", "fixture_echo", "--args", R"({"text":"mine"})", "--plugins",
                           fixture_pack("fixture.echo").string()});
    ASSERT_EQ(shadowing.exit_code, 0) << shadowing.err;
    EXPECT_NE(shadowing.out.find("\"echo\":\"mine\""), std::string::npos) << shadowing.out;
    EXPECT_NE(shadowing.err.find("the --plugins copy at " + fs::weakly_canonical(fixture_pack("fixture.echo")).string() +
                                 " shadows the user copy at " + (user_plugins.path() / "fixture.echo").string()),
              std::string::npos)
        << shadowing.err;

    auto listed = host({"modules", "list", "--json", "--plugins", fixture_pack("fixture.echo").string()});
    auto document = uap::json::parse(listed.out);
    ASSERT_TRUE(document) << listed.out;
    std::map<std::string, std::string> states_by_origin;
    for (auto& pack : (*document)["packs"].GetArray())
        if (std::string(pack["id"].GetString()) == "fixture.echo")
            states_by_origin[pack["origin"].GetString()] = pack["state"].GetString();
    EXPECT_EQ(states_by_origin["command line"], "loaded");
    EXPECT_EQ(states_by_origin["user"], "shadowed");
}

TEST_F(AuthorLoop, InstallRefusesAPackThatWouldShadowABundledTool) {
    auto refused = host({"modules", "install", "--allow-unsigned", fixture_pack("fixture.clash-bundled").string()});
    EXPECT_EQ(refused.exit_code, 1);
    EXPECT_NE(refused.err.find("would shadow bundled tools: uap_ping (uap.core)"), std::string::npos) << refused.err;
    EXPECT_EQ(refused.err.find("clash_only"), std::string::npos) << "only the clashing tools are named: " << refused.err;
    EXPECT_FALSE(fs::exists(user_plugins.path() / "fixture.clash-bundled"));

    // Loaded from --plugins anyway, the bundled uap_ping still answers and the pack is warned.
    auto ping = host({"tools", "call", "uap_ping", "--plugins", fixture_pack("fixture.clash-bundled").string()});
    ASSERT_EQ(ping.exit_code, 0) << ping.err;
    EXPECT_NE(ping.out.find("\"editor\""), std::string::npos) << "uap.core's ping, not the fixture's: " << ping.out;
    EXPECT_NE(ping.err.find("bundled tools win"), std::string::npos) << ping.err;
}

TEST_F(AuthorLoop, APackForANewerHostIsRefusedAtInstallAndAtLoad) {
    auto refused = host({"modules", "install", "--allow-unsigned", fixture_pack("fixture.future-host").string()});
    EXPECT_EQ(refused.exit_code, 1);
    EXPECT_NE(refused.err.find("needs host revision 999"), std::string::npos) << refused.err;
    EXPECT_NE(refused.err.find("update uap-host"), std::string::npos) << refused.err;
    EXPECT_FALSE(fs::exists(user_plugins.path() / "fixture.future-host"));

    auto listed = host({"modules", "list", "--json", "--plugins", fixture_pack("fixture.future-host").string(), "--plugins",
                        fixture_pack("fixture.echo").string()});
    auto document = uap::json::parse(listed.out);
    ASSERT_TRUE(document) << listed.out;
    bool future_seen = false;
    bool echo_seen = false;
    for (auto& pack : (*document)["packs"].GetArray()) {
        std::string id = pack["id"].GetString();
        if (id == "fixture.future-host") {
            future_seen = true;
            EXPECT_STREQ(pack["state"].GetString(), "incompatible");
            EXPECT_NE(std::string(pack["reason"].GetString()).find("needs host revision 999"), std::string::npos);
            EXPECT_EQ(pack["minHostRevision"].GetInt(), 999);
        }
        if (id == "fixture.echo") {
            echo_seen = true;
            EXPECT_STREQ(pack["author"].GetString(), "Fixture \"Quoted\" Author");
            EXPECT_STREQ(pack["license"].GetString(), "MIT");
            EXPECT_STREQ(pack["homepage"].GetString(), "https://example.com/fixture.echo");
        }
    }
    EXPECT_TRUE(future_seen && echo_seen) << listed.out;
    auto version = host({"--version"});
    EXPECT_NE(version.out.find("host revision " + std::to_string(uap::modules::host_api_revision)), std::string::npos) << version.out;
}

TEST_F(AuthorLoop, RefusalsNameTheExactCommandThatFixesThem) {
    TemporaryFolder project;
    const std::string folder = project.path().string();
    auto no_project = host({"modules", "disable", "uap.core"});
    EXPECT_EQ(no_project.exit_code, 2);
    EXPECT_NE(no_project.err.find("`uap-host modules disable uap.core --project DIR`"), std::string::npos) << no_project.err;

    ASSERT_EQ(host({"modules", "disable", "core", "--project", folder}).exit_code, 0);
    auto in_process = host({"tools", "call", "uap_ping", "--project", folder});
    EXPECT_EQ(in_process.exit_code, 1);
    EXPECT_NE(in_process.err.find("`uap-host modules enable core --project " + folder + "`"), std::string::npos) << in_process.err;
    {
        ServingHost serving({"--project", folder}, environment());
        ASSERT_TRUE(serving.serving()) << serving.err();
        auto through_mcp = host({"tools", "call", "uap_ping", "--project", folder});
        EXPECT_EQ(through_mcp.exit_code, 1);
        EXPECT_NE(through_mcp.err.find("answered by the running host"), std::string::npos) << through_mcp.err;
        EXPECT_NE(through_mcp.err.find("`uap-host modules enable core --project " + folder + "`"), std::string::npos) << through_mcp.err;
    }

    ASSERT_EQ(host({"modules", "install", "--allow-unsigned", fixture_pack("fixture.echo").string()}).exit_code, 0);
    auto again = host({"modules", "install", "--allow-unsigned", fixture_pack("fixture.echo").string()});
    EXPECT_EQ(again.exit_code, 1);
    // The advice names the source as the host resolved it (under Wine, /work/... is Z:\work\...).
    EXPECT_NE(again.err.find("`uap-host modules install " + fs::absolute(fixture_pack("fixture.echo")).string() + " --replace`"),
              std::string::npos)
        << again.err;
    auto bundled = host({"modules", "remove", "uap.core"});
    EXPECT_EQ(bundled.exit_code, 1);
    EXPECT_NE(bundled.err.find("`uap-host modules disable uap.core --project DIR`"), std::string::npos) << bundled.err;
    auto unknown = host({"modules", "enable", "no.such.pack", "--project", folder});
    EXPECT_NE(unknown.err.find("`uap-host modules list --project " + folder + "`"), std::string::npos) << unknown.err;
}

TEST_F(AuthorLoop, TheManifestsToolListIsWrittenFromTheModuleItself) {
    TemporaryFolder pack;
    const std::string file_name = uap::testing::module_file_name("fixture_echo");
    const std::string library = (fixture_pack("fixture.echo") / file_name).string();
    // The library entry names this platform's file, as uap_add_module writes it.
    const std::string library_entry = R"({")" + uap::modules::this_platform_key() + R"(":")" + file_name + R"("})";
    auto template_file = pack.path() / "template.json";
    uap::testing::write_text_file(template_file, R"({"manifestVersion":1,"id":"fixture.echo","name":"Echo","version":"1.0.0",
        "abiVersion":1,"library":)" + library_entry + R"(,"tools":[]})");
    auto output = pack.path() / "uap-module.json";
    auto written = host({"modules", "manifest", library, "--template", template_file.string(), "--output", output.string()});
    ASSERT_EQ(written.exit_code, 0) << written.err;
    std::ifstream stream(output);
    std::string text((std::istreambuf_iterator<char>(stream)), {});
    auto manifest = uap::json::parse(text);
    ASSERT_TRUE(manifest) << text;
    std::vector<std::string> tools;
    for (auto& tool : (*manifest)["tools"].GetArray())
        tools.emplace_back(tool.GetString());
    EXPECT_EQ(tools, (std::vector<std::string>{"fixture_echo", "fixture_echo_fail"}));
    EXPECT_STREQ((*manifest)["name"].GetString(), "Echo") << "the template's other fields are kept";

    uap::testing::write_text_file(template_file, R"({"manifestVersion":1,"id":"com.other","name":"x","version":"1.0.0",
        "abiVersion":1,"library":)" + library_entry + R"(,"tools":[]})");
    auto wrong_id = host({"modules", "manifest", library, "--template", template_file.string(), "--output", output.string()});
    EXPECT_EQ(wrong_id.exit_code, 1);
    EXPECT_NE(wrong_id.err.find("reports id \"fixture.echo\" but the pack's ID is \"com.other\""), std::string::npos) << wrong_id.err;

    auto throwing = host({"modules", "manifest", (fixture_pack("fixture.throwing-init") / uap::testing::module_file_name("fixture_throwing_init")).string(),
                          "--template", template_file.string(), "--output", output.string()});
    EXPECT_EQ(throwing.exit_code, 1);
    EXPECT_NE(throwing.err.find("init failed"), std::string::npos) << throwing.err;

    // The bundled core pack's CMake names no tool; its manifest still lists them, read from the module.
    std::ifstream core_stream(fs::path(UAP_TEST_BUNDLED_DIR) / "uap.core" / "uap-module.json");
    std::string core_text((std::istreambuf_iterator<char>(core_stream)), {});
    EXPECT_NE(core_text.find("\"uap_ping\""), std::string::npos) << core_text;
}

struct HelpCase {
    std::vector<std::string> words;
    std::vector<std::string> flags;
};

TEST_F(AuthorLoop, EveryCommandAndSubcommandHasHelpListingEveryFlag) {
    const std::vector<HelpCase> cases = {
        {{"serve", "--help"}, {"--project DIR", "--port N", "--editor MODE", "--editor-log FILE", "--log-file FILE", "--agent", "--plugins DIR", "sim"}},
        {{"tools", "call", "--help"}, {"--args JSON", "--editor MODE", "--project DIR", "--plugins DIR", "running", "sim", "none"}},
        {{"tools", "list", "--help"}, {"--project DIR", "--plugins DIR"}},
        {{"tools", "--help"}, {"tools call NAME", "tools list"}},
        {{"modules", "--help"}, {"modules list", "modules enable", "modules disable", "modules install", "modules remove", "modules new ID"}},
        {{"modules", "new", "--help"}, {"modules new ID", "--dir DIR"}},
        {{"modules", "list", "--help"}, {"--json", "--project DIR", "--plugins DIR"}},
        {{"modules", "enable", "--help"}, {"--project DIR", "--plugins DIR"}},
        {{"modules", "disable", "-h"}, {"--project DIR", "--plugins DIR"}},
        {{"modules", "install", "--help"}, {"--replace"}},
        {{"modules", "remove", "--help"}, {"modules remove ID"}},
        {{"mcp-config", "--help"}, {"--project DIR", "--client CLIENT", "--name NAME", "cursor"}},
        {{"doctor", "--help"}, {"--project DIR"}},
        {{"hook", "--help"}, {"pre-tool-use", "--project DIR"}},
        {{"hook", "pre-tool-use", "--help"}, {"--project DIR"}},
        {{"--help"}, {"serve --project DIR [--port N] [--editor unity|sim] [--log-file FILE] [--agent]", "tools call NAME"}},
    };
    for (auto& [words, flags] : cases) {
        auto help = host(words);
        std::string joined;
        for (auto& word : words)
            joined += word + " ";
        EXPECT_EQ(help.exit_code, 0) << joined << help.err;
        EXPECT_TRUE(help.err.empty()) << joined << help.err;
        for (auto& flag : flags)
            EXPECT_NE(help.out.find(flag), std::string::npos) << joined << "lacks " << flag << ":\n" << help.out;
    }
    // A flag that belongs to another subcommand is refused, and the refusal shows the right help.
    auto misplaced = host({"modules", "remove", "x", "--json"});
    EXPECT_EQ(misplaced.exit_code, 2);
    EXPECT_NE(misplaced.err.find("unknown option --json"), std::string::npos) << misplaced.err;
    EXPECT_NE(misplaced.err.find("modules remove ID"), std::string::npos) << misplaced.err;
}

TEST(EditorSimulatorProcess, ParsesThroughTheSharedParser) {
    auto help = uap::testing::run_program(UAP_TEST_EDITOR_SIM_BINARY, {"--help"});
    EXPECT_EQ(help.exit_code, 0) << help.err;
    for (const char* flag : {"--project DIR", "--scene SCENE", "--fixture FILE", "--session-id ID", "--wait-host SECONDS", "stdin commands"})
        EXPECT_NE(help.out.find(flag), std::string::npos) << flag << "\n" << help.out;
    // The same refusal wording as uap-host, from the same parser.
    auto unknown = uap::testing::run_program(UAP_TEST_EDITOR_SIM_BINARY, {"--colour"});
    EXPECT_EQ(unknown.exit_code, 2);
    EXPECT_NE(unknown.err.find("unknown option --colour"), std::string::npos) << unknown.err;
    auto bad_wait = uap::testing::run_program(UAP_TEST_EDITOR_SIM_BINARY, {"--project", "/nonexistent", "--wait-host", "soon"});
    EXPECT_EQ(bad_wait.exit_code, 2);
    EXPECT_NE(bad_wait.err.find("--wait-host must be a number"), std::string::npos) << bad_wait.err;
}

} // namespace

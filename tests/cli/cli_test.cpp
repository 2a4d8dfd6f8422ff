// uap-host as users run it: exit codes, one-line reasons, JSON listing, toggles and tool calls.
#include "modules/manifest.hpp"
#include "support/json.hpp"
#include "test_support.hpp"

#include <gtest/gtest.h>

#include <fstream>


namespace {

namespace fs = std::filesystem;
using uap::testing::fixture_pack;
using uap::testing::TemporaryFolder;
using uap::testing::write_text_file;

using Cli = uap::testing::HostProcessTest;

TEST_F(Cli, VersionAndHelp) {
    auto version = host({"--version"});
    EXPECT_EQ(version.exit_code, 0);
    EXPECT_EQ(version.out.rfind("uap-host 0.", 0), 0u) << version.out;
    auto help = host({"--help"});
    EXPECT_EQ(help.exit_code, 0);
    EXPECT_NE(help.out.find("modules list"), std::string::npos);
    auto unknown = host({"frobnicate"});
    EXPECT_EQ(unknown.exit_code, 2);
    EXPECT_NE(unknown.err.find("unknown command \"frobnicate\""), std::string::npos);
    auto bad_option = host({"modules", "list", "--colour"});
    EXPECT_EQ(bad_option.exit_code, 2);
    EXPECT_NE(bad_option.err.find("unknown option --colour"), std::string::npos);
}

TEST_F(Cli, ListsBundledAndCommandLinePacksAsJson) {
    TemporaryFolder broken;
    write_text_file(broken.path() / "bad" / "uap-module.json", "{]");
    auto listed = host({"modules", "list", "--json", "--plugins", fixture_pack("fixture.echo").string(), "--plugins",
                        broken.path().string()});
    ASSERT_EQ(listed.exit_code, 0) << listed.err;
    auto document = uap::json::parse(listed.out);
    ASSERT_TRUE(document) << listed.out;
    std::map<std::string, std::string> states;
    for (auto& pack : (*document)["packs"].GetArray())
        states[pack["id"].GetString()] = pack["state"].GetString();
    EXPECT_EQ(states["uap.core"], "loaded");
    EXPECT_EQ(states["uap.markers"], "loaded");
    EXPECT_EQ(states["fixture.echo"], "loaded");
    EXPECT_EQ(states["bad"], "failed");
    for (auto& pack : (*document)["packs"].GetArray()) {
        if (std::string(pack["id"].GetString()) == "uap.core") {
            auto& tool = pack["tools"][0];
            EXPECT_STREQ(tool["name"].GetString(), "uap_ping");
            EXPECT_TRUE(tool["metadata"]["readOnly"].GetBool());
            EXPECT_FALSE(tool["metadata"]["destructive"].GetBool());
        }
        if (std::string(pack["id"].GetString()) == "bad") {
            EXPECT_NE(std::string(pack["reason"].GetString()).find("invalid JSON"), std::string::npos);
        }
    }
}

TEST_F(Cli, ToolsCallPrintsTheResultOrFailsWithAReason) {
    auto ping = host({"tools", "call", "uap_ping"});
    ASSERT_EQ(ping.exit_code, 0) << ping.err;
    auto result = uap::json::parse(ping.out);
    ASSERT_TRUE(result) << ping.out;
    EXPECT_STREQ((*result)["editor"]["state"].GetString(), "not_connected");
    EXPECT_TRUE((*result)["host"]["uptimeMs"].IsInt64());

    auto failing = host({"tools", "call", "fixture_echo_fail", "--args", R"({"fail":"now"})", "--plugins",
                         fixture_pack("fixture.echo").string()});
    EXPECT_EQ(failing.exit_code, 1);
    EXPECT_NE(failing.err.find("tool error: asked to fail: now"), std::string::npos) << failing.err;

    auto bad_args = host({"tools", "call", "uap_ping", "--args", R"({"unexpected":1})"});
    EXPECT_EQ(bad_args.exit_code, 1);
    EXPECT_NE(bad_args.err.find("invalid arguments"), std::string::npos) << bad_args.err;

    auto missing = host({"tools", "call", "nope"});
    EXPECT_EQ(missing.exit_code, 1);
    EXPECT_NE(missing.err.find("no tool named \"nope\""), std::string::npos);
}

TEST_F(Cli, ToolsCallWithNoHostFoundSaysSoAndHowToReachTheEditor) {
    TemporaryFolder project;
    auto call = host({"tools", "call", "uap_query_hierarchy", "--project", project.path().string()});
    EXPECT_EQ(call.exit_code, 1);
    EXPECT_NE(call.err.find("no host serves " + project.path().string()), std::string::npos) << call.err;
    EXPECT_NE(call.err.find("`uap-host serve --project " + project.path().string() + "`"), std::string::npos) << call.err;
    EXPECT_NE(call.err.find("--editor sim"), std::string::npos) << call.err;
    EXPECT_NE(call.err.find("no_editor"), std::string::npos) << call.err;

    // Asked for explicitly, running without an editor needs no explanation.
    auto asked = host({"tools", "call", "uap_ping", "--editor", "none", "--project", project.path().string()});
    EXPECT_EQ(asked.exit_code, 0) << asked.err;
    EXPECT_EQ(asked.err.find("no host serves"), std::string::npos) << asked.err;
}

TEST_F(Cli, DisableAndEnableAPackPerProject) {
    TemporaryFolder project;
    auto disabled = host({"modules", "disable", "uap.core", "--project", project.path().string()});
    ASSERT_EQ(disabled.exit_code, 0) << disabled.err;
    EXPECT_NE(disabled.out.find("toggle \"core\" disabled"), std::string::npos) << disabled.out;
    auto call = host({"tools", "call", "uap_ping", "--project", project.path().string()});
    EXPECT_EQ(call.exit_code, 1);
    auto listed = host({"modules", "list", "--project", project.path().string()});
    EXPECT_NE(listed.out.find("uap.core 0.1.0  disabled"), std::string::npos) << listed.out;

    // The toggle id works as well as the pack id.
    ASSERT_EQ(host({"modules", "enable", "core", "--project", project.path().string()}).exit_code, 0);
    EXPECT_EQ(host({"tools", "call", "uap_ping", "--project", project.path().string()}).exit_code, 0);

    auto unknown = host({"modules", "enable", "no.such.pack", "--project", project.path().string()});
    EXPECT_EQ(unknown.exit_code, 1);
    EXPECT_NE(unknown.err.find("no module pack has the id or toggle \"no.such.pack\""), std::string::npos);
    auto no_project = host({"modules", "disable", "uap.core"});
    EXPECT_EQ(no_project.exit_code, 2);
    EXPECT_NE(no_project.err.find("--project DIR is required"), std::string::npos);
}

TEST_F(Cli, CorruptSettingsAreReportedAndTheHostStillServes) {
    TemporaryFolder project;
    auto settings_file = project.path() / "UserSettings" / "AgentPanel" / "host-settings.json";
    write_text_file(settings_file, "{\"modules\": oops");
    auto call = host({"tools", "call", "uap_ping", "--project", project.path().string()});
    EXPECT_EQ(call.exit_code, 0) << call.err;
    EXPECT_NE(call.err.find("was corrupt"), std::string::npos) << call.err;
    EXPECT_NE(call.err.find("kept as"), std::string::npos);
    bool backup_found = false;
    for (auto& entry : fs::directory_iterator(settings_file.parent_path()))
        backup_found |= entry.path().filename().string().find("host-settings.json.corrupt-") == 0;
    EXPECT_TRUE(backup_found);
}

TEST_F(Cli, MissingProjectFolderIsAClearError) {
    auto listed = host({"modules", "list", "--project", "/definitely/not/here"});
    EXPECT_EQ(listed.exit_code, 1);
    EXPECT_NE(listed.err.find("project folder /definitely/not/here does not exist"), std::string::npos);
}

} // namespace

namespace {

std::map<std::string, std::string> isolation_by_pack(const std::string& listing) {
    std::map<std::string, std::string> modes;
    auto document = uap::json::parse(listing);
    if (document)
        for (auto& pack : (*document)["packs"].GetArray())
            modes[pack["id"].GetString()] = pack["isolation"].GetString();
    return modes;
}

TEST_F(Cli, IsolateAndInlineChooseWhereAPackRunsPerProject) {
    uap::testing::TemporaryFolder project;
    std::string echo = uap::testing::fixture_pack("fixture.echo").string();
    auto listing = host({"modules", "list", "--json", "--project", project.path().string(), "--plugins", echo});
    auto modes = isolation_by_pack(listing.out);
    EXPECT_EQ(modes["fixture.echo"], "isolated");
    EXPECT_EQ(modes["uap.core"], "in-process");

    auto inlined = host({"modules", "inline", "fixture.echo", "--project", project.path().string(), "--plugins", echo});
    ASSERT_EQ(inlined.exit_code, 0) << inlined.err;
    auto isolated = host({"modules", "isolate", "uap.core", "--project", project.path().string()});
    ASSERT_EQ(isolated.exit_code, 0) << isolated.err;
    modes = isolation_by_pack(host({"modules", "list", "--json", "--project", project.path().string(), "--plugins", echo}).out);
    EXPECT_EQ(modes["fixture.echo"], "in-process");
    EXPECT_EQ(modes["uap.core"], "isolated");
    auto text = host({"modules", "list", "--project", project.path().string()});
    EXPECT_NE(text.out.find("uap.core 0.1.0  loaded, isolated"), std::string::npos) << text.out;
    auto called = host({"tools", "call", "uap_ping", "--project", project.path().string()});
    EXPECT_EQ(called.exit_code, 0) << called.err;

    auto unknown = host({"modules", "isolate", "no.such.pack", "--project", project.path().string()});
    EXPECT_EQ(unknown.exit_code, 1);
    EXPECT_NE(unknown.err.find("no module pack has the id \"no.such.pack\""), std::string::npos) << unknown.err;
    auto no_project = host({"modules", "isolate", "uap.core"});
    EXPECT_EQ(no_project.exit_code, 2);
}

} // namespace

namespace {

// The symbolic-link escapes of a cloned project, through `uap-host tools call` with the simulator
// (the same attacks through MCP are in tests/tools/symlink_attacks_test.cpp).
TEST_F(Cli, ScriptsCommitNeverFollowsALinkOutOfTheProject) {
    TemporaryFolder project;
    TemporaryFolder outside;
    write_text_file(outside.path() / "authorized_keys", "ssh-ed25519 AAAA the user's key\n");
    write_text_file(outside.path() / "Stolen.cs", "public class Stolen {}\n");
    std::error_code error;
    fs::create_directories(project.path() / "Assets" / "Scripts");
    fs::create_symlink(outside.path() / "authorized_keys", project.path() / "Assets" / "Scripts" / "X.cs", error);
    if (error)
        GTEST_SKIP() << "this system cannot make symbolic links";
    write_text_file(project.path() / "UapStaging" / "Scripts" / "X.cs", "/*\nssh-ed25519 AAAA attacker\n*/\npublic class X {}\n");
    auto through_file = host({"tools", "call", "uap_scripts_commit", "--editor", "sim", "--project", project.path().string()});
    EXPECT_EQ(through_file.exit_code, 1) << through_file.out;
    EXPECT_NE((through_file.out + through_file.err).find("Assets/Scripts/X.cs: it is a symbolic link"), std::string::npos)
        << through_file.out << through_file.err;

    fs::remove_all(project.path() / "UapStaging");
    fs::create_directory_symlink(outside.path(), project.path() / "UapStaging", error);
    ASSERT_FALSE(error) << error.message();
    auto through_staging = host({"tools", "call", "uap_scripts_commit", "--editor", "sim", "--project", project.path().string()});
    EXPECT_EQ(through_staging.exit_code, 1) << through_staging.out;
    EXPECT_NE((through_staging.out + through_staging.err).find("UapStaging: it is a symbolic link"), std::string::npos)
        << through_staging.out << through_staging.err;

    std::ifstream key(outside.path() / "authorized_keys");
    EXPECT_EQ(std::string(std::istreambuf_iterator<char>(key), {}), "ssh-ed25519 AAAA the user's key\n");
    EXPECT_TRUE(fs::exists(outside.path() / "Stolen.cs")) << "a staged file behind a link is never deleted";
    EXPECT_FALSE(fs::exists(project.path() / "Assets" / "Stolen.cs"));
}

} // namespace

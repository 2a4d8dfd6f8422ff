// The module author's loop as an author runs it: tool calls against the simulator and against a
// running host, development packs shadowing installed ones, clashes with bundled tools.
#include "support/json.hpp"
#include "test_support.hpp"

#include <gtest/gtest.h>

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

} // namespace

// A module tool that declares "coveredBy": "uloop:<command>" in its pack manifest steps aside when
// uLoop is installed in the project: left out of the served list, refused with uLoop's command, and
// the change announced (the reload's change handler, which sends tools/list_changed). A project
// without uLoop, or with uLoop only listed in the manifest (still resolving), serves the tool.
#include "app/module_registry.hpp"
#include "mcp/mcp_endpoint.hpp"
#include "mcp/session_table.hpp"
#include "app/module_tools.hpp"
#include "modules/manifest.hpp"
#include "runner/isolated_module.hpp"
#include "server/access_tokens.hpp"
#include "server/router.hpp"
#include "../mcp/mcp_post.hpp" // The POST a client sends, shared with the MCP endpoint tests.

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <fstream>
#include <thread>
#include <unistd.h>

namespace fs = std::filesystem;

namespace {

// The echo test pack built with COVERED_BY echo=uloop:get-logs (uap_add_module writes coveredBy).
void copy_covered_pack(const fs::path& target) {
    fs::copy(UAP_COVERED_PACK, target, fs::copy_options::recursive);
    auto manifest = uap::modules::read_manifest(target);
    ASSERT_TRUE(manifest) << manifest.error().message();
    ASSERT_EQ(manifest->covered_by, (std::map<std::string, std::string>{{"echo", "uloop:get-logs"}}));
}

std::vector<std::string> served(const uap::app::ModuleTools& tools) {
    std::vector<std::string> names;
    for (auto* tool : tools.enabled_tools())
        names.push_back(tool->name);
    return names;
}

bool serves(const uap::app::ModuleTools& tools, const std::string& name) {
    auto names = served(tools);
    return std::find(names.begin(), names.end(), name) != names.end();
}

class StepAside : public ::testing::Test {
protected:
    void SetUp() override {
        char pattern[] = "/tmp/uap-aside-XXXXXX";
        ASSERT_NE(::mkdtemp(pattern), nullptr);
        root = pattern;
        project = root / "project";
        fs::create_directories(project / "Packages");
        fs::create_directories(root / "user-plugins");
        ::setenv("UAP_USER_PLUGINS_DIR", (root / "user-plugins").c_str(), 1);
        fs::create_directories(root / "packs");
        copy_covered_pack(root / "packs" / "mcptest.echo");
        write_manifest(R"({"dependencies": {"com.unity.ugui": "1.0.0"}})");
    }
    void TearDown() override {
        tools.reset();
        ::unsetenv("UAP_USER_PLUGINS_DIR");
        fs::remove_all(root);
    }
    void write_manifest(const std::string& text) { std::ofstream(project / "Packages" / "manifest.json", std::ios::binary) << text; }
    void resolve_uloop() { fs::create_directories(project / "Library" / "PackageCache" / "io.github.hatayama.uloopmcp@1.2.1"); }
    void start() {
        uap::modules::ModuleHost::Options base;
        base.start_isolated = uap::runner::module_runner(UAP_MODULE_RUNNER);
        tools = std::make_unique<uap::app::ModuleTools>(uap::app::registry_source(project, {root / "packs"}, base), project);
        tools->on_tools_changed([this] { ++announcements; });
    }
    // The folder scan is rate-limited; wait it out so refresh() looks again.
    bool refresh_after_interval() {
        std::this_thread::sleep_for(uap::app::folder_recheck_interval * 2);
        return tools->refresh();
    }

    fs::path root, project;
    std::unique_ptr<uap::app::ModuleTools> tools;
    std::atomic<int> announcements{0};
};

} // namespace

TEST(CoveredByManifest, ParsesAndRefusesMalformedValues) {
    const std::string base = R"({"manifestVersion":1,"id":"a.b","name":"a","version":"1.0.0","toggle":"a","abiVersion":1,)"
                             R"("library":{"linux-x86_64":"lib.so"},"tools":["logs","other"])";
    auto good = uap::modules::parse_manifest(base + R"(,"coveredBy":{"logs":"uloop:get-logs"}})", "/tmp/a.b");
    ASSERT_TRUE(good) << good.error().message();
    EXPECT_EQ(good->covered_by.at("logs"), "uloop:get-logs");
    EXPECT_EQ(good->covered_by.size(), 1u);
    auto none = uap::modules::parse_manifest(base + "}", "/tmp/a.b");
    ASSERT_TRUE(none);
    EXPECT_TRUE(none->covered_by.empty());
    for (const char* hostile : {R"("coveredBy":["logs"])", R"("coveredBy":{"missing":"uloop:get-logs"})", R"("coveredBy":{"logs":"uloop"})",
                                R"("coveredBy":{"logs":"uloop:"})", R"("coveredBy":{"logs":":get-logs"})", R"("coveredBy":{"logs":"uloop:get logs; rm -rf"})",
                                R"("coveredBy":{"logs":"ULoop:get-logs"})", R"("coveredBy":{"logs":7})"}) {
        auto refused = uap::modules::parse_manifest(base + "," + hostile + "}", "/tmp/a.b");
        ASSERT_FALSE(refused) << hostile;
        EXPECT_NE(refused.error().message().find("coveredBy"), std::string::npos) << refused.error().message();
    }
    EXPECT_FALSE(uap::modules::parse_coverage("uloop:" + std::string(65, 'a')));
    auto coverage = uap::modules::parse_coverage("uloop:run-tests");
    ASSERT_TRUE(coverage);
    EXPECT_EQ(coverage->integration, "uloop");
    EXPECT_EQ(coverage->command, "run-tests");
}

TEST_F(StepAside, WithoutUloopTheCoveredToolIsServed) {
    start();
    EXPECT_TRUE(serves(*tools, "echo"));
    EXPECT_TRUE(serves(*tools, "count_words"));
    EXPECT_EQ(tools->lookup("echo").availability, uap::mcp::Availability::Available);
    // Listed in the manifest but not resolved by Unity yet: uLoop cannot answer, the tool stays.
    write_manifest(R"({"dependencies": {"io.github.hatayama.uloopmcp": "https://github.com/hatayama/unity-cli-loop.git?path=/Packages/src"}})");
    EXPECT_FALSE(refresh_after_interval());
    EXPECT_TRUE(serves(*tools, "echo"));
    EXPECT_EQ(announcements.load(), 0);
}

TEST_F(StepAside, InstallingUloopSetsTheToolAsideAndAnnouncesIt) {
    start();
    ASSERT_TRUE(serves(*tools, "echo"));
    resolve_uloop();
    EXPECT_TRUE(refresh_after_interval());
    EXPECT_EQ(announcements.load(), 1);
    EXPECT_FALSE(serves(*tools, "echo"));
    EXPECT_TRUE(serves(*tools, "count_words")) << "a tool without coveredBy stays";
    auto lookup = tools->lookup("echo");
    EXPECT_EQ(lookup.availability, uap::mcp::Availability::SteppedAside);
    EXPECT_EQ(lookup.module_id, "mcptest.echo");
    EXPECT_EQ(lookup.remedy, "uloop get-logs");
    EXPECT_NE(lookup.reason.find("uLoop"), std::string::npos) << lookup.reason;
    EXPECT_EQ(lookup.tool, nullptr);

    // Removing uLoop brings the tool back, announced again.
    fs::remove_all(project / "Library" / "PackageCache");
    EXPECT_TRUE(refresh_after_interval());
    EXPECT_EQ(announcements.load(), 2);
    EXPECT_TRUE(serves(*tools, "echo"));
    EXPECT_EQ(tools->lookup("echo").availability, uap::mcp::Availability::Available);
}

TEST_F(StepAside, APresentUloopAtStartServesWithoutTheTool) {
    resolve_uloop();
    start();
    EXPECT_FALSE(serves(*tools, "echo"));
    EXPECT_TRUE(serves(*tools, "count_words"));
    EXPECT_FALSE(refresh_after_interval()) << "nothing changed since the start";
    EXPECT_EQ(announcements.load(), 0);
}

// Through the MCP endpoint: tools/list leaves the tool out and tools/call names uLoop's command.
TEST_F(StepAside, TheEndpointListsWithoutItAndRefusesACallWithUloopsCommand) {
    resolve_uloop();
    start();
    constexpr uint16_t port = 43211;
    const std::string token = "0123456789abcdef0123456789abcdef";
    uap::mcp::SessionTable sessions;
    uap::mcp::McpEndpoint endpoint(*tools, sessions, uap::mcp::ServerIdentity{.version = "test"});
    uap::server::AccessTokens tokens(token, "editor-token-editor-token-editor", "panel-token-panel-token-panel-to");
    uap::server::RequestGuard guard(tokens, 64 * 1024);
    guard.set_port(port);
    uap::server::Router router(guard);
    router.add(endpoint.route());
    auto post = [&](const std::string& body, const std::string& session) {
        return router.handle(uap::mcp::testing::mcp_post(port, token, body, session));
    };
    auto opened = post(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},)"
                       R"("clientInfo":{"name":"gtest","version":"1"}}})",
                       "");
    const std::string* session = opened.headers.find("Mcp-Session-Id");
    ASSERT_NE(session, nullptr) << opened.body;
    auto listed = post(R"({"jsonrpc":"2.0","id":2,"method":"tools/list"})", *session);
    EXPECT_EQ(listed.body.find("\"echo\""), std::string::npos) << listed.body;
    EXPECT_NE(listed.body.find("\"count_words\""), std::string::npos) << listed.body;
    auto called = post(R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"echo","arguments":{"text":"a"}}})", *session);
    EXPECT_NE(called.body.find("-32602"), std::string::npos) << called.body;
    EXPECT_NE(called.body.find("steps aside in this project (uLoop is installed in this project and covers it); run `uloop get-logs` instead"),
              std::string::npos)
        << called.body;
}

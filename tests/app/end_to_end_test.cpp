// One call through every layer, as a user's MCP client makes it: the official SDK client calls a
// tool of a module loaded at run time, the module calls an editor primitive over the bridge, the
// simulator executes it, and the test reads the scene back through the bridge (not the tool's reply).
#include "support/child_process.hpp"
#include "app/host_application.hpp"
#include "bridge/bridge_server.hpp"
#include "modules/module_host.hpp"
#include "panel/panel_hub.hpp"
#include "server/access_tokens.hpp"
#include "support/json.hpp"

#include <gtest/gtest.h>

#include <poll.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>

namespace fs = std::filesystem;
using namespace std::chrono_literals;

namespace {

// Runs the official client for one call; returns what it printed on stdout.
std::string call_with_official_client(const std::string& url, const std::string& token, const std::string& tool,
                                      const std::string& arguments) {
    uap::LaunchSpec spec;
    spec.program = "/usr/bin/env";
    spec.arguments = {"node", UAP_APP_TEST_DIR "/mcp_call.mjs", tool, arguments};
    spec.working_directory = fs::temp_directory_path();
    spec.environment = {"PATH=" + std::string(std::getenv("PATH")), "UAP_MCP_URL=" + url, "UAP_MCP_TOKEN=" + token,
                        "UAP_NODE_MODULES=" UAP_NODE_MODULES};
    auto child = uap::ChildProcess::launch(spec);
    if (!child)
        return "launch failed: " + child.error().message();
    std::string output;
    auto deadline = std::chrono::steady_clock::now() + 60s;
    pollfd watch{static_cast<int>((*child)->stream(uap::ChildStream::Output)), POLLIN, 0};
    while (std::chrono::steady_clock::now() < deadline) {
        if (::poll(&watch, 1, 100) <= 0)
            continue;
        char buffer[4096];
        ssize_t count = ::read(watch.fd, buffer, sizeof(buffer));
        if (count <= 0)
            break;
        output.append(buffer, static_cast<size_t>(count));
    }
    (*child)->terminate_tree(2000ms);
    return output;
}

TEST(EndToEnd, AnMcpClientsCallReachesTheSimulatorThroughAModuleAndTheBridge) {
    char pattern[] = "/tmp/uap-e2e-XXXXXX";
    ASSERT_NE(::mkdtemp(pattern), nullptr);
    fs::path project = pattern;
    uap::app::HostOptions options;
    options.project = project;
    options.editor = uap::app::EditorMode::Simulator;
    options.plugin_folders = {UAP_APP_TEST_PLUGINS};
    options.version = "test";
    uap::app::HostApplication host(options);
    auto started = host.start();
    ASSERT_TRUE(started) << started.error().message();

    std::string printed = call_with_official_client(host.mcp_url(), host.tokens().token(uap::server::Role::Mcp), "hello_place_sign",
                                                    R"({"name":"Everywhere"})");
    auto answer = uap::json::parse(printed);
    ASSERT_TRUE(answer && answer->IsObject()) << "the client printed: " << printed;
    const auto& result = (*answer)["result"];
    ASSERT_FALSE(result.HasMember("isError") && result["isError"].GetBool()) << printed;
    // Without an output schema the result travels as text content.
    ASSERT_TRUE(result.HasMember("content") && result["content"].IsArray() && !result["content"].Empty()) << printed;
    auto content = uap::json::parse(result["content"][0]["text"].GetString());
    ASSERT_TRUE(content) << printed;
    EXPECT_EQ(uap::json::string_field((*content)["created"], "name").value_or(""), "Hello Everywhere") << printed;

    std::string roots;
    ASSERT_EQ(host.bridge().call("hierarchy.roots", "{}", 5000, nullptr, roots), UAP_STATUS_OK) << roots;
    EXPECT_NE(roots.find("\"Hello Everywhere\""), std::string::npos) << "the simulator's scene lacks the new object: " << roots;

    host.stop();
    fs::remove_all(project);
}

} // namespace

namespace {

TEST(EndToEnd, APackThatKeepsCrashingIsDisabledAndEveryPanelIsTold) {
    char pattern[] = "/tmp/uap-e2e-crash-XXXXXX";
    ASSERT_NE(::mkdtemp(pattern), nullptr);
    fs::path project = pattern;
    uap::app::HostOptions options;
    options.project = project;
    options.plugin_folders = {UAP_APP_HOSTILE_PACK};
    options.version = "test";
    uap::app::HostApplication host(options);
    auto started = host.start();
    ASSERT_TRUE(started) << started.error().message();
    for (int crash = 0; crash < 3; ++crash) {
        auto outcome = host.modules().call_tool("hostile_segfault", "{}");
        EXPECT_NE(outcome.status, uap::modules::CallStatus::Success);
        EXPECT_NE(outcome.text.find("fixture.hostile"), std::string::npos) << outcome.text;
    }
    std::string snapshot = host.panel().snapshot_text();
    EXPECT_NE(snapshot.find("module pack fixture.hostile is disabled for this run of the host"), std::string::npos) << snapshot;
    EXPECT_NE(snapshot.find("uap-host modules disable fixture.hostile --project"), std::string::npos) << snapshot;
    host.stop();
    fs::remove_all(project);
}

} // namespace

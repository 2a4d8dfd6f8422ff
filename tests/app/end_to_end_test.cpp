// One call through every layer, as a user's MCP client makes it: the official SDK client calls a
// tool of a module loaded at run time, the module calls an editor primitive over the bridge, the
// simulator executes it, and the test reads the scene back through the bridge (not the tool's reply).
#include "support/child_process.hpp"
#include "app/host_application.hpp"
#include "bridge/bridge_server.hpp"
#include "modules/module_host.hpp"
#include "server/access_tokens.hpp"
#include "support/json.hpp"
#include "support/platform/platform.hpp"
#include "support/random.hpp"

#include <gtest/gtest.h>

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
    (*child)->close_stdin();
    std::string output;
    auto deadline = std::chrono::steady_clock::now() + 60s;
    while (std::chrono::steady_clock::now() < deadline) {
        if (!uap::platform::wait_readable((*child)->stream(uap::ChildStream::Output), 100ms))
            continue;
        char buffer[4096];
        std::size_t count = (*child)->read(uap::ChildStream::Output, buffer, sizeof(buffer));
        if (count == 0)
            break;
        output.append(buffer, count);
    }
    (*child)->terminate_tree(2000ms);
    return output;
}

TEST(EndToEnd, AnMcpClientsCallReachesTheSimulatorThroughAModuleAndTheBridge) {
    // The official client is Linux's Node. Under Wine a Windows process cannot start a Linux program
    // with pipes (measured with Wine 8.0: CreateProcessW of /usr/bin/node fails with error 31), so the
    // Windows build drives the same chain from Linux instead: windows.serve_under_wine.
    if (uap::platform::operating_system_name() == "windows")
        GTEST_SKIP() << "the official MCP client (Node on Linux) cannot be started from a Windows process; "
                        "windows.serve_under_wine runs it against uap-host.exe from Linux";
    fs::path project = fs::temp_directory_path() / ("uap-e2e-" + uap::random::unique_suffix());
    ASSERT_TRUE(fs::create_directories(project));
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

    auto roots = host.bridge().call("hierarchy.roots", "{}", 5000, nullptr);
    ASSERT_TRUE(roots) << roots.error().message();
    EXPECT_NE(roots->find("\"Hello Everywhere\""), std::string::npos) << "the simulator's scene lacks the new object: " << *roots;

    host.stop();
    fs::remove_all(project);
}

} // namespace

// The bridge as `uap-host serve` mounts it (through the composition root): on the host's one HTTP
// server behind the shared guard (Host, token of the editor role), with the simulator as `--editor sim`.
#include "app/host_application.hpp"
#include "bridge/bridge_server.hpp"
#include "server/access_tokens.hpp"

#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/Net/WebSocket.h>

#include <gtest/gtest.h>

#include <filesystem>

namespace {

int upgrade_status(uint16_t port, const std::string& token, const std::string& origin = {}) {
    Poco::Net::HTTPClientSession session("127.0.0.1", port);
    Poco::Net::HTTPRequest request(Poco::Net::HTTPRequest::HTTP_GET, "/bridge", Poco::Net::HTTPMessage::HTTP_1_1);
    request.set("Authorization", "Bearer " + token);
    if (!origin.empty())
        request.set("Origin", origin);
    Poco::Net::HTTPResponse response;
    try {
        Poco::Net::WebSocket socket(session, request, response);
        socket.shutdown();
        return 101;
    } catch (const Poco::Exception&) {
        return response.getStatus();
    }
}

TEST(BridgeServe, TheSimulatorServesThroughTheHostServerAndItsGuard) {
    auto project = std::filesystem::temp_directory_path() / ("uap-bridge-serve-" + std::to_string(::getpid()));
    std::filesystem::create_directories(project);
    uap::app::HostOptions options;
    options.project = project;
    options.editor = uap::app::EditorMode::Simulator;
    options.version = "test";
    {
        uap::app::HostApplication host(options);
        auto started = host.start();
        ASSERT_TRUE(started) << started.error().message();
        auto roots = host.bridge().call("hierarchy.roots", "{}", 5000, nullptr);
        ASSERT_TRUE(roots) << roots.error().message();
        EXPECT_NE(roots->find("Main Camera"), std::string::npos);

        const auto& tokens = host.tokens();
        uint16_t port = host.port();
        std::string loopback = "http://127.0.0.1:" + std::to_string(port);
        EXPECT_EQ(upgrade_status(port, tokens.token(uap::server::Role::Panel)), 401) << "another role's token";
        EXPECT_EQ(upgrade_status(port, tokens.token(uap::server::Role::Editor), "http://evil.example"), 403);
        EXPECT_EQ(upgrade_status(port, tokens.token(uap::server::Role::Editor), loopback), 403)
            << "the bridge refuses even a loopback Origin (a page served by this host)";
    }
    EXPECT_FALSE(std::filesystem::exists(project / "UserSettings" / "AgentPanel" / "host.json")) << "stop removes the discovery file";
    std::filesystem::remove_all(project);
}

} // namespace

// Upgrades /bridge requests to WebSockets after the loopback Host, no-Origin and token checks.
#include "bridge/bridge_endpoint.hpp"
#include "support/json_writer.hpp"

#include <Poco/Net/NetException.h>
#include <Poco/Net/WebSocket.h>
#include <Poco/String.h>

#include <openssl/crypto.h>

#include <spdlog/spdlog.h>

namespace uap::bridge {

namespace {

bool same_secret(const std::string& offered, const std::string& expected) {
    return !expected.empty() && offered.size() == expected.size() && CRYPTO_memcmp(offered.data(), expected.data(), offered.size()) == 0;
}

void reply(Poco::Net::HTTPServerResponse& response, int status, const std::string& code, const std::string& message) {
    response.setStatus(static_cast<Poco::Net::HTTPResponse::HTTPStatus>(status));
    response.setContentType("application/json");
    response.setKeepAlive(false);
    std::string body = json::error_object(code, message);
    response.setContentLength(static_cast<std::streamsize>(body.size()));
    response.send() << body;
}

} // namespace

std::string check_bridge_access(const Poco::Net::HTTPServerRequest& request, const std::string& editor_token, int& status) {
    std::string port = std::to_string(request.serverAddress().port());
    std::string host = request.getHost();
    if (host != "127.0.0.1:" + port && host != "localhost:" + port && host != "[::1]:" + port) {
        status = 403;
        return "forbidden: the Host header must name this loopback server";
    }
    if (request.has("Origin")) {
        status = 403;
        return "forbidden: requests carrying an Origin (web pages) may not reach the editor bridge";
    }
    std::string authorization = request.get("Authorization", "");
    const std::string scheme = "Bearer ";
    if (authorization.size() <= scheme.size() || Poco::icompare(authorization.substr(0, scheme.size()), scheme) != 0 ||
        !same_secret(authorization.substr(scheme.size()), editor_token)) {
        status = 401;
        return "unauthorized: the bridge needs the editor role's bearer token";
    }
    return {};
}

BridgeRequestHandler::BridgeRequestHandler(BridgeServer& server, std::string editor_token, SecurityChecks checks)
    : m_server(server), m_editor_token(std::move(editor_token)), m_checks(checks) {}

void BridgeRequestHandler::handleRequest(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response) {
    int status = 0;
    std::string refusal;
    if (m_checks == SecurityChecks::Perform) {
        refusal = check_bridge_access(request, m_editor_token, status);
    } else if (request.has("Origin")) {
        // The shared guard admits loopback Origins (the web panel); the editor bridge admits none.
        status = 403;
        refusal = "forbidden: requests carrying an Origin (web pages) may not reach the editor bridge";
    }
    if (!refusal.empty()) {
        spdlog::warn("bridge: refused an upgrade from {}: {}", request.clientAddress().toString(), refusal);
        return reply(response, status, status == 401 ? "unauthorized" : "forbidden", refusal);
    }
    if (Poco::icompare(request.get("Upgrade", ""), "websocket") != 0)
        return reply(response, 426, "upgrade_required", "the editor bridge is a WebSocket endpoint");
    try {
        Poco::Net::WebSocket socket(request, response);
        m_server.serve_connection(socket);
    } catch (const Poco::Net::WebSocketException& exception) {
        spdlog::warn("bridge: WebSocket handshake failed: {}", exception.displayText());
        if (!response.sent())
            reply(response, 400, "bad_handshake", "the WebSocket handshake failed");
    }
}

} // namespace uap::bridge

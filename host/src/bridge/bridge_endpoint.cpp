// Upgrades /bridge requests to WebSockets (behind the host server's guard) after the no-Origin check.
#include "bridge/bridge_endpoint.hpp"
#include "support/json_writer.hpp"

#include <Poco/Net/NetException.h>
#include <Poco/Net/WebSocket.h>
#include <Poco/String.h>

#include <spdlog/spdlog.h>

namespace uap::bridge {

namespace {

void reply(Poco::Net::HTTPServerResponse& response, int status, const std::string& code, const std::string& message) {
    response.setStatus(static_cast<Poco::Net::HTTPResponse::HTTPStatus>(status));
    response.setContentType("application/json");
    response.setKeepAlive(false);
    std::string body = json::error_object(code, message);
    response.setContentLength(static_cast<std::streamsize>(body.size()));
    response.send() << body;
}

} // namespace

void BridgeRequestHandler::handleRequest(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response) {
    if (request.has("Origin")) {
        std::string refusal = "requests carrying an Origin (web pages) may not reach the editor bridge; only the Unity "
                              "package connects here";
        spdlog::warn("bridge: refused an upgrade from {}: {}", request.clientAddress().toString(), refusal);
        return reply(response, 403, "forbidden", refusal);
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

// A standalone HTTP entry for the bridge: a Poco request handler that checks Host, Origin and the
// editor token itself, upgrades /bridge to a WebSocket and hands it to the BridgeServer (the host's
// own server mounts the bridge through ServeEditor::route instead).
#pragma once

#include "bridge/bridge_server.hpp"

#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>

#include <string>

namespace uap::bridge {

class BridgeRequestHandler final : public Poco::Net::HTTPRequestHandler {
public:
    BridgeRequestHandler(BridgeServer& server, std::string editor_token);
    void handleRequest(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response) override;

private:
    BridgeServer& m_server;
    std::string m_editor_token;
};

// Empty when the request may reach the bridge; otherwise why not. status receives the HTTP status.
std::string check_bridge_access(const Poco::Net::HTTPServerRequest& request, const std::string& editor_token, int& status);

} // namespace uap::bridge

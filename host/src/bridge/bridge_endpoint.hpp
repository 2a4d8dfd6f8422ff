// The bridge's HTTP entry: a Poco request handler that upgrades /bridge to a WebSocket and hands it
// to the BridgeServer. The host server's guard has already checked Host and the editor token.
#pragma once

#include "bridge/bridge_server.hpp"

#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>

namespace uap::bridge {

class BridgeRequestHandler final : public Poco::Net::HTTPRequestHandler {
public:
    explicit BridgeRequestHandler(BridgeServer& server) : m_server(server) {}
    // Refuses any Origin (the shared guard admits loopback pages for the panel; the editor bridge
    // is for the Unity shim only), then upgrades.
    void handleRequest(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response) override;

private:
    BridgeServer& m_server;
};

} // namespace uap::bridge

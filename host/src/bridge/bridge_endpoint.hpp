// The bridge's HTTP entry: a Poco request handler that upgrades /bridge to a WebSocket and hands it
// to the BridgeServer. It can check Host, Origin and the editor token itself when the server that
// mounts it does not.
#pragma once

#include "bridge/bridge_server.hpp"

#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>

#include <string>

namespace uap::bridge {

// Perform: Host, Origin and token are checked here. DoneByServer: the mounting server checked Host and
// the token; the handler still refuses any Origin, which the shared guard allows for loopback pages.
enum class SecurityChecks { Perform, DoneByServer };

class BridgeRequestHandler final : public Poco::Net::HTTPRequestHandler {
public:
    BridgeRequestHandler(BridgeServer& server, std::string editor_token, SecurityChecks checks);
    void handleRequest(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response) override;

private:
    BridgeServer& m_server;
    std::string m_editor_token;
    SecurityChecks m_checks;
};

// Empty when the request may reach the bridge; otherwise why not. status receives the HTTP status.
std::string check_bridge_access(const Poco::Net::HTTPServerRequest& request, const std::string& editor_token, int& status);

} // namespace uap::bridge

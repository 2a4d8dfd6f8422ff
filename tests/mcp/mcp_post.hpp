// A POST to /mcp as a client sends it (token, JSON body, both Accept types, and the session's id and
// revision when there is a session), for tests that drive a Router directly without a socket.
#pragma once

#include "server/http_exchange.hpp"

#include <cstdint>
#include <string>

namespace uap::mcp::testing {

inline server::HttpRequest mcp_post(uint16_t port, const std::string& token, const std::string& body, const std::string& session) {
    server::HttpRequest request;
    request.method = "POST";
    request.path = "/mcp";
    request.headers.add("Host", "127.0.0.1:" + std::to_string(port));
    request.headers.add("Authorization", "Bearer " + token);
    request.headers.add("Content-Type", "application/json");
    request.headers.add("Accept", "application/json, text/event-stream");
    if (!session.empty()) {
        request.headers.add("Mcp-Session-Id", session);
        request.headers.add("MCP-Protocol-Version", "2025-11-25");
    }
    request.body = body;
    return request;
}

} // namespace uap::mcp::testing

// What a request of a stateless revision (2026-07-28) declares about itself — revision, client,
// capabilities — and the cross-check of its HTTP headers against its JSON-RPC body.
#pragma once

#include "mcp/json_rpc.hpp"
#include "mcp/protocol_revision.hpp"
#include "server/http_exchange.hpp"

#include <optional>
#include <string>

namespace uap::mcp {

// The client capabilities a request declares in _meta. They hold for that request only: the
// server must not rely on any capability a request did not declare.
struct ClientCapabilities {
    bool elicitation = false;
    bool sampling = false;
    bool roots = false;
    bool tasks_extension = false; // extensions["io.modelcontextprotocol/tasks"]
};

// The capabilities an object declares (a stateless request's _meta, or initialize's params.capabilities).
ClientCapabilities capabilities_of(const rapidjson::Value& declared);

struct StatelessRequest {
    const ProtocolRevision* revision = nullptr;
    std::string client_name; // Loggable; empty when the request carries no clientInfo.
    ClientCapabilities capabilities;
};

// The era a request asks for. A request that names a stateless revision, or a revision this server
// does not know, in its MCP-Protocol-Version header or in _meta is stateless (an unknown one then
// gets the list of supported revisions); anything else follows the session rules.
Era requested_era(const server::HttpRequest& request, const Message& message);

// Every supported revision's name, newest first, as a JSON array (server/discover and the -32022 error).
void write_supported_revisions(JsonWriter& writer);

// True when the MCP-Protocol-Version header names a stateless revision: a GET or DELETE saying so
// is refused with 405, since that revision has no session or event stream for them to address.
bool declares_stateless_revision(const server::HttpRequest& request);

// The message of the 405 (with Allow: POST) such a GET or DELETE gets.
std::string stateless_method_refusal(std::string_view method);

// Checks a stateless request: header and _meta name the same supported stateless revision,
// Mcp-Method (and Mcp-Name for tools/call) match the body, the required _meta fields are there.
// Returns the refusal to send, or nothing after filling `declared`. Notifications need only agree
// where they declare something (the revision defines no header rules for them).
std::optional<server::HttpResponse> check_declaration(const server::HttpRequest& request, const Message& message, StatelessRequest& declared);

} // namespace uap::mcp

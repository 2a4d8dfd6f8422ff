// A client for the MCP tests over real HTTP on 127.0.0.1: one request with the MCP token and both
// Accept types, its status, headers and body (an event stream is read until the server ends it).
#pragma once

#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/StreamCopier.h>

#include <rapidjson/document.h>

#include <cstdint>
#include <map>
#include <string>

namespace uap::mcp::testing {

using Headers = std::map<std::string, std::string>;

struct Reply {
    int status = 0;
    Headers headers;
    rapidjson::Document json;
    std::string text; // The body as it came.
    int error_code() const { return json.IsObject() && json.HasMember("error") ? json["error"]["code"].GetInt() : 0; }
};

// A request to /mcp as a client sends it: the token, JSON, both Accept types, then headers.
inline Poco::Net::HTTPRequest request_to_mcp(uint16_t port, const std::string& token, const std::string& method, const std::string& body,
                                             const Headers& headers) {
    Poco::Net::HTTPRequest request(method, "/mcp", Poco::Net::HTTPMessage::HTTP_1_1);
    request.setHost("127.0.0.1", port);
    request.set("Authorization", "Bearer " + token);
    request.set("Accept", "application/json, text/event-stream");
    request.setContentType("application/json");
    for (auto& [name, value] : headers)
        request.set(name, value);
    request.setContentLength(static_cast<std::streamsize>(body.size()));
    return request;
}

// Sends the request and returns the whole body; fills reply's status and headers.
inline std::string send_for_text(uint16_t port, const std::string& token, const std::string& method, const std::string& body,
                                 const Headers& headers, Reply& reply, int timeout_seconds = 5) {
    Poco::Net::HTTPClientSession client("127.0.0.1", port);
    client.setTimeout(Poco::Timespan(timeout_seconds, 0));
    Poco::Net::HTTPRequest request = request_to_mcp(port, token, method, body, headers);
    client.sendRequest(request) << body;
    Poco::Net::HTTPResponse response;
    std::string text;
    Poco::StreamCopier::copyToString(client.receiveResponse(response), text);
    reply.status = response.getStatus();
    for (auto& [name, value] : response)
        reply.headers[name] = value;
    return text;
}

// The same, with the body parsed as JSON.
inline Reply send_json(uint16_t port, const std::string& token, const std::string& method, const std::string& body, const Headers& headers,
                       int timeout_seconds = 5) {
    Reply reply;
    reply.text = send_for_text(port, token, method, body, headers, reply, timeout_seconds);
    reply.json.Parse(reply.text.c_str());
    return reply;
}

} // namespace uap::mcp::testing

// Small builders of the endpoint's HTTP answers, shared by the session and the stateless paths.
#pragma once

#include "server/http_exchange.hpp"

#include <rapidjson/document.h>

#include <string>
#include <string_view>

namespace uap::mcp {

server::HttpResponse json_response(int status, std::string body);
server::HttpResponse error_response(int status, const rapidjson::Value* id, int code, std::string_view message);
// 202 with no body: what a notification or a client's response gets.
server::HttpResponse accepted();

// One Server-Sent Event carrying a JSON-RPC message (the JSON writer never emits a newline).
std::string event_stream_message(const std::string& json_text);

// Client-controlled text as it may appear in a log line or an error message: printable ASCII, bounded.
std::string loggable(std::string_view text);

bool contains_ignoring_case(std::string_view haystack, std::string_view needle);

} // namespace uap::mcp

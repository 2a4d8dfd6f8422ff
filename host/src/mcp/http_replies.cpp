// Small builders of the endpoint's HTTP answers.
#include "mcp/http_replies.hpp"

#include "mcp/json_rpc.hpp"

namespace uap::mcp {

server::HttpResponse json_response(int status, std::string body) {
    server::HttpResponse response;
    response.status = status;
    response.content_type = "application/json";
    response.body = std::move(body);
    return response;
}

server::HttpResponse error_response(int status, const rapidjson::Value* id, int code, std::string_view message) {
    return json_response(status, error_text(id, code, message));
}

server::HttpResponse accepted() {
    server::HttpResponse response;
    response.status = 202;
    return response;
}

std::string event_stream_message(const std::string& json_text) { return "event: message\ndata: " + json_text + "\n\n"; }

std::string loggable(std::string_view text) {
    std::string safe;
    for (char character : text.substr(0, 80))
        safe += (character >= 0x20 && character < 0x7f) ? character : '?';
    return safe;
}

bool contains_ignoring_case(std::string_view haystack, std::string_view needle) {
    if (needle.size() > haystack.size())
        return false;
    for (size_t start = 0; start + needle.size() <= haystack.size(); ++start)
        if (server::equal_ignoring_case(haystack.substr(start, needle.size()), needle))
            return true;
    return false;
}

} // namespace uap::mcp

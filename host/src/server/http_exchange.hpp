// Plain HTTP request and response values that every route handler works on, so the security
// layer and the MCP core can run without sockets (unit tests and the fuzzer drive them directly).
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace uap::server {

// Header names are compared case-insensitively; the first occurrence wins.
class HeaderList {
public:
    void add(std::string name, std::string value) { m_fields.emplace_back(std::move(name), std::move(value)); }
    const std::string* find(std::string_view name) const;
    size_t count(std::string_view name) const;
    const std::vector<std::pair<std::string, std::string>>& fields() const { return m_fields; }

private:
    std::vector<std::pair<std::string, std::string>> m_fields;
};

struct HttpRequest {
    std::string method;
    std::string path;  // Without the query string.
    std::string query; // After '?', undecoded; empty when absent.
    HeaderList headers;
    std::string body;
    // True once the client has closed its connection; empty when unknown. Callable from any thread
    // while the request is being handled.
    std::function<bool()> peer_gone;
};

// Sends one piece of a streamed body at once; false once the client is gone.
using BodyWriter = std::function<bool(std::string_view piece)>;

struct HttpResponse {
    int status = 200;
    std::string content_type; // Empty: no body.
    HeaderList headers;
    std::string body;
    // Set for a body produced while it is sent (Server-Sent Events): after the head, the server
    // calls stream with a writer; body is ignored.
    std::function<void(const BodyWriter& write)> stream;
};

bool equal_ignoring_case(std::string_view left, std::string_view right);

} // namespace uap::server

// Body cap, DNS-rebinding defence (Host and Origin) and bearer authentication.
#include "server/request_guard.hpp"

#include <charconv>

namespace uap::server {

RequestGuard::RequestGuard(const AccessTokens& tokens, size_t max_body_bytes) : m_tokens(tokens), m_max_body_bytes(max_body_bytes) {}

bool RequestGuard::is_loopback_authority(std::string_view authority) const {
    size_t colon = authority.rfind(':');
    if (colon == std::string_view::npos || colon + 1 >= authority.size())
        return false;
    std::string_view name = authority.substr(0, colon);
    std::string_view port_text = authority.substr(colon + 1);
    unsigned port = 0;
    auto [end, error] = std::from_chars(port_text.data(), port_text.data() + port_text.size(), port);
    if (error != std::errc() || end != port_text.data() + port_text.size() || port != m_port.load())
        return false;
    return equal_ignoring_case(name, "localhost") || name == "127.0.0.1" || name == "[::1]";
}

std::optional<Rejection> RequestGuard::check_size(size_t body_bytes) const {
    if (body_bytes > m_max_body_bytes)
        return Rejection{413, "request body exceeds " + std::to_string(m_max_body_bytes) + " bytes"};
    return std::nullopt;
}

std::optional<Rejection> RequestGuard::check_host(const HeaderList& headers) const {
    const std::string* host = headers.find("Host");
    if (!host || headers.count("Host") != 1 || !is_loopback_authority(*host))
        return Rejection{403, "Host header must name this loopback server (localhost, 127.0.0.1 or [::1] with port " +
                                  std::to_string(m_port.load()) + ")"};
    return std::nullopt;
}

std::optional<Rejection> RequestGuard::check_origin(const HeaderList& headers) const {
    const std::string* origin = headers.find("Origin");
    if (!origin)
        return std::nullopt; // Non-browser clients send none; browsers always do.
    constexpr std::string_view scheme = "http://";
    bool valid = headers.count("Origin") == 1 && origin->size() > scheme.size() &&
                 equal_ignoring_case(std::string_view(*origin).substr(0, scheme.size()), scheme) &&
                 is_loopback_authority(std::string_view(*origin).substr(scheme.size()));
    if (!valid)
        return Rejection{403, "Origin is not this loopback server"};
    return std::nullopt;
}

std::optional<Rejection> RequestGuard::check_token(const HeaderList& headers, Role role) const {
    const std::string* authorization = headers.find("Authorization");
    if (authorization && headers.count("Authorization") == 1)
        if (auto credential = bearer_credential(*authorization); credential && m_tokens.accepts(role, *credential))
            return std::nullopt;
    // check_origin has already refused any Origin but this server's; a browser always sends one.
    const CookieCheck& cookie_check = m_cookie_checks[static_cast<size_t>(role)];
    if (cookie_check && headers.find("Origin") && !check_origin(headers) && cookie_check(headers))
        return std::nullopt;
    if (role == Role::Panel)
        return Rejection{401, "a valid panel token (Authorization: Bearer, from tokens/panel.token) or a browser session is required; "
                              "browsers sign in through the one-time link of `uap-host open --project DIR`"};
    return Rejection{401, "a valid bearer token for the " + to_string(role) + " role is required (see `uap-host mcp-config`)"};
}

std::optional<Rejection> RequestGuard::check_loopback(const HeaderList& headers, size_t body_bytes) const {
    if (auto rejection = check_size(body_bytes))
        return rejection;
    if (auto rejection = check_host(headers))
        return rejection;
    return check_origin(headers);
}

std::optional<Rejection> RequestGuard::check_all(const HeaderList& headers, size_t body_bytes, Role role) const {
    if (auto rejection = check_loopback(headers, body_bytes))
        return rejection;
    return check_token(headers, role);
}

} // namespace uap::server

// The security layer every route shares: body cap (413), Host and Origin each checked against the
// loopback names and the server's actual port (403), and the role's bearer token (401).
#pragma once

#include "server/access_tokens.hpp"
#include "server/http_exchange.hpp"

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace uap::server {

inline constexpr size_t default_max_body_bytes = 4 * 1024 * 1024;

// Why a request was turned away before it reached its route.
struct Rejection {
    int status;
    std::string reason; // Safe to show and log: never contains a credential.
};

// A second way into a role for browsers, which cannot set an Authorization header on a WebSocket:
// true when the request's cookie is a live session of that role. It is consulted only when the
// request carries an Origin (a browser's) that passed the loopback Origin check.
using CookieCheck = std::function<bool(const HeaderList& headers)>;

class RequestGuard {
public:
    RequestGuard(const AccessTokens& tokens, size_t max_body_bytes);

    // The port the server actually listens on; Host and Origin must name it.
    void set_port(uint16_t port) { m_port.store(port); }
    uint16_t port() const { return m_port.load(); }
    size_t max_body_bytes() const { return m_max_body_bytes; }

    // Checks run in this order; the first failure wins. `body_bytes` is the declared or read size.
    std::optional<Rejection> check_size(size_t body_bytes) const;
    std::optional<Rejection> check_host(const HeaderList& headers) const;
    std::optional<Rejection> check_origin(const HeaderList& headers) const;
    std::optional<Rejection> check_token(const HeaderList& headers, Role role) const;
    std::optional<Rejection> check_all(const HeaderList& headers, size_t body_bytes, Role role) const;
    // Size, Host and Origin only: for routes anyone on this machine's loopback may reach.
    std::optional<Rejection> check_loopback(const HeaderList& headers, size_t body_bytes) const;

    // Set before the server starts; the checks read it without a lock.
    void set_cookie_check(Role role, CookieCheck check) { m_cookie_checks[static_cast<size_t>(role)] = std::move(check); }

    // "localhost:N", "127.0.0.1:N" or "[::1]:N" with N the actual port (case-insensitive name).
    bool is_loopback_authority(std::string_view authority) const;

private:
    const AccessTokens& m_tokens;
    size_t m_max_body_bytes;
    std::atomic<uint16_t> m_port{0};
    std::array<CookieCheck, all_roles.size()> m_cookie_checks;
};

} // namespace uap::server

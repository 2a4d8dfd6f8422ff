// The route table: path → (role, handler). Every request passes the shared RequestGuard before
// its handler runs; the whole pipeline is a function from HttpRequest to HttpResponse.
#pragma once

#include "server/request_guard.hpp"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace uap::server {

using ExchangeHandler = std::function<HttpResponse(const HttpRequest&)>;
// Formats a guard rejection in the route's own dialect (e.g. a JSON-RPC error for /mcp).
using RejectionWriter = std::function<HttpResponse(const Rejection&)>;

// Who may reach a route once the size, Host and Origin checks passed.
enum class Access {
    RoleToken, // The role's bearer token (or a credential the guard accepts for that role).
    Anyone,    // No credential: public files and the browser sign-in exchange.
};

// Exact: the path alone. Prefix: the path and everything below it (a folder of files).
enum class PathMatch { Exact, Prefix };

struct Route {
    std::string path;
    Role role;
    ExchangeHandler handle;
    RejectionWriter reject; // Optional: plain text when empty.
    Access access = Access::RoleToken;
    PathMatch match = PathMatch::Exact;
};

HttpResponse plain_rejection(const Rejection& rejection);

class Router {
public:
    explicit Router(const RequestGuard& guard) : m_guard(guard) {}

    void add(Route route) { m_routes.push_back(std::move(route)); }
    // An exact route first, then the longest prefix route.
    const Route* find(std::string_view path) const;
    const RequestGuard& guard() const { return m_guard; }

    // Route lookup (404), guard checks (413, 403, 401), then the route's handler.
    HttpResponse handle(const HttpRequest& request) const;
    HttpResponse reject(const Route* route, const Rejection& rejection) const;

private:
    const RequestGuard& m_guard;
    std::vector<Route> m_routes;
};

} // namespace uap::server

// Route lookup and the guarded request pipeline.
#include "server/router.hpp"

namespace uap::server {

HttpResponse plain_rejection(const Rejection& rejection) {
    HttpResponse response;
    response.status = rejection.status;
    response.content_type = "text/plain; charset=utf-8";
    response.body = rejection.reason + "\n";
    if (rejection.status == 401)
        response.headers.add("WWW-Authenticate", "Bearer");
    return response;
}

const Route* Router::find(std::string_view path) const {
    for (auto& route : m_routes)
        if (route.match == PathMatch::Exact && route.path == path)
            return &route;
    const Route* longest = nullptr;
    for (auto& route : m_routes)
        if (route.match == PathMatch::Prefix && path.substr(0, route.path.size()) == route.path &&
            (!longest || route.path.size() > longest->path.size()))
            longest = &route;
    return longest;
}

HttpResponse Router::reject(const Route* route, const Rejection& rejection) const {
    HttpResponse response = route && route->reject ? route->reject(rejection) : plain_rejection(rejection);
    if (rejection.status == 401 && !response.headers.find("WWW-Authenticate"))
        response.headers.add("WWW-Authenticate", "Bearer");
    return response;
}

HttpResponse Router::handle(const HttpRequest& request) const {
    const Route* route = find(request.path);
    if (!route)
        return reject(nullptr, Rejection{404, "no route for this path"});
    if (route->access == Access::Anyone) {
        if (auto rejection = m_guard.check_loopback(request.headers, request.body.size()))
            return reject(route, *rejection);
    } else if (auto rejection = m_guard.check_all(request.headers, request.body.size(), route->role)) {
        return reject(route, *rejection);
    }
    return route->handle(request);
}

} // namespace uap::server

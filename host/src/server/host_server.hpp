// The host's one HTTP server (Poco::Net::HTTPServer) on 127.0.0.1. It turns Poco requests into
// HttpRequest values for the Router, and hands upgrade routes (WebSockets) the raw Poco objects
// after the same guard checks.
#pragma once

#include "server/router.hpp"
#include "support/expected.hpp"

#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPServer.h>
#include <Poco/ThreadPool.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace uap::server {

// A route that takes over the connection (e.g. a WebSocket). Its handler runs after the Host,
// Origin and token checks of its role.
struct UpgradeRoute {
    std::string path;
    Role role;
    std::function<Poco::Net::HTTPRequestHandler*()> create_handler;
    std::string method; // Only requests of this method (e.g. "GET" for an event stream); empty: any.
};

struct ServerOptions {
    uint16_t port = 0;      // 0: a free port chosen by the system.
    int max_threads = 64;   // Concurrent connections served.
    int timeout_seconds = 10;           // Per read/write on a connection (bounds slow headers and bodies).
    int keep_alive_timeout_seconds = 30;
};

class HostServer {
public:
    HostServer(RequestGuard& guard, const Router& router, ServerOptions options);
    ~HostServer();

    void add_upgrade_route(UpgradeRoute route) { m_upgrade_routes.push_back(std::move(route)); }

    // Binds 127.0.0.1 and starts serving; returns the actual port (also given to the guard).
    Expected<uint16_t> start();
    void stop();

private:
    class HandlerFactory;

    RequestGuard& m_guard;
    const Router& m_router;
    ServerOptions m_options;
    std::vector<UpgradeRoute> m_upgrade_routes;
    std::unique_ptr<Poco::ThreadPool> m_pool;
    std::unique_ptr<Poco::Net::HTTPServer> m_server;
};

} // namespace uap::server

// The host's one HTTP server on 127.0.0.1 (a ConnectionLobby that accepts, Poco's dispatcher and
// HTTP connection on a worker pool, watched by a ConnectionWatch). It turns Poco requests into
// HttpRequest values for the Router, and hands upgrade routes (WebSockets) to threads of their own.
#pragma once

#include "server/connection_lobby.hpp"
#include "server/connection_watch.hpp"
#include "server/role_slots.hpp"
#include "server/router.hpp"
#include "server/server_limits.hpp"
#include "server/upgraded_sockets.hpp"
#include "support/expected.hpp"

#include <Poco/AutoPtr.h>
#include <Poco/Net/TCPServerDispatcher.h>
#include <Poco/Net/WebSocket.h>
#include <Poco/ThreadPool.h>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace uap::server {

// A route that takes over the connection as a WebSocket. `admit` (optional) may refuse a request
// that passed the role's Host, Origin and token checks; `serve` runs on the socket's own thread
// until the connection ends.
struct UpgradeRoute {
    std::string path;
    Role role;
    std::function<void(Poco::Net::WebSocket&)> serve;
    std::function<std::optional<Rejection>(const HeaderList&)> admit;
    // Instead of a WebSocket: a long-lived response (an event stream) written on the worker thread
    // that received the request, which it holds until the stream ends.
    std::function<void(Poco::Net::HTTPServerRequest&, Poco::Net::HTTPServerResponse&)> stream;
    std::string method; // Only requests of this method (e.g. "GET" for an event stream); empty: any.
};

struct ServerOptions {
    uint16_t port = 0; // 0: a free port chosen by the system.
    ServerLimits limits;
};

class HostServer {
public:
    HostServer(RequestGuard& guard, const Router& router, ServerOptions options);
    ~HostServer();

    void add_upgrade_route(UpgradeRoute route) { m_upgrade_routes.push_back(std::move(route)); }

    // Binds 127.0.0.1 and starts serving; returns the actual port (also given to the guard).
    Expected<uint16_t> start();
    void stop();

    const ConnectionWatch& watch() const { return *m_watch; }
    const RoleSlots& slots() const { return m_slots; }

private:
    class HandlerFactory;
    class WatchedConnectionFactory;

    RequestGuard& m_guard;
    const Router& m_router;
    ServerOptions m_options;
    std::vector<UpgradeRoute> m_upgrade_routes;
    RoleSlots m_slots;
    UpgradedSockets m_upgraded;
    std::unique_ptr<ConnectionWatch> m_watch;
    std::unique_ptr<Poco::ThreadPool> m_pool;
    // Poco's queue of connections for the worker pool, fed by the lobby (Poco's TCPServer would
    // give a worker to every accepted connection, silent or not).
    Poco::AutoPtr<Poco::Net::TCPServerDispatcher> m_dispatcher;
    std::unique_ptr<ConnectionLobby> m_lobby;
};

} // namespace uap::server

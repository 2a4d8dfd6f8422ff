// Poco adapter: request conversion, bounded body reads, response writing, the watched connections,
// the lobby that accepts and the dispatcher that feeds the worker pool.
#include "server/host_server.hpp"

#include "server/body_framing.hpp"
#include "server/http_connection.hpp"
#include "support/log.hpp"

#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPRequestHandlerFactory.h>
#include <Poco/Net/HTTPServerParams.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerRequestImpl.h>
#include <Poco/Net/HTTPServerResponse.h>
#include <Poco/Net/NetException.h>
#include <Poco/Net/ServerSocket.h>
#include <Poco/Net/TCPServerConnectionFactory.h>

#include <algorithm>
#include <limits>

namespace uap::server {

namespace {

// Whether bytes of the request's body may still arrive once its head is read.
enum class BodyAfterHead { Nothing, MayFollow };

// True once the peer closed the connection: a peek reads end-of-file (or the socket failed).
// Pipelined bytes of a next request read as "still there".
// Readable with nothing to read is end-of-file (or an error), on every platform Poco supports.
bool peer_closed(Poco::Net::StreamSocket& socket) {
    try {
        if (!socket.poll(Poco::Timespan(0), Poco::Net::Socket::SELECT_READ))
            return false;
        return socket.available() <= 0;
    } catch (const Poco::Exception&) {
        return true;
    }
}

HttpRequest convert_head(const Poco::Net::HTTPServerRequest& request) {
    HttpRequest plain;
    plain.method = request.getMethod();
    const std::string& target = request.getURI();
    size_t question = target.find('?');
    plain.path = target.substr(0, question);
    if (question != std::string::npos)
        plain.query = target.substr(question + 1);
    for (auto& [name, value] : request)
        plain.headers.add(name, value);
    return plain;
}

void send(Poco::Net::HTTPServerResponse& response, const HttpResponse& plain) {
    response.setStatusAndReason(static_cast<Poco::Net::HTTPResponse::HTTPStatus>(plain.status));
    for (auto& [name, value] : plain.headers.fields())
        response.set(name, value);
    if (!plain.content_type.empty())
        response.setContentType(plain.content_type);
    if (plain.stream) {
        response.setChunkedTransferEncoding(true);
        std::ostream& out = response.send();
        plain.stream([&out](std::string_view piece) {
            out.write(piece.data(), static_cast<std::streamsize>(piece.size()));
            out.flush();
            return out.good();
        });
        return;
    }
    response.setContentLength(static_cast<std::streamsize>(plain.body.size()));
    // Flushed here, not when Poco destroys the response: a refusal half-closes the socket next.
    std::ostream& stream = response.send();
    stream.write(plain.body.data(), static_cast<std::streamsize>(plain.body.size()));
    stream.flush();
}

// Reads at most limit + 1 bytes, so an undeclared (chunked) body over the cap is detected.
std::string read_bounded(std::istream& stream, size_t limit) {
    std::string body;
    char chunk[16384];
    while (body.size() <= limit && stream) {
        stream.read(chunk, static_cast<std::streamsize>(std::min(sizeof(chunk), limit + 1 - body.size())));
        body.append(chunk, static_cast<size_t>(stream.gcount()));
        if (stream.gcount() == 0)
            break;
    }
    return body;
}

class GuardedRequestHandler final : public Poco::Net::HTTPRequestHandler {
public:
    GuardedRequestHandler(const RequestGuard& guard, const Router& router, const std::vector<UpgradeRoute>& upgrades,
                          RoleSlots& slots, UpgradedSockets& upgraded, ConnectionWatch& watch, const ServerLimits& limits)
        : m_guard(guard), m_router(router), m_upgrades(upgrades), m_slots(slots), m_upgraded(upgraded), m_watch(watch),
          m_limits(limits) {}

    void handleRequest(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response) override {
        ConnectionWatch::Connection* connection = ConnectionWatch::current();
        HttpRequest plain = convert_head(request);
        if (auto* with_socket = dynamic_cast<Poco::Net::HTTPServerRequestImpl*>(&request))
            plain.peer_gone = [socket = with_socket->socket()]() mutable { return peer_closed(socket); };
        const Route* route = m_router.find(plain.path);
        // A head that does not say where its body ends is refused before anything else: waiting
        // for such a body would last until the request deadline.
        auto framing = read_body_framing(plain.method, plain.headers);
        if (auto* unframed = std::get_if<Rejection>(&framing)) {
            if (connection)
                m_watch.request_arrived(*connection, Standing::Anonymous);
            return refuse(request, response, route, *unframed, BodyAfterHead::MayFollow, connection);
        }
        const BodyFraming& body = std::get<BodyFraming>(framing);
        for (auto& upgrade : m_upgrades)
            if (upgrade.path == plain.path && (upgrade.method.empty() || upgrade.method == plain.method))
                return serve_upgrade(upgrade, plain, request, response, connection);
        Standing standing = route && !m_guard.check_token(plain.headers, route->role) ? Standing::Authenticated : Standing::Anonymous;
        if (connection)
            m_watch.request_arrived(*connection, standing);
        // Refusals that the head alone decides are sent before any of the body is read.
        std::optional<Rejection> refusal;
        if (!route)
            refusal = Rejection{404, "no route for this path"};
        else if (body.kind == BodyFraming::Kind::Length)
            refusal = m_guard.check_size(static_cast<size_t>(std::min<uint64_t>(body.length, std::numeric_limits<size_t>::max())));
        if (!refusal && route)
            refusal = route->access == Access::Anyone ? m_guard.check_loopback(plain.headers, 0)
                                                      : m_guard.check_all(plain.headers, 0, route->role);
        auto after_head = body.body_follows() ? BodyAfterHead::MayFollow : BodyAfterHead::Nothing;
        if (refusal)
            return refuse(request, response, route, *refusal, after_head, connection);
        plain.body = read_bounded(request.stream(), m_guard.max_body_bytes());
        if (connection && m_watch.closed(*connection))
            return; // The request overran its deadline; the socket is already shut down.
        if (auto oversize = m_guard.check_size(plain.body.size()))
            return refuse(request, response, route, *oversize, after_head, connection);
        if (connection)
            m_watch.request_read(*connection);
        std::optional<RoleSlots::Slot> slot;
        if (route->role == Role::Mcp) {
            slot = m_slots.try_acquire(Role::Mcp);
            if (!slot) {
                send(response, m_router.reject(route, m_slots.refusal(Role::Mcp)));
                return finished(connection);
            }
        }
        send(response, m_router.handle(plain));
        finished(connection);
    }

private:
    // Sends the refusal and closes the connection; when the client may still be sending a body,
    // first lets it finish (bounded), so it reads the status instead of a connection reset.
    void refuse(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response, const Route* route,
                const Rejection& rejection, BodyAfterHead after_head, ConnectionWatch::Connection* connection) {
        if (connection)
            m_watch.request_read(*connection); // The drain below has bounds of its own.
        if (after_head == BodyAfterHead::Nothing) {
            send(response, m_router.reject(route, rejection));
            return finished(connection); // Nothing unread: the connection stays usable.
        }
        response.setKeepAlive(false);
        send(response, m_router.reject(route, rejection));
        drain_after_refusal(static_cast<Poco::Net::HTTPServerRequestImpl&>(request).socket(), m_limits);
    }

    void finished(ConnectionWatch::Connection* connection) {
        if (connection)
            m_watch.response_sent(*connection);
    }

    void serve_upgrade(const UpgradeRoute& upgrade, const HttpRequest& plain, Poco::Net::HTTPServerRequest& request,
                       Poco::Net::HTTPServerResponse& response, ConnectionWatch::Connection* connection) {
        std::optional<Rejection> rejection = m_guard.check_all(plain.headers, 0, upgrade.role);
        if (!rejection && upgrade.admit)
            rejection = upgrade.admit(plain.headers);
        std::optional<RoleSlots::Slot> slot;
        if (!rejection) {
            slot = m_slots.try_acquire(upgrade.role);
            if (!slot)
                rejection = m_slots.refusal(upgrade.role);
        }
        if (rejection) {
            log::server.warn("refused a {} upgrade: {}", upgrade.path, rejection->reason);
            response.setKeepAlive(false);
            return send(response, m_router.reject(nullptr, *rejection));
        }
        if (connection)
            m_watch.upgraded(*connection);
        if (upgrade.stream) {
            upgrade.stream(request, response);
            return;
        }
        try {
            Poco::Net::WebSocket socket(request, response);
            m_upgraded.launch(socket, std::move(*slot), upgrade.serve);
        } catch (const Poco::Exception& exception) {
            log::server.warn("{} WebSocket handshake failed: {}", upgrade.path, exception.displayText());
            if (!response.sent()) {
                response.setKeepAlive(false);
                send(response, m_router.reject(nullptr, Rejection{400, "the WebSocket handshake failed: " + exception.displayText()}));
            }
        }
    }

    const RequestGuard& m_guard;
    const Router& m_router;
    const std::vector<UpgradeRoute>& m_upgrades;
    RoleSlots& m_slots;
    UpgradedSockets& m_upgraded;
    ConnectionWatch& m_watch;
    const ServerLimits& m_limits;
};

// Poco's HTTP connection, registered with the watch for its whole life.
class WatchedConnection final : public Poco::Net::TCPServerConnection {
public:
    WatchedConnection(const Poco::Net::StreamSocket& socket, Poco::Net::HTTPServerParams::Ptr params,
                      Poco::Net::HTTPRequestHandlerFactory::Ptr handlers, ConnectionWatch& watch, const ServerLimits& limits)
        : TCPServerConnection(socket), m_params(std::move(params)), m_handlers(std::move(handlers)), m_watch(watch), m_limits(limits) {}

    void run() override {
        auto entry = m_watch.enter(socket());
        ConnectionWatch::set_current(entry.get());
        try {
            serve_http_connection(socket(), m_params, m_handlers, m_limits);
        } catch (const Poco::Exception& exception) {
            log::server.debug("connection ended: {}", exception.displayText());
        }
        ConnectionWatch::set_current(nullptr);
        m_watch.leave(entry);
    }

private:
    Poco::Net::HTTPServerParams::Ptr m_params;
    Poco::Net::HTTPRequestHandlerFactory::Ptr m_handlers;
    ConnectionWatch& m_watch;
    const ServerLimits& m_limits;
};

} // namespace

class HostServer::HandlerFactory final : public Poco::Net::HTTPRequestHandlerFactory {
public:
    explicit HandlerFactory(HostServer& server) : m_server(server) {}
    Poco::Net::HTTPRequestHandler* createRequestHandler(const Poco::Net::HTTPServerRequest&) override {
        return new GuardedRequestHandler(m_server.m_guard, m_server.m_router, m_server.m_upgrade_routes, m_server.m_slots,
                                         m_server.m_upgraded, *m_server.m_watch, m_server.m_options.limits);
    }

private:
    HostServer& m_server;
};

class HostServer::WatchedConnectionFactory final : public Poco::Net::TCPServerConnectionFactory {
public:
    WatchedConnectionFactory(HostServer& server, Poco::Net::HTTPServerParams::Ptr params)
        : m_params(std::move(params)), m_handlers(new HandlerFactory(server)), m_watch(*server.m_watch), m_limits(server.m_options.limits) {}
    Poco::Net::TCPServerConnection* createConnection(const Poco::Net::StreamSocket& socket) override {
        return new WatchedConnection(socket, m_params, m_handlers, m_watch, m_limits);
    }

private:
    Poco::Net::HTTPServerParams::Ptr m_params;
    Poco::Net::HTTPRequestHandlerFactory::Ptr m_handlers;
    ConnectionWatch& m_watch;
    const ServerLimits& m_limits;
};

HostServer::HostServer(RequestGuard& guard, const Router& router, ServerOptions options)
    : m_guard(guard), m_router(router), m_options(options), m_slots(options.limits) {}

HostServer::~HostServer() { stop(); }

Expected<uint16_t> HostServer::start() {
    const ServerLimits& limits = m_options.limits;
    try {
        Poco::Net::ServerSocket socket;
        socket.bind(Poco::Net::SocketAddress("127.0.0.1", m_options.port), false);
        socket.listen(1024);
        uint16_t port = socket.address().port();
        m_guard.set_port(port);

        Poco::Net::HTTPServerParams::Ptr params = new Poco::Net::HTTPServerParams;
        params->setMaxThreads(limits.worker_threads);
        params->setMaxQueued(limits.max_queued_connections);
        params->setTimeout(Poco::Timespan(std::chrono::duration_cast<std::chrono::microseconds>(limits.socket_timeout).count()));
        params->setKeepAlive(true);
        params->setKeepAliveTimeout(Poco::Timespan(std::chrono::duration_cast<std::chrono::microseconds>(limits.keep_alive_idle).count()));
        params->setMaxKeepAliveRequests(0); // Unlimited on one connection.
        m_watch = std::make_unique<ConnectionWatch>(limits, [this] { return m_dispatcher ? m_dispatcher->queuedConnections() : 0; });
        m_pool = std::make_unique<Poco::ThreadPool>(2, limits.worker_threads + 2);
        m_dispatcher = new Poco::Net::TCPServerDispatcher(new WatchedConnectionFactory(*this, params), *m_pool, params);
        m_lobby = std::make_unique<ConnectionLobby>(socket, limits, [this](const Poco::Net::StreamSocket& connection,
                                                                           ConnectionLobby::Clock::time_point accepted) {
            // Refused here rather than in the dispatcher, which would drop it without a word.
            if (m_dispatcher->queuedConnections() >= m_options.limits.max_queued_connections)
                return;
            m_watch->handed_over(connection, accepted);
            m_dispatcher->enqueue(connection);
        });
        m_watch->start();
        m_lobby->start();
        return port;
    } catch (const Poco::Exception& exception) {
        return Error("cannot listen on 127.0.0.1:" + std::to_string(m_options.port) + ": " + exception.displayText() +
                     " (choose another --port, or 0 for any free port)");
    }
}

void HostServer::stop() {
    if (m_lobby)
        m_lobby->stop(); // No new connections; the silent ones are closed.
    if (m_watch)
        m_watch->stop(); // Wakes every worker blocked on a connection.
    if (m_dispatcher)
        m_dispatcher->stop(); // Drops the queue and ends the workers once their connections end.
    m_upgraded.stop();
    if (m_pool) {
        m_pool->joinAll();
        m_pool.reset();
    }
    m_lobby.reset();
    m_dispatcher.reset();
}

} // namespace uap::server

// Poco adapter: request conversion, bounded body reads, response writing, and the listener.
#include "server/host_server.hpp"

#include <Poco/Net/HTTPRequestHandlerFactory.h>
#include <Poco/Net/HTTPServerParams.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>
#include <Poco/Net/NetException.h>
#include <Poco/Net/ServerSocket.h>

#include <spdlog/spdlog.h>

namespace uap::server {

namespace {

HttpRequest convert_head(const Poco::Net::HTTPServerRequest& request) {
    HttpRequest plain;
    plain.method = request.getMethod();
    const std::string& target = request.getURI();
    plain.path = target.substr(0, target.find('?'));
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
    response.setContentLength(static_cast<std::streamsize>(plain.body.size()));
    response.sendBuffer(plain.body.data(), plain.body.size());
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
    GuardedRequestHandler(const RequestGuard& guard, const Router& router, const std::vector<UpgradeRoute>& upgrades)
        : m_guard(guard), m_router(router), m_upgrades(upgrades) {}

    void handleRequest(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response) override {
        HttpRequest plain = convert_head(request);
        for (auto& upgrade : m_upgrades) {
            if (upgrade.path != plain.path || (!upgrade.method.empty() && upgrade.method != plain.method))
                continue;
            if (auto rejection = m_guard.check_all(plain.headers, 0, upgrade.role)) {
                response.setKeepAlive(false);
                return send(response, m_router.reject(nullptr, *rejection));
            }
            std::unique_ptr<Poco::Net::HTTPRequestHandler> handler(upgrade.create_handler());
            return handler->handleRequest(request, response);
        }
        const Route* route = m_router.find(plain.path);
        auto declared = request.getContentLength64();
        if (declared != Poco::Net::HTTPMessage::UNKNOWN_CONTENT_LENGTH && declared > 0)
            if (auto rejection = m_guard.check_size(static_cast<size_t>(declared))) {
                response.setKeepAlive(false); // The unread body must not be parsed as the next request.
                return send(response, m_router.reject(route, *rejection));
            }
        plain.body = read_bounded(request.stream(), m_guard.max_body_bytes());
        if (plain.body.size() > m_guard.max_body_bytes())
            response.setKeepAlive(false);
        send(response, m_router.handle(plain));
    }

private:
    const RequestGuard& m_guard;
    const Router& m_router;
    const std::vector<UpgradeRoute>& m_upgrades;
};

} // namespace

class HostServer::HandlerFactory final : public Poco::Net::HTTPRequestHandlerFactory {
public:
    explicit HandlerFactory(HostServer& server) : m_server(server) {}
    Poco::Net::HTTPRequestHandler* createRequestHandler(const Poco::Net::HTTPServerRequest&) override {
        return new GuardedRequestHandler(m_server.m_guard, m_server.m_router, m_server.m_upgrade_routes);
    }

private:
    HostServer& m_server;
};

HostServer::HostServer(RequestGuard& guard, const Router& router, ServerOptions options)
    : m_guard(guard), m_router(router), m_options(options) {}

HostServer::~HostServer() { stop(); }

Expected<uint16_t> HostServer::start() {
    try {
        Poco::Net::ServerSocket socket;
        socket.bind(Poco::Net::SocketAddress("127.0.0.1", m_options.port), false);
        socket.listen(128);
        uint16_t port = socket.address().port();
        m_guard.set_port(port);

        auto* params = new Poco::Net::HTTPServerParams;
        params->setMaxThreads(m_options.max_threads);
        params->setMaxQueued(256);
        params->setTimeout(Poco::Timespan(m_options.timeout_seconds, 0));
        params->setKeepAlive(true);
        params->setKeepAliveTimeout(Poco::Timespan(m_options.keep_alive_timeout_seconds, 0));
        params->setMaxKeepAliveRequests(0); // Unlimited on one connection.
        m_pool = std::make_unique<Poco::ThreadPool>(2, m_options.max_threads + 2);
        m_server = std::make_unique<Poco::Net::HTTPServer>(new HandlerFactory(*this), *m_pool, socket, params);
        m_server->start();
        return port;
    } catch (const Poco::Exception& exception) {
        return Error("cannot listen on 127.0.0.1:" + std::to_string(m_options.port) + ": " + exception.displayText());
    }
}

void HostServer::stop() {
    if (m_server) {
        m_server->stopAll(true);
        m_server.reset();
    }
    if (m_pool) {
        m_pool->joinAll();
        m_pool.reset();
    }
}

} // namespace uap::server

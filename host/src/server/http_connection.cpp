// The request loop, Poco's HTTPServerSession, request and response objects, and the refusal of
// heads that cannot be parsed.
#include "server/http_connection.hpp"

#include "support/platform/readable_socket.hpp"

#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPServerRequestImpl.h>
#include <Poco/Net/HTTPServerResponseImpl.h>
#include <Poco/Net/HTTPServerSession.h>
#include <Poco/Net/NetException.h>
#include <Poco/Timestamp.h>

#include <chrono>
#include <memory>
#include <string>

namespace uap::server {

namespace {

// Poco's session waits for each request with Socket::poll (ReadableSocket says what that costs).
// This session waits through one ReadableSocket for the connection's life and otherwise follows
// HTTPServerSession's rules: the first request within the receive timeout, later ones within the
// keep-alive timeout, none after a response that ended keep-alive, and at most the parameters'
// number of requests (0: unlimited). Poco keeps its own count inside hasMoreRequests, so
// keeps_alive replaces canKeepAlive here.
class ConnectionSession : public Poco::Net::HTTPServerSession {
public:
    ConnectionSession(Poco::Net::StreamSocket& socket, Poco::Net::HTTPServerParams::Ptr params)
        : Poco::Net::HTTPServerSession(socket, params), m_keep_alive_timeout(params->getKeepAliveTimeout()),
          m_max_requests(params->getMaxKeepAliveRequests()), m_readable(socket) {}

    bool next_request_arrives() {
        if (!socket().impl()->initialized())
            return false;
        bool arrives = m_requests == 0 ? m_readable.within(getTimeout())
                                       : keeps_alive() && getKeepAlive() && (buffered() > 0 || m_readable.within(m_keep_alive_timeout));
        if (arrives)
            ++m_requests;
        return arrives;
    }

    // Whether the connection may serve another request after the current one.
    bool keeps_alive() const { return m_max_requests <= 0 || m_requests < m_max_requests; }

private:
    Poco::Timespan m_keep_alive_timeout;
    int m_max_requests;
    int m_requests = 0;
    ReadableSocket m_readable;
};

void refuse_unreadable_head(Poco::Net::HTTPServerSession& session, Poco::Net::StreamSocket& socket, const ServerLimits& limits,
                            const std::string& reason) {
    try {
        Poco::Net::HTTPServerResponseImpl response(session);
        response.setVersion(Poco::Net::HTTPMessage::HTTP_1_1);
        response.setStatusAndReason(Poco::Net::HTTPResponse::HTTP_BAD_REQUEST);
        response.setKeepAlive(false);
        std::string body = reason + "\n";
        response.setContentType("text/plain; charset=utf-8");
        response.setContentLength(static_cast<std::streamsize>(body.size()));
        std::ostream& stream = response.send();
        stream.write(body.data(), static_cast<std::streamsize>(body.size()));
        stream.flush();
        session.setKeepAlive(false);
    } catch (const Poco::Exception&) {
        return;
    }
    drain_after_refusal(socket, limits);
}

} // namespace

void drain_after_refusal(Poco::Net::StreamSocket& socket, const ServerLimits& limits) {
    try {
        socket.shutdownSend();
        auto deadline = std::chrono::steady_clock::now() + limits.refusal_drain_time;
        size_t drained = 0;
        char buffer[65536];
        while (drained < limits.refusal_drain_bytes) {
            auto left = std::chrono::duration_cast<std::chrono::microseconds>(deadline - std::chrono::steady_clock::now());
            if (left.count() <= 0 || !socket.poll(Poco::Timespan(left.count()), Poco::Net::Socket::SELECT_READ))
                break;
            int got = socket.receiveBytes(buffer, sizeof(buffer));
            if (got <= 0)
                break;
            drained += static_cast<size_t>(got);
        }
    } catch (const Poco::Exception&) {
    }
}

void serve_http_connection(const Poco::Net::StreamSocket& socket, Poco::Net::HTTPServerParams::Ptr params,
                           Poco::Net::HTTPRequestHandlerFactory::Ptr handlers, const ServerLimits& limits) {
    Poco::Net::StreamSocket connection(socket);
    ConnectionSession session(connection, params);
    while (session.next_request_arrives()) {
        try {
            Poco::Net::HTTPServerResponseImpl response(session);
            std::unique_ptr<Poco::Net::HTTPServerRequestImpl> request;
            try {
                request = std::make_unique<Poco::Net::HTTPServerRequestImpl>(response, session, params.get());
            } catch (const Poco::Net::NoMessageException&) {
                break; // The client closed between requests.
            } catch (const Poco::SyntaxException&) {
                // Poco reads Content-Length as a number while it builds the request.
                return refuse_unreadable_head(session, connection, limits,
                                              "the request's Content-Length is not one non-negative whole number, so where its body "
                                              "ends is unknown; send Content-Length: N with N the body's size in bytes");
            } catch (const Poco::Net::MessageException& exception) {
                return refuse_unreadable_head(session, connection, limits,
                                              "the request's head could not be read (" + exception.message() +
                                                  "); send an HTTP/1.1 request line and headers, each ending in CRLF");
            }
            response.setDate(Poco::Timestamp());
            response.setVersion(request->getVersion());
            response.setKeepAlive(params->getKeepAlive() && request->getKeepAlive() && session.keeps_alive());
            std::unique_ptr<Poco::Net::HTTPRequestHandler> handler(handlers->createRequestHandler(*request));
            if (request->getExpectContinue() && response.getStatus() == Poco::Net::HTTPResponse::HTTP_OK)
                response.sendContinue();
            try {
                handler->handleRequest(*request, response);
            } catch (const Poco::Exception&) {
                if (!response.sent()) {
                    response.setStatusAndReason(Poco::Net::HTTPResponse::HTTP_INTERNAL_SERVER_ERROR);
                    response.setKeepAlive(false);
                    response.setContentLength(0);
                    response.send();
                }
                throw;
            }
            session.setKeepAlive(params->getKeepAlive() && response.getKeepAlive() && session.keeps_alive());
        } catch (const Poco::Exception&) {
            if (session.networkException())
                session.networkException()->rethrow();
            throw;
        }
    }
}

} // namespace uap::server

// The request loop, Poco's HTTPServerSession, request and response objects, and the refusal of
// heads that cannot be parsed.
#include "server/http_connection.hpp"

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
    Poco::Net::HTTPServerSession session(connection, params);
    while (session.hasMoreRequests()) {
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
            response.setKeepAlive(params->getKeepAlive() && request->getKeepAlive() && session.canKeepAlive());
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
            session.setKeepAlive(params->getKeepAlive() && response.getKeepAlive() && session.canKeepAlive());
        } catch (const Poco::Exception&) {
            if (session.networkException())
                session.networkException()->rethrow();
            throw;
        }
    }
}

} // namespace uap::server

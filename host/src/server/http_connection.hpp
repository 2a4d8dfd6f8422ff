// The HTTP/1.1 request loop of one connection: Poco's HTTPServerConnection::run, except that a
// head Poco cannot parse (a Content-Length that is not a number, a malformed request line or
// header) gets a 400 that says what was refused and what to send, instead of no answer at all.
#pragma once

#include "server/server_limits.hpp"

#include <Poco/Net/HTTPRequestHandlerFactory.h>
#include <Poco/Net/HTTPServerParams.h>
#include <Poco/Net/StreamSocket.h>

namespace uap::server {

// Serves requests on `socket` until the client or the keep-alive rules end the connection.
void serve_http_connection(const Poco::Net::StreamSocket& socket, Poco::Net::HTTPServerParams::Ptr params,
                           Poco::Net::HTTPRequestHandlerFactory::Ptr handlers, const ServerLimits& limits);

// After a refusal: half-closes, then reads and discards what the client still sends, within the
// limits' byte and time bounds. Closing with unread bytes would make the kernel reset the
// connection, and a reset can destroy the response before the client reads it.
void drain_after_refusal(Poco::Net::StreamSocket& socket, const ServerLimits& limits);

} // namespace uap::server

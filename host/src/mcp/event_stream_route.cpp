// The event stream handler: checks the session, then writes queued notifications as SSE events.
#include "mcp/event_stream_route.hpp"

#include "mcp/json_rpc.hpp"
#include "mcp/request_declaration.hpp"
#include "support/log.hpp"

#include <Poco/Exception.h>
#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>

namespace uap::mcp {

namespace {

void refuse(Poco::Net::HTTPServerResponse& response, int status, int code, const std::string& message) {
    std::string body = error_text(nullptr, code, message);
    response.setStatusAndReason(static_cast<Poco::Net::HTTPResponse::HTTPStatus>(status));
    response.setContentType("application/json");
    response.setContentLength(static_cast<std::streamsize>(body.size()));
    response.sendBuffer(body.data(), body.size());
}

class EventStreamHandler final : public Poco::Net::HTTPRequestHandler {
public:
    EventStreamHandler(NotificationHub& hub, SessionTable& sessions, std::chrono::milliseconds keep_alive)
        : m_hub(hub), m_sessions(sessions), m_keep_alive(keep_alive) {}

    void handleRequest(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response) override {
        const ProtocolRevision* revision = find_revision(request.get("MCP-Protocol-Version", ""));
        if (revision && revision->era == Era::Stateless) {
            response.set("Allow", "POST");
            return refuse(response, 405, InvalidRequest, stateless_method_refusal("GET"));
        }
        if (request.get("Accept", "").find("text/event-stream") == std::string::npos)
            return refuse(response, 406, InvalidRequest, "Not Acceptable: GET /mcp opens an event stream; send Accept: text/event-stream");
        if (!request.has("Mcp-Session-Id"))
            return refuse(response, 400, InvalidRequest, "Bad Request: GET /mcp needs the Mcp-Session-Id header (send initialize first)");
        std::string session = request.get("Mcp-Session-Id");
        if (!m_sessions.touch(session))
            return refuse(response, 404, SessionNotFound, "Session not found (it ended or expired); send initialize again");
        auto stream = m_hub.open(session);
        if (!stream)
            return refuse(response, 503, ServerError, "Service Unavailable: " + stream.error().message());
        log::mcp.info("GET event stream opened ({} open)", m_hub.open_streams());
        serve(response, *stream);
        m_hub.release(session, *stream);
        log::mcp.info("GET event stream closed ({} open)", m_hub.open_streams());
    }

private:
    void serve(Poco::Net::HTTPServerResponse& response, const std::shared_ptr<EventStream>& stream) {
        try {
            response.setStatus(Poco::Net::HTTPResponse::HTTP_OK);
            response.setContentType("text/event-stream");
            response.set("Cache-Control", "no-cache");
            response.setChunkedTransferEncoding(true);
            response.setKeepAlive(false);
            std::ostream& out = response.send();
            out << ": stream open\n\n" << std::flush;
            while (out) {
                auto message = stream->next(m_keep_alive);
                if (message)
                    out << "event: message\ndata: " << *message << "\n\n" << std::flush;
                else if (stream->closed())
                    break;
                else
                    out << ": keep-alive\n\n" << std::flush;
            }
        } catch (const Poco::Exception& exception) {
            log::mcp.debug("event stream ended: {}", exception.displayText());
        }
    }

    NotificationHub& m_hub;
    SessionTable& m_sessions;
    std::chrono::milliseconds m_keep_alive;
};

} // namespace

server::UpgradeRoute event_stream_route(NotificationHub& hub, SessionTable& sessions, std::chrono::milliseconds keep_alive) {
    server::UpgradeRoute route;
    route.path = "/mcp";
    route.role = server::Role::Mcp;
    route.method = "GET";
    route.stream = [&hub, &sessions, keep_alive](Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response) {
        EventStreamHandler(hub, sessions, keep_alive).handleRequest(request, response);
    };
    return route;
}

} // namespace uap::mcp

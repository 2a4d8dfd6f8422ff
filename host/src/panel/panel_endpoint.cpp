// PanelEndpoint: command parsing and the WebSocket connection loop.
#include "panel/panel_endpoint.hpp"

#include "panel/image_attachments.hpp"
#include "panel/permission_commands.hpp"
#include "panel/session_commands.hpp"

#include "support/json.hpp"
#include "support/log.hpp"

#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>
#include <Poco/Net/NetException.h>
#include <Poco/Net/WebSocket.h>

#include <mutex>
#include <thread>

namespace uap::panel {

namespace {

Expected<void> run_settings(const std::string& type, const rapidjson::Value& command, agent::AgentSession& session, ModuleCatalog* catalog,
                            rapidjson::Document& reply) {
    if (!catalog)
        return Error("this host serves no module settings (it runs without a module host)");
    if (type == "list_modules") {
        catalog->describe(reply);
        return {};
    }
    auto pack = json::string_field(command, "module_id");
    auto enabled = json::bool_field(command, "enabled");
    if (!pack || !enabled)
        return Error("set_module_enabled needs module_id (a pack id or toggle) and enabled (true or false)");
    auto saved = catalog->set_enabled(*pack, *enabled ? settings::Toggle::Enabled : settings::Toggle::Disabled, reply);
    if (!saved)
        return saved;
    // The CLI caches the tool list; reconnecting makes it list the tools again now.
    auto reconnected = session.reconnect_mcp();
    reply.AddMember("agent_reconnected", reconnected.has_value(), reply.GetAllocator());
    return {};
}

// A message with the attached chips ahead of it; the chips end only once the session took it. A
// slash command must stay the message's first characters, so the chips wait for the next message.
Expected<void> send_with_chips(const rapidjson::Value& command, agent::AgentSession& session, ContextChips& chips) {
    auto images = parse_images(command);
    if (!images)
        return images.error();
    std::string text = json::string_field(command, "text").value_or("");
    if (text.rfind('/', 0) == 0)
        return session.send(text, *images);
    auto sent = session.send(text, *images, chips.attached_text());
    if (sent)
        chips.message_sent();
    return sent;
}

// One front-end's WebSocket, served on its own thread until it closes. Everything sent to it
// (events, command results) goes through its outbox and its own writer thread.
class PanelConnection {
public:
    PanelConnection(PanelHub& hub, PanelEndpoint& endpoint, const PanelLimits& limits)
        : m_hub(hub), m_endpoint(endpoint), m_limits(limits) {}

    void serve(Poco::Net::WebSocket& socket) {
        socket.setMaxPayloadSize(max_command_bytes);
        socket.setSendTimeout(to_timespan(m_limits.send_timeout));
        // A frame's pieces may arrive slowly; they are assembled as long as no gap exceeds this.
        socket.setReceiveTimeout(to_timespan(m_limits.frame_gap_timeout));
        auto outbox = std::make_shared<PanelOutbox>(m_limits.outbox);
        std::thread writer([&] { write_loop(socket, *outbox); });
        uint64_t subscription = m_hub.subscribe([outbox](const std::string& text) { return outbox->offer(text); });
        read_loop(socket, *outbox);
        m_hub.unsubscribe(subscription);
        outbox->close();
        writer.join();
        if (!outbox->overflow())
            close_politely(socket, Poco::Net::WebSocket::WS_NORMAL_CLOSE, "");
    }

private:
    static Poco::Timespan to_timespan(std::chrono::milliseconds duration) {
        return Poco::Timespan(static_cast<Poco::Timespan::TimeDiff>(duration.count()) * 1000);
    }

    void read_loop(Poco::Net::WebSocket& socket, PanelOutbox& outbox) {
        Poco::Buffer<char> buffer(0);
        while (!outbox.overflow()) {
            try {
                // Waiting for a frame to begin has no limit (an idle front-end is fine); the wait
                // is sliced so an overflow seen by the writer ends this loop too.
                if (!socket.poll(Poco::Timespan(0, 250000), Poco::Net::Socket::SELECT_READ | Poco::Net::Socket::SELECT_ERROR))
                    continue;
                int flags = 0;
                buffer.resize(0);
                int length = socket.receiveFrame(buffer, flags);
                int opcode = flags & Poco::Net::WebSocket::FRAME_OP_BITMASK;
                if ((length == 0 && flags == 0) || opcode == Poco::Net::WebSocket::FRAME_OP_CLOSE)
                    return; // The peer closed the connection.
                if (opcode == Poco::Net::WebSocket::FRAME_OP_PING) {
                    std::lock_guard lock(m_send_mutex);
                    socket.sendFrame(buffer.begin(), length,
                                     static_cast<int>(Poco::Net::WebSocket::FRAME_FLAG_FIN) | static_cast<int>(Poco::Net::WebSocket::FRAME_OP_PONG));
                    continue;
                }
                if (opcode != Poco::Net::WebSocket::FRAME_OP_TEXT)
                    continue;
                if (!outbox.offer(m_endpoint.handle_command(std::string_view(buffer.begin(), static_cast<size_t>(length)))))
                    return;
            } catch (const Poco::TimeoutException&) {
                log::panel.warn("closing a front-end whose frame stalled for more than {} ms", m_limits.frame_gap_timeout.count());
                close_politely(socket, Poco::Net::WebSocket::WS_POLICY_VIOLATION,
                               "a frame stalled mid-way for more than " + std::to_string(m_limits.frame_gap_timeout.count()) + " ms");
                return;
            } catch (const Poco::Exception& exception) {
                log::panel.debug("connection ended: {}", exception.displayText());
                return;
            }
        }
    }

    void write_loop(Poco::Net::WebSocket& socket, PanelOutbox& outbox) {
        while (auto text = outbox.take()) {
            std::lock_guard lock(m_send_mutex);
            try {
                socket.sendFrame(text->data(), static_cast<int>(text->size()), Poco::Net::WebSocket::FRAME_TEXT);
            } catch (const Poco::Exception& exception) {
                log::panel.debug("sending to a front-end failed: {}", exception.displayText());
                outbox.close();
                shut_down(socket);
                return;
            }
        }
        if (auto reason = outbox.overflow()) {
            log::panel.warn("disconnecting a front-end: {}", *reason);
            close_politely(socket, Poco::Net::WebSocket::WS_POLICY_VIOLATION, "outbox full: " + *reason);
            shut_down(socket);
        }
    }

    // A close frame with a reason (bounded by the send timeout: the peer may not be reading).
    void close_politely(Poco::Net::WebSocket& socket, Poco::Net::WebSocket::StatusCodes code, const std::string& reason) {
        std::lock_guard lock(m_send_mutex);
        try {
            // Close reasons are at most 123 bytes.
            socket.shutdown(static_cast<Poco::UInt16>(code), reason.substr(0, 120));
        } catch (const Poco::Exception&) {
        }
    }

    static void shut_down(Poco::Net::WebSocket& socket) {
        try {
            static_cast<Poco::Net::StreamSocket&>(socket).shutdown();
        } catch (const Poco::Exception&) {
        }
    }

    PanelHub& m_hub;
    PanelEndpoint& m_endpoint;
    PanelLimits m_limits;
    std::mutex m_send_mutex;
};

} // namespace

std::string PanelEndpoint::handle_command(std::string_view text) {
    rapidjson::Document reply(rapidjson::kObjectType);
    auto& allocator = reply.GetAllocator();
    reply.AddMember("type", "command_result", allocator);
    auto command = json::parse(text);
    if (!command || !command->IsObject()) {
        reply.AddMember("ok", false, allocator);
        std::string why = command ? "it is JSON but not an object" : command.error().message();
        reply.AddMember("error", json::string_value("a command must be one JSON object with a \"type\"; this one was refused: " + why, allocator),
                        allocator);
        return json::to_text(reply);
    }
    if (auto id = command->FindMember("id"); id != command->MemberEnd() && (id->value.IsString() || id->value.IsNumber()))
        reply.AddMember("id", rapidjson::Value(id->value, allocator), allocator);
    std::string type = json::string_field(*command, "type").value_or("");
    reply.AddMember("command", json::string_value(type, allocator), allocator);
    Expected<void> outcome = [&]() -> Expected<void> {
        try {
            for (auto* extension : m_extensions)
                if (extension->handles(type))
                    return extension->run(type, *command, reply);
            if (is_permission_command(type))
                return run_permission_command(type, *command, m_session);
            if (type == "list_modules" || type == "set_module_enabled")
                return run_settings(type, *command, m_session, m_catalog, reply);
            if (type == "send" && m_context_chips)
                return send_with_chips(*command, m_session, *m_context_chips);
            return run_session_command(type, *command, m_session, reply);
        } catch (const std::exception& exception) {
            return Error(std::string("internal error: ") + exception.what());
        }
    }();
    reply.AddMember("ok", outcome.has_value(), allocator);
    if (!outcome)
        reply.AddMember("error", json::string_value(outcome.error().message(), allocator), allocator);
    return json::to_text(reply);
}

PanelLimits PanelLimits::from(const settings::ProjectSettings& settings) {
    PanelLimits limits;
    limits.outbox.max_messages = std::max<uint64_t>(1, settings.limit("panelOutboxMessages", limits.outbox.max_messages));
    limits.outbox.max_bytes = std::max<uint64_t>(1, settings.limit("panelOutboxBytes", limits.outbox.max_bytes));
    return limits;
}

server::UpgradeRoute PanelEndpoint::route(std::string path) {
    return server::UpgradeRoute{std::move(path), server::Role::Panel,
                                [this](Poco::Net::WebSocket& socket) { PanelConnection(m_hub, *this, m_limits).serve(socket); }, {}};
}

} // namespace uap::panel

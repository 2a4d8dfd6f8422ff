// PanelEndpoint: command parsing and the WebSocket connection loop.
#include "panel/panel_endpoint.hpp"

#include "panel/permission_commands.hpp"

#include "support/json.hpp"

#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>
#include <Poco/Net/NetException.h>
#include <Poco/Net/WebSocket.h>

#include <spdlog/spdlog.h>

#include <mutex>
#include <thread>

namespace uap::panel {

namespace {

bool valid_base64(std::string_view data) {
    if (data.empty())
        return false;
    for (char c : data)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '+' && c != '/' && c != '=')
            return false;
    return true;
}

Expected<std::vector<agent::ImageAttachment>> parse_images(const rapidjson::Value& command) {
    std::vector<agent::ImageAttachment> images;
    auto list = command.FindMember("images");
    if (list == command.MemberEnd())
        return images;
    if (!list->value.IsArray())
        return Error("images must be an array");
    for (auto& image : list->value.GetArray()) {
        auto media_type = json::string_field(image, "media_type");
        auto data = json::string_field(image, "data");
        if (!media_type || (*media_type != "image/png" && *media_type != "image/jpeg" && *media_type != "image/gif" && *media_type != "image/webp"))
            return Error("each image needs media_type image/png, image/jpeg, image/gif or image/webp");
        if (!data || !valid_base64(*data))
            return Error("each image needs base64 data");
        images.push_back({*media_type, *data});
    }
    return images;
}

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

Expected<void> run(const std::string& type, const rapidjson::Value& command, agent::AgentSession& session, rapidjson::Document& reply) {
    if (type == "send") {
        auto images = parse_images(command);
        if (!images)
            return images.error();
        return session.send(json::string_field(command, "text").value_or(""), *images);
    }
    if (type == "interrupt")
        return session.interrupt();
    if (type == "new_session")
        return session.new_session();
    if (type == "list_history") {
        std::string query;
        if (auto found = command.FindMember("query"); found != command.MemberEnd()) {
            if (!found->value.IsString())
                return Error("list_history's query must be text to search for, such as the word prefab");
            query.assign(found->value.GetString(), found->value.GetStringLength());
            if (query.size() > agent::max_history_query_bytes)
                return Error("list_history's query is " + std::to_string(query.size()) + " bytes; search for a phrase of at most " +
                             std::to_string(agent::max_history_query_bytes));
        }
        rapidjson::Value sessions(rapidjson::kArrayType);
        auto& allocator = reply.GetAllocator();
        for (auto& entry : session.history(query)) {
            rapidjson::Value item(rapidjson::kObjectType);
            item.AddMember("session_id", json::string_value(entry.session_id, allocator), allocator);
            item.AddMember("title", json::string_value(entry.title, allocator), allocator);
            item.AddMember("modified_unix_ms", entry.modified_unix_ms, allocator);
            item.AddMember("size_bytes", entry.size_bytes, allocator);
            sessions.PushBack(item, allocator);
        }
        reply.AddMember("sessions", sessions, allocator);
        return {};
    }
    if (type == "delete_history") {
        auto id = json::string_field(command, "session_id");
        if (!id)
            return Error("delete_history needs session_id (list_history names them)");
        return session.delete_session(*id);
    }
    if (type == "resume") {
        auto id = json::string_field(command, "session_id");
        if (!id)
            return Error("resume needs session_id");
        return session.resume(*id);
    }
    if (type == "set_model") {
        auto model = json::string_field(command, "model");
        if (!model)
            return Error("set_model needs model");
        return session.set_model(*model);
    }
    if (type == "reconnect_mcp")
        return session.reconnect_mcp();
    if (type == "revert_turn") {
        auto turn = json::integer_field(command, "turn_id");
        if (!turn || *turn <= 0)
            return Error("revert_turn needs turn_id, the positive turn number of a finished turn (as in its turn_finished event)");
        return session.revert_turn(static_cast<uint64_t>(*turn));
    }
    if (type == "set_custom_instructions") {
        auto text = json::string_field(command, "text");
        if (!text)
            return Error("set_custom_instructions needs text (an empty text removes the instructions)");
        return session.set_custom_instructions(*text);
    }
    if (type == "retry_last_message") {
        auto text = json::string_field(command, "text");
        if (!text)
            return Error("retry_last_message needs text: the last message's own words to retry it, or new ones to edit it");
        return session.retry_last_message(*text);
    }
    if (type == "check_sign_in") {
        session.check_sign_in();
        return {};
    }
    if (type == "set_auth_mode") {
        auto mode = json::string_field(command, "mode");
        auto parsed = mode ? agent::parse_auth_mode(*mode) : std::nullopt;
        if (!parsed)
            return Error("set_auth_mode needs mode: \"automatic\" (the CLI uses ANTHROPIC_API_KEY when it is set) or "
                         "\"subscription_only\" (the key is kept from the CLI, which signs in with the Claude subscription)");
        return session.set_auth_mode(*parsed);
    }
    if (type == "continue_turn") {
        auto turn = json::integer_field(command, "turn_id");
        if (!turn || *turn <= 0)
            return Error("continue_turn needs turn_id, the positive turn number of the interrupted turn (its turn_finished says continuable)");
        return session.continue_turn(static_cast<uint64_t>(*turn));
    }
    return Error("unknown command type \"" + type + "\"");
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
                spdlog::warn("panel: closing a front-end whose frame stalled for more than {} ms", m_limits.frame_gap_timeout.count());
                close_politely(socket, Poco::Net::WebSocket::WS_POLICY_VIOLATION,
                               "a frame stalled mid-way for more than " + std::to_string(m_limits.frame_gap_timeout.count()) + " ms");
                return;
            } catch (const Poco::Exception& exception) {
                spdlog::debug("panel: connection ended: {}", exception.displayText());
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
                spdlog::debug("panel: sending to a front-end failed: {}", exception.displayText());
                outbox.close();
                shut_down(socket);
                return;
            }
        }
        if (auto reason = outbox.overflow()) {
            spdlog::warn("panel: disconnecting a front-end: {}", *reason);
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
            return run(type, *command, m_session, reply);
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

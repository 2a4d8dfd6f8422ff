// Frames from a connected editor: envelope and size checks, responses, events and protocol errors.
#include "bridge/bridge_internal.hpp"

#include <uap/protocol/protocol_schemas.hpp>

#include <vector>

namespace uap::bridge {

void BridgeServer::protocol_error(const std::shared_ptr<Connection>& connection, std::string_view code, std::string_view message) {
    {
        MutexLock lock(m_mutex);
        ++m_statistics.protocol_errors;
    }
    send(connection, event_frame("protocolError", error_object(code, message)));
}

void BridgeServer::handle_event(const std::string& name, const std::string& frame) {
    std::vector<EventListener> listeners;
    {
        MutexLock lock(m_mutex);
        if (name == "reloading")
            m_reloading = true;
        m_events.emplace_back(++m_event_sequence, frame);
        if (name == "compileStarted" || name == "compileFinished" || name == "reloaded") {
            rapidjson::Document event = parse_trusted(frame);
            static const rapidjson::Value no_data(rapidjson::kObjectType);
            m_compile.observe(name, event.IsObject() && event.HasMember("data") ? event["data"] : no_data, m_event_sequence);
            m_changed.notify_all();
        }
        constexpr std::size_t event_limit = 1000;
        if (m_events.size() > event_limit)
            m_events.pop_front();
        for (const auto& [ticket, listener] : m_listeners)
            listeners.push_back(listener);
    }
    for (const auto& listener : listeners)
        listener(frame);
}

void BridgeServer::handle_detached_frame(std::string_view frame) {
    auto connection = std::make_shared<Connection>();
    connection->open = false;
    handle_frame(connection, frame.data(), frame.size());
}

void BridgeServer::handle_frame(const std::shared_ptr<Connection>& connection, const char* data, std::size_t size) {
    // The parse is iterative and depth-bounded, so hostile nesting cannot exhaust the stack; an
    // oversized frame (already bounded by the socket's hard cap) is parsed only to fail its request.
    auto parsed = json::parse(std::string_view(data, size));
    if (size > m_options.max_frame_bytes) {
        std::string message = "a frame of " + std::to_string(size) + " bytes exceeds the cap of " + std::to_string(m_options.max_frame_bytes);
        auto id = parsed ? json::string_field(*parsed, "id") : std::nullopt;
        if (id && (parsed->HasMember("result") || parsed->HasMember("error"))) {
            handle_response(*id, false,
                            error_object("result_too_large", "the editor's answer was too large (" + message + "); narrow the request or page it"));
            return;
        }
        protocol_error(connection, "frame_too_large", message + "; it was discarded");
        return;
    }
    if (!parsed)
        return protocol_error(connection, "parse_error", "the frame is not valid JSON: " + parsed.error().message());
    rapidjson::Document& frame = *parsed;
    if (!frame.IsObject())
        return protocol_error(connection, "parse_error", "the frame is not one JSON object");
    const auto& schemas = protocol::ProtocolSchemas::instance();
    if (frame.HasMember("event")) {
        std::string violation = schemas.check_named("envelope/event", frame);
        if (!violation.empty())
            return protocol_error(connection, "invalid_request", "bad event envelope: " + violation);
        std::string name = frame["event"].GetString();
        if (name == "hello")
            return protocol_error(connection, "invalid_request", "hello is sent once, as the first frame");
        // A declared event whose data has the wrong shape is dropped alone, with the reason, so no
        // listener ever reads a half-formed event; events the description does not declare pass
        // (an editor newer than this host may send them).
        if (schemas.has_event(name)) {
            static const rapidjson::Value no_data(rapidjson::kObjectType);
            std::string problem = schemas.check_named("events/" + name, frame.HasMember("data") ? frame["data"] : no_data);
            if (!problem.empty())
                return protocol_error(connection, "invalid_event",
                                      "the " + name.substr(0, 64) + " event was dropped: its data " + problem +
                                          "; protocol/bridge-v1.json (events) describes its shape");
        }
        return handle_event(name, std::string(data, size));
    }
    if (frame.HasMember("id")) {
        // The envelope's schema takes any result (handle_response checks it against its method's
        // schema), so the envelope is checked with the result set aside: a page of thousands of
        // nodes is not walked twice.
        rapidjson::Value result;
        if (auto found = frame.FindMember("result"); found != frame.MemberEnd())
            found->value.Swap(result);
        std::string violation = schemas.check_named("envelope/response", frame);
        if (auto found = frame.FindMember("result"); found != frame.MemberEnd())
            found->value.Swap(result);
        if (!violation.empty() || frame.HasMember("result") == frame.HasMember("error"))
            return protocol_error(connection, "invalid_request",
                                  violation.empty() ? "a response has exactly one of result and error" : "bad response envelope: " + violation);
        bool ok = frame.HasMember("result");
        const rapidjson::Value& answer = ok ? frame["result"] : frame["error"];
        return handle_response(frame["id"].GetString(), ok, json::to_text(answer, size), ok ? &answer : nullptr);
    }
    protocol_error(connection, "invalid_request", "a frame from the editor is either a response {id,result|error} or an event {event,data}");
}

} // namespace uap::bridge

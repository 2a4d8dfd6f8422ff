// PanelEndpoint: command parsing and the WebSocket connection loop.
#include "panel/panel_endpoint.hpp"

#include "support/json.hpp"

#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>
#include <Poco/Net/NetException.h>
#include <Poco/Net/WebSocket.h>

#include <spdlog/spdlog.h>

#include <mutex>

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
    if (type == "remove_always_allow") {
        auto rule = json::string_field(command, "rule");
        if (!rule)
            return Error("remove_always_allow needs rule");
        return session.remove_always_allow(*rule);
    }
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

Expected<void> run(const std::string& type, const rapidjson::Value& command, agent::AgentSession& session, rapidjson::Document& reply) {
    if (type == "send") {
        auto images = parse_images(command);
        if (!images)
            return images.error();
        return session.send(json::string_field(command, "text").value_or(""), *images);
    }
    if (type == "interrupt")
        return session.interrupt();
    if (type == "answer_permission") {
        auto id = json::string_field(command, "permission_id");
        auto decision = json::string_field(command, "decision");
        if (!id || !decision)
            return Error("answer_permission needs permission_id and decision");
        agent::PermissionAnswer answer;
        if (*decision == "allow")
            answer.choice = agent::PermissionChoice::Allow;
        else if (*decision == "allow_always")
            answer.choice = agent::PermissionChoice::AllowAlways;
        else if (*decision == "deny")
            answer.choice = agent::PermissionChoice::Deny;
        else
            return Error("decision must be allow, allow_always or deny");
        answer.message = json::string_field(command, "message").value_or("");
        answer.rule = json::string_field(command, "rule").value_or("");
        if (auto edited = command.FindMember("updated_input"); edited != command.MemberEnd()) {
            if (!edited->value.IsObject())
                return Error("updated_input must be an object");
            answer.updated_input = &edited->value;
        }
        return session.answer_permission(*id, answer);
    }
    if (type == "new_session")
        return session.new_session();
    if (type == "list_history") {
        rapidjson::Value sessions(rapidjson::kArrayType);
        auto& allocator = reply.GetAllocator();
        for (auto& entry : session.history()) {
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
    if (type == "set_permission_mode") {
        auto mode = json::string_field(command, "mode");
        if (!mode)
            return Error("set_permission_mode needs mode");
        return session.set_permission_mode(*mode);
    }
    if (type == "set_auto_approve") {
        auto level = agent::parse_auto_approve(json::string_field(command, "level").value_or(""));
        if (!level)
            return Error("level must be ask, read_only, undoable, all_unity_tools or all_tools");
        return session.set_auto_approve(*level);
    }
    if (type == "reconnect_mcp")
        return session.reconnect_mcp();
    return Error("unknown command type \"" + type + "\"");
}

class PanelConnection final : public Poco::Net::HTTPRequestHandler {
public:
    PanelConnection(PanelHub& hub, PanelEndpoint& endpoint) : m_hub(hub), m_endpoint(endpoint) {}

    void handleRequest(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response) override {
        std::unique_ptr<Poco::Net::WebSocket> socket;
        try {
            socket = std::make_unique<Poco::Net::WebSocket>(request, response);
        } catch (const Poco::Exception& exception) {
            spdlog::warn("panel: WebSocket handshake failed: {}", exception.displayText());
            if (!response.sent()) {
                response.setStatusAndReason(Poco::Net::HTTPResponse::HTTP_BAD_REQUEST);
                response.setContentLength(0);
                response.send();
            }
            return;
        }
        socket->setMaxPayloadSize(max_command_bytes);
        socket->setReceiveTimeout(Poco::Timespan(1, 0));
        socket->setSendTimeout(Poco::Timespan(5, 0));
        std::mutex send_mutex;
        auto send_text = [&](const std::string& text) {
            std::lock_guard lock(send_mutex);
            try {
                socket->sendFrame(text.data(), static_cast<int>(text.size()), Poco::Net::WebSocket::FRAME_TEXT);
                return true;
            } catch (const Poco::Exception&) {
                return false;
            }
        };
        uint64_t subscription = m_hub.subscribe(send_text);
        Poco::Buffer<char> buffer(0);
        while (true) {
            int flags = 0;
            int length = 0;
            try {
                buffer.resize(0);
                length = socket->receiveFrame(buffer, flags);
            } catch (const Poco::TimeoutException&) {
                continue;
            } catch (const Poco::Exception& exception) {
                spdlog::debug("panel: connection ended: {}", exception.displayText());
                break;
            }
            int opcode = flags & Poco::Net::WebSocket::FRAME_OP_BITMASK;
            if (length == 0 && opcode == 0 && flags == 0)
                break; // The peer closed the connection.
            if (opcode == Poco::Net::WebSocket::FRAME_OP_CLOSE)
                break;
            if (opcode == Poco::Net::WebSocket::FRAME_OP_PING) {
                std::lock_guard lock(send_mutex);
                try {
                    socket->sendFrame(buffer.begin(), length, static_cast<int>(Poco::Net::WebSocket::FRAME_FLAG_FIN) | static_cast<int>(Poco::Net::WebSocket::FRAME_OP_PONG));
                } catch (const Poco::Exception&) {
                    break;
                }
                continue;
            }
            if (opcode != Poco::Net::WebSocket::FRAME_OP_TEXT)
                continue;
            std::string reply = m_endpoint.handle_command(std::string_view(buffer.begin(), static_cast<size_t>(length)));
            if (!send_text(reply))
                break;
        }
        m_hub.unsubscribe(subscription);
        try {
            socket->shutdown();
        } catch (const Poco::Exception&) {
        }
    }

private:
    PanelHub& m_hub;
    PanelEndpoint& m_endpoint;
};

} // namespace

std::string PanelEndpoint::handle_command(std::string_view text) {
    rapidjson::Document reply(rapidjson::kObjectType);
    auto& allocator = reply.GetAllocator();
    reply.AddMember("type", "command_result", allocator);
    auto command = json::parse(text);
    if (!command || !command->IsObject()) {
        reply.AddMember("ok", false, allocator);
        reply.AddMember("error", "a command must be a JSON object", allocator);
        return json::to_text(reply);
    }
    if (auto id = command->FindMember("id"); id != command->MemberEnd() && (id->value.IsString() || id->value.IsNumber()))
        reply.AddMember("id", rapidjson::Value(id->value, allocator), allocator);
    std::string type = json::string_field(*command, "type").value_or("");
    reply.AddMember("command", json::string_value(type, allocator), allocator);
    Expected<void> outcome = [&]() -> Expected<void> {
        try {
            if (type == "list_modules" || type == "set_module_enabled" || type == "remove_always_allow")
                return run_settings(type, *command, m_session, m_catalog, reply);
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

server::UpgradeRoute PanelEndpoint::route(std::string path) {
    return server::UpgradeRoute{std::move(path), server::Role::Panel, [this] { return new PanelConnection(m_hub, *this); }};
}

} // namespace uap::panel

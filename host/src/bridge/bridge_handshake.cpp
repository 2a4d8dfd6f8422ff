// The connection handshake: checks the editor's hello, replaces a reconnecting session's old socket,
// takes over the answers the editor completed while away, and sends the welcome and re-sent requests.
#include "bridge/bridge_internal.hpp"

#include <uap/protocol/protocol_schemas.hpp>

#include <Poco/Net/NetException.h>

#include <spdlog/spdlog.h>

#include <vector>

namespace uap::bridge {

bool BridgeServer::accept_hello(const std::shared_ptr<Connection>& connection, const std::string& frame) {
    auto refuse = [&](std::string_view code, std::string_view message) {
        spdlog::warn("bridge: refused an editor: {}", message);
        std::string text = event_frame("refused", error_object(code, message));
        std::lock_guard guard(connection->send_mutex);
        try {
            connection->socket->sendFrame(text.data(), static_cast<int>(text.size()), Poco::Net::WebSocket::FRAME_TEXT);
            connection->socket->shutdown(Poco::Net::WebSocket::WS_POLICY_VIOLATION, std::string(code));
        } catch (const Poco::Exception&) {
        }
        std::lock_guard lock(m_mutex);
        ++m_statistics.refused;
        return false;
    };
    if (frame.size() > m_options.max_frame_bytes)
        return refuse("frame_too_large", "the hello frame exceeds the cap of " + std::to_string(m_options.max_frame_bytes) + " bytes");
    auto parsed = json::parse(frame);
    if (!parsed)
        return refuse("parse_error", "the first frame is not valid JSON: " + parsed.error().message());
    rapidjson::Document& hello = *parsed;
    if (!hello.IsObject() || !hello.HasMember("event") || !hello["event"].IsString() ||
        std::string(hello["event"].GetString()) != "hello" || !hello.HasMember("data"))
        return refuse("invalid_request", "the first frame must be the hello event");
    const auto& data = hello["data"];
    std::string violation = protocol::ProtocolSchemas::instance().check_named("handshake/hello", data);
    if (!violation.empty())
        return refuse("invalid_request", "hello does not match the protocol: " + violation);
    if (data["protocolVersion"].GetInt() != 1)
        return refuse("protocol_version", "this host speaks bridge protocol 1; the editor offered " +
                                              std::to_string(data["protocolVersion"].GetInt()));
    std::string session = data["editorSessionId"].GetString();
    if (!m_options.project_path.empty() && data["projectPath"].GetString() != m_options.project_path)
        return refuse("wrong_project", "this host serves project '" + m_options.project_path + "', not '" + data["projectPath"].GetString() + "'");

    bool second_editor = false;
    {
        // The send mutex is held while the welcome and the re-sent requests go out, so no new request
        // overtakes the welcome on this socket.
        std::lock_guard guard(connection->send_mutex);
        std::vector<std::string> frames;
        std::shared_ptr<Connection> replaced;
        {
            std::lock_guard lock(m_mutex);
            if (m_connection && m_connection->open && m_connection->session != session) {
                second_editor = true;
            } else {
                if (m_connection && m_connection != connection)
                    replaced = m_connection;
                if (!m_session.empty() && m_session != session)
                    abandon_session_locked(m_session, "a different editor session connected; the previous editor's in-flight "
                                                      "requests never answered and their effect is unknown");
                m_session = session;
                m_hello = json::to_text(data);
                json::TextWriter summary;
                summary.begin_object();
                for (const char* field : {"unityVersion", "projectPath", "editorPid", "editorSessionId", "simulator"})
                    if (data.HasMember(field))
                        summary.raw_field(field, json::to_text(data[field]));
                m_editor_summary = summary.end_object().text();
                m_editor_pid = data["editorPid"].GetInt64();
                m_editor_gone = false;
                m_reloading = false;
                connection->session = session;
                m_connection = connection;
                m_connected_since = Clock::now();
                ++m_statistics.connections;
                if (data.HasMember("completed"))
                    for (auto& response : data["completed"].GetArray()) {
                        std::string id = response["id"].GetString();
                        auto found = m_entries.find(id);
                        bool ok = response.HasMember("result");
                        if (found == m_entries.end() &&
                            adopt_previous_run_answer_locked(id, ok, json::to_text(ok ? response["result"] : response["error"])))
                            continue;
                        if (found == m_entries.end() || found->second->state == EntryState::Completed) {
                            ++m_statistics.duplicate_responses;
                            continue;
                        }
                        complete_entry(*found->second, response);
                        ++m_statistics.responses;
                    }
                frames.push_back(event_frame("welcome", json::TextWriter()
                                                            .begin_object()
                                                            .field("protocolVersion", 1)
                                                            .field("hostVersion", m_options.host_version)
                                                            .field("maxResultBytes", max_result_bytes(m_options))
                                                            .field("replaced", replaced != nullptr)
                                                            .end_object()
                                                            .text()));
                for (auto& [id, entry] : m_entries) {
                    if (entry->internal && entry->state == EntryState::Sent) {
                        entry->state = EntryState::Abandoned;
                        continue;
                    }
                    if (entry->state == EntryState::Queued || (entry->state == EntryState::Sent && entry->session == session)) {
                        if (entry->state == EntryState::Sent)
                            ++m_statistics.resent;
                        entry->state = EntryState::Sent;
                        entry->session = session;
                        frames.push_back(entry->frame);
                    }
                }
                m_statistics.frames_sent += frames.size();
            }
            wake_everyone_locked();
        }
        if (!second_editor) {
            if (replaced) {
                replaced->open = false;
                close_socket(replaced, Poco::Net::WebSocket::WS_NORMAL_CLOSE, "replaced by a reconnection of the same editor session");
            }
            try {
                for (const auto& text : frames)
                    connection->socket->sendFrame(text.data(), static_cast<int>(text.size()), Poco::Net::WebSocket::FRAME_TEXT);
            } catch (const Poco::Exception& exception) {
                spdlog::debug("bridge: sending the welcome failed: {}", exception.displayText());
                connection->open = false;
            }
            spdlog::info("bridge: editor session {} connected (pid {}, {} frames re-sent)", session, data["editorPid"].GetInt64(),
                         frames.size() - 1);
        }
    }
    if (!second_editor) {
        // Outside the send lock: the listener may make the host call the editor on this very socket.
        if (m_editor_change)
            m_editor_change(json::to_text(data));
        return true;
    }
    return refuse("second_editor", "another editor session is already connected to this host for this project; "
                                   "one host serves one editor");
}

} // namespace uap::bridge

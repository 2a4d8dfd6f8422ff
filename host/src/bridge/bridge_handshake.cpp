// The connection handshake: checks the editor's hello, replaces a reconnecting session's old socket,
// takes over the answers the editor completed while away, and sends the welcome and re-sent requests.
#include "bridge/bridge_internal.hpp"
#include "support/log.hpp"

#include <uap/protocol/protocol_schemas.hpp>

#include <Poco/Net/NetException.h>

#include <vector>

namespace uap::bridge {

namespace {

// A refusal of the editor: the protocol's code for it travels in the error's detail.
Error refusal(std::string_view code, std::string message) { return Error::invalid_argument(std::move(message)).with_detail(std::string(code)); }

// The hello frame, checked against the protocol and this host's project; pure, so every refusal is a
// value the caller sends.
Expected<rapidjson::Document> check_hello(const std::string& frame, const BridgeOptions& options) {
    if (frame.size() > options.max_frame_bytes)
        return refusal("frame_too_large", "the hello frame exceeds the cap of " + std::to_string(options.max_frame_bytes) + " bytes");
    auto parsed = json::parse(frame);
    if (!parsed)
        return refusal("parse_error", "the first frame is not valid JSON: " + parsed.error().message());
    rapidjson::Document& hello = *parsed;
    if (!hello.IsObject() || !hello.HasMember("event") || !hello["event"].IsString() ||
        std::string(hello["event"].GetString()) != "hello" || !hello.HasMember("data"))
        return refusal("invalid_request", "the first frame must be the hello event");
    const auto& data = hello["data"];
    std::string violation = protocol::ProtocolSchemas::instance().check_named("handshake/hello", data);
    if (!violation.empty())
        return refusal("invalid_request", "hello does not match the protocol: " + violation);
    if (data["protocolVersion"].GetInt() != 1)
        return refusal("protocol_version", "this host speaks bridge protocol 1; the editor offered " + std::to_string(data["protocolVersion"].GetInt()));
    if (!options.project_path.empty() && data["projectPath"].GetString() != options.project_path)
        return refusal("wrong_project", "this host serves project '" + options.project_path + "', not '" + data["projectPath"].GetString() + "'");
    return std::move(*parsed);
}

// The part of the hello that state_json reports.
std::string editor_summary(const rapidjson::Value& data) {
    json::TextWriter summary;
    summary.begin_object();
    for (const char* field : {"unityVersion", "projectPath", "editorPid", "editorSessionId", "simulator"})
        if (data.HasMember(field))
            summary.raw_field(field, json::to_text(data[field]));
    return summary.end_object().text();
}

} // namespace

bool BridgeServer::accept_hello(const std::shared_ptr<Connection>& connection, const std::string& frame) {
    auto hello = check_hello(frame, m_options);
    if (!hello)
        return refuse_editor(connection, hello.error());
    const rapidjson::Value& data = (*hello)["data"];
    if (auto admitted = admit(connection, data); !admitted)
        return refuse_editor(connection, admitted.error());
    // Outside the send lock: the listener may make the host call the editor on this very socket.
    if (m_editor_change)
        m_editor_change(json::to_text(data));
    return true;
}

bool BridgeServer::refuse_editor(const std::shared_ptr<Connection>& connection, const Error& refused) {
    log::bridge.warn("refused an editor: {}", refused.message());
    std::string text = event_frame("refused", error_object(refused.detail(), refused.message()));
    MutexLock guard(connection->send_mutex);
    try {
        connection->socket->sendFrame(text.data(), static_cast<int>(text.size()), Poco::Net::WebSocket::FRAME_TEXT);
        connection->socket->shutdown(Poco::Net::WebSocket::WS_POLICY_VIOLATION, refused.detail());
    } catch (const Poco::Exception&) {
    }
    MutexLock lock(m_mutex);
    ++m_statistics.refused;
    return false;
}

Expected<void> BridgeServer::admit(const std::shared_ptr<Connection>& connection, const rapidjson::Value& data) {
    std::string session = data["editorSessionId"].GetString();
    // The send mutex is held while the welcome and the re-sent requests go out, so no new request
    // overtakes the welcome on this socket.
    MutexLock guard(connection->send_mutex);
    std::vector<std::string> frames;
    std::shared_ptr<Connection> replaced;
    {
        MutexLock lock(m_mutex);
        if (m_connection && m_connection->open && m_connection->session != session) {
            wake_everyone_locked();
            return refusal("second_editor", "another editor session is already connected to this host for this project; one host serves one editor");
        }
        if (m_connection && m_connection != connection)
            replaced = m_connection;
        take_over_session_locked(connection, session, data);
        if (data.HasMember("completed"))
            adopt_completed_locked(data["completed"]);
        frames = welcome_frames_locked(session, replaced != nullptr);
        wake_everyone_locked();
    }
    if (replaced) {
        replaced->open = false;
        close_socket(replaced, Poco::Net::WebSocket::WS_NORMAL_CLOSE, "replaced by a reconnection of the same editor session");
    }
    try {
        for (const auto& text : frames)
            connection->socket->sendFrame(text.data(), static_cast<int>(text.size()), Poco::Net::WebSocket::FRAME_TEXT);
    } catch (const Poco::Exception& exception) {
        log::bridge.debug("sending the welcome failed: {}", exception.displayText());
        connection->open = false;
    }
    log::bridge.info("editor session {} connected (pid {}, {} frames re-sent)", session, data["editorPid"].GetInt64(), frames.size() - 1);
    return {};
}

void BridgeServer::take_over_session_locked(const std::shared_ptr<Connection>& connection, const std::string& session, const rapidjson::Value& data) {
    if (!m_session.empty() && m_session != session)
        abandon_session_locked(m_session, "a different editor session connected; the previous editor's in-flight "
                                          "requests never answered and their effect is unknown");
    m_session = session;
    m_hello = json::to_text(data);
    m_editor_summary = editor_summary(data);
    m_editor_pid = data["editorPid"].GetInt64();
    m_editor_gone = false;
    m_reloading = false;
    connection->session = session;
    m_connection = connection;
    m_connected_since = m_clock.now();
    ++m_statistics.connections;
}

void BridgeServer::adopt_completed_locked(const rapidjson::Value& completed) {
    for (auto& response : completed.GetArray()) {
        std::string id = response["id"].GetString();
        auto found = m_entries.find(id);
        bool ok = response.HasMember("result");
        if (found == m_entries.end() && adopt_previous_run_answer_locked(id, ok, json::to_text(ok ? response["result"] : response["error"])))
            continue;
        if (found == m_entries.end() || found->second->state == EntryState::Completed) {
            ++m_statistics.duplicate_responses;
            continue;
        }
        complete_entry(*found->second, m_clock.now(), response);
        ++m_statistics.responses;
    }
}

std::vector<std::string> BridgeServer::welcome_frames_locked(const std::string& session, bool replaced) {
    std::vector<std::string> frames;
    frames.push_back(event_frame("welcome", json::TextWriter()
                                                .begin_object()
                                                .field("protocolVersion", 1)
                                                .field("hostVersion", m_options.host_version)
                                                .field("maxResultBytes", max_result_bytes(m_options))
                                                .field("replaced", replaced)
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
    return frames;
}

} // namespace uap::bridge

// The request journal: requests enter it with durable ids, go out on the current connection,
// are completed by the editor's responses and are abandoned with their editor session.
#include "bridge/bridge_internal.hpp"
#include "support/log.hpp"

#include <uap/protocol/protocol_schemas.hpp>

#include <Poco/Net/NetException.h>

namespace uap::bridge {

std::shared_ptr<BridgeServer::Entry> BridgeServer::submit(std::string_view method, std::string_view params_json, bool internal) {
    auto entry = std::make_shared<Entry>();
    entry->id = m_id_prefix + "-" + std::to_string(m_next_id.fetch_add(1));
    entry->method = std::string(method);
    entry->internal = internal;
    entry->frame = json::TextWriter().begin_object().field("id", entry->id).field("method", method).raw_field("params", params_json).end_object().text();
    std::shared_ptr<Connection> connection;
    {
        MutexLock lock(m_mutex);
        if (!internal) {
            ++m_statistics.requests;
            auto now = m_clock.now();
            for (auto it = m_entries.begin(); it != m_entries.end();)
                it = it->second->job && it->second->state == EntryState::Completed && now - it->second->finished > m_options.job_retention
                         ? m_entries.erase(it)
                         : std::next(it);
        }
        m_entries[entry->id] = entry;
        if (m_connection) {
            connection = m_connection;
            entry->state = EntryState::Sent;
            entry->session = connection->session;
        }
    }
    if (connection)
        send(connection, entry->frame);
    return entry;
}

std::string BridgeServer::internal_request(std::string_view method, std::string_view params_json, std::chrono::milliseconds timeout) {
    auto entry = submit(method, params_json, true);
    auto deadline = m_clock.now() + timeout;
    MutexLock lock(m_mutex);
    lock.wait_until(m_clock, entry->changed, deadline, [&]() UAP_REQUIRES(m_mutex) {
        return (entry->state != EntryState::Sent && entry->state != EntryState::Queued) || m_stopping;
    });
    m_entries.erase(entry->id);
    return entry->state == EntryState::Completed && entry->ok ? entry->response : std::string();
}

bool BridgeServer::send(const std::shared_ptr<Connection>& connection, const std::string& frame) {
    {
        MutexLock guard(connection->send_mutex);
        if (!connection->socket)
            return false;
        try {
            connection->socket->sendFrame(frame.data(), static_cast<int>(frame.size()), Poco::Net::WebSocket::FRAME_TEXT);
        } catch (const Poco::Exception& exception) {
            log::bridge.debug("send failed: {}", exception.displayText());
            connection->open = false;
            try {
                connection->socket->shutdown();
            } catch (const Poco::Exception&) {
            }
            return false;
        }
    }
    MutexLock lock(m_mutex);
    ++m_statistics.frames_sent;
    return true;
}

void BridgeServer::handle_response(const std::string& id, bool ok, std::string json, const rapidjson::Value* result) {
    MutexLock lock(m_mutex);
    auto found = m_entries.find(id);
    if (found == m_entries.end() && adopt_previous_run_answer_locked(id, ok, std::move(json)))
        return;
    if (found == m_entries.end() || found->second->state == EntryState::Completed) {
        ++m_statistics.duplicate_responses;
        return;
    }
    auto& entry = *found->second;
    if (ok && !entry.internal) {
        rapidjson::Document parsed;
        if (!result) {
            parsed = parse_trusted(json);
            result = &parsed;
        }
        std::string violation = protocol::ProtocolSchemas::instance().check_method(entry.method, protocol::SchemaPart::Result, *result);
        if (!violation.empty()) {
            ok = false;
            json = error_object("internal_error", "the editor's result for " + entry.method + " breaks the protocol: " + violation);
        }
    }
    complete_entry(entry, m_clock.now(), ok, std::move(json));
    ++m_statistics.responses;
    entry.changed.notify_all();
}

// The editor finished a request after the host that sent it was replaced (the Unity package starts a new
// host when one dies and keeps what was running). Its answer is kept under the old id as a finished job,
// so a caller holding that job id gets it from this host; an unknown id of this run is a duplicate.
bool BridgeServer::adopt_previous_run_answer_locked(const std::string& id, bool ok, std::string json) {
    if (id.rfind(m_id_prefix + "-", 0) == 0)
        return false;
    auto entry = std::make_shared<Entry>();
    entry->id = id;
    entry->job = true;
    entry->from_previous_run = true;
    complete_entry(*entry, m_clock.now(), ok, std::move(json));
    m_entries[id] = entry;
    ++m_statistics.responses;
    log::bridge.info("kept the editor's answer to {} from a previous host run as a job", id);
    return true;
}

void BridgeServer::abandon_session_locked(const std::string& session, const std::string& reason) {
    for (auto& [id, entry] : m_entries)
        if (entry->state == EntryState::Sent && entry->session == session) {
            entry->state = EntryState::Abandoned;
            entry->abandon_reason = reason;
            entry->finished = m_clock.now();
        }
    wake_everyone_locked();
}

void BridgeServer::wake_everyone_locked() {
    m_changed.notify_all();
    for (auto& [id, entry] : m_entries)
        entry->changed.notify_all();
}

} // namespace uap::bridge

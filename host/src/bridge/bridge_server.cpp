// The editor bridge, host side: journal, outcomes, jobs, handshake, frames, liveness.
#include "bridge/bridge_server.hpp"

#include "bridge/process_probe.hpp"

#include <uap/testkit/protocol_schemas.hpp>

#include <Poco/Buffer.h>
#include <Poco/Net/NetException.h>

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <spdlog/spdlog.h>

#include <random>

namespace uap::bridge {

using Clock = std::chrono::steady_clock;
using JsonWriter = rapidjson::Writer<rapidjson::StringBuffer>;

enum class EntryState { Queued, Sent, Completed, Abandoned };

struct BridgeServer::Entry {
    std::string id;
    std::string method;
    std::string frame;
    bool internal = false;
    EntryState state = EntryState::Queued;
    std::string session;
    bool ok = false;
    std::string response;
    bool job = false;
    std::string abandon_reason;
    Clock::time_point finished;
};

struct BridgeServer::Connection {
    Poco::Net::WebSocket* socket = nullptr; // Guarded by send_mutex; null once its handler has returned.
    std::mutex send_mutex;
    std::string session;
    std::atomic<bool> open{true};
};

namespace {

std::string json_text(const rapidjson::Value& value) {
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    value.Accept(writer);
    return std::string(buffer.GetString(), buffer.GetSize());
}

std::string quoted(std::string_view text) {
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    writer.String(text.data(), static_cast<rapidjson::SizeType>(text.size()));
    return buffer.GetString();
}

std::string error_object(std::string_view code, std::string_view message) {
    return "{\"code\":" + quoted(code) + ",\"message\":" + quoted(message) + "}";
}

std::string event_frame(std::string_view name, const std::string& data_json) {
    return "{\"event\":" + quoted(name) + ",\"data\":" + data_json + "}";
}

// Maps an editor error code to the ABI status a module sees.
uap_status status_of_error(const std::string& error_json) {
    rapidjson::Document error;
    error.Parse(error_json.c_str());
    std::string code = error.IsObject() && error.HasMember("code") && error["code"].IsString() ? error["code"].GetString() : "";
    if (code == "invalid_params" || code == "unknown_method" || code == "invalid_request" || code == "type_mismatch")
        return UAP_STATUS_INVALID_ARGUMENT;
    if (code == "result_too_large")
        return UAP_STATUS_TOO_LARGE;
    return UAP_STATUS_TOOL_ERROR;
}

std::string random_prefix() {
    std::random_device device;
    std::uniform_int_distribution<uint32_t> digits;
    char text[16];
    std::snprintf(text, sizeof text, "h%08x", digits(device));
    return text;
}

int64_t milliseconds_since(Clock::time_point then) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - then).count();
}

} // namespace

BridgeServer::BridgeServer(BridgeOptions options)
    : m_options(std::move(options)), m_id_prefix(random_prefix()), m_disconnected_since(Clock::now()) {
    m_pinger = std::thread([this] { ping_loop(); });
}

BridgeServer::~BridgeServer() { shutdown(); }

void BridgeServer::shutdown() {
    std::shared_ptr<Connection> connection;
    {
        std::lock_guard lock(m_mutex);
        if (m_stopping && !m_pinger.joinable())
            return;
        m_stopping = true;
        connection = m_connection;
    }
    m_changed.notify_all();
    if (connection)
        close_socket(connection, Poco::Net::WebSocket::WS_ENDPOINT_GOING_AWAY, "the host is shutting down");
    if (m_pinger.joinable())
        m_pinger.join();
}

std::shared_ptr<BridgeServer::Entry> BridgeServer::submit(std::string_view method, std::string_view params_json, bool internal) {
    auto entry = std::make_shared<Entry>();
    entry->id = m_id_prefix + "-" + std::to_string(m_next_id.fetch_add(1));
    entry->method = std::string(method);
    entry->internal = internal;
    entry->frame = "{\"id\":" + quoted(entry->id) + ",\"method\":" + quoted(method) + ",\"params\":" + std::string(params_json) + "}";
    std::shared_ptr<Connection> connection;
    {
        std::lock_guard lock(m_mutex);
        if (!internal) {
            ++m_statistics.requests;
            auto now = Clock::now();
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

bool BridgeServer::send(const std::shared_ptr<Connection>& connection, const std::string& frame) {
    {
        std::lock_guard guard(connection->send_mutex);
        if (!connection->socket)
            return false;
        try {
            connection->socket->sendFrame(frame.data(), static_cast<int>(frame.size()), Poco::Net::WebSocket::FRAME_TEXT);
        } catch (const Poco::Exception& exception) {
            spdlog::debug("bridge: send failed: {}", exception.displayText());
            connection->open = false;
            try {
                connection->socket->shutdown();
            } catch (const Poco::Exception&) {
            }
            return false;
        }
    }
    std::lock_guard lock(m_mutex);
    ++m_statistics.frames_sent;
    return true;
}

uap_status BridgeServer::call(std::string_view method, std::string_view params_json, uint32_t timeout_ms, const CallControl* control,
                              std::string& result) {
    rapidjson::Document params;
    params.Parse(params_json.empty() ? "{}" : params_json.data(), params_json.empty() ? 2 : params_json.size());
    if (params.HasParseError() || !params.IsObject()) {
        result = error_object("invalid_params", "editor call params must be a JSON object");
        return UAP_STATUS_INVALID_ARGUMENT;
    }
    if (method.rfind("host.", 0) == 0)
        return host_method(method, json_text(params), result);
    if (method == "ping" || method == "request.status") {
        result = error_object("invalid_params", std::string(method) + " is part of the bridge's own liveness protocol; read uap_ping instead");
        return UAP_STATUS_INVALID_ARGUMENT;
    }
    auto entry = submit(method, json_text(params), false);
    return wait_for(entry, std::chrono::milliseconds(timeout_ms), control, result);
}

uap_status BridgeServer::finish(std::unique_lock<std::mutex>&, const std::shared_ptr<Entry>& entry, std::string& result) {
    result = entry->response;
    if (!entry->job)
        m_entries.erase(entry->id);
    return entry->ok ? UAP_STATUS_OK : status_of_error(entry->response);
}

uap_status BridgeServer::outcome(std::unique_lock<std::mutex>&, const std::shared_ptr<Entry>& entry, Outcome kind,
                                 const std::string& detail, const std::string& editor_report, std::string& result) {
    static const char* codes[] = {"still_running", "never_started", "abandoned", "not_connected", "cancelled"};
    const char* code = codes[static_cast<int>(kind)];
    bool job = kind == Outcome::StillRunning || kind == Outcome::Abandoned;
    entry->job = job;
    std::string data = "{\"outcome\":" + quoted(code) + ",\"requestId\":" + quoted(entry->id) + ",\"method\":" + quoted(entry->method);
    if (job)
        data += ",\"jobId\":" + quoted(entry->id);
    if (kind == Outcome::Abandoned)
        data += ",\"effect\":\"unknown\"";
    if (!editor_report.empty())
        data += ",\"editor\":" + editor_report;
    data += "}";
    result = "{\"code\":" + quoted(code) + ",\"message\":" + quoted(detail) + ",\"data\":" + data + "}";
    if (!job)
        m_entries.erase(entry->id);
    if (kind == Outcome::NotConnected)
        return UAP_STATUS_UNAVAILABLE;
    if (kind == Outcome::Cancelled)
        return UAP_STATUS_CANCELLED;
    return UAP_STATUS_TIMEOUT;
}

uap_status BridgeServer::wait_for(const std::shared_ptr<Entry>& entry, std::chrono::milliseconds timeout, const CallControl* control,
                                  std::string& result) {
    auto deadline = Clock::now() + timeout;
    std::unique_lock lock(m_mutex);
    while (true) {
        // Time the editor spent away (a reload) does not count: after it comes back the call gets its full timeout.
        if (m_connection && m_connected_since + timeout > deadline)
            deadline = m_connected_since + timeout;
        if (entry->state == EntryState::Completed)
            return finish(lock, entry, result);
        if (entry->state == EntryState::Abandoned)
            return outcome(lock, entry, Outcome::Abandoned, entry->abandon_reason, {}, result);
        bool cancelled = control && control->cancelled.load();
        auto now = Clock::now();
        if (m_stopping)
            return outcome(lock, entry, entry->state == EntryState::Queued ? Outcome::NotConnected : Outcome::Abandoned,
                           "the host is shutting down", {}, result);
        if (cancelled || now >= deadline) {
            if (!m_connection) {
                auto reconnect_deadline = m_disconnected_since + m_options.reconnect_wait;
                if (entry->state == EntryState::Queued && cancelled)
                    return outcome(lock, entry, Outcome::Cancelled, "cancelled before the editor received it; it will not run", {}, result);
                if (!cancelled && now < reconnect_deadline && !m_editor_gone) {
                    m_changed.wait_until(lock, std::min(reconnect_deadline, now + std::chrono::milliseconds(100)));
                    if (!m_connection && !m_reloading)
                        check_editor_process_locked();
                    continue;
                }
                if (entry->state == EntryState::Queued)
                    return outcome(lock, entry, Outcome::NotConnected,
                                   "no editor connected within the bounded wait; the request was never sent and will not run", {}, result);
                return outcome(lock, entry, Outcome::Abandoned,
                               "the editor disconnected while the request was in flight and did not come back within the bounded wait; "
                               "its effect is unknown",
                               {}, result);
            }
            if (entry->state == EntryState::Queued) {
                m_changed.wait_for(lock, std::chrono::milliseconds(20));
                continue;
            }
            std::string id = entry->id;
            lock.unlock();
            std::string report = probe(id, cancelled);
            lock.lock();
            if (entry->state == EntryState::Completed)
                return finish(lock, entry, result);
            rapidjson::Document status;
            status.Parse(report.c_str());
            std::string state = !report.empty() && status.IsObject() && status.HasMember("state") && status["state"].IsString()
                                    ? status["state"].GetString()
                                    : "";
            if (state == "withdrawn")
                return outcome(lock, entry, cancelled ? Outcome::Cancelled : Outcome::NeverStarted,
                               "the editor had not started the request; it was withdrawn and will not run", report, result);
            if (state == "completed" && status.HasMember("response") && status["response"].IsObject()) {
                const auto& response = status["response"];
                entry->ok = response.HasMember("result");
                entry->response = json_text(entry->ok ? response["result"] : response["error"]);
                entry->state = EntryState::Completed;
                entry->finished = Clock::now();
                return finish(lock, entry, result);
            }
            if (state == "running" || state == "queued")
                return outcome(lock, entry, Outcome::StillRunning,
                               state == "running" ? "the editor is still executing the request; fetch the result later with the job id"
                                                  : "the editor accepted the request and will run it when its main thread is free; "
                                                    "fetch the result later with the job id",
                               report, result);
            return outcome(lock, entry, Outcome::Abandoned,
                           report.empty() ? "the editor did not answer a status probe off its main thread; the request's effect is unknown"
                                          : "the editor does not know the request; its effect is unknown",
                           report, result);
        }
        m_changed.wait_until(lock, std::min(deadline, now + std::chrono::milliseconds(100)));
        if (!m_connection && !m_reloading && entry->state == EntryState::Sent)
            check_editor_process_locked();
    }
}

std::string BridgeServer::probe(const std::string& request_id, bool withdraw) {
    std::string params = "{\"requestId\":" + quoted(request_id) + (withdraw ? ",\"withdrawIfQueued\":true}" : "}");
    auto entry = submit("request.status", params, true);
    auto deadline = Clock::now() + m_options.status_probe_timeout;
    std::unique_lock lock(m_mutex);
    m_changed.wait_until(lock, deadline, [&] { return entry->state != EntryState::Sent && entry->state != EntryState::Queued || m_stopping; });
    m_entries.erase(entry->id);
    return entry->state == EntryState::Completed && entry->ok ? entry->response : std::string();
}

uap_status BridgeServer::host_method(std::string_view method, std::string_view params_json, std::string& result) {
    rapidjson::Document params;
    params.Parse(params_json.data(), params_json.size());
    std::lock_guard lock(m_mutex);
    if (method == "host.jobStatus") {
        if (!params.HasMember("jobId") || !params["jobId"].IsString()) {
            result = error_object("invalid_params", "host.jobStatus needs a string jobId");
            return UAP_STATUS_INVALID_ARGUMENT;
        }
        std::string id = params["jobId"].GetString();
        auto found = m_entries.find(id);
        if (found == m_entries.end() || !found->second->job) {
            result = "{\"jobId\":" + quoted(id) + ",\"state\":\"unknown\",\"detail\":\"no such job (never issued, already expired, or from another host run)\"}";
            return UAP_STATUS_OK;
        }
        const auto& entry = *found->second;
        std::string text = "{\"jobId\":" + quoted(id) + ",\"method\":" + quoted(entry.method) + ",\"state\":";
        switch (entry.state) {
        case EntryState::Queued: text += "\"waiting\",\"detail\":\"waiting for the editor to connect\""; break;
        case EntryState::Sent: text += "\"running\",\"detail\":\"sent to the editor; no answer yet\""; break;
        case EntryState::Abandoned: text += "\"abandoned\",\"effect\":\"unknown\",\"detail\":" + quoted(entry.abandon_reason); break;
        case EntryState::Completed:
            text += entry.ok ? "\"completed\",\"result\":" + entry.response : "\"failed\",\"error\":" + entry.response;
            break;
        }
        result = text + "}";
        return UAP_STATUS_OK;
    }
    if (method == "host.events") {
        uint64_t since = params.HasMember("sinceSequence") && params["sinceSequence"].IsUint64() ? params["sinceSequence"].GetUint64() : 0;
        std::string text = "{\"events\":[";
        bool first = true;
        for (const auto& [sequence, frame] : m_events)
            if (sequence > since) {
                text += (first ? "" : ",") + std::string("{\"sequence\":") + std::to_string(sequence) + ",\"frame\":" + frame + "}";
                first = false;
            }
        result = text + "],\"lastSequence\":" + std::to_string(m_event_sequence) + "}";
        return UAP_STATUS_OK;
    }
    result = error_object("unknown_method", "the host answers only host.jobStatus and host.events itself");
    return UAP_STATUS_INVALID_ARGUMENT;
}

void BridgeServer::abandon_session_locked(const std::string& session, const std::string& reason) {
    for (auto& [id, entry] : m_entries)
        if (entry->state == EntryState::Sent && entry->session == session) {
            entry->state = EntryState::Abandoned;
            entry->abandon_reason = reason;
            entry->finished = Clock::now();
        }
    m_changed.notify_all();
}

void BridgeServer::check_editor_process_locked() {
    if (m_editor_gone || m_editor_pid <= 0)
        return;
    if (probe_process(m_editor_pid) == ProcessState::Gone) {
        m_editor_gone = true;
        spdlog::warn("bridge: editor process {} is gone; its in-flight requests are abandoned", m_editor_pid);
        abandon_session_locked(m_session, "the editor process exited while the request was in flight; its effect is unknown");
    }
}

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
    rapidjson::Document hello;
    hello.Parse(frame.c_str());
    if (hello.HasParseError() || !hello.IsObject() || !hello.HasMember("event") || !hello["event"].IsString() ||
        std::string(hello["event"].GetString()) != "hello" || !hello.HasMember("data"))
        return refuse("invalid_request", "the first frame must be the hello event");
    const auto& data = hello["data"];
    std::string violation = testkit::ProtocolSchemas::instance().check_named("handshake/hello", data);
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
                m_hello = json_text(data);
                m_editor_pid = data["editorPid"].GetInt64();
                m_editor_gone = false;
                m_reloading = false;
                connection->session = session;
                m_connection = connection;
                m_connected_since = Clock::now();
                ++m_statistics.connections;
                if (data.HasMember("completed"))
                    for (auto& response : data["completed"].GetArray()) {
                        auto found = m_entries.find(response["id"].GetString());
                        if (found == m_entries.end() || found->second->state == EntryState::Completed) {
                            ++m_statistics.duplicate_responses;
                            continue;
                        }
                        auto& entry = *found->second;
                        entry.ok = response.HasMember("result");
                        entry.response = json_text(entry.ok ? response["result"] : response["error"]);
                        entry.state = EntryState::Completed;
                        entry.finished = Clock::now();
                        ++m_statistics.responses;
                    }
                frames.push_back(event_frame("welcome", "{\"protocolVersion\":1,\"hostVersion\":" + quoted(m_options.host_version) +
                                                            ",\"maxResultBytes\":" + std::to_string(max_result_bytes(m_options)) +
                                                            ",\"replaced\":" + (replaced ? "true" : "false") + "}"));
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
        }
        m_changed.notify_all();
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
            return true;
        }
    }
    return refuse("second_editor", "another editor session is already connected to this host for this project; "
                                   "one host serves one editor");
}

void BridgeServer::protocol_error(const std::shared_ptr<Connection>& connection, std::string_view code, std::string_view message) {
    {
        std::lock_guard lock(m_mutex);
        ++m_statistics.protocol_errors;
    }
    send(connection, event_frame("protocolError", error_object(code, message)));
}

void BridgeServer::handle_response(const std::string& id, bool ok, std::string json) {
    std::lock_guard lock(m_mutex);
    auto found = m_entries.find(id);
    if (found == m_entries.end() || found->second->state == EntryState::Completed) {
        ++m_statistics.duplicate_responses;
        return;
    }
    auto& entry = *found->second;
    if (ok && !entry.internal) {
        rapidjson::Document result;
        result.Parse(json.c_str());
        std::string violation = testkit::ProtocolSchemas::instance().check_method(entry.method, testkit::SchemaPart::Result, result);
        if (!violation.empty()) {
            ok = false;
            json = error_object("internal_error", "the editor's result for " + entry.method + " breaks the protocol: " + violation);
        }
    }
    entry.ok = ok;
    entry.response = std::move(json);
    entry.state = EntryState::Completed;
    entry.finished = Clock::now();
    ++m_statistics.responses;
    m_changed.notify_all();
}

void BridgeServer::handle_event(const std::string& name, const std::string& frame) {
    std::vector<EventListener> listeners;
    {
        std::lock_guard lock(m_mutex);
        if (name == "reloading")
            m_reloading = true;
        m_events.emplace_back(++m_event_sequence, frame);
        constexpr std::size_t event_limit = 1000;
        if (m_events.size() > event_limit)
            m_events.pop_front();
        for (const auto& [ticket, listener] : m_listeners)
            listeners.push_back(listener);
    }
    for (const auto& listener : listeners)
        listener(frame);
}

void BridgeServer::handle_frame(const std::shared_ptr<Connection>& connection, const char* data, std::size_t size) {
    rapidjson::Document frame;
    frame.Parse(data, size);
    if (size > m_options.max_frame_bytes) {
        std::string message = "a frame of " + std::to_string(size) + " bytes exceeds the cap of " + std::to_string(m_options.max_frame_bytes);
        if (!frame.HasParseError() && frame.IsObject() && frame.HasMember("id") && frame["id"].IsString() &&
            (frame.HasMember("result") || frame.HasMember("error"))) {
            handle_response(frame["id"].GetString(), false,
                            error_object("result_too_large", "the editor's answer was too large (" + message + "); narrow the request or page it"));
            return;
        }
        protocol_error(connection, "frame_too_large", message + "; it was discarded");
        return;
    }
    if (frame.HasParseError() || !frame.IsObject())
        return protocol_error(connection, "parse_error", "the frame is not one JSON object");
    const auto& schemas = testkit::ProtocolSchemas::instance();
    if (frame.HasMember("event")) {
        std::string violation = schemas.check_named("envelope/event", frame);
        if (!violation.empty())
            return protocol_error(connection, "invalid_request", "bad event envelope: " + violation);
        std::string name = frame["event"].GetString();
        if (name == "hello")
            return protocol_error(connection, "invalid_request", "hello is sent once, as the first frame");
        return handle_event(name, std::string(data, size));
    }
    if (frame.HasMember("id")) {
        std::string violation = schemas.check_named("envelope/response", frame);
        if (!violation.empty() || frame.HasMember("result") == frame.HasMember("error"))
            return protocol_error(connection, "invalid_request",
                                  violation.empty() ? "a response has exactly one of result and error" : "bad response envelope: " + violation);
        bool ok = frame.HasMember("result");
        return handle_response(frame["id"].GetString(), ok, json_text(ok ? frame["result"] : frame["error"]));
    }
    protocol_error(connection, "invalid_request", "a frame from the editor is either a response {id,result|error} or an event {event,data}");
}

void BridgeServer::on_disconnect(const std::shared_ptr<Connection>& connection) {
    std::lock_guard lock(m_mutex);
    connection->open = false;
    if (m_connection != connection)
        return;
    m_connection.reset();
    m_disconnected_since = Clock::now();
    spdlog::info("bridge: editor session {} disconnected{}", m_session, m_reloading ? " for a domain reload" : "");
    if (!m_reloading)
        check_editor_process_locked();
    m_changed.notify_all();
}

void BridgeServer::serve_connection(Poco::Net::WebSocket& socket) {
    auto connection = std::make_shared<Connection>();
    connection->socket = &socket;
    socket.setMaxPayloadSize(static_cast<int>(m_options.hard_max_frame_bytes));
    socket.setNoDelay(true);
    socket.setReceiveTimeout(Poco::Timespan(10, 0));
    socket.setSendTimeout(Poco::Timespan(10, 0));
    Poco::Buffer<char> buffer(0);
    int flags = 0;
    try {
        auto hello_wait = Poco::Timespan(static_cast<Poco::Timespan::TimeDiff>(m_options.hello_timeout.count()) * 1000);
        if (!socket.poll(hello_wait, Poco::Net::Socket::SELECT_READ)) {
            socket.shutdown(Poco::Net::WebSocket::WS_POLICY_VIOLATION, "no hello");
            return;
        }
        int received = socket.receiveFrame(buffer, flags);
        if (received <= 0 || !accept_hello(connection, std::string(buffer.begin(), buffer.size())))
            return;
        while (connection->open) {
            {
                std::lock_guard lock(m_mutex);
                if (m_stopping)
                    break;
            }
            if (!socket.poll(Poco::Timespan(0, 250000), Poco::Net::Socket::SELECT_READ))
                continue;
            buffer.resize(0);
            received = socket.receiveFrame(buffer, flags);
            int opcode = flags & Poco::Net::WebSocket::FRAME_OP_BITMASK;
            if (received == 0 && flags == 0)
                break;
            if (opcode == Poco::Net::WebSocket::FRAME_OP_CLOSE)
                break;
            if (opcode == Poco::Net::WebSocket::FRAME_OP_PING) {
                std::lock_guard guard(connection->send_mutex);
                socket.sendFrame(buffer.begin(), static_cast<int>(buffer.size()),
                                 Poco::Net::WebSocket::FRAME_FLAG_FIN | Poco::Net::WebSocket::FRAME_OP_PONG);
                continue;
            }
            if (opcode == Poco::Net::WebSocket::FRAME_OP_PONG)
                continue;
            if (!(flags & Poco::Net::WebSocket::FRAME_FLAG_FIN) || opcode == Poco::Net::WebSocket::FRAME_OP_CONT) {
                protocol_error(connection, "invalid_request", "fragmented messages are not part of the protocol; send one frame per message");
                continue;
            }
            if (opcode != Poco::Net::WebSocket::FRAME_OP_TEXT) {
                protocol_error(connection, "invalid_request", "only text frames carry messages");
                continue;
            }
            handle_frame(connection, buffer.begin(), buffer.size());
        }
    } catch (const Poco::Net::WebSocketException& exception) {
        spdlog::info("bridge: closing the editor socket: {}", exception.displayText());
        if (exception.code() == Poco::Net::WebSocket::WS_ERR_PAYLOAD_TOO_BIG)
            try {
                socket.shutdown(Poco::Net::WebSocket::WS_PAYLOAD_TOO_BIG, "frame above the hard cap");
            } catch (const Poco::Exception&) {
            }
    } catch (const Poco::Exception& exception) {
        spdlog::debug("bridge: editor socket ended: {}", exception.displayText());
    }
    {
        std::lock_guard guard(connection->send_mutex);
        connection->socket = nullptr;
    }
    on_disconnect(connection);
}

void BridgeServer::close_socket(const std::shared_ptr<Connection>& connection, int code, const std::string& reason) {
    std::lock_guard guard(connection->send_mutex);
    if (!connection->socket)
        return;
    try {
        connection->socket->shutdown(static_cast<Poco::UInt16>(code), reason);
    } catch (const Poco::Exception&) {
    }
}

void BridgeServer::ping_loop() {
    std::unique_lock lock(m_mutex);
    while (!m_stopping) {
        m_changed.wait_for(lock, m_options.ping_interval, [this] { return m_stopping; });
        if (m_stopping || !m_connection)
            continue;
        lock.unlock();
        auto entry = submit("ping", "{}", true);
        auto deadline = Clock::now() + std::min(m_options.ping_interval, m_options.status_probe_timeout);
        lock.lock();
        m_changed.wait_until(lock, deadline, [&] { return entry->state == EntryState::Completed || entry->state == EntryState::Abandoned || m_stopping; });
        m_entries.erase(entry->id);
        if (entry->state == EntryState::Completed && entry->ok) {
            rapidjson::Document report;
            report.Parse(entry->response.c_str());
            if (report.IsObject() && report.HasMember("mainThread")) {
                m_main_thread = json_text(report["mainThread"]);
                m_main_thread_at = Clock::now();
            }
        }
    }
}

std::string BridgeServer::state_json() const {
    std::lock_guard lock(m_mutex);
    std::string state = m_connection ? "connected" : m_session.empty() ? "not_connected" : m_reloading ? "reloading" : "disconnected";
    std::size_t pending = 0, jobs = 0;
    for (const auto& [id, entry] : m_entries) {
        if (entry->internal)
            continue;
        if (entry->job)
            ++jobs;
        else if (entry->state == EntryState::Queued || entry->state == EntryState::Sent)
            ++pending;
    }
    std::string text = "{\"state\":" + quoted(state) + ",\"pendingRequests\":" + std::to_string(pending) + ",\"jobs\":" + std::to_string(jobs);
    if (!m_session.empty()) {
        rapidjson::Document hello;
        hello.Parse(m_hello.c_str());
        text += ",\"editor\":{";
        bool first = true;
        for (const char* field : {"unityVersion", "projectPath", "editorPid", "editorSessionId", "simulator"})
            if (hello.HasMember(field)) {
                text += (first ? "\"" : ",\"") + std::string(field) + "\":" + json_text(hello[field]);
                first = false;
            }
        text += "}";
        if (m_main_thread != "null")
            text += ",\"mainThread\":" + m_main_thread + ",\"mainThreadReportAgeMs\":" + std::to_string(milliseconds_since(m_main_thread_at));
        if (!m_connection)
            text += ",\"disconnectedForMs\":" + std::to_string(milliseconds_since(m_disconnected_since)) +
                    ",\"editorProcess\":" + (m_editor_gone ? "\"gone\"" : "\"alive_or_unknown\"");
    } else {
        text += ",\"detail\":\"no editor has connected to this host yet\"";
    }
    return text + "}";
}

int BridgeServer::subscribe(EventListener listener) {
    std::lock_guard lock(m_mutex);
    m_listeners[m_next_ticket] = std::move(listener);
    return m_next_ticket++;
}

void BridgeServer::unsubscribe(int ticket) {
    std::lock_guard lock(m_mutex);
    m_listeners.erase(ticket);
}

BridgeStatistics BridgeServer::statistics() const {
    std::lock_guard lock(m_mutex);
    return m_statistics;
}

bool BridgeServer::connected() const {
    std::lock_guard lock(m_mutex);
    return m_connection != nullptr;
}

bool BridgeServer::wait_connected(std::chrono::milliseconds timeout) const {
    std::unique_lock lock(m_mutex);
    return m_changed.wait_for(lock, timeout, [this] { return m_connection != nullptr; });
}

} // namespace uap::bridge

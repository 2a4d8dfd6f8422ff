// Editor calls and their outcomes: waiting across reloads, status probes when a call runs long,
// and the structured outcomes (still running, never started, abandoned, ...) that slow calls end with.
#include "bridge/bridge_internal.hpp"
#include "bridge/main_thread_liveness.hpp"

#include <uap/protocol/protocol_schemas.hpp>

namespace uap::bridge {

namespace {

// Maps an editor error code to the ABI status a module sees.
uap_status status_of_error(const std::string& error_json) {
    std::string code = json::string_field(parse_trusted(error_json), "code").value_or("");
    if (code == "invalid_params" || code == "unknown_method" || code == "invalid_request" || code == "type_mismatch")
        return UAP_STATUS_INVALID_ARGUMENT;
    if (code == "result_too_large")
        return UAP_STATUS_TOO_LARGE;
    return UAP_STATUS_TOOL_ERROR;
}

} // namespace

uap_status BridgeServer::call(std::string_view method, std::string_view params_json, uint32_t timeout_ms, const CallControl* control,
                              std::string& result) {
    auto params = json::parse(params_json.empty() ? std::string_view("{}") : params_json);
    if (!params || !params->IsObject()) {
        result = error_object("invalid_params", "editor call params must be a JSON object" + (params ? std::string() : " (" + params.error().message() + ")"));
        return UAP_STATUS_INVALID_ARGUMENT;
    }
    if (method.rfind("host.", 0) == 0)
        return host_method(method, json::to_text(*params), result);
    if (method == "ping" || method == "request.status") {
        result = error_object("invalid_params", std::string(method) + " is part of the bridge's own liveness protocol; read uap_ping instead");
        return UAP_STATUS_INVALID_ARGUMENT;
    }
    auto entry = submit(method, json::to_text(*params), false);
    return wait_for(entry, std::chrono::milliseconds(timeout_ms), control, result);
}

uap_status BridgeServer::finish(std::unique_lock<std::mutex>&, const std::shared_ptr<Entry>& entry, std::string& result) {
    result = entry->response;
    if (!entry->job)
        m_entries.erase(entry->id);
    if (entry->ok)
        return UAP_STATUS_OK;
    if (auto explained = explain_missing_primitive(entry->method, entry->response))
        result = *explained;
    return status_of_error(result);
}

std::optional<std::string> BridgeServer::explain_missing_primitive(const std::string& method, const std::string& error_json) const {
    // An editor that lacks a primitive this host's protocol has runs an older Unity package: its own
    // "no primitive named ..." does not say what to do about it.
    if (json::string_field(parse_trusted(error_json), "code").value_or("") != "unknown_method" ||
        !protocol::ProtocolSchemas::instance().has_method(method) || m_hello.empty())
        return std::nullopt;
    rapidjson::Document hello = parse_trusted(m_hello);
    if (!hello.IsObject() || !hello.HasMember("primitives") || !hello["primitives"].IsArray())
        return std::nullopt;
    for (const auto& listed : hello["primitives"].GetArray())
        if (listed.IsString() && method == listed.GetString())
            return std::nullopt; // It claims the primitive: its error stands as it is.
    return error_object("unknown_method",
                        "the Unity package connected to this host does not implement the editor primitive '" + method +
                            "', which uap-host " + m_options.host_version +
                            " uses: the package is older than the host. Update com.agentpanel.unity in Unity's Package Manager "
                            "to the host's version, or clear the host path in Project Settings > Agent Panel so that the "
                            "package starts the host it carries");
}

uap_status BridgeServer::outcome(std::unique_lock<std::mutex>&, const std::shared_ptr<Entry>& entry, Outcome kind,
                                 const std::string& detail, const std::string& editor_report, std::string& result) {
    static const char* codes[] = {"still_running", "never_started", "abandoned", "not_connected", "cancelled"};
    const char* code = codes[static_cast<int>(kind)];
    bool job = kind == Outcome::StillRunning || kind == Outcome::Abandoned;
    entry->job = job;
    // An editor that never connects may be unable to load the package at all (compile errors, Safe
    // Mode): what its log says is the most useful thing a not_connected refusal can carry.
    OfflineReport offline = kind == Outcome::NotConnected && m_offline_report ? m_offline_report() : OfflineReport{};
    std::string message = offline.summary.empty() ? detail : detail + ". " + offline.summary;
    json::TextWriter writer;
    writer.begin_object().field("code", code).field("message", message).key("data").begin_object();
    writer.field("outcome", code).field("requestId", entry->id).field("method", entry->method);
    if (!offline.json.empty())
        writer.raw_field("editorLog", offline.json);
    if (job)
        writer.field("jobId", entry->id);
    if (kind == Outcome::Abandoned)
        writer.field("effect", "unknown");
    if (!editor_report.empty())
        writer.raw_field("editor", editor_report);
    result = writer.end_object().end_object().text();
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
            rapidjson::Document status = parse_trusted(report);
            std::string state = json::string_field(status, "state").value_or("");
            if (state == "withdrawn")
                return outcome(lock, entry, cancelled ? Outcome::Cancelled : Outcome::NeverStarted,
                               "the editor had not started the request; it was withdrawn and will not run", report, result);
            if (state == "completed" && status.HasMember("response") && status["response"].IsObject()) {
                complete_entry(*entry, status["response"]);
                return finish(lock, entry, result);
            }
            if (state == "running" || state == "queued") {
                std::string detail = state == "running" ? "the editor is still executing the request; fetch the result later with the job id"
                                                        : "the editor accepted the request and will run it when its main thread is free; "
                                                          "fetch the result later with the job id";
                if (status.HasMember("mainThread"))
                    if (LivenessReading liveness = read_liveness(status["mainThread"], m_options.throttled_tick_gap);
                        liveness.state == MainThreadLiveness::Throttled)
                        detail += ". The editor is alive but its main thread is throttled (one tick in " + std::to_string(liveness.tick_gap_ms) +
                                  " ms: Unity is in the background or under macOS App Nap); bring Unity to the front, or set Preferences > "
                                  "General > Interaction Mode, to make it faster";
                return outcome(lock, entry, Outcome::StillRunning, detail, report, result);
            }
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
    json::TextWriter params;
    params.begin_object().field("requestId", request_id);
    if (withdraw)
        params.field("withdrawIfQueued", true);
    return internal_request("request.status", params.end_object().text(), m_options.status_probe_timeout);
}

} // namespace uap::bridge

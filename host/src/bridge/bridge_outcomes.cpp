// Editor calls and their outcomes: waiting across reloads, status probes when a call runs long,
// and the structured outcomes (still running, never started, abandoned, ...) that slow calls end with.
#include "bridge/bridge_internal.hpp"
#include "bridge/main_thread_liveness.hpp"

#include <uap/protocol/protocol_schemas.hpp>

namespace uap::bridge {

namespace {

// The kind of failure an editor error object reports, by its code.
ErrorCode kind_of_error(const std::string& error_json) {
    std::string code = json::string_field(parse_trusted(error_json), "code").value_or("");
    if (code == "invalid_params" || code == "unknown_method" || code == "invalid_request" || code == "type_mismatch")
        return ErrorCode::InvalidArgument;
    if (code == "result_too_large")
        return ErrorCode::TooLarge;
    return ErrorCode::Failed;
}

} // namespace

Error editor_error(ErrorCode kind, std::string error_json) {
    std::string message = json::string_field(parse_trusted(error_json), "message").value_or(error_json);
    return Error(kind, std::move(message)).with_detail(std::move(error_json));
}

BridgeServer::Started BridgeServer::start(std::string_view method, std::string_view params_json) {
    auto params = json::parse(params_json.empty() ? std::string_view("{}") : params_json);
    if (!params || !params->IsObject())
        return json::error_with_object(ErrorCode::InvalidArgument, "invalid_params",
                                       "editor call params must be a JSON object" +
                                           (params ? std::string() : " (" + params.error().message() + ")"));
    if (method.rfind("host.", 0) == 0)
        return host_method(method, json::to_text(*params));
    if (method == "ping" || method == "request.status")
        return json::error_with_object(ErrorCode::InvalidArgument, "invalid_params",
                                       std::string(method) + " is part of the bridge's own liveness protocol; read uap_ping instead");
    return submit(method, json::to_text(*params), false);
}

Expected<std::string> BridgeServer::call(std::string_view method, std::string_view params_json, uint32_t timeout_ms,
                                         const CallControl* control) {
    Started started = start(method, params_json);
    if (auto* entry = std::get_if<std::shared_ptr<Entry>>(&started))
        return wait_for(*entry, std::chrono::milliseconds(timeout_ms), control);
    return std::get<Expected<std::string>>(std::move(started));
}

std::vector<Expected<std::string>> BridgeServer::call_all(std::span<const api::EditorRequest> requests, uint32_t timeout_ms,
                                                          const CallControl* control) {
    // Every frame goes out before the first wait, so the editor's queue holds them all at once.
    std::vector<Started> started;
    started.reserve(requests.size());
    for (const auto& request : requests)
        started.push_back(start(request.method, request.params_json));
    std::vector<Expected<std::string>> answers;
    answers.reserve(requests.size());
    for (auto& each : started) {
        if (auto* entry = std::get_if<std::shared_ptr<Entry>>(&each))
            answers.push_back(wait_for(*entry, std::chrono::milliseconds(timeout_ms), control));
        else
            answers.push_back(std::get<Expected<std::string>>(std::move(each)));
    }
    return answers;
}

Expected<std::string> BridgeServer::finish(MutexLock&, const std::shared_ptr<Entry>& entry) {
    std::string response = entry->response;
    if (!entry->job)
        m_entries.erase(entry->id);
    if (entry->ok)
        return response;
    if (auto explained = explain_missing_primitive(entry->method, response))
        response = *explained;
    ErrorCode kind = kind_of_error(response);
    return editor_error(kind, std::move(response));
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

Error BridgeServer::outcome(MutexLock&, const std::shared_ptr<Entry>& entry, Outcome kind, const std::string& detail,
                            const std::string& editor_report) {
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
    std::string object = writer.end_object().end_object().text();
    if (!job)
        m_entries.erase(entry->id);
    ErrorCode error_kind = kind == Outcome::NotConnected ? ErrorCode::Unavailable
                           : kind == Outcome::Cancelled  ? ErrorCode::Cancelled
                                                         : ErrorCode::Timeout;
    return Error(error_kind, std::move(message)).with_detail(std::move(object));
}

Expected<std::string> BridgeServer::wait_for(const std::shared_ptr<Entry>& entry, std::chrono::milliseconds timeout,
                                             const CallControl* control) {
    auto deadline = m_clock.now() + timeout;
    MutexLock lock(m_mutex);
    while (true) {
        // Time the editor spent away (a reload) does not count: after it comes back the call gets its full timeout.
        if (m_connection && m_connected_since + timeout > deadline)
            deadline = m_connected_since + timeout;
        WaitFacts facts{.state = entry->state,
                        .connected = m_connection != nullptr,
                        .editor_gone = m_editor_gone,
                        .stopping = m_stopping,
                        .cancelled = control && control->cancelled.load(),
                        .now = m_clock.now(),
                        .deadline = deadline,
                        .reconnect_deadline = m_disconnected_since + m_options.reconnect_wait};
        switch (next_wait_step(facts)) {
        case WaitStep::Finish:
            return finish(lock, entry);
        case WaitStep::Abandoned:
            return outcome(lock, entry, Outcome::Abandoned, entry->abandon_reason, {});
        case WaitStep::ShuttingDown:
            return outcome(lock, entry, entry->state == EntryState::Queued ? Outcome::NotConnected : Outcome::Abandoned, "the host is shutting down", {});
        case WaitStep::CancelledUnsent:
            return outcome(lock, entry, Outcome::Cancelled, "cancelled before the editor received it; it will not run", {});
        case WaitStep::NeverSent:
            return outcome(lock, entry, Outcome::NotConnected, "no editor connected within the bounded wait; the request was never sent and will not run", {});
        case WaitStep::LostInFlight:
            return outcome(lock, entry, Outcome::Abandoned,
                           "the editor disconnected while the request was in flight and did not come back within the bounded wait; its effect is unknown", {});
        case WaitStep::Probe: {
            // The probe is a request of its own, answered on the socket thread: never waited for under the lock.
            std::string id = entry->id;
            lock.unlock();
            std::string report = probe(id, facts.cancelled);
            lock.lock();
            return probed_outcome(lock, entry, facts.cancelled, report);
        }
        case WaitStep::AwaitSend: m_clock.wait_until(entry->changed, lock.waitable(), facts.now + std::chrono::milliseconds(20)); break;
        case WaitStep::AwaitReconnect:
            m_clock.wait_until(entry->changed, lock.waitable(),
                               std::min(facts.reconnect_deadline, facts.now + std::chrono::milliseconds(100)));
            if (!m_connection && !m_reloading)
                check_editor_process_locked();
            break;
        case WaitStep::Sleep:
            m_clock.wait_until(entry->changed, lock.waitable(), std::min(deadline, facts.now + std::chrono::milliseconds(100)));
            if (!m_connection && !m_reloading && entry->state == EntryState::Sent)
                check_editor_process_locked();
            break;
        }
    }
}

Expected<std::string> BridgeServer::probed_outcome(MutexLock& lock, const std::shared_ptr<Entry>& entry, bool cancelled, const std::string& report) {
    if (entry->state == EntryState::Completed)
        return finish(lock, entry);
    rapidjson::Document status = parse_trusted(report);
    std::string state = json::string_field(status, "state").value_or("");
    if (state == "withdrawn")
        return outcome(lock, entry, cancelled ? Outcome::Cancelled : Outcome::NeverStarted,
                       "the editor had not started the request; it was withdrawn and will not run", report);
    if (state == "completed" && status.HasMember("response") && status["response"].IsObject()) {
        complete_entry(*entry, m_clock.now(), status["response"]);
        return finish(lock, entry);
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
        return outcome(lock, entry, Outcome::StillRunning, detail, report);
    }
    return outcome(lock, entry, Outcome::Abandoned,
                   report.empty() ? "the editor did not answer a status probe off its main thread; the request's effect is unknown"
                                  : "the editor does not know the request; its effect is unknown",
                   report);
}

std::string BridgeServer::probe(const std::string& request_id, bool withdraw) {
    json::TextWriter params;
    params.begin_object().field("requestId", request_id);
    if (withdraw)
        params.field("withdrawIfQueued", true);
    return internal_request("request.status", params.end_object().text(), m_options.status_probe_timeout);
}

} // namespace uap::bridge

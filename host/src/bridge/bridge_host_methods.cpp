// The methods the host answers itself: host.jobStatus for calls that outlived their timeout,
// and host.events for the recent editor events.
#include "bridge/bridge_internal.hpp"

#include <algorithm>

namespace uap::bridge {

namespace {

// The status of one long-running call, as host.jobStatus reports it.
std::string job_status(const std::string& id, const BridgeServer::Entry& entry) {
    json::TextWriter writer;
    writer.begin_object().field("jobId", id).field("method", entry.method);
    switch (entry.state) {
    case EntryState::Queued: writer.field("state", "waiting").field("detail", "waiting for the editor to connect"); break;
    case EntryState::Sent: writer.field("state", "running").field("detail", "sent to the editor; no answer yet"); break;
    case EntryState::Abandoned: writer.field("state", "abandoned").field("effect", "unknown").field("detail", entry.abandon_reason); break;
    case EntryState::Completed:
        writer.field("state", entry.ok ? "completed" : "failed").raw_field(entry.ok ? "result" : "error", entry.response);
        if (entry.from_previous_run)
            writer.field("detail", "answered by the editor after the host run that sent it had ended; this host never saw the "
                                   "request, so its method is unknown and the result was not checked against its schema");
        break;
    }
    return writer.end_object().text();
}

} // namespace

Expected<std::string> BridgeServer::host_method(std::string_view method, std::string_view params_json) {
    rapidjson::Document params = parse_trusted(params_json);
    if (method == "host.compileState")
        return compile_state_method(params);
    MutexLock lock(m_mutex);
    if (method == "host.jobStatus") {
        auto id = json::string_field(params, "jobId");
        if (!id)
            return json::error_with_object(ErrorCode::InvalidArgument, "invalid_params", "host.jobStatus needs a string jobId");
        auto found = m_entries.find(*id);
        if (found == m_entries.end() || !found->second->job)
            return json::TextWriter()
                .begin_object()
                .field("jobId", *id)
                .field("state", "unknown")
                .field("detail", "no such job (never issued, already expired, or sent by an earlier host run and never run: "
                                 "the editor drops what a lost host had queued)")
                .end_object()
                .text();
        return job_status(*id, *found->second);
    }
    if (method == "host.events") {
        uint64_t since = params.IsObject() && params.HasMember("sinceSequence") && params["sinceSequence"].IsUint64()
                             ? params["sinceSequence"].GetUint64()
                             : 0;
        json::TextWriter writer;
        writer.begin_object().key("events").begin_array();
        for (const auto& [sequence, frame] : m_events)
            if (sequence > since)
                writer.begin_object().field("sequence", sequence).raw_field("frame", frame).end_object();
        return writer.end_array().field("lastSequence", m_event_sequence).end_object().text();
    }
    return json::error_with_object(ErrorCode::InvalidArgument, "unknown_method",
                                   "the host answers only host.jobStatus, host.events and host.compileState itself");
}

Expected<std::string> BridgeServer::compile_state_method(const rapidjson::Document& params) {
    // A caller blocks a module thread while it waits, so the wait has a ceiling of its own.
    constexpr int64_t max_wait_ms = 300000;
    auto after = params.IsObject() ? json::integer_field(params, "afterSequence") : std::nullopt;
    int64_t wait_ms = params.IsObject() ? json::integer_field(params, "waitMs").value_or(0) : 0;
    if ((after && *after < 0) || wait_ms < 0)
        return json::error_with_object(ErrorCode::InvalidArgument, "invalid_params",
                                       "host.compileState takes a non-negative afterSequence and waitMs");
    MutexLock lock(m_mutex);
    auto finished = [&]() UAP_REQUIRES(m_mutex) { return after && m_compile.finished_after(static_cast<uint64_t>(*after)); };
    if (after && wait_ms > 0)
        lock.wait_until(m_clock, m_changed, m_clock.now() + std::chrono::milliseconds(std::min(wait_ms, max_wait_ms)),
                        [&]() UAP_REQUIRES(m_mutex) { return m_stopping || finished(); });
    json::TextWriter writer;
    writer.begin_object().field("eventSequence", m_event_sequence);
    if (after)
        writer.field("finishedAfter", finished());
    writer.key("compile");
    m_compile.write(writer);
    return writer.end_object().text();
}

} // namespace uap::bridge

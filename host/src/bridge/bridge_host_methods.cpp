// The methods the host answers itself: host.jobStatus for calls that outlived their timeout,
// and host.events for the recent editor events.
#include "bridge/bridge_internal.hpp"

namespace uap::bridge {

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

} // namespace uap::bridge

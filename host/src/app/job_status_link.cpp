// host.jobStatus {"jobId", "cancel"?} for module jobs; everything else goes to the editor bridge.
#include "app/job_status_link.hpp"

#include "support/json.hpp"
#include "support/json_writer.hpp"

namespace uap::app {

Expected<std::string> JobStatusLink::call(std::string_view method, std::string_view params_json, uint32_t timeout_ms,
                                          const api::CallControl* control) {
    if (method != "host.jobStatus")
        return m_editor.call(method, params_json, timeout_ms, control);
    auto params = json::parse(params_json.empty() ? std::string_view("{}") : params_json);
    std::optional<std::string> id = params && params->IsObject() ? json::string_field(*params, "jobId") : std::nullopt;
    bool cancel = params && params->IsObject() && json::bool_field(*params, "cancel").value_or(false);
    if (!id || !mcp::ToolJobs::owns(*id)) {
        if (cancel)
            return json::error_with_object(ErrorCode::InvalidArgument, "invalid_params",
                                           "only jobs of long-running module tools (ids starting \"" +
                                               std::string(mcp::ToolJobs::id_prefix) +
                                               "\") can be cancelled; an editor call that outlived its timeout runs to its end in the "
                                               "editor: ask for its status without \"cancel\"");
        return m_editor.call(method, params_json, timeout_ms, control);
    }
    return cancel ? m_jobs.cancel(*id) : m_jobs.status_json(*id);
}

std::vector<Expected<std::string>> JobStatusLink::call_all(std::span<const api::EditorRequest> requests, uint32_t timeout_ms,
                                                           const api::CallControl* control) {
    for (const auto& request : requests)
        if (request.method == "host.jobStatus")
            return EditorLink::call_all(requests, timeout_ms, control);
    return m_editor.call_all(requests, timeout_ms, control);
}

} // namespace uap::app

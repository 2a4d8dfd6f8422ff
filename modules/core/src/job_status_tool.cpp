// uap_job_status: asks the host where a job stands: a long-running tool's call that outlasted the
// reply's wait, or an editor call that outlived its timeout. It can also cancel a tool's job.
#include "job_status_tool.hpp"

#include <uap/sdk/editor_calls.hpp>

namespace uap::core {

std::string_view JobStatusTool::description() const {
    return "Outcome of a job (jobId): a long-running tool's call or a timed-out editor call. cancel: true stops a tool's job.";
}

std::string_view JobStatusTool::input_schema() const {
    return R"({"type":"object","required":["jobId"],"properties":{"jobId":{"type":"string","maxLength":200},"cancel":{"type":"boolean"}},"additionalProperties":false})";
}

sdk::ToolTraits JobStatusTool::traits() const {
    return {sdk::Access::ReadOnly, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::Idempotent, sdk::Duration::Quick};
}

sdk::ToolResult JobStatusTool::call(const rapidjson::Value& arguments, sdk::CallContext& context) {
    sdk::editor::HostJobStatusParams params;
    params.jobId = arguments["jobId"].GetString();
    if (arguments.HasMember("cancel"))
        params.cancel = arguments["cancel"].GetBool();
    auto report = sdk::editor::host_job_status(sdk::EditorClient(context, 5000), params);
    if (!report)
        return sdk::ToolResult::failure("the host could not report the job: " + report.error().describe());
    // The report's fields beyond jobId and state depend on the job's kind, so it is passed on whole.
    return sdk::ToolResult::success(std::move(report.value().json.document()));
}

std::string_view JobStatusTool::output_schema() const {
    return R"({"type":"object","required":["jobId","state"],"properties":{"jobId":{"type":"string"},"state":{"type":"string"}}})";
}

} // namespace uap::core

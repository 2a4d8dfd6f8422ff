// uap_job_status: asks the host's editor bridge where a timed-out editor call stands.
#include "job_status_tool.hpp"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

namespace uap::core {

std::string_view JobStatusTool::description() const {
    return "Get the outcome of a timed-out editor call (jobId).";
}

std::string_view JobStatusTool::input_schema() const {
    return R"({"type":"object","required":["jobId"],"properties":{"jobId":{"type":"string"}},"additionalProperties":false})";
}

sdk::ToolTraits JobStatusTool::traits() const {
    return {sdk::Access::ReadOnly, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::Idempotent, sdk::Duration::Quick};
}

sdk::ToolResult JobStatusTool::call(const rapidjson::Value& arguments, sdk::CallContext& context) {
    rapidjson::StringBuffer params;
    rapidjson::Writer<rapidjson::StringBuffer> writer(params);
    writer.StartObject();
    writer.Key("jobId");
    writer.String(arguments["jobId"].GetString(), arguments["jobId"].GetStringLength());
    writer.EndObject();
    sdk::HostAnswer answer = context.editor_call("host.jobStatus", params.GetString(), 5000);
    if (!answer.ok())
        return sdk::ToolResult::failure("the host could not report the job: " + answer.json);
    rapidjson::Document result;
    result.Parse(answer.json.c_str());
    if (result.HasParseError() || !result.IsObject())
        return sdk::ToolResult::failure("the host's job report was not understood: " + answer.json);
    return sdk::ToolResult::success(std::move(result));
}

} // namespace uap::core

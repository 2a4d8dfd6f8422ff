// uap_job_status: asks the host where a job stands: a long-running tool's call that outlasted the
// reply's wait, or an editor call that outlived its timeout. It can also cancel a tool's job.
#include "job_status_tool.hpp"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

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
    rapidjson::StringBuffer params;
    rapidjson::Writer<rapidjson::StringBuffer> writer(params);
    writer.StartObject();
    writer.Key("jobId");
    writer.String(arguments["jobId"].GetString(), arguments["jobId"].GetStringLength());
    if (arguments.HasMember("cancel")) {
        writer.Key("cancel");
        writer.Bool(arguments["cancel"].GetBool());
    }
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

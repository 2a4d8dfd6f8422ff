// ModuleHost::call_tool: validate input, call the module behind a catch-all, check the output.
#include "modules/module_host.hpp"

#include "api/choice_request.hpp"
#include "modules/fault_records.hpp"
#include "support/json.hpp"
#include "support/json_schema.hpp"

#include <uap/sdk/json.hpp>

#include <rapidjson/schema.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <exception>

namespace uap::modules {

namespace {

CallStatus status_of(uap_status status) {
    switch (status) {
    case UAP_STATUS_OK: return CallStatus::Success;
    case UAP_STATUS_TOOL_ERROR: return CallStatus::ToolError;
    case UAP_STATUS_INVALID_ARGUMENT: return CallStatus::InvalidArguments;
    case UAP_STATUS_UNKNOWN_TOOL: return CallStatus::UnknownTool;
    case UAP_STATUS_CANCELLED: return CallStatus::Cancelled;
    case UAP_STATUS_TIMEOUT:
    case UAP_STATUS_UNAVAILABLE: return CallStatus::Unavailable;
    case UAP_STATUS_TOO_LARGE: return CallStatus::TooLarge;
    case UAP_STATUS_NEEDS_CHOICE: return CallStatus::NeedsChoice;
    default: return CallStatus::InternalError;
    }
}

} // namespace

ToolOutcome ModuleHost::call_tool(std::string_view name, std::string_view arguments_json, const CallOptions& options) const {
    const ToolEntry* entry = find_tool(name);
    if (!entry)
        return {CallStatus::UnknownTool, "no tool named \"" + std::string(name) +
                                           "\" is loaded; `uap-host modules list` shows every pack, its tools and why any is not loaded"};
    const ToolDescription& tool = *entry->description;

    json::LocalDocument parsed; // Reused for the result: no heap for small texts.
    if (auto read = parsed.parse(arguments_json.empty() ? std::string_view("{}") : arguments_json); !read)
        return {CallStatus::InvalidArguments, "arguments are not valid JSON: " + read.error().message()};
    const rapidjson::Document& arguments = parsed.document();
    if (!arguments.IsObject())
        return {CallStatus::InvalidArguments, "arguments must be a JSON object"};
    rapidjson::SchemaValidator validator(*tool.input_schema);
    if (!arguments.Accept(validator))
        return {CallStatus::InvalidArguments, "arguments do not match the input schema of \"" + tool.name + "\" " +
                                                  json::describe_violation(validator) + "; schema: " + tool.input_schema_json};
    std::string normalized_arguments = json::to_text(arguments);

    CallOptions effective = options;
    if (effective.deadline.count() == 0)
        if (auto found = m_deadlines.find(name); found != m_deadlines.end())
            effective.deadline = found->second;
    auto answered = entry->module->call_tool(ToolCallRequest{tool.name, normalized_arguments, &effective, m_max_result_bytes, m_cancel_grace});
    if (!answered)
        return {CallStatus::Crashed, answered.error().message()};
    ModuleOutput& output = *answered;
    if (output.overflowed)
        return {CallStatus::TooLarge, "tool \"" + tool.name + "\" produced more than " + std::to_string(m_max_result_bytes) +
                                          " bytes (" + std::to_string(output.offered_bytes) +
                                          " offered); the result was refused. Ask for less (a smaller page, depth or filter)."};
    uap_status status = output.status;
    CallStatus outcome = status_of(status);
    if (outcome == CallStatus::Cancelled && output.text.empty())
        return {outcome, "tool \"" + tool.name + "\" stopped because the call was cancelled"};
    if (outcome == CallStatus::NeedsChoice) {
        auto question = read_choice_request(output.text);
        if (!question)
            return {CallStatus::InternalError, "tool \"" + tool.name + "\" asked the user to choose, but in a malformed shape (" +
                                                   question.error().message() + ")"};
        return {CallStatus::NeedsChoice, std::move(question->refusal), std::move(output.text)};
    }
    if (outcome != CallStatus::Success)
        return {outcome, output.text.empty() ? "tool \"" + tool.name + "\" failed with status " + std::to_string(status) : std::move(output.text)};

    if (auto read = parsed.parse(output.text); !read)
        return {CallStatus::InternalError, "tool \"" + tool.name + "\" returned invalid JSON (" + read.error().message() + ")"};
    const rapidjson::Document& result = parsed.document();
    if (!result.IsObject())
        return {CallStatus::InternalError, "tool \"" + tool.name + "\" returned JSON that is not an object"};
    if (tool.output_schema) {
        rapidjson::SchemaValidator output_validator(*tool.output_schema);
        if (!result.Accept(output_validator))
            return {CallStatus::InternalError, "tool \"" + tool.name + "\" returned a result that does not match its output schema " +
                                                   json::describe_violation(output_validator)};
    }
    return {CallStatus::Success, std::move(output.text)};
}

Expected<ModuleOutput> InProcessModule::call_tool(const ToolCallRequest& request) {
    // Should the module bring the process down, the crash record names it and the tool.
    RunningToolMark running(id(), request.tool);
    uap_call_context context;
    context.control = request.options->control;
    context.on_progress = request.options->on_progress;
    uap_tool_call call{sizeof(uap_tool_call), sdk::to_view(request.tool), sdk::to_view(request.arguments_json), &context, UAP_ABI_REVISION};
    sdk::StringReceiver output(request.max_result_bytes);
    ModuleOutput result;
    try {
        result.status = api().call_tool(instance(), &call, output.sink());
    } catch (...) {
        // Defence in depth: a module built without the SDK may still let an exception escape.
        result.status = UAP_STATUS_INTERNAL_ERROR;
        result.text = "tool \"" + std::string(request.tool) + "\" let an exception escape the module boundary";
        return result;
    }
    result.overflowed = output.overflowed();
    result.offered_bytes = output.offered_bytes();
    result.text = output.take();
    return result;
}

} // namespace uap::modules

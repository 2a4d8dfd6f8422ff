// Calls a project tool through the bridge (project.tool.call), and refuses, with the reason and the
// fix, while the toggle is off or the editor is reloading or closed.
#include "mcp/project_tools.hpp"

#include "support/json.hpp"
#include "support/json_schema.hpp"
#include "support/json_writer.hpp"

#include <rapidjson/schema.h>

namespace uap::mcp {

namespace {

// How long one project tool may run before the bridge reports it still running (with a job id).
constexpr uint32_t project_tool_timeout_ms = 60'000;
constexpr std::string_view toggle_module_id = "project-tools";

// Why no project tool can run now: a reload the editor announced, or the bridge's connection state.
std::string editor_absence(const api::EditorLink& editor, bool reload_announced) {
    auto state = json::parse(editor.state_json());
    std::string name = state && state->IsObject() ? json::string_field(*state, "state").value_or("") : "";
    if (reload_announced || name == "reloading")
        return "the Unity editor is reloading its scripts (a domain reload), and its C# tools are gone until it says hello again";
    return "the Unity editor is not connected (closed, not started, or still loading the package), so its C# tools are not there";
}

std::string retry_advice() { return "retry the call after the editor reconnects (uap_ping shows the connection state)"; }

modules::CallStatus status_of(ErrorCode code) {
    switch (code) {
    case ErrorCode::Unavailable: return modules::CallStatus::Unavailable;
    case ErrorCode::InvalidArgument: return modules::CallStatus::InvalidArguments;
    case ErrorCode::Cancelled: return modules::CallStatus::Cancelled;
    case ErrorCode::TooLarge: return modules::CallStatus::TooLarge;
    default: return modules::CallStatus::ToolError;
    }
}

Expected<void> check_arguments(const modules::ToolDescription& tool, const rapidjson::Document& arguments) {
    rapidjson::SchemaValidator validator(*tool.input_schema);
    if (arguments.Accept(validator))
        return {};
    return Error::invalid_argument("the arguments of " + tool.name + " do not match its input schema " +
                                   json::describe_violation(validator) +
                                   "; nothing was run. Call it again with arguments its inputSchema (tools/list) allows");
}

// The tool's result object; a tool whose result is not an object has it under "value".
std::string result_object(const rapidjson::Value& result) {
    if (result.IsObject())
        return json::to_text(result);
    return json::TextWriter().begin_object().raw_field("value", json::to_text(result)).end_object().text();
}

// Whether the result keeps the output schema the editor advertised for the tool: clients trust
// structuredContent to match outputSchema, so a result that does not is not passed on.
Expected<void> check_result(const modules::ToolDescription& tool, const std::string& result_text) {
    auto result = json::parse(result_text);
    rapidjson::SchemaValidator validator(*tool.output_schema);
    if (!result || result->Accept(validator))
        return {};
    return Error("project tool " + tool.name + " ran, but its result breaks the outputSchema the editor advertised for it (" +
                 json::describe_violation(validator) +
                 "); what it did stays done. Fix what the C# method returns, or its declared ResultType");
}

} // namespace

modules::ToolOutcome ProjectTools::unavailable(std::string_view served_name) const {
    std::string text = "project tool ";
    text += served_name;
    text += " cannot run now: ";
    text += editor_absence(m_editor, reload_announced());
    text += "; ";
    text += retry_advice();
    return {modules::CallStatus::Unavailable, text, {}};
}

ToolLookup ProjectTools::lookup(std::string_view served_name) const {
    if (!is_project_tool_name(served_name))
        return {};
    if (!m_enabled())
        return {Availability::Disabled, nullptr, std::string(toggle_module_id), "project tools are disabled in this project's settings", m_enable_command};
    if (const modules::ToolDescription* tool = find(served_name))
        return {Availability::Available, tool, std::string(toggle_module_id), {}, {}};
    bool editor_here = false;
    {
        std::lock_guard lock(m_mutex);
        editor_here = m_current != nullptr;
    }
    if (!editor_here)
        return {Availability::Failed, nullptr, std::string(toggle_module_id), editor_absence(m_editor, reload_announced()) + "; " + retry_advice(), {}};
    return {};
}

modules::ToolOutcome ProjectTools::call(std::string_view served_name, std::string_view arguments_json, const modules::CallOptions& options) const {
    ToolLookup found = lookup(served_name);
    if (found.availability == Availability::Failed)
        return unavailable(served_name);
    if (found.availability != Availability::Available)
        return {modules::CallStatus::UnknownTool, "no project tool named " + std::string(served_name) + " is served now; tools/list shows the ones that are", {}};
    auto arguments = json::parse(arguments_json.empty() ? std::string_view("{}") : arguments_json);
    if (!arguments || !arguments->IsObject())
        return {modules::CallStatus::InvalidArguments, "the arguments of " + std::string(served_name) + " must be a JSON object", {}};
    if (auto checked = check_arguments(*found.tool, *arguments); !checked)
        return {modules::CallStatus::InvalidArguments, checked.error().message(), {}};
    std::string params = json::TextWriter()
                             .begin_object()
                             .field("name", served_name.substr(project_tool_prefix.size()))
                             .raw_field("arguments", json::to_text(*arguments))
                             .end_object()
                             .text();
    auto timeout = options.deadline.count() > 0 ? static_cast<uint32_t>(options.deadline.count()) : project_tool_timeout_ms;
    auto answer = m_editor.call("project.tool.call", params, timeout, options.control);
    if (!answer)
        return {status_of(answer.error().code()), "project tool " + std::string(served_name) + ": " + answer.error().message(), {}};
    auto result = json::parse(*answer);
    if (!result || !result->IsObject() || !result->HasMember("result"))
        return {modules::CallStatus::InternalError, "the editor answered project tool " + std::string(served_name) + " without a result object", {}};
    std::string result_text = result_object((*result)["result"]);
    if (auto checked = check_result(*found.tool, result_text); !checked)
        return {modules::CallStatus::ToolError, checked.error().message(), {}};
    return {modules::CallStatus::Success, std::move(result_text), {}};
}

} // namespace uap::mcp

// Simulator primitive project.tool.call: the C# tools of a user's project, as a test describes them.
// A tool runs its canned primitives inside one Undo group (as the Unity package runs an [AgentTool]
// method), or throws; its arguments are checked against the inputSchema it advertises.
#include "world.hpp"

#include <rapidjson/schema.h>

namespace uap::editor_sim {

namespace {

std::string member_text(const rapidjson::Value& tool, const char* name) {
    auto found = tool.FindMember(name);
    return found == tool.MemberEnd() ? std::string() : to_json(found->value);
}

// The tool as the hello advertises it: everything the test wrote except its canned behaviour.
std::string advertised(const rapidjson::Value& tool) {
    rapidjson::Document copy;
    copy.CopyFrom(tool, copy.GetAllocator());
    for (const char* behaviour : {"steps", "throws", "result"})
        copy.RemoveMember(behaviour);
    return to_json(copy);
}

const ProjectToolSpec* find_tool(const Simulation& simulation, std::string_view name) {
    for (const auto& tool : simulation.project_tools)
        if (tool.name == name)
            return &tool;
    return nullptr;
}

// A copy of template with every string "$name" replaced by that argument; false when one is missing.
bool substitute(rapidjson::Value& value, const rapidjson::Value& arguments, rapidjson::Document::AllocatorType& allocator, std::string& missing) {
    if (value.IsString() && value.GetStringLength() > 1 && value.GetString()[0] == '$') {
        auto found = arguments.FindMember(value.GetString() + 1);
        if (found == arguments.MemberEnd()) {
            missing = value.GetString() + 1;
            return false;
        }
        value.CopyFrom(found->value, allocator);
        return true;
    }
    if (value.IsObject())
        for (auto& member : value.GetObject())
            if (!substitute(member.value, arguments, allocator, missing))
                return false;
    if (value.IsArray())
        for (auto& item : value.GetArray())
            if (!substitute(item, arguments, allocator, missing))
                return false;
    return true;
}

std::string check_arguments(const ProjectToolSpec& tool, const rapidjson::Value& arguments) {
    rapidjson::Document advertised_tool;
    advertised_tool.Parse(tool.advertised_json.c_str());
    auto schema = advertised_tool.FindMember("inputSchema");
    if (schema == advertised_tool.MemberEnd() || !schema->value.IsObject())
        return {};
    rapidjson::SchemaDocument compiled(schema->value);
    rapidjson::SchemaValidator validator(compiled);
    if (arguments.Accept(validator))
        return {};
    rapidjson::StringBuffer pointer;
    validator.GetInvalidDocumentPointer().StringifyUriFragment(pointer);
    return std::string("the arguments of ") + tool.name + " violate '" + validator.GetInvalidSchemaKeyword() + "' at '" + pointer.GetString() +
           "'; nothing was run";
}

// Runs the steps in order; the first error stops them (what ran stays, as in Unity).
Reply run_steps(Simulation& simulation, const ProjectToolSpec& tool, const rapidjson::Value& arguments, std::string& results) {
    rapidjson::Document steps;
    steps.Parse(tool.steps_json.c_str());
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    writer.StartObject();
    writer.Key("steps");
    writer.StartArray();
    for (auto& step : steps.GetArray()) {
        std::string missing;
        rapidjson::Value params(rapidjson::kObjectType);
        if (step.HasMember("params"))
            params.CopyFrom(step["params"], steps.GetAllocator());
        if (!substitute(params, arguments, steps.GetAllocator(), missing))
            return error_reply("invalid_params", tool.name + " needs the argument '" + missing + "'; nothing more was run");
        auto primitive = simulation.primitives->find(std::string_view(step["method"].GetString()));
        if (primitive == simulation.primitives->end())
            return error_reply("tool_exception", tool.name + " called an unknown primitive " + step["method"].GetString());
        Reply reply = primitive->second(simulation, params);
        simulation.hierarchy_changed(); // As the dispatcher does after each primitive: the next step may look up a renamed path.
        if (!reply.ok())
            return reply;
        writer.RawValue(reply.json.c_str(), reply.json.size(), rapidjson::kObjectType);
    }
    writer.EndArray();
    writer.EndObject();
    results.assign(buffer.GetString(), buffer.GetSize());
    return result_reply("{}");
}

Reply project_tool_call(Simulation& simulation, const rapidjson::Value& params) {
    std::string name = params["name"].GetString();
    const ProjectToolSpec* tool = find_tool(simulation, name);
    if (!tool)
        return error_reply("not_found", "this editor has no project tool named '" + name +
                                            "'; its tools are the hello's projectTools (the host lists them as project_<name>)");
    if (std::string violation = check_arguments(*tool, params["arguments"]); !violation.empty())
        return error_reply("invalid_params", violation);
    if (!tool->throws.empty())
        return error_reply("tool_exception", name + " threw System.InvalidOperationException: " + tool->throws);
    // One Undo group for the whole tool, unless the caller holds one open already.
    const bool own_group = !simulation.group_open;
    if (own_group) {
        ++simulation.undo_group;
        simulation.undo_group_name = "Project tool " + name;
        simulation.group_open = true;
        simulation.group_recorded = false;
    }
    std::string results = R"({"steps":[]})";
    Reply ran = tool->steps_json.empty() ? result_reply("{}") : run_steps(simulation, *tool, params["arguments"], results);
    if (own_group)
        simulation.group_open = false;
    if (!ran.ok())
        return ran;
    Output out;
    out.writer.StartObject();
    out.writer.Key("tool");
    out.writer.String(name.c_str());
    out.writer.Key("result");
    std::string result = tool->result_json.empty() ? results : tool->result_json;
    out.writer.RawValue(result.c_str(), result.size(), rapidjson::kObjectType);
    out.writer.EndObject();
    return out.reply();
}

} // namespace

std::string load_project_tools(Simulation& simulation, const rapidjson::Value& description) {
    if (!description.IsObject() || !description.HasMember("tools") || !description["tools"].IsArray())
        return "the project tools file must be an object whose member tools is an array";
    std::vector<ProjectToolSpec> tools;
    for (const auto& tool : description["tools"].GetArray()) {
        ProjectToolSpec spec;
        if (!tool.IsObject()) {
            // Advertised as it is, for tests of what the host does with an editor that sends junk.
            spec.advertised_json = to_json(tool);
            tools.push_back(std::move(spec));
            continue;
        }
        spec.name = tool.HasMember("name") && tool["name"].IsString() ? tool["name"].GetString() : "";
        spec.advertised_json = advertised(tool);
        spec.steps_json = member_text(tool, "steps");
        if (!spec.steps_json.empty()) {
            for (const auto& step : tool["steps"].GetArray())
                if (!step.IsObject() || !step.HasMember("method") || !step["method"].IsString())
                    return "project tool '" + spec.name + "': every step needs a \"method\" string";
        }
        if (tool.HasMember("throws") && tool["throws"].IsString())
            spec.throws = tool["throws"].GetString();
        spec.result_json = member_text(tool, "result");
        tools.push_back(std::move(spec));
    }
    simulation.project_tools = std::move(tools);
    return {};
}

void register_project_tool_primitives(std::map<std::string, Primitive, std::less<>>& table) { table["project.tool.call"] = &project_tool_call; }

} // namespace uap::editor_sim

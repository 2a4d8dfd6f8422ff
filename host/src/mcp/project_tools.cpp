// Checks the project tools an editor advertises and serves them; see project_tools.hpp.
#include "mcp/project_tools.hpp"

#include "support/json.hpp"
#include "support/json_writer.hpp"
#include "support/log.hpp"

#include <rapidjson/schema.h>

#include <algorithm>
#include <set>

namespace uap::mcp {

namespace {

// Replaced sets kept for descriptions still in use; older ones are released.
constexpr std::size_t retired_sets_kept = 16;

bool valid_name(std::string_view name) {
    if (name.empty() || name.size() > max_project_tool_name || !(name[0] >= 'a' && name[0] <= 'z'))
        return false;
    return std::all_of(name.begin(), name.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; });
}

std::string name_for_message(const rapidjson::Value& tool, std::size_t index) {
    auto name = json::string_field(tool, "name");
    if (!name)
        return "tool #" + std::to_string(index + 1);
    return "tool \"" + name->substr(0, 80) + "\"";
}

// The schema compiled, or why it cannot serve as the tool's schema of that role (inputSchema,
// outputSchema): both describe a JSON object, and both are capped.
Expected<std::shared_ptr<const rapidjson::SchemaDocument>> compile_schema(const rapidjson::Value& schema, std::string_view role) {
    if (!schema.IsObject() || json::string_field(schema, "type").value_or("") != "object")
        return Error("its " + std::string(role) + " is not a JSON object with \"type\": \"object\"");
    std::string text = json::to_text(schema);
    if (text.size() > max_project_tool_schema_bytes)
        return Error("its " + std::string(role) + " is " + std::to_string(text.size()) + " bytes, over the cap of " +
                     std::to_string(max_project_tool_schema_bytes));
    rapidjson::Document copy;
    copy.CopyFrom(schema, copy.GetAllocator());
    return std::make_shared<const rapidjson::SchemaDocument>(copy);
}

// What an editor that advertises no output schema (a package older than output schemas) returns:
// its result is always an object, of a shape the host cannot know.
constexpr std::string_view any_object_schema = R"({"type":"object"})";

// One advertised tool as a description, or why it was dropped.
Expected<modules::ToolDescription> read_tool(const rapidjson::Value& tool) {
    if (!tool.IsObject())
        return Error("it is not a JSON object");
    auto name = json::string_field(tool, "name");
    if (!name || !valid_name(*name))
        return Error("its name is not 1 to " + std::to_string(max_project_tool_name) +
                     " characters of a-z, 0-9 and _ starting with a letter; rename it in its [AgentTool(\"name\", ...)] attribute");
    auto description = json::string_field(tool, "description");
    if (!description || description->empty() || description->size() > max_project_tool_description)
        return Error("its description is missing or over " + std::to_string(max_project_tool_description) +
                     " bytes; give the [AgentTool] attribute a short description");
    auto schema_member = tool.FindMember("inputSchema");
    if (schema_member == tool.MemberEnd())
        return Error("it has no inputSchema");
    auto schema = compile_schema(schema_member->value, "inputSchema");
    if (!schema)
        return schema.error();
    rapidjson::Document any_object;
    any_object.Parse(any_object_schema.data(), any_object_schema.size());
    auto output_member = tool.FindMember("outputSchema");
    const rapidjson::Value& output_value = output_member == tool.MemberEnd() ? any_object : output_member->value;
    auto output_schema = compile_schema(output_value, "outputSchema");
    if (!output_schema)
        return output_schema.error();
    modules::ToolDescription result;
    result.name = std::string(project_tool_prefix) + *name;
    result.description = *description;
    result.input_schema_json = json::to_text(schema_member->value);
    result.input_schema = *schema;
    result.output_schema_json = json::to_text(output_value);
    result.output_schema = *output_schema;
    bool read_only = json::bool_field(tool, "readOnly").value_or(false);
    // A tool that writes runs inside an Undo group of its own; what it does is not known, so it asks.
    result.metadata = {.read_only = read_only, .undoable = !read_only, .destructive = !read_only};
    return result;
}

} // namespace

bool is_project_tool_name(std::string_view served_name) { return served_name.starts_with(project_tool_prefix); }

ProjectToolSet read_project_tools(const rapidjson::Value* advertised, const std::function<bool(std::string_view)>& is_native) {
    ProjectToolSet set;
    if (!advertised)
        return set;
    if (!advertised->IsArray()) {
        set.warnings.push_back("the editor's projectTools is not an array; no project tool is served");
        return set;
    }
    std::set<std::string> names;
    const auto& list = advertised->GetArray();
    for (rapidjson::SizeType index = 0; index < list.Size(); ++index) {
        if (set.tools.size() == max_project_tools) {
            set.warnings.push_back(std::to_string(list.Size() - index) + " project tools beyond the cap of " + std::to_string(max_project_tools) +
                                   " were dropped; remove [AgentTool] attributes or tool providers the agent does not need");
            break;
        }
        auto tool = read_tool(list[index]);
        std::string who = name_for_message(list[index], index);
        if (!tool) {
            set.warnings.push_back("project " + who + " was dropped: " + tool.error().message());
            continue;
        }
        if (!names.insert(tool->name).second) {
            set.warnings.push_back("project " + who + " was dropped: an earlier tool has the same name; give each [AgentTool] a name of its own");
            continue;
        }
        if (is_native && is_native(tool->name)) {
            set.warnings.push_back("project " + who + " was dropped: the host has a tool named " + tool->name + " already; rename the C# tool");
            continue;
        }
        set.tools.push_back(std::move(*tool));
    }
    std::sort(set.tools.begin(), set.tools.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    return set;
}

ProjectTools::ProjectTools(api::EditorLink& editor, std::function<bool()> enabled, std::string enable_command)
    : m_editor(editor), m_enabled(std::move(enabled)), m_enable_command(std::move(enable_command)) {}

std::vector<std::string> ProjectTools::editor_changed(const std::string& hello_json, const std::function<bool(std::string_view)>& is_native,
                                                      bool& changed) {
    std::shared_ptr<const ProjectToolSet> next;
    if (!hello_json.empty()) {
        auto hello = json::parse(hello_json);
        const rapidjson::Value* advertised = nullptr;
        if (hello && hello->IsObject())
            if (auto member = hello->FindMember("projectTools"); member != hello->MemberEnd())
                advertised = &member->value;
        next = std::make_shared<const ProjectToolSet>(read_project_tools(advertised, is_native));
    }
    auto names = [](const std::shared_ptr<const ProjectToolSet>& set) {
        std::vector<std::string> result;
        if (set)
            for (const auto& tool : set->tools)
                result.push_back(tool.name);
        return result;
    };
    std::lock_guard lock(m_mutex);
    changed = names(m_current) != names(next);
    if (m_current) {
        m_retired.push_back(std::move(m_current));
        if (m_retired.size() > retired_sets_kept)
            m_retired.erase(m_retired.begin());
    }
    m_current = std::move(next);
    if (m_current)
        m_reload_announced = false;
    for (const auto& warning : m_current ? m_current->warnings : std::vector<std::string>{})
        log::mcp.warn("{}", warning);
    return m_current ? m_current->warnings : std::vector<std::string>{};
}

bool ProjectTools::editor_reloading() {
    bool changed = false;
    editor_changed(std::string(), {}, changed);
    std::lock_guard lock(m_mutex);
    m_reload_announced = true;
    return changed;
}

bool ProjectTools::reload_announced() const {
    std::lock_guard lock(m_mutex);
    return m_reload_announced;
}

std::vector<const modules::ToolDescription*> ProjectTools::tools() const {
    std::vector<const modules::ToolDescription*> result;
    if (!m_enabled())
        return result;
    std::lock_guard lock(m_mutex);
    if (m_current)
        for (const auto& tool : m_current->tools)
            result.push_back(&tool);
    return result;
}

const modules::ToolDescription* ProjectTools::find(std::string_view served_name) const {
    std::lock_guard lock(m_mutex);
    if (m_current)
        for (const auto& tool : m_current->tools)
            if (tool.name == served_name)
                return &tool;
    return nullptr;
}

std::vector<std::string> ProjectTools::remembered_names() const {
    std::vector<std::string> names;
    if (!m_enabled())
        return names;
    std::lock_guard lock(m_mutex);
    const ProjectToolSet* set = m_current ? m_current.get() : m_retired.empty() ? nullptr : m_retired.back().get();
    if (set)
        for (const auto& tool : set->tools)
            names.push_back(tool.name);
    return names;
}

std::vector<std::string> ProjectTools::warnings() const {
    std::lock_guard lock(m_mutex);
    return m_current ? m_current->warnings : std::vector<std::string>{};
}

} // namespace uap::mcp

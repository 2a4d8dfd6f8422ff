// The editor tool base; see editor_tool.hpp.
#include "editor_tool.hpp"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <algorithm>
#include <stdexcept>

namespace uap::core {

namespace {

// Keywords the tool checks itself before running; left out of the published schema.
bool checked_by_the_tool(std::string_view keyword) {
    for (std::string_view rule : {"minimum", "maximum", "minLength", "maxLength", "minItems", "maxItems", "additionalProperties"})
        if (keyword == rule)
            return true;
    return false;
}

size_t published_members(const rapidjson::Value& object) {
    size_t count = 0;
    for (const auto& member : object.GetObject())
        count += checked_by_the_tool(std::string_view(member.name.GetString(), member.name.GetStringLength())) ? 0 : 1;
    return count;
}

void write_published(const rapidjson::Value& value, rapidjson::Writer<rapidjson::StringBuffer>& writer) {
    if (!value.IsObject()) {
        if (!value.IsArray()) {
            value.Accept(writer);
            return;
        }
        writer.StartArray();
        for (const auto& item : value.GetArray())
            write_published(item, writer);
        writer.EndArray();
        return;
    }
    writer.StartObject();
    for (const auto& member : value.GetObject()) {
        std::string_view key(member.name.GetString(), member.name.GetStringLength());
        // An empty "properties" says nothing that "type":"object" does not.
        if (checked_by_the_tool(key) || (key == "properties" && member.value.IsObject() && member.value.ObjectEmpty()))
            continue;
        // {"type":"string"} is the common case, so it is the one left implicit: the tool still refuses a
        // non-string. Array items that are just strings then say nothing and go too.
        if (key == "type" && member.value == "string" && published_members(value) == 1)
            continue;
        if (key == "items" && member.value.IsObject() && published_members(member.value) == 1 && member.value.HasMember("type") &&
            member.value["type"] == "string")
            continue;
        writer.Key(member.name.GetString(), member.name.GetStringLength());
        write_published(member.value, writer);
    }
    writer.EndObject();
}

} // namespace

EditorTool::EditorTool(ToolSpec spec) : m_spec(spec) {
    rapidjson::Document& schema = m_full_schema;
    schema.Parse(m_spec.input_schema.data(), m_spec.input_schema.size());
    if (schema.HasParseError())
        throw std::runtime_error("tool '" + std::string(m_spec.name) + "' has an input schema that is not valid JSON");
    if (schema.HasMember("properties"))
        for (const auto& property : schema["properties"].GetObject()) {
            m_argument_names.emplace_back(property.name.GetString());
            const auto& fragment = property.value;
            // UAP_VECTOR_SCHEMA: an object of numbers; a map of booleans (keyword switches) is not a vector.
            if (fragment.IsObject() && fragment.HasMember("additionalProperties") && fragment["additionalProperties"].IsObject() &&
                fragment["additionalProperties"].HasMember("type") && fragment["additionalProperties"]["type"] == "number")
                m_vector_names.emplace_back(property.name.GetString());
        }
    m_schema = std::make_unique<rapidjson::SchemaDocument>(schema);
    rapidjson::StringBuffer published;
    rapidjson::Writer<rapidjson::StringBuffer> writer(published);
    write_published(schema, writer);
    m_published_schema = published.GetString();
}

sdk::ToolResult EditorTool::with_compile_note(sdk::ToolResult result, EditorSession& session) {
    if (result.is_success() || result.message().find(EditorSession::compile_note_marker) != std::string::npos)
        return result;
    std::string note = session.compile_failure_note();
    if (note.empty())
        return result;
    const std::string& message = result.message();
    bool ends_a_sentence = !message.empty() && (message.back() == '.' || message.back() == ')' || message.back() == '!');
    return sdk::ToolResult::failure(message + (ends_a_sentence ? "" : ".") + note);
}

std::optional<std::string> EditorTool::check_names(const rapidjson::Value& arguments) const {
    if (!arguments.IsObject())
        return std::string(m_spec.name) + ": arguments must be a JSON object";
    for (const auto& argument : arguments.GetObject()) {
        std::string name = argument.name.GetString();
        if (std::find(m_argument_names.begin(), m_argument_names.end(), name) == m_argument_names.end()) {
            std::string known;
            for (const auto& candidate : m_argument_names)
                known += (known.empty() ? "" : ", ") + candidate;
            return std::string(m_spec.name) + " refused: unknown argument '" + name + "'; it takes " + known;
        }
        if (std::find(m_vector_names.begin(), m_vector_names.end(), name) != m_vector_names.end() && argument.value.IsObject())
            for (const auto& axis : argument.value.GetObject()) {
                std::string_view key(axis.name.GetString(), axis.name.GetStringLength());
                if (key != "x" && key != "y" && key != "z")
                    return std::string(m_spec.name) + " refused: " + name + " has axis '" + std::string(key) + "'; use x, y and z";
            }
    }
    return std::nullopt;
}

std::optional<std::string> EditorTool::check_arguments(const rapidjson::Value& arguments) const {
    rapidjson::SchemaValidator validator(*m_schema);
    if (arguments.Accept(validator))
        return check_names(arguments);
    rapidjson::StringBuffer where;
    validator.GetInvalidDocumentPointer().StringifyUriFragment(where);
    std::string location = where.GetString();
    // The rule itself, since the published schema leaves bounds out: e.g. {"type":"integer","minimum":1,"maximum":100}.
    std::string rule;
    if (const rapidjson::Value* fragment = validator.GetInvalidSchemaPointer().Get(m_full_schema)) {
        rapidjson::StringBuffer text;
        rapidjson::Writer<rapidjson::StringBuffer> writer(text);
        fragment->Accept(writer);
        rule = std::string(", which must match ") + text.GetString();
    }
    return std::string(m_spec.name) + " refused: the argument at '" + (location.size() > 1 ? location.substr(1) : "/") + "' breaks the rule '" +
           validator.GetInvalidSchemaKeyword() + "'" + rule + "; nothing was changed";
}

std::optional<std::string> EditorTool::check_prefab_stage(const rapidjson::Value& arguments, EditorSession& session) const {
    if (m_spec.traits.access != sdk::Access::Writes)
        return std::nullopt;
    rapidjson::Document none(rapidjson::kObjectType);
    EditorReply state = session.call("editor.state", none);
    // An editor that cannot answer now fails the write itself, with its own reason.
    if (!state.ok() || !state.result.HasMember("prefabStage") || !state.result["prefabStage"].IsObject())
        return std::nullopt;
    std::string_view open = string_member(state.result["prefabStage"], "assetPath");
    if (!open.empty() && string_member(arguments, "assetPath") == open)
        return std::nullopt;
    return std::string(m_spec.name) + " refused: prefab mode is open on " + std::string(open) +
           ", so the editor does not show the scene this would change. Close prefab mode (the Hierarchy's back arrow) and "
           "call it again; nothing was changed";
}

std::optional<std::string> EditorTool::target_checks(const rapidjson::Value& arguments, std::vector<EditorCall>& checks) const {
    return object_check(string_member(arguments, "path"), member(arguments, "scene"), checks);
}

std::optional<std::string> object_check(std::string_view path, const rapidjson::Value* scene, std::vector<EditorCall>& checks) {
    if (path.empty())
        return std::nullopt;
    EditorCall check{"transform.get"};
    rapidjson::Value reference;
    if (auto problem = object_reference(path, scene, reference, check.params.GetAllocator()))
        return problem;
    check.params.AddMember("object", reference, check.params.GetAllocator());
    checks.push_back(std::move(check));
    return std::nullopt;
}

} // namespace uap::core

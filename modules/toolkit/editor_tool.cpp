// The editor tool base; see editor_tool.hpp.
#include "editor_tool.hpp"

#include <rapidjson/stringbuffer.h>

#include <algorithm>
#include <stdexcept>

namespace uap::core {

EditorTool::EditorTool(ToolSpec spec) : m_spec(spec) {
    rapidjson::Document schema;
    schema.Parse(m_spec.input_schema.data(), m_spec.input_schema.size());
    if (schema.HasParseError())
        throw std::runtime_error("tool '" + std::string(m_spec.name) + "' has an input schema that is not valid JSON");
    if (schema.HasMember("properties"))
        for (const auto& property : schema["properties"].GetObject()) {
            m_argument_names.emplace_back(property.name.GetString());
            const auto& fragment = property.value;
            if (fragment.IsObject() && fragment.HasMember("additionalProperties") && fragment["additionalProperties"].IsObject())
                m_vector_names.emplace_back(property.name.GetString());
        }
    m_schema = std::make_unique<rapidjson::SchemaDocument>(schema);
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
    return "arguments do not match the schema of " + std::string(m_spec.name) + " (keyword '" +
           validator.GetInvalidSchemaKeyword() + "' at '" + (location.size() > 1 ? location.substr(1) : "/") + "')";
}

std::optional<std::string> EditorTool::check_targets(const rapidjson::Value& arguments, EditorSession& session) const {
    std::string_view path = string_member(arguments, "path");
    if (path.empty())
        return std::nullopt;
    rapidjson::Document params(rapidjson::kObjectType);
    rapidjson::Value reference;
    if (auto problem = object_reference(path, member(arguments, "scene"), reference, params.GetAllocator()))
        return problem;
    params.AddMember("object", reference, params.GetAllocator());
    EditorReply reply = session.call("transform.get", params);
    if (!reply.ok())
        return reply.message + " (" + reply.code + ")";
    return std::nullopt;
}

} // namespace uap::core

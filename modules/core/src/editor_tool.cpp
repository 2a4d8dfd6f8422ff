// The editor tool base; see editor_tool.hpp.
#include "editor_tool.hpp"

#include <rapidjson/stringbuffer.h>

#include <stdexcept>

namespace uap::core {

EditorTool::EditorTool(ToolSpec spec) : m_spec(spec) {
    rapidjson::Document schema;
    schema.Parse(m_spec.input_schema.data(), m_spec.input_schema.size());
    if (schema.HasParseError())
        throw std::runtime_error("tool '" + std::string(m_spec.name) + "' has an input schema that is not valid JSON");
    m_schema = std::make_unique<rapidjson::SchemaDocument>(schema);
}

std::optional<std::string> EditorTool::check_arguments(const rapidjson::Value& arguments) const {
    rapidjson::SchemaValidator validator(*m_schema);
    if (arguments.Accept(validator))
        return std::nullopt;
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
        return reply.message + " [" + reply.code + "]";
    return std::nullopt;
}

} // namespace uap::core

// Checks a module's self-description.
#include "modules/tool_description.hpp"

#include "modules/manifest.hpp"
#include "support/json.hpp"

#include <set>

namespace uap::modules {

std::string traits_in_words(const ToolMetadata& metadata) {
    std::string words = metadata.read_only ? "read-only" : "writes";
    words += metadata.undoable ? ", undoable" : ", not undoable";
    if (metadata.destructive)
        words += ", destructive";
    if (metadata.idempotent)
        words += ", idempotent";
    if (metadata.long_running)
        words += ", long-running";
    return words;
}

namespace {

Expected<std::shared_ptr<const rapidjson::SchemaDocument>> compile_object_schema(const rapidjson::Value& schema,
                                                                                  const std::string& what) {
    if (!schema.IsObject())
        return Error(what + " is not a JSON object");
    auto type = json::string_field(schema, "type");
    if (!type || *type != "object")
        return Error(what + " must have \"type\": \"object\" at its top level");
    if (auto properties = schema.FindMember("properties"); properties != schema.MemberEnd() && !properties->value.IsObject())
        return Error(what + " has \"properties\" that is not an object");
    if (auto required = schema.FindMember("required"); required != schema.MemberEnd() && !required->value.IsArray())
        return Error(what + " has \"required\" that is not an array");
    rapidjson::Document copy;
    copy.CopyFrom(schema, copy.GetAllocator());
    return std::make_shared<const rapidjson::SchemaDocument>(copy);
}

Expected<ToolMetadata> parse_metadata(const rapidjson::Value& tool, const std::string& name) {
    auto metadata = tool.FindMember("metadata");
    if (metadata == tool.MemberEnd() || !metadata->value.IsObject())
        return Error("tool \"" + name + "\" has no \"metadata\" object");
    ToolMetadata result{};
    for (auto [field, target] : {std::pair{"readOnly", &result.read_only}, {"undoable", &result.undoable},
                                 {"destructive", &result.destructive}, {"idempotent", &result.idempotent},
                                 {"longRunning", &result.long_running}}) {
        auto value = json::bool_field(metadata->value, field);
        if (!value)
            return Error("tool \"" + name + "\" metadata lacks an explicit boolean \"" + field + "\"");
        *target = *value;
    }
    if (result.read_only && result.destructive)
        return Error("tool \"" + name + "\" is marked both read-only and destructive");
    return result;
}

// The Japanese description from the optional "descriptions" object ({"ja": "..."}); empty when
// absent. Languages this host does not know are skipped, so a pack may carry more than it reads.
Expected<std::string> parse_translations(const rapidjson::Value& tool, const std::string& name) {
    constexpr size_t max_bytes = 4096;
    auto translations = tool.FindMember("descriptions");
    if (translations == tool.MemberEnd())
        return std::string();
    if (!translations->value.IsObject())
        return Error("tool \"" + name + "\" has \"descriptions\" that is not an object of language → text");
    auto japanese = translations->value.FindMember("ja");
    if (japanese == translations->value.MemberEnd())
        return std::string();
    if (!japanese->value.IsString() || japanese->value.GetStringLength() == 0)
        return Error("tool \"" + name + "\" has a \"descriptions.ja\" that is not a non-empty string");
    if (japanese->value.GetStringLength() > max_bytes)
        return Error("tool \"" + name + "\" has a \"descriptions.ja\" over " + std::to_string(max_bytes) + " bytes");
    return std::string(japanese->value.GetString(), japanese->value.GetStringLength());
}

} // namespace

Expected<ModuleDescription> parse_module_description(const std::string& text) {
    auto parsed = json::parse(text);
    if (!parsed)
        return parsed.error().within("module description");
    const rapidjson::Value& root = *parsed;
    ModuleDescription description;
    auto id = json::string_field(root, "id");
    auto version = json::string_field(root, "version");
    if (!id || !version)
        return Error("module description lacks \"id\" or \"version\"");
    description.id = *id;
    description.version = *version;
    // Optional (modules built before the SDK recorded it, and C modules, leave it out), but when
    // present it is a small positive integer: anything else is a broken description.
    if (auto revision = root.FindMember("abiRevision"); revision != root.MemberEnd()) {
        if (!revision->value.IsUint() || revision->value.GetUint() == 0 || revision->value.GetUint() > 0xFFFF)
            return Error("module description has an \"abiRevision\" that is not an integer from 1 to 65535");
        description.abi_revision = revision->value.GetUint();
    }
    auto tools = root.FindMember("tools");
    if (tools == root.MemberEnd() || !tools->value.IsArray())
        return Error("module description lacks a \"tools\" array");
    std::set<std::string> names;
    for (auto& tool : tools->value.GetArray()) {
        ToolDescription entry;
        auto name = json::string_field(tool, "name");
        if (!name || !is_valid_identifier(*name))
            return Error("a tool has a missing or invalid name (1-64 characters of letters, digits, '.', '_' or '-')");
        entry.name = *name;
        if (!names.insert(entry.name).second)
            return Error("tool \"" + entry.name + "\" is described twice");
        auto description_text = json::string_field(tool, "description");
        if (!description_text || description_text->empty())
            return Error("tool \"" + entry.name + "\" has no description");
        entry.description = *description_text;
        auto translations = parse_translations(tool, entry.name);
        if (!translations)
            return translations.error();
        entry.japanese_description = std::move(*translations);
        auto input = tool.FindMember("inputSchema");
        if (input == tool.MemberEnd())
            return Error("tool \"" + entry.name + "\" has no inputSchema");
        auto input_schema = compile_object_schema(input->value, "tool \"" + entry.name + "\" inputSchema");
        if (!input_schema)
            return input_schema.error();
        entry.input_schema = *input_schema;
        entry.input_schema_json = json::to_text(input->value);
        if (auto output = tool.FindMember("outputSchema"); output != tool.MemberEnd()) {
            auto output_schema = compile_object_schema(output->value, "tool \"" + entry.name + "\" outputSchema");
            if (!output_schema)
                return output_schema.error();
            entry.output_schema = *output_schema;
            entry.output_schema_json = json::to_text(output->value);
        }
        auto metadata = parse_metadata(tool, entry.name);
        if (!metadata)
            return metadata.error();
        entry.metadata = *metadata;
        description.tools.push_back(std::move(entry));
    }
    return description;
}

} // namespace uap::modules

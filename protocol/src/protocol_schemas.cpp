// Compiles protocol/bridge-v1.json into RapidJSON schema documents, one per method part, so the
// simulator, the host and the tests check messages against the same description.
#include <uap/protocol/protocol_schemas.hpp>

#include "bridge_protocol_text.hpp"

#include <rapidjson/encodedstream.h>
#include <rapidjson/error/en.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>
#include <rapidjson/schema.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <algorithm>
#include <map>
#include <stdexcept>

namespace uap::protocol {

std::string_view bridge_protocol_text() { return generated::bridge_protocol_v1; }

struct ProtocolSchemas::Compiled {
    rapidjson::Document description;
    std::map<std::string, std::unique_ptr<rapidjson::SchemaDocument>, std::less<>> schemas;
    std::vector<std::string> methods;
    std::vector<std::string> write_methods;
};

namespace {

// A schema document whose root is `schema` and which carries the description's shared sections,
// so "#/definitions/..." and "#/envelope/..." references resolve.
std::unique_ptr<rapidjson::SchemaDocument> compile(const rapidjson::Document& description, const rapidjson::Value& schema) {
    rapidjson::Document root;
    root.CopyFrom(schema, root.GetAllocator());
    if (!root.IsObject())
        throw std::runtime_error("bridge protocol: a schema is not an object");
    for (const char* section : {"definitions", "envelope", "handshake"})
        if (!root.HasMember(section))
            root.AddMember(rapidjson::StringRef(section), rapidjson::Value(description[section], root.GetAllocator()),
                           root.GetAllocator());
    return std::make_unique<rapidjson::SchemaDocument>(root);
}

std::string explain(const rapidjson::SchemaValidator& validator) {
    rapidjson::StringBuffer schema_pointer, document_pointer;
    validator.GetInvalidSchemaPointer().StringifyUriFragment(schema_pointer);
    validator.GetInvalidDocumentPointer().StringifyUriFragment(document_pointer);
    return std::string("value at '") + document_pointer.GetString() + "' violates '" + validator.GetInvalidSchemaKeyword() +
           "' of schema '" + schema_pointer.GetString() + "'";
}

std::string check(const rapidjson::SchemaDocument& schema, const rapidjson::Value& value) {
    rapidjson::SchemaValidator validator(schema);
    if (value.Accept(validator))
        return {};
    return explain(validator);
}

} // namespace

ProtocolSchemas::ProtocolSchemas() : m_compiled(std::make_unique<Compiled>()) {
    auto& description = m_compiled->description;
    auto text = bridge_protocol_text();
    description.Parse(text.data(), text.size());
    if (description.HasParseError() || !description.IsObject())
        throw std::runtime_error("bridge protocol description is not valid JSON");
    for (auto& method : description["methods"].GetObject()) {
        std::string name = method.name.GetString();
        m_compiled->methods.push_back(name);
        if (method.value["write"].GetBool())
            m_compiled->write_methods.push_back(name);
        m_compiled->schemas[name + "#params"] = compile(description, method.value["params"]);
        m_compiled->schemas[name + "#result"] = compile(description, method.value["result"]);
    }
    for (const char* named : {"envelope/request", "envelope/response", "envelope/event", "handshake/hello",
                              "handshake/welcome", "handshake/refused"}) {
        rapidjson::Pointer pointer((std::string("/") + named).c_str());
        const rapidjson::Value* schema = pointer.Get(description);
        if (!schema)
            throw std::runtime_error(std::string("bridge protocol description lacks ") + named);
        m_compiled->schemas[named] = compile(description, *schema);
    }
    // Every event but hello (the handshake's own schema) as "events/<name>".
    for (auto& event : description["events"].GetObject())
        if (std::string_view(event.name.GetString()) != "hello")
            m_compiled->schemas[std::string("events/") + event.name.GetString()] = compile(description, event.value);
    std::sort(m_compiled->methods.begin(), m_compiled->methods.end());
    std::sort(m_compiled->write_methods.begin(), m_compiled->write_methods.end());
}

ProtocolSchemas::~ProtocolSchemas() = default;

const ProtocolSchemas& ProtocolSchemas::instance() {
    static const ProtocolSchemas schemas;
    return schemas;
}

bool ProtocolSchemas::has_method(std::string_view method) const {
    return std::binary_search(m_compiled->methods.begin(), m_compiled->methods.end(), method);
}

std::vector<std::string> ProtocolSchemas::method_names() const { return m_compiled->methods; }
std::vector<std::string> ProtocolSchemas::write_method_names() const { return m_compiled->write_methods; }

const rapidjson::SchemaDocument* ProtocolSchemas::method_schema(std::string_view method, SchemaPart part) const {
    std::string key = std::string(method) + (part == SchemaPart::Params ? "#params" : "#result");
    auto found = m_compiled->schemas.find(key);
    return found == m_compiled->schemas.end() ? nullptr : found->second.get();
}

std::string ProtocolSchemas::check_method(std::string_view method, SchemaPart part, const rapidjson::Value& value) const {
    const rapidjson::SchemaDocument* schema = method_schema(method, part);
    if (!schema)
        return "unknown method '" + std::string(method) + "'";
    return check(*schema, value);
}

std::string ProtocolSchemas::check_method_text(std::string_view method, SchemaPart part, std::string_view json) const {
    const rapidjson::SchemaDocument* schema = method_schema(method, part);
    if (!schema)
        return "unknown method '" + std::string(method) + "'";
    // The validator reads the parser's events as they come: no document is built for a text that
    // is only checked.
    rapidjson::SchemaValidator validator(*schema);
    rapidjson::Reader reader;
    rapidjson::MemoryStream memory(json.data(), json.size());
    rapidjson::EncodedInputStream<rapidjson::UTF8<>, rapidjson::MemoryStream> stream(memory);
    rapidjson::ParseResult parsed = reader.Parse(stream, validator);
    if (!validator.IsValid())
        return explain(validator);
    if (parsed.IsError())
        return std::string("not JSON: ") + rapidjson::GetParseError_En(parsed.Code()) + " at offset " + std::to_string(parsed.Offset());
    return {};
}

bool ProtocolSchemas::has_event(std::string_view event) const {
    return m_compiled->schemas.find(std::string("events/") + std::string(event)) != m_compiled->schemas.end();
}

std::string ProtocolSchemas::check_named(std::string_view pointer, const rapidjson::Value& value) const {
    auto found = m_compiled->schemas.find(pointer);
    if (found == m_compiled->schemas.end())
        return "no schema named '" + std::string(pointer) + "'";
    return check(*found->second, value);
}

} // namespace uap::protocol

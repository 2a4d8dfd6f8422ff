// Reading and cross-checking what a stateless request declares in its headers and its _meta.
#include "mcp/request_declaration.hpp"

#include "mcp/http_replies.hpp"

#include <Poco/Base64Decoder.h>
#include <Poco/Exception.h>

#include <iterator>
#include <sstream>

namespace uap::mcp {

using server::HttpRequest;
using server::HttpResponse;

namespace {

constexpr const char* version_header = "MCP-Protocol-Version";
constexpr const char* method_header = "Mcp-Method";
constexpr const char* name_header = "Mcp-Name";
constexpr std::string_view version_key = "io.modelcontextprotocol/protocolVersion";
constexpr std::string_view capabilities_key = "io.modelcontextprotocol/clientCapabilities";
constexpr std::string_view client_info_key = "io.modelcontextprotocol/clientInfo";

std::string_view text_of(const rapidjson::Value& value) { return {value.GetString(), value.GetStringLength()}; }

const rapidjson::Value* member(const rapidjson::Value* object, std::string_view key) {
    if (!object || !object->IsObject())
        return nullptr;
    auto found = object->FindMember(rapidjson::Value(rapidjson::StringRef(key.data(), key.size())));
    return found == object->MemberEnd() ? nullptr : &found->value;
}

const rapidjson::Value* meta_of(const Message& message) {
    const rapidjson::Value* meta = member(message.params, "_meta");
    return meta && meta->IsObject() ? meta : nullptr;
}

bool names_stateless_or_unknown(std::string_view name) {
    const ProtocolRevision* revision = find_revision(name);
    return !revision || revision->era == Era::Stateless;
}

// Mcp-Name as the client meant it: "=?base64?…?=" carries a name that is not plain ASCII.
// Poco (1.11) reads header values as RFC 2047 encoded words and, since this one is not a valid
// word, hands it over without its leading "=?"; both forms are recognized (no tool name contains
// a "?", so the shorter form cannot be a plain name). Nothing when the base64 is not valid.
std::optional<std::string> decoded_header(std::string_view raw) {
    constexpr std::string_view suffix = "?=";
    std::string_view payload;
    for (std::string_view prefix : {std::string_view("=?base64?"), std::string_view("base64?")})
        if (payload.empty() && raw.size() > prefix.size() + suffix.size() && raw.starts_with(prefix) && raw.ends_with(suffix))
            payload = raw.substr(prefix.size(), raw.size() - prefix.size() - suffix.size());
    if (payload.empty())
        return std::string(raw);
    std::istringstream encoded{std::string(payload)};
    try {
        Poco::Base64Decoder decoder(encoded);
        return std::string(std::istreambuf_iterator<char>(decoder), std::istreambuf_iterator<char>());
    } catch (const Poco::Exception&) {
        return std::nullopt;
    }
}

HttpResponse mismatch(const Message& message, const std::string& detail) {
    return error_response(400, message.id, HeaderMismatch, "Header mismatch: " + detail);
}

HttpResponse unsupported(const Message& message, std::string_view requested) {
    std::string text = "Unsupported protocol version \"" + loggable(requested) + "\": this server speaks " + supported_revision_names() +
                       " (2026-07-28 statelessly, the others after initialize); declare one of them";
    return json_response(400, error_text(message.id, UnsupportedProtocolVersion, text, [&](JsonWriter& writer) {
        writer.StartObject();
        write_key(writer, "supported");
        write_supported_revisions(writer);
        write_key(writer, "requested");
        write_string(writer, loggable(requested));
        writer.EndObject();
    }));
}

// The params member an Mcp-Name header repeats: the name for tools/call and prompts/get, the uri for
// resources/read, the task's id for the task methods (so intermediaries can route a task's requests
// to the server holding it).
const char* routed_name_member(std::string_view method) {
    if (method == "tools/call" || method == "prompts/get")
        return "name";
    if (method == "resources/read")
        return "uri";
    if (method == "tasks/get" || method == "tasks/update" || method == "tasks/cancel")
        return "taskId";
    return nullptr;
}

// Mcp-Method always, Mcp-Name where routed_name_member names a member: the headers an intermediary may
// route on must say what the body says.
std::optional<HttpResponse> check_routing_headers(const HttpRequest& request, const Message& message) {
    const std::string* method = request.headers.find(method_header);
    if (!method)
        return mismatch(message, "the Mcp-Method header is missing; send Mcp-Method: " + loggable(message.method));
    if (*method != message.method)
        return mismatch(message, "Mcp-Method says \"" + loggable(*method) + "\" but the body's method is \"" + loggable(message.method) +
                                     "\"; send the same method in both");
    const char* named = routed_name_member(message.method);
    if (!named)
        return std::nullopt;
    const std::string* name = request.headers.find(name_header);
    if (!name)
        return mismatch(message, "the Mcp-Name header is missing; a " + loggable(message.method) + " request carries params." + named +
                                     " in Mcp-Name");
    const rapidjson::Value* body_name = member(message.params, named);
    std::optional<std::string> decoded = decoded_header(*name);
    if (!decoded)
        return mismatch(message, "Mcp-Name is not valid \"=?base64?…?=\"; encode the UTF-8 value in base64 or send it plain");
    if (body_name && body_name->IsString() && *decoded != text_of(*body_name))
        return mismatch(message, "Mcp-Name says \"" + loggable(*decoded) + "\" but params." + named + " is \"" + loggable(text_of(*body_name)) +
                                     "\"; send the same value in both");
    return std::nullopt;
}

} // namespace

ClientCapabilities capabilities_of(const rapidjson::Value& declared) {
    ClientCapabilities capabilities;
    capabilities.elicitation = member(&declared, "elicitation") != nullptr;
    capabilities.sampling = member(&declared, "sampling") != nullptr;
    capabilities.roots = member(&declared, "roots") != nullptr;
    capabilities.tasks_extension = member(member(&declared, "extensions"), "io.modelcontextprotocol/tasks") != nullptr;
    return capabilities;
}

void write_supported_revisions(JsonWriter& writer) {
    writer.StartArray();
    for (auto& revision : supported_revisions())
        write_string(writer, revision.name);
    writer.EndArray();
}

bool declares_stateless_revision(const HttpRequest& request) {
    const std::string* header = request.headers.find(version_header);
    const ProtocolRevision* revision = header ? find_revision(*header) : nullptr;
    return revision && revision->era == Era::Stateless;
}

std::string stateless_method_refusal(std::string_view method) {
    return "Method not allowed: " + std::string(method) +
           " has no meaning in the stateless 2026-07-28 revision (no session, no event stream); send each request as a POST, or "
           "initialize a 2025-11-25 session to use " + std::string(method);
}

Era requested_era(const HttpRequest& request, const Message& message) {
    if (const std::string* header = request.headers.find(version_header); header && names_stateless_or_unknown(*header))
        return Era::Stateless;
    if (const rapidjson::Value* declared = member(meta_of(message), version_key))
        if (!declared->IsString() || names_stateless_or_unknown(text_of(*declared)))
            return Era::Stateless;
    return Era::Session;
}

std::optional<HttpResponse> check_declaration(const HttpRequest& request, const Message& message, StatelessRequest& declared) {
    const rapidjson::Value* meta = meta_of(message);
    const rapidjson::Value* body_version = member(meta, version_key);
    const std::string* header_version = request.headers.find(version_header);
    if (body_version && !body_version->IsString())
        return error_response(400, message.id, InvalidParams,
                              "Invalid params: _meta[\"io.modelcontextprotocol/protocolVersion\"] must be a string such as \"2026-07-28\"");
    if (header_version && body_version && *header_version != text_of(*body_version))
        return mismatch(message, "MCP-Protocol-Version says \"" + loggable(*header_version) + "\" but _meta[\"" + std::string(version_key) +
                                     "\"] says \"" + loggable(text_of(*body_version)) + "\"; declare the same revision in both");
    if (!header_version && !body_version) // requested_era sends no such request here; refuse rather than guess.
        return unsupported(message, "");
    std::string_view requested = header_version ? std::string_view(*header_version) : text_of(*body_version);
    declared.revision = find_revision(requested);
    if (!declared.revision || declared.revision->era != Era::Stateless)
        return unsupported(message, requested);
    if (message.kind != MessageKind::Request)
        return std::nullopt;

    if (!header_version)
        return mismatch(message, "the MCP-Protocol-Version header is missing; send MCP-Protocol-Version: " + std::string(requested) +
                                     " with every request");
    if (!body_version)
        return error_response(400, message.id, InvalidParams,
                              "Invalid params: params._meta[\"io.modelcontextprotocol/protocolVersion\"] is missing; a " +
                                  std::string(requested) + " request declares its revision and its client capabilities in params._meta");
    if (auto refusal = check_routing_headers(request, message))
        return refusal;
    const rapidjson::Value* capabilities = member(meta, capabilities_key);
    if (!capabilities || !capabilities->IsObject())
        return error_response(400, message.id, InvalidParams,
                              "Invalid params: params._meta[\"io.modelcontextprotocol/clientCapabilities\"] (an object, {} when the client "
                              "declares none) is missing");
    declared.capabilities = capabilities_of(*capabilities);
    if (const rapidjson::Value* name = member(member(meta, client_info_key), "name"); name && name->IsString())
        declared.client_name = loggable(text_of(*name));
    return std::nullopt;
}

} // namespace uap::mcp

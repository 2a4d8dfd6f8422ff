// JSON-RPC message parsing and response writing.
#include "mcp/json_rpc.hpp"

#include "support/json.hpp"

#include <rapidjson/error/en.h>

#include <utility>
#include <vector>

namespace uap::mcp {

namespace {

bool valid_id(const rapidjson::Value& id) { return id.IsString() || id.IsInt64() || id.IsUint64(); }

} // namespace

std::optional<MessageError> parse_message(std::string_view body, Message& message) {
    auto& document = message.parsed.document();
    document.Parse<rapidjson::kParseIterativeFlag | rapidjson::kParseValidateEncodingFlag>(body.data(), body.size());
    if (document.HasParseError())
        return MessageError{ParseError, std::string("Parse error: ") + rapidjson::GetParseError_En(document.GetParseError()) +
                                            " (offset " + std::to_string(document.GetErrorOffset()) + ")"};
    if (json::has_lone_surrogate(body, document))
        return MessageError{ParseError, "Parse error: a \\u escape names a lone UTF-16 surrogate, which is not a character"};
    if (document.IsArray())
        return MessageError{InvalidRequest, "Invalid Request: JSON-RPC batches are not supported (removed in MCP 2025-06-18); "
                                            "send one message per request"};
    if (!document.IsObject())
        return MessageError{InvalidRequest, "Invalid Request: the body must be a JSON-RPC object"};
    if (json::nests_deeper_than(document, max_nesting_depth))
        return MessageError{InvalidRequest, "Invalid Request: JSON nests deeper than " + std::to_string(max_nesting_depth) + " levels"};
    auto version = document.FindMember("jsonrpc");
    if (version == document.MemberEnd() || !version->value.IsString() || std::string_view(version->value.GetString()) != "2.0")
        return MessageError{InvalidRequest, "Invalid Request: \"jsonrpc\" must be \"2.0\""};

    auto id = document.FindMember("id");
    if (id != document.MemberEnd()) {
        if (!valid_id(id->value))
            return MessageError{InvalidRequest, "Invalid Request: \"id\" must be a string or an integer"};
        message.id = &id->value;
    }
    auto method = document.FindMember("method");
    if (method != document.MemberEnd()) {
        if (!method->value.IsString())
            return MessageError{InvalidRequest, "Invalid Request: \"method\" must be a string"};
        message.method = std::string_view(method->value.GetString(), method->value.GetStringLength());
        message.kind = message.id ? MessageKind::Request : MessageKind::Notification;
        auto params = document.FindMember("params");
        if (params != document.MemberEnd()) {
            if (!params->value.IsObject())
                return MessageError{InvalidRequest, "Invalid Request: \"params\" must be an object"};
            message.params = &params->value;
        }
        return std::nullopt;
    }
    bool has_result = document.HasMember("result");
    bool has_error = document.HasMember("error");
    if (message.id && has_result != has_error) {
        message.kind = MessageKind::Response;
        return std::nullopt;
    }
    return MessageError{InvalidRequest, "Invalid Request: neither a request, a notification nor a response"};
}

void write_key(JsonWriter& writer, std::string_view key) { writer.Key(key.data(), static_cast<rapidjson::SizeType>(key.size())); }

void write_string(JsonWriter& writer, std::string_view text) {
    writer.String(text.data(), static_cast<rapidjson::SizeType>(text.size()));
}

namespace {
// Opens a JSON-RPC 2.0 response object and its "result" or "error" member.
void begin_response(JsonWriter& writer, const rapidjson::Value* id, std::string_view member) {
    writer.StartObject();
    write_key(writer, "jsonrpc");
    write_string(writer, "2.0");
    write_key(writer, "id");
    if (id)
        id->Accept(writer);
    else
        writer.Null();
    write_key(writer, member);
}
} // namespace

void begin_result(JsonWriter& writer, const rapidjson::Value* id) { begin_response(writer, id, "result"); }

void finish_result(JsonWriter& writer) { writer.EndObject(); }

void begin_notification(JsonWriter& writer, std::string_view method) {
    writer.StartObject();
    write_key(writer, "jsonrpc");
    write_string(writer, "2.0");
    write_key(writer, "method");
    write_string(writer, method);
}

std::string error_text(const rapidjson::Value* id, int code, std::string_view message) { return error_text(id, code, message, nullptr); }

std::string error_text(const rapidjson::Value* id, int code, std::string_view message,
                       const std::function<void(JsonWriter&)>& write_data) {
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    begin_response(writer, id, "error");
    writer.StartObject();
    write_key(writer, "code");
    writer.Int(code);
    write_key(writer, "message");
    write_string(writer, message);
    if (write_data) {
        write_key(writer, "data");
        write_data(writer);
    }
    writer.EndObject();
    writer.EndObject();
    return std::string(buffer.GetString(), buffer.GetSize());
}

} // namespace uap::mcp

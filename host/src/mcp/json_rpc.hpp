// JSON-RPC 2.0 as MCP uses it: one message per POST (no batches), ids that are strings or
// integers, and responses written straight into a buffer.
#pragma once

#include "support/json.hpp"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace uap::mcp {

// JSON-RPC and MCP error codes.
enum ErrorCode : int {
    ParseError = -32700,
    InvalidRequest = -32600,
    MethodNotFound = -32601,
    InvalidParams = -32602,
    InternalError = -32603,
    SessionNotFound = -32001,
    ServerError = -32000,
    // Defined by the 2026-07-28 revision.
    HeaderMismatch = -32020,
    MissingRequiredClientCapability = -32021,
    UnsupportedProtocolVersion = -32022,
};

enum class MessageKind { Request, Notification, Response };

// A parsed message, or the error that stops it (with the id when one could be read).
struct Message {
    json::LocalDocument parsed;             // Every request has one: its first kilobytes stay off the heap.
    MessageKind kind = MessageKind::Request;
    std::string_view method;                // Empty for responses.
    const rapidjson::Value* id = nullptr;   // Requests and responses.
    const rapidjson::Value* params = nullptr;
};

struct MessageError {
    int code;
    std::string message;
};

inline constexpr unsigned max_nesting_depth = 64;

// Parses one message body. Arrays (batches) are an InvalidRequest.
std::optional<MessageError> parse_message(std::string_view body, Message& message);

using JsonWriter = rapidjson::Writer<rapidjson::StringBuffer>;

// {"jsonrpc":"2.0","id":<id>,"result": — the caller writes the result value, then finish_result().
void begin_result(JsonWriter& writer, const rapidjson::Value* id);
void finish_result(JsonWriter& writer);

// {"jsonrpc":"2.0","method":<method> — the caller writes "params" if any, then EndObject().
void begin_notification(JsonWriter& writer, std::string_view method);

// A complete error response; id may be null (written as null).
std::string error_text(const rapidjson::Value* id, int code, std::string_view message);
// The same with a "data" member, whose value write_data writes.
std::string error_text(const rapidjson::Value* id, int code, std::string_view message,
                       const std::function<void(JsonWriter&)>& write_data);

void write_key(JsonWriter& writer, std::string_view key);
void write_string(JsonWriter& writer, std::string_view text);

} // namespace uap::mcp

// Outbound CLI messages and the stdin serializer.
#include "agent/wire.hpp"

#include "support/json.hpp"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

namespace uap::agent {

namespace wire {

namespace {
using rapidjson::Value;
Value text_value(std::string_view text, rapidjson::Document::AllocatorType& allocator) { return json::string_value(text, allocator); }

// {"type":"control_response","response":{"subtype":subtype,"request_id":id}}; the caller adds the answer to "response".
rapidjson::Document control_response(const char* subtype, std::string_view request_id) {
    rapidjson::Document document(rapidjson::kObjectType);
    auto& allocator = document.GetAllocator();
    Value response(rapidjson::kObjectType);
    response.AddMember("subtype", rapidjson::StringRef(subtype), allocator);
    response.AddMember("request_id", text_value(request_id, allocator), allocator);
    document.AddMember("type", "control_response", allocator);
    document.AddMember("response", response, allocator);
    return document;
}
} // namespace

rapidjson::Document user_message(std::string_view text, const std::vector<ImageAttachment>& images) {
    rapidjson::Document document(rapidjson::kObjectType);
    auto& allocator = document.GetAllocator();
    Value content(rapidjson::kArrayType);
    if (!text.empty() || images.empty()) {
        Value block(rapidjson::kObjectType);
        block.AddMember("type", "text", allocator);
        block.AddMember("text", text_value(text, allocator), allocator);
        content.PushBack(block, allocator);
    }
    for (auto& image : images) {
        Value source(rapidjson::kObjectType);
        source.AddMember("type", "base64", allocator);
        source.AddMember("media_type", text_value(image.media_type, allocator), allocator);
        source.AddMember("data", text_value(image.base64_data, allocator), allocator);
        Value block(rapidjson::kObjectType);
        block.AddMember("type", "image", allocator);
        block.AddMember("source", source, allocator);
        content.PushBack(block, allocator);
    }
    Value message(rapidjson::kObjectType);
    message.AddMember("role", "user", allocator);
    message.AddMember("content", content, allocator);
    document.AddMember("type", "user", allocator);
    document.AddMember("message", message, allocator);
    document.AddMember("parent_tool_use_id", Value(rapidjson::kNullType), allocator);
    document.AddMember("session_id", "", allocator);
    return document;
}

rapidjson::Document control_request(std::string_view request_id, std::string_view subtype, const rapidjson::Value& fields) {
    rapidjson::Document document(rapidjson::kObjectType);
    auto& allocator = document.GetAllocator();
    Value request(rapidjson::kObjectType);
    request.AddMember("subtype", text_value(subtype, allocator), allocator);
    if (fields.IsObject())
        for (auto& member : fields.GetObject())
            request.AddMember(Value(member.name, allocator), Value(member.value, allocator), allocator);
    document.AddMember("type", "control_request", allocator);
    document.AddMember("request_id", text_value(request_id, allocator), allocator);
    document.AddMember("request", request, allocator);
    return document;
}

rapidjson::Document control_success(std::string_view request_id, const rapidjson::Value& payload) {
    auto document = control_response("success", request_id);
    auto& allocator = document.GetAllocator();
    document["response"].AddMember("response", Value(payload, allocator), allocator);
    return document;
}

rapidjson::Document control_error(std::string_view request_id, std::string_view message) {
    auto document = control_response("error", request_id);
    auto& allocator = document.GetAllocator();
    document["response"].AddMember("error", text_value(message, allocator), allocator);
    return document;
}

} // namespace wire

Expected<void> StdinSerializer::write(const rapidjson::Value& message) {
    // RapidJSON's Writer escapes control characters, so the line holds no raw newline.
    rapidjson::StringBuffer buffer;
    rapidjson::Writer<rapidjson::StringBuffer, rapidjson::UTF8<>, rapidjson::UTF8<>, rapidjson::CrtAllocator,
                      rapidjson::kWriteValidateEncodingFlag>
        writer(buffer);
    if (!message.Accept(writer))
        return Error("the message is not valid UTF-8 and was not sent");
    std::string line(buffer.GetString(), buffer.GetSize());
    line.push_back('\n');
    std::lock_guard lock(m_mutex);
    return m_sink(line);
}

} // namespace uap::agent

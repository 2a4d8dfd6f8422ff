// The only way anything reaches the CLI's stdin: messages built as JSON values here and written by
// one serializer as a single UTF-8 line each. No function takes raw text for stdin.
#pragma once

#include "support/expected.hpp"

#include <rapidjson/document.h>

#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace uap::agent {

struct ImageAttachment {
    std::string media_type; // image/png, image/jpeg, image/gif or image/webp.
    std::string base64_data;
};

namespace wire {

// {"type":"user","message":{"role":"user","content":[text, images...]},"parent_tool_use_id":null,"session_id":""}
rapidjson::Document user_message(std::string_view text, const std::vector<ImageAttachment>& images);
// {"type":"control_request","request_id":id,"request":{"subtype":subtype, ...fields}}; fields must be an object.
rapidjson::Document control_request(std::string_view request_id, std::string_view subtype, const rapidjson::Value& fields);
// A success control_response carrying payload (an object).
rapidjson::Document control_success(std::string_view request_id, const rapidjson::Value& payload);
rapidjson::Document control_error(std::string_view request_id, std::string_view message);

} // namespace wire

// Serialises documents to one line each and hands the bytes to a sink, one writer at a time.
class StdinSerializer {
public:
    using Sink = std::function<Expected<void>(std::string_view bytes)>;
    explicit StdinSerializer(Sink sink) : m_sink(std::move(sink)) {}

    Expected<void> write(const rapidjson::Value& message);

private:
    std::mutex m_mutex;
    Sink m_sink;
};

} // namespace uap::agent

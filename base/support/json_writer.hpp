// Builds compact JSON text through RapidJSON's writer, so every string is escaped and every
// document is well formed; the one way the host and the simulator produce JSON text.
#pragma once

#include "support/expected.hpp"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

namespace uap::json {

class TextWriter {
public:
    TextWriter() : m_writer(m_buffer) {}
    // Room for capacity bytes from the start: a writer that embeds a large text grows once, not in steps.
    explicit TextWriter(std::size_t capacity) : m_buffer(nullptr, capacity), m_writer(m_buffer) {}
    TextWriter(const TextWriter&) = delete;
    TextWriter& operator=(const TextWriter&) = delete;

    TextWriter& begin_object() { m_writer.StartObject(); return *this; }
    TextWriter& end_object() { m_writer.EndObject(); return *this; }
    TextWriter& begin_array() { m_writer.StartArray(); return *this; }
    TextWriter& end_array() { m_writer.EndArray(); return *this; }

    TextWriter& key(std::string_view name) {
        m_writer.Key(name.data(), static_cast<rapidjson::SizeType>(name.size()));
        return *this;
    }

    TextWriter& value(std::string_view text) {
        m_writer.String(text.data(), static_cast<rapidjson::SizeType>(text.size()));
        return *this;
    }
    TextWriter& value(const char* text) { return value(std::string_view(text)); }
    TextWriter& value(const std::string& text) { return value(std::string_view(text)); }
    TextWriter& value(bool flag) { m_writer.Bool(flag); return *this; }
    TextWriter& value(double number) { m_writer.Double(number); return *this; }
    template <typename Integer, std::enable_if_t<std::is_integral_v<Integer> && !std::is_same_v<Integer, bool>, int> = 0>
    TextWriter& value(Integer number) {
        if constexpr (std::is_signed_v<Integer>)
            m_writer.Int64(static_cast<int64_t>(number));
        else
            m_writer.Uint64(static_cast<uint64_t>(number));
        return *this;
    }
    TextWriter& null() { m_writer.Null(); return *this; }

    // Embeds text that is already one complete JSON value (a stored result, a schema-checked
    // reply). Empty text is written as null rather than producing a malformed document.
    TextWriter& raw(std::string_view json_text) {
        if (json_text.empty())
            return null();
        m_writer.RawValue(json_text.data(), json_text.size(), rapidjson::kObjectType);
        return *this;
    }

    template <typename Value>
    TextWriter& field(std::string_view name, const Value& item) {
        key(name);
        return value(item);
    }
    TextWriter& raw_field(std::string_view name, std::string_view json_text) {
        key(name);
        return raw(json_text);
    }

    // The text written so far; complete once every object and array is closed.
    std::string text() const { return std::string(m_buffer.GetString(), m_buffer.GetSize()); }

private:
    rapidjson::StringBuffer m_buffer;
    rapidjson::Writer<rapidjson::StringBuffer> m_writer;
};

// A string as a JSON string literal, quotes and escapes included.
inline std::string quoted(std::string_view text) { return TextWriter().value(text).text(); }

// {"code": ..., "message": ...}: the bridge protocol's error object.
inline std::string error_object(std::string_view code, std::string_view message) {
    return TextWriter().begin_object().field("code", code).field("message", message).end_object().text();
}

// An Error of the given kind whose detail is the bridge protocol's error object for it, for
// answers that both a person and a module read.
inline Error error_with_object(ErrorCode kind, std::string_view code, std::string message) {
    std::string object = error_object(code, message);
    return Error(kind, std::move(message)).with_detail(std::move(object));
}

// {"event": name, "data": <data_json>}: an event frame around data that is already JSON text.
inline std::string event_frame(std::string_view name, std::string_view data_json) {
    TextWriter writer;
    writer.begin_object().field("event", name).raw_field("data", data_json.empty() ? std::string_view("{}") : data_json).end_object();
    return writer.text();
}

} // namespace uap::json

// JSON plumbing for module authors: build JSON text safely, serialise RapidJSON values, and receive
// text from the host through a uap_sink. Header-only; nothing here crosses the ABI except plain C types.
#pragma once

#include <uap/abi/uap_module.h>

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace uap::sdk {

inline uap_string_view to_view(std::string_view text) { return {text.data(), static_cast<uint64_t>(text.size())}; }

inline std::string_view from_view(uap_string_view view) {
    return view.data ? std::string_view(view.data, static_cast<size_t>(view.size)) : std::string_view();
}

inline std::string to_json_text(const rapidjson::Value& value) {
    rapidjson::StringBuffer buffer;
    rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
    value.Accept(writer);
    return std::string(buffer.GetString(), buffer.GetSize());
}

// Builds JSON text on RapidJSON's writer, so strings are always escaped (quotes, backslashes and
// control characters) and no author concatenates JSON. A string that is not valid UTF-8, and a
// number that is not finite, are refused rather than replaced: the builder stops writing and
// finish() answers nothing, with the reason in error(). Keys and values alternate as in RapidJSON.
class JsonBuilder {
public:
    JsonBuilder& begin_object() { return write([&] { return m_writer.StartObject(); }, "an object is out of place"); }
    JsonBuilder& end_object() { return write([&] { return m_writer.EndObject(); }, "an object ends that was not begun"); }
    JsonBuilder& begin_array() { return write([&] { return m_writer.StartArray(); }, "an array is out of place"); }
    JsonBuilder& end_array() { return write([&] { return m_writer.EndArray(); }, "an array ends that was not begun"); }

    JsonBuilder& key(std::string_view name) {
        return write([&] { return m_writer.Key(name.data(), static_cast<rapidjson::SizeType>(name.size())); }, "a key is not valid UTF-8 or out of place");
    }
    JsonBuilder& value(std::string_view text) {
        return write([&] { return m_writer.String(text.data(), static_cast<rapidjson::SizeType>(text.size())); }, "a string is not valid UTF-8");
    }
    JsonBuilder& value(const char* text) { return value(std::string_view(text)); }
    JsonBuilder& value(const std::string& text) { return value(std::string_view(text)); }
    JsonBuilder& value(bool flag) { return write([&] { return m_writer.Bool(flag); }, "a value is out of place"); }
    JsonBuilder& value(int64_t number) { return write([&] { return m_writer.Int64(number); }, "a value is out of place"); }
    JsonBuilder& value(int number) { return value(static_cast<int64_t>(number)); }
    JsonBuilder& value(double number) {
        if (!std::isfinite(number))
            return fail("a number is not finite (JSON has no NaN or infinity)");
        return write([&] { return m_writer.Double(number); }, "a value is out of place");
    }
    JsonBuilder& null() { return write([&] { return m_writer.Null(); }, "a value is out of place"); }
    // Copies a parsed RapidJSON value (its strings are checked like any other).
    JsonBuilder& value(const rapidjson::Value& json) {
        return write([&] { return json.Accept(m_writer); }, "a copied value holds a string that is not valid UTF-8");
    }

    template <typename Value>
    JsonBuilder& field(std::string_view name, const Value& content) { return key(name).value(content); }
    // Writes the field only when the optional holds a value.
    template <typename Value>
    JsonBuilder& field(std::string_view name, const std::optional<Value>& content) {
        return content ? field(name, *content) : *this;
    }

    // The text when every call succeeded and the outermost value is complete; otherwise nothing.
    std::optional<std::string> finish() {
        if (!m_error.empty())
            return std::nullopt;
        if (!m_writer.IsComplete()) {
            m_error = "the JSON is incomplete (an object or array was not ended)";
            return std::nullopt;
        }
        return std::string(m_buffer.GetString(), m_buffer.GetSize());
    }
    const std::string& error() const { return m_error; }

private:
    // Once a call failed nothing more is written: the writer's state is no longer trustworthy.
    template <typename Write>
    JsonBuilder& write(Write&& writing, const char* reason) { return !m_error.empty() || writing() ? *this : fail(reason); }
    JsonBuilder& fail(const char* reason) {
        if (m_error.empty())
            m_error = reason;
        return *this;
    }

    rapidjson::StringBuffer m_buffer;
    rapidjson::Writer<rapidjson::StringBuffer, rapidjson::UTF8<>, rapidjson::UTF8<>, rapidjson::CrtAllocator,
                      rapidjson::kWriteValidateEncodingFlag>
        m_writer{m_buffer};
    std::string m_error;
};

inline uap_status write_to_sink(uap_sink* sink, std::string_view text) {
    if (!sink || !sink->write)
        return UAP_STATUS_INVALID_ARGUMENT;
    return sink->write(sink->receiver, text.data(), static_cast<uint64_t>(text.size()));
}

// Collects what a callee writes into a std::string, refusing to grow past a cap.
class StringReceiver {
public:
    explicit StringReceiver(uint64_t cap_bytes = UINT64_MAX) : m_cap(cap_bytes) {}

    uap_sink* sink() { return &m_sink; }
    const std::string& text() const { return m_text; }
    std::string take() { return std::move(m_text); }
    bool overflowed() const { return m_overflowed; }
    // Bytes offered in total, including those refused after the cap.
    uint64_t offered_bytes() const { return m_offered; }

private:
    static uap_status write(void* receiver, const char* data, uint64_t size) {
        auto& self = *static_cast<StringReceiver*>(receiver);
        self.m_offered += size;
        if (self.m_overflowed || self.m_text.size() + size > self.m_cap) {
            self.m_overflowed = true;
            return UAP_STATUS_TOO_LARGE;
        }
        if (size > 0)
            self.m_text.append(data, static_cast<size_t>(size));
        return UAP_STATUS_OK;
    }

    uint64_t m_cap;
    uint64_t m_offered = 0;
    bool m_overflowed = false;
    std::string m_text;
    uap_sink m_sink{this, &StringReceiver::write};
};

} // namespace uap::sdk

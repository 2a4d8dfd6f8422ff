// Typed editor calls: what the generated <uap/sdk/editor_calls.hpp> builds on. EditorClient sends
// one bridge primitive through the host, EditorResult carries its typed result or the editor's error.
#pragma once

#include <uap/sdk/json.hpp>
#include <uap/sdk/tool.hpp>

#include <rapidjson/document.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace uap::sdk {

// A JSON value the typed calls carry as is: a schema the generator cannot map to C++ types (an
// open-ended object, a value of any type), and every result's whole answer. Copies deeply.
class JsonValue {
public:
    JsonValue() = default;
    explicit JsonValue(const rapidjson::Value& value) { m_document.CopyFrom(value, m_document.GetAllocator()); }
    JsonValue(const JsonValue& other) { m_document.CopyFrom(other.m_document, m_document.GetAllocator()); }
    JsonValue& operator=(const JsonValue& other) {
        if (this != &other)
            m_document.CopyFrom(other.m_document, m_document.GetAllocator());
        return *this;
    }
    JsonValue(JsonValue&&) = default;
    JsonValue& operator=(JsonValue&&) = default;

    // Parses text; an unparseable text leaves a null value.
    static JsonValue parse(std::string_view text) {
        JsonValue parsed;
        parsed.m_document.Parse(text.data(), text.size());
        if (parsed.m_document.HasParseError())
            parsed.m_document.SetNull();
        return parsed;
    }

    const rapidjson::Value& get() const { return m_document; }
    rapidjson::Document& document() { return m_document; }

private:
    rapidjson::Document m_document;
};

// The editor's (or the host's) error object: code is one of protocol/bridge-v1.json's "errors",
// or "invalid_params" when the SDK could not write the params, or "invalid_result" when the answer
// did not have the method's result shape.
struct EditorError {
    std::string code;
    std::string message;
    JsonValue data;

    std::string describe() const { return code + ": " + message; }
};

// The outcome of one typed call: the result, or the error. Check it before reading the value.
template <typename Value>
class [[nodiscard]] EditorResult {
public:
    EditorResult(Value value) : m_outcome(std::move(value)) {}
    EditorResult(EditorError error) : m_outcome(std::move(error)) {}

    bool ok() const { return std::holds_alternative<Value>(m_outcome); }
    explicit operator bool() const { return ok(); }
    const Value& value() const { return std::get<Value>(m_outcome); }
    Value& value() { return std::get<Value>(m_outcome); }
    const Value* operator->() const { return &value(); }
    const EditorError& error() const { return std::get<EditorError>(m_outcome); }

private:
    std::variant<Value, EditorError> m_outcome;
};

// Sends editor primitives for one tool call (cancellable with it) or, with no call, for the module
// (an event handler's redraw). The timeout is per call; the host's own bound applies on top.
class EditorClient {
public:
    static constexpr uint32_t default_timeout_ms = 10000;

    explicit EditorClient(const CallContext& call, uint32_t timeout_ms = default_timeout_ms)
        : m_module(call.module()), m_call(call.handle()), m_timeout_ms(timeout_ms) {}
    EditorClient(const ModuleContext& module, uap_call_context* call, uint32_t timeout_ms = default_timeout_ms)
        : m_module(module), m_call(call), m_timeout_ms(timeout_ms) {}

    HostAnswer call(std::string_view method, std::string_view params_json) const {
        return m_module.editor_call(m_call, method, params_json, m_timeout_ms);
    }

private:
    const ModuleContext& m_module;
    uap_call_context* m_call;
    uint32_t m_timeout_ms;
};

namespace editor_detail {

// Reads the host's failure text: the editor's error object, or the text itself as the message.
inline EditorError error_from_answer(const HostAnswer& answer) {
    JsonValue parsed = JsonValue::parse(answer.json);
    const rapidjson::Value& object = parsed.get();
    EditorError error;
    if (object.IsObject() && object.HasMember("code") && object["code"].IsString() && object.HasMember("message") &&
        object["message"].IsString()) {
        error.code = object["code"].GetString();
        error.message = object["message"].GetString();
        if (object.HasMember("data"))
            error.data = JsonValue(object["data"]);
        return error;
    }
    error.code = "internal_error";
    error.message = answer.json.empty() ? "the host answered status " + std::to_string(answer.status) + " without a message"
                                        : answer.json;
    return error;
}

// Readers for the generated result parsers: each answers whether the value had the expected shape;
// a nested reader says where in problem.
inline bool read(const rapidjson::Value& json, std::string& out, std::string&) {
    if (!json.IsString())
        return false;
    out.assign(json.GetString(), json.GetStringLength());
    return true;
}
inline bool read(const rapidjson::Value& json, int64_t& out, std::string&) {
    if (!json.IsInt64())
        return false;
    out = json.GetInt64();
    return true;
}
inline bool read(const rapidjson::Value& json, double& out, std::string&) {
    if (!json.IsNumber())
        return false;
    out = json.GetDouble();
    return true;
}
inline bool read(const rapidjson::Value& json, bool& out, std::string&) {
    if (!json.IsBool())
        return false;
    out = json.GetBool();
    return true;
}
inline bool read(const rapidjson::Value& json, JsonValue& out, std::string&) {
    out = JsonValue(json);
    return true;
}
template <typename Item>
bool read(const rapidjson::Value& json, std::vector<Item>& out, std::string& problem) {
    if (!json.IsArray())
        return false;
    out.clear();
    for (const auto& element : json.GetArray()) {
        out.emplace_back();
        if (!read(element, out.back(), problem)) {
            problem = "item " + std::to_string(out.size() - 1) + (problem.empty() ? std::string() : ": " + problem);
            return false;
        }
    }
    return true;
}

// Reads a required member; a missing or mistyped one names itself in problem.
template <typename Field>
bool read_member(const rapidjson::Value& object, const char* name, Field& out, std::string& problem) {
    auto member = object.FindMember(name);
    if (member == object.MemberEnd()) {
        problem = std::string("'") + name + "' is missing";
        return false;
    }
    if (!read(member->value, out, problem)) {
        problem = std::string("'") + name + "' " + (problem.empty() ? std::string("has the wrong type") : "in it, " + problem);
        return false;
    }
    return true;
}
// Reads an optional member: absent (or null) leaves it empty; present with the wrong type is a problem.
template <typename Field>
bool read_member(const rapidjson::Value& object, const char* name, std::optional<Field>& out, std::string& problem) {
    auto member = object.FindMember(name);
    if (member == object.MemberEnd() || member->value.IsNull()) {
        out.reset();
        return true;
    }
    out.emplace();
    if (!read(member->value, *out, problem)) {
        problem = std::string("'") + name + "' " + (problem.empty() ? std::string("has the wrong type") : "in it, " + problem);
        return false;
    }
    return true;
}

// Writers for the generated params serialisers.
inline void write(JsonBuilder& builder, const std::string& value) { builder.value(value); }
inline void write(JsonBuilder& builder, int64_t value) { builder.value(value); }
inline void write(JsonBuilder& builder, double value) { builder.value(value); }
inline void write(JsonBuilder& builder, bool value) { builder.value(value); }
inline void write(JsonBuilder& builder, const JsonValue& value) { builder.value(value.get()); }
template <typename Item>
void write(JsonBuilder& builder, const std::vector<Item>& items) {
    builder.begin_array();
    for (const auto& item : items)
        write(builder, item);
    builder.end_array();
}
template <typename Field>
void write_member(JsonBuilder& builder, const char* name, const Field& value) {
    builder.key(name);
    write(builder, value);
}
template <typename Field>
void write_member(JsonBuilder& builder, const char* name, const std::optional<Field>& value) {
    if (value)
        write_member(builder, name, *value);
}

// Sends one primitive: writes the params, calls, parses the answer into Result (whose json member
// keeps the whole answer for fields the schema leaves open).
template <typename Result, typename Params>
EditorResult<Result> call(const EditorClient& editor, const char* method, const Params& params) {
    JsonBuilder builder;
    write(builder, params);
    std::optional<std::string> text = builder.finish();
    if (!text)
        return EditorError{"invalid_params", std::string(method) + ": the params could not be written: " + builder.error(), {}};
    HostAnswer answer = editor.call(method, *text);
    if (!answer.ok())
        return error_from_answer(answer);
    JsonValue whole = JsonValue::parse(answer.json);
    if (!whole.get().IsObject())
        return EditorError{"invalid_result", std::string(method) + ": the answer is not a JSON object", {}};
    Result result;
    std::string problem;
    if (!read(whole.get(), result, problem))
        return EditorError{"invalid_result", std::string(method) + ": the answer does not have the result's shape: " + problem, {}};
    result.json = std::move(whole);
    return result;
}

} // namespace editor_detail
} // namespace uap::sdk

// What a module author writes: a Tool subclass with a name, a description, an input schema,
// explicit traits and a call method, plus the per-call and per-module contexts it can use.
#pragma once

#include <uap/sdk/json.hpp>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace uap::sdk {

// Traits are enums without a zero value, so a field left out of an initializer is caught when the
// module describes itself instead of silently meaning "false".
enum class Access : uint8_t { ReadOnly = 1, Writes };
enum class Undo : uint8_t { Undoable = 1, NotUndoable };
enum class Impact : uint8_t { NonDestructive = 1, Destructive };
enum class Repeat : uint8_t { Idempotent = 1, NotIdempotent };
enum class Duration : uint8_t { Quick = 1, LongRunning };

struct ToolTraits {
    Access access;
    Undo undo;
    Impact impact;
    Repeat repeat;
    Duration duration;
};

// One answer a user may pick when a call needs a choice: the value the tool receives in the
// argument it named, and the words the user reads.
struct Choice {
    std::string value;
    std::string label;
};

// The outcome of one call: a JSON object for the model, a failure message it can act on, word
// that the call noticed cancellation and stopped (UAP_STATUS_CANCELLED), or a question only the
// user can answer (UAP_STATUS_NEEDS_CHOICE).
class ToolResult {
public:
    static ToolResult success(rapidjson::Document object) { return ToolResult(Kind::Success, std::move(object), {}); }
    static ToolResult failure(std::string message) { return ToolResult(Kind::Failure, {}, std::move(message)); }
    // The call saw context.cancelled() and stopped. The message says what was done before it
    // stopped ("stopped after 40 of 120 objects; the first 40 are renamed"), since a client that
    // did not cancel (a job cancelled by uap_job_status, the host shutting down) shows it.
    static ToolResult cancelled(std::string message) { return ToolResult(Kind::Cancelled, {}, std::move(message)); }
    // The call cannot go on until the user picks one of choices; nothing was changed. The tool stays
    // pure: the host asks the user (MCP elicitation) and calls again with the picked value in
    // argument, or, when it cannot ask, answers with the refusal this writes, which lists the choices
    // and names the argument to pass.
    static ToolResult needs_choice(std::string_view tool, std::string_view question, std::string_view argument,
                                   const std::vector<Choice>& choices) {
        std::string refusal = std::string(tool) + " needs a choice: " + std::string(question) + " Call it again with " +
                              std::string(argument) + " set to one of:";
        rapidjson::Document object(rapidjson::kObjectType);
        auto& allocator = object.GetAllocator();
        rapidjson::Value listed(rapidjson::kArrayType);
        for (const Choice& choice : choices) {
            refusal += " \"" + choice.value + "\" (" + choice.label + ");";
            rapidjson::Value entry(rapidjson::kObjectType);
            entry.AddMember("value", rapidjson::Value(choice.value.c_str(), allocator), allocator);
            entry.AddMember("label", rapidjson::Value(choice.label.c_str(), allocator), allocator);
            listed.PushBack(entry, allocator);
        }
        refusal.back() = '.';
        refusal += " Nothing was changed.";
        object.AddMember("question", rapidjson::Value(question.data(), static_cast<rapidjson::SizeType>(question.size()), allocator), allocator);
        object.AddMember("argument", rapidjson::Value(argument.data(), static_cast<rapidjson::SizeType>(argument.size()), allocator), allocator);
        object.AddMember("choices", listed, allocator);
        object.AddMember("refusal", rapidjson::Value(refusal.c_str(), allocator), allocator);
        return ToolResult(Kind::NeedsChoice, std::move(object), std::move(refusal));
    }

    bool is_success() const { return m_kind == Kind::Success; }
    bool is_cancelled() const { return m_kind == Kind::Cancelled; }
    bool needs_choice() const { return m_kind == Kind::NeedsChoice; }
    // The result object; for a needed choice, {"question","argument","choices","refusal"}.
    const rapidjson::Document& object() const { return m_object; }
    const std::string& message() const { return m_message; }

private:
    enum class Kind { Success, Failure, Cancelled, NeedsChoice };
    ToolResult(Kind kind, rapidjson::Document object, std::string message)
        : m_kind(kind), m_object(std::move(object)), m_message(std::move(message)) {}

    Kind m_kind;
    rapidjson::Document m_object;
    std::string m_message;
};

// The answer of a host service call (editor primitive, settings, host info): JSON text on
// success, or a status with the host's JSON error object.
struct HostAnswer {
    uap_status status = UAP_STATUS_INTERNAL_ERROR;
    std::string json;
    bool ok() const { return status == UAP_STATUS_OK; }
};

// One primitive of editor_call_all: its method and its params, a JSON object.
struct EditorRequest {
    std::string_view method;
    std::string_view params_json;
};

// The module's view of the host, valid from the module's constructor until its destructor ends.
class ModuleContext {
public:
    ModuleContext(const uap_host_api* host, uap_host_context* context) : m_host(host), m_context(context) {}

    void log(uap_log_level level, std::string_view message) const { m_host->log(m_context, level, to_view(message)); }

    HostAnswer settings() const { return collect([&](uap_sink* sink) { return m_host->read_settings(m_context, sink); }); }

    // Host description (version, uptime, editor state). Hosts older than revision 2 lack it.
    HostAnswer host_info() const {
        if (!uap_host_api_has(m_host, host_info))
            return {UAP_STATUS_UNAVAILABLE, R"({"code":"unsupported","message":"host predates host_info"})"};
        return collect([&](uap_sink* sink) { return m_host->host_info(m_context, sink); });
    }

    HostAnswer editor_call(uap_call_context* call, std::string_view method, std::string_view params_json,
                           uint32_t timeout_ms) const {
        return collect([&](uap_sink* sink) {
            return m_host->editor_call(m_context, call, to_view(method), to_view(params_json), timeout_ms, sink);
        });
    }

    // Every request's answer, in order, as editor_call would give it. All are sent before the first
    // answer is awaited, so the editor runs them back to back: for independent reads. A host older
    // than revision 5 is asked one request at a time, with the same answers.
    std::vector<HostAnswer> editor_call_all(uap_call_context* call, std::span<const EditorRequest> requests, uint32_t timeout_ms) const {
        std::vector<HostAnswer> answers;
        answers.reserve(requests.size());
        if (!uap_host_api_has(m_host, editor_call_all)) {
            for (const auto& request : requests)
                answers.push_back(editor_call(call, request.method, request.params_json, timeout_ms));
            return answers;
        }
        std::vector<StringReceiver> receivers(requests.size());
        std::vector<uap_editor_request> sent(requests.size());
        for (size_t index = 0; index < requests.size(); ++index)
            sent[index] = {to_view(requests[index].method), to_view(requests[index].params_json), receivers[index].sink(),
                           UAP_STATUS_INTERNAL_ERROR};
        uap_status status = m_host->editor_call_all(m_context, call, sent.data(), sent.size(), timeout_ms);
        for (size_t index = 0; index < requests.size(); ++index) {
            if (status != UAP_STATUS_OK)
                answers.push_back({status, R"({"code":"internal_error","message":"the host refused the editor requests"})"});
            else
                answers.push_back({sent[index].status, receivers[index].take()});
        }
        return answers;
    }

    const uap_host_api* host() const { return m_host; }
    uap_host_context* handle() const { return m_context; }

private:
    template <typename Function>
    static HostAnswer collect(Function&& function) {
        StringReceiver receiver;
        uap_status status = function(receiver.sink());
        return {status, receiver.take()};
    }

    const uap_host_api* m_host;
    uap_host_context* m_context;
};

// The per-call view: cancellation, progress, and editor calls that the host can cancel.
class CallContext {
public:
    CallContext(const ModuleContext& module, uap_call_context* call) : m_module(module), m_call(call) {}

    bool cancelled() const { return m_module.host()->is_cancelled(m_call) != 0; }

    void progress(double done, double total, std::string_view message = {}) const {
        m_module.host()->report_progress(m_call, done, total, to_view(message));
    }

    HostAnswer editor_call(std::string_view method, std::string_view params_json, uint32_t timeout_ms) const {
        return m_module.editor_call(m_call, method, params_json, timeout_ms);
    }

    std::vector<HostAnswer> editor_call_all(std::span<const EditorRequest> requests, uint32_t timeout_ms) const {
        return m_module.editor_call_all(m_call, requests, timeout_ms);
    }

    const ModuleContext& module() const { return m_module; }
    uap_call_context* handle() const { return m_call; }

private:
    const ModuleContext& m_module;
    uap_call_context* m_call;
};

class Tool {
public:
    virtual ~Tool() = default;

    virtual std::string_view name() const = 0;
    virtual std::string_view description() const = 0;
    // Optional: the description in Japanese, as a Unity user there would search for the tool. Search
    // matches it, and it travels in the module's description beside the English one.
    virtual std::string_view japanese_description() const { return {}; }
    // A JSON Schema whose top level is {"type":"object",...}.
    virtual std::string_view input_schema() const = 0;
    // Optional: when non-empty, results must match it and reach MCP clients as structuredContent.
    virtual std::string_view output_schema() const { return {}; }
    virtual ToolTraits traits() const = 0;

    // Runs the tool. arguments is an object that already passed input_schema. Called from any
    // thread, possibly concurrently: keep shared state behind your own locks.
    virtual ToolResult call(const rapidjson::Value& arguments, CallContext& context) = 0;
};

} // namespace uap::sdk

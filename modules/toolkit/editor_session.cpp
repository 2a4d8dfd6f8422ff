// Shared plumbing of the editor tools; see editor_session.hpp.
#include "editor_session.hpp"

#include <uap/sdk/json.hpp>

#include <algorithm>
#include <charconv>
#include <cstdio>

namespace uap::core {

EditorReply EditorSession::call(std::string_view method, const rapidjson::Value& params, uint32_t timeout_ms, CallBinding binding) {
    std::string params_json = sdk::to_json_text(params);
    sdk::HostAnswer answer = binding == CallBinding::ThisCall ? m_context.editor_call(method, params_json, timeout_ms)
                                                              : m_context.module().editor_call(nullptr, method, params_json, timeout_ms);
    return reply_to(method, answer);
}

std::vector<EditorReply> EditorSession::call_all(std::span<const EditorCall> calls, uint32_t timeout_ms) {
    std::vector<std::string> params_json;
    std::vector<sdk::EditorRequest> requests;
    params_json.reserve(calls.size());
    requests.reserve(calls.size());
    for (const auto& call : calls) {
        params_json.push_back(sdk::to_json_text(call.params));
        requests.push_back({call.method, params_json.back()});
    }
    std::vector<sdk::HostAnswer> answers = m_context.editor_call_all(requests, timeout_ms);
    std::vector<EditorReply> replies;
    replies.reserve(calls.size());
    for (std::size_t index = 0; index < calls.size(); ++index)
        replies.push_back(reply_to(calls[index].method, answers[index]));
    return replies;
}

EditorReply EditorSession::reply_to(std::string_view method, const sdk::HostAnswer& answer) {
    EditorReply reply;
    reply.result.Parse(answer.json.c_str(), answer.json.size());
    bool parsed = !reply.result.HasParseError() && reply.result.IsObject();
    if (answer.ok() && parsed)
        return reply;
    reply.code = "internal_error";
    reply.message = answer.ok() ? "the editor's answer was not a JSON object" : answer.json;
    if (!answer.ok() && parsed) {
        reply.code = std::string(string_member(reply.result, "code"));
        reply.message = std::string(string_member(reply.result, "message"));
        if (reply.code.empty())
            reply.code = "internal_error";
    }
    m_saw_conflict = m_saw_conflict || reply.code == "conflict";
    if (method.rfind("host.", 0) != 0)
        reply.compile_note = compile_failure_note();
    return reply;
}

std::string EditorSession::compile_failure_note() {
    // The host answers from what it already knows; it never asks the editor for this.
    sdk::HostAnswer answer = m_context.editor_call("host.compileState", "{}", 2000);
    rapidjson::Document state;
    state.Parse(answer.json.c_str(), answer.json.size());
    const rapidjson::Value* compile = answer.ok() && !state.HasParseError() ? member(state, "compile") : nullptr;
    if (!compile || string_member(*compile, "state") != "compile_failed")
        return {};
    return " Also: " + std::string(compile_note_marker) + " (" + std::string(string_member(*compile, "summary")) +
           "), so Unity runs the previous scripts; fix them with uap_scripts_commit, and see uap_ping's editor.compile for the errors.";
}

namespace {

std::string_view advice_for(std::string_view code) {
    if (code == "not_found")
        return " List what exists with uap_query_hierarchy (objects), uap_component_list (components) or uap_object_inspect (properties).";
    if (code == "type_mismatch")
        return " Read the property's type with uap_object_inspect and send a value of that shape.";
    if (code == "not_connected" || code == "abandoned")
        return " Check the editor with uap_ping; Unity may be closed or reloading.";
    if (code == "still_running")
        return " Fetch the outcome later with uap_job_status.";
    // A Pro pack's primitives arrive with the Core Unity package of the same release (docs/pro.md).
    if (code == "unknown_method")
        return " The Unity package (com.agentpanel.unity) in this project predates this editor primitive; update it to the "
               "version that ships with this host.";
    return "";
}

} // namespace

sdk::ToolResult failure(std::string_view what, const EditorReply& reply) {
    std::string message(what);
    message += ": ";
    message += reply.message.empty() ? "the editor gave no reason" : reply.message;
    message += " [" + reply.code + "].";
    message += advice_for(reply.code);
    message += reply.compile_note;
    return sdk::ToolResult::failure(std::move(message));
}

std::optional<std::string> object_reference(std::string_view path, const rapidjson::Value* scene, rapidjson::Value& out,
                                            Allocator& allocator) {
    out.SetObject();
    if (path.empty())
        return std::string("the path is empty; give a hierarchy path such as \"/Parent/Child\" or \"#instanceId\"");
    if (path.front() == '#') {
        std::int64_t id = 0;  // Unity 6000.5's EntityIds use all 64 bits (docs/bridge-protocol.md).
        auto digits = path.substr(1);
        bool negative = !digits.empty() && digits.front() == '-';
        auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), id);
        if (error != std::errc() || end != digits.data() + digits.size() || digits.size() == static_cast<std::size_t>(negative))
            return std::string("'").append(path).append("' is not an instance id; write it as #12345");
        out.AddMember("instanceId", id, allocator);
        return std::nullopt;
    }
    std::string normalized(path);
    if (normalized.front() != '/')
        normalized.insert(normalized.begin(), '/');
    out.AddMember("scenePath", text(normalized, allocator), allocator);
    if (scene && scene->IsString() && scene->GetStringLength() > 0)
        out.AddMember("scene", rapidjson::Value(*scene, allocator), allocator);
    return std::nullopt;
}

std::string instance_path(int64_t instance_id) {
    std::string path = "#"; // Appended, not "#" + text: GCC 12 misreports that form under -Wrestrict.
    path += std::to_string(instance_id);
    return path;
}

std::string_view string_member(const rapidjson::Value& object, const char* name) {
    if (!object.IsObject())
        return {};
    auto found = object.FindMember(name);
    if (found == object.MemberEnd() || !found->value.IsString())
        return {};
    return {found->value.GetString(), found->value.GetStringLength()};
}

const rapidjson::Value* member(const rapidjson::Value& object, const char* name) {
    if (!object.IsObject())
        return nullptr;
    auto found = object.FindMember(name);
    return found == object.MemberEnd() ? nullptr : &found->value;
}

rapidjson::Value merged_vector(const rapidjson::Value& partial, const rapidjson::Value* base, double fallback, Allocator& allocator) {
    rapidjson::Value vector(rapidjson::kObjectType);
    for (const char* axis : {"x", "y", "z"}) {
        double value = fallback;
        if (const auto* given = member(partial, axis); given && given->IsNumber())
            value = given->GetDouble();
        else if (const auto* old = base ? member(*base, axis) : nullptr; old && old->IsNumber())
            value = old->GetDouble();
        vector.AddMember(rapidjson::StringRef(axis), value, allocator);
    }
    return vector;
}

rapidjson::Value text(std::string_view value, Allocator& allocator) {
    return rapidjson::Value(value.data(), static_cast<rapidjson::SizeType>(value.size()), allocator);
}

std::string to_text(const rapidjson::Value& value) { return sdk::to_json_text(value); }

// "#ff8000" or "#ff8000cc" as {r,g,b,a}; false when the text is not a hex colour.
bool hex_colour(std::string_view hex, rapidjson::Value& out, Allocator& allocator) {
    if (hex.size() != 7 && hex.size() != 9)
        return false;
    if (hex.front() != '#')
        return false;
    double parts[4] = {0, 0, 0, 1};
    for (std::size_t index = 0; index * 2 + 1 < hex.size(); ++index) {
        unsigned value = 0;
        std::string pair(hex.substr(1 + index * 2, 2));
        if (pair.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos || std::sscanf(pair.c_str(), "%x", &value) != 1)
            return false;
        parts[index] = value / 255.0;
    }
    out.SetObject();
    const char* names[] = {"r", "g", "b", "a"};
    for (int index = 0; index < 4; ++index)
        out.AddMember(rapidjson::StringRef(names[index]), parts[index], allocator);
    return true;
}

} // namespace uap::core

namespace uap::core {

UndoScope::UndoScope(EditorSession& session, std::string_view name) : m_session(session) {
    if (session.inside_group())
        return;
    rapidjson::Document begin(rapidjson::kObjectType);
    begin.AddMember("name", text(name, begin.GetAllocator()), begin.GetAllocator());
    EditorReply opened = session.call("undo.beginGroup", begin);
    if (!opened.ok()) {
        m_opening_failure = std::move(opened);
        return;
    }
    m_group = opened.result["group"].GetInt();
    m_open = true;
}

UndoScope::~UndoScope() { close(); }

void UndoScope::close() {
    if (!m_open)
        return;
    m_open = false;
    rapidjson::Document none(rapidjson::kObjectType);
    m_session.call("undo.endGroup", none);
}

std::string UndoScope::revert() {
    if (m_group == 0)
        return m_session.inside_group() ? "; the enclosing batch reverts what ran before" : "";
    close();
    rapidjson::Document revert(rapidjson::kObjectType);
    revert.AddMember("group", m_group, revert.GetAllocator());
    EditorReply reverted = m_session.call("undo.revertGroup", revert);
    m_group = 0;
    if (reverted.ok() || reverted.code == "not_found")
        return "; what this call had changed so far was undone";
    return "; undoing what this call had changed so far also failed: " + reverted.message;
}

} // namespace uap::core

// What the editor tools share: primitive calls with parsed answers, hierarchy addressing
// (paths, Name[i], #instanceId), {x,y,z} vectors, and failure messages the model can act on.
#pragma once

#include <uap/sdk/tool.hpp>

#include <rapidjson/document.h>

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace uap::core {

using Allocator = rapidjson::Document::AllocatorType;

// One primitive's answer: the result object, or the editor's (or host's) error code and message.
struct EditorReply {
    rapidjson::Document result;
    std::string code;
    std::string message;
    // Set on a failure while the editor's last compile failed: the agent's edits may be why the
    // editor misbehaves, and nothing new it writes runs until the scripts compile.
    std::string compile_note;
    bool ok() const { return code.empty(); }
};

// One primitive for EditorSession::call_all.
struct EditorCall {
    std::string method;
    rapidjson::Document params{rapidjson::kObjectType};
};

// Whether a primitive is withdrawn with the tool call when the call is cancelled. Detached is for the
// calls that clean up after a cancel (stopping a bake the cancelled call started, reading its end),
// which would otherwise be withdrawn before they run.
enum class CallBinding { ThisCall, Detached };

class EditorSession {
public:
    explicit EditorSession(sdk::CallContext& context) : m_context(context) {}

    EditorReply call(std::string_view method, const rapidjson::Value& params, uint32_t timeout_ms = default_timeout_ms,
                     CallBinding binding = CallBinding::ThisCall);
    // The replies to independent reads, in order, each as call gives it. They are sent together, so the
    // editor runs them back to back instead of one round trip each (sdk::CallContext::editor_call_all).
    std::vector<EditorReply> call_all(std::span<const EditorCall> calls, uint32_t timeout_ms = default_timeout_ms);
    sdk::CallContext& context() { return m_context; }

    // True while uap_batch runs the call inside its own Undo group: tools then open no group of their own.
    bool inside_group() const { return m_inside_group; }
    void set_inside_group(bool inside) { m_inside_group = inside; }

    static constexpr uint32_t default_timeout_ms = 30000;

    // " Also: the editor's scripts do not compile (...)" when the host says its last compile failed, else
    // empty. The host answers from what it already knows; the editor is not asked.
    std::string compile_failure_note();
    // The words every such note contains, so a message that has one does not get a second.
    static constexpr std::string_view compile_note_marker = "the editor's scripts do not compile";

    // True once a primitive of this call answered "conflict" (a scene path that names several objects
    // is one), so a failed tool can ask the user which object was meant (target_choice.hpp).
    bool saw_conflict() const { return m_saw_conflict; }

private:
    EditorReply reply_to(std::string_view method, const sdk::HostAnswer& answer);

    sdk::CallContext& m_context;
    bool m_inside_group = false;
    bool m_saw_conflict = false;
};

// A failure for the model: what was refused or failed, the editor's reason, and what to do next.
sdk::ToolResult failure(std::string_view what, const EditorReply& reply);

// The objectRef for a hierarchy path ("/Parent/Child", "Child[1]", "#12345"), restricted to scene
// when given. Returns an explanation instead when the path cannot name an object.
std::optional<std::string> object_reference(std::string_view path, const rapidjson::Value* scene, rapidjson::Value& out,
                                            Allocator& allocator);

// The path that names an object by its instance id: "#12345".
std::string instance_path(int64_t instance_id);

// Reads a string member, or empty when absent.
std::string_view string_member(const rapidjson::Value& object, const char* name);
const rapidjson::Value* member(const rapidjson::Value& object, const char* name);

// {x,y,z} with missing axes taken from base.
rapidjson::Value merged_vector(const rapidjson::Value& partial, const rapidjson::Value* base, double fallback, Allocator& allocator);

// "#ff8000" or "#ff8000cc" as {r,g,b,a} from 0 to 1; false when the text is not a hex colour.
bool hex_colour(std::string_view hex, rapidjson::Value& out, Allocator& allocator);

rapidjson::Value text(std::string_view value, Allocator& allocator);
std::string to_text(const rapidjson::Value& value);

// The JSON Schema fragment of a partial {x,y,z} input: numbers by name; EditorTool refuses names
// other than x, y, z (kept out of the schema to keep tools/list small).
#define UAP_VECTOR_SCHEMA R"({"type":"object","additionalProperties":{"type":"number"}})"

} // namespace uap::core

namespace uap::core {

// Opens a named Undo group for a tool that writes through several primitives, so they undo as one
// step, unless the call already runs inside one (uap_batch owns the group then).
class UndoScope {
public:
    UndoScope(EditorSession& session, std::string_view name);
    ~UndoScope();
    UndoScope(const UndoScope&) = delete;
    UndoScope& operator=(const UndoScope&) = delete;

    // The editor's refusal to open the group, if it refused.
    const std::optional<EditorReply>& opening_failure() const { return m_opening_failure; }
    // Ends the group and reverts it: everything the tool wrote so far. Returns a sentence for the model.
    std::string revert();

private:
    void close();

    EditorSession& m_session;
    int m_group = 0;
    bool m_open = false;
    std::optional<EditorReply> m_opening_failure;
};

} // namespace uap::core

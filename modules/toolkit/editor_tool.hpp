// The base of every editor tool in this pack: a fixed specification (name, description, input
// schema, traits, output schema) and a run() that talks to the editor through an EditorSession, so uap_batch can
// validate and run the same tools inside one Undo group.
#pragma once

#include "editor_availability.hpp"
#include "editor_session.hpp"
#include "target_choice.hpp"

#include <rapidjson/schema.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace uap::core {

struct ToolSpec {
    std::string_view name;
    std::string_view description;
    std::string_view input_schema;
    sdk::ToolTraits traits;
    // What a successful result looks like (a JSON Schema, "type":"object" at the top); the host checks
    // every result against it and MCP clients get the result as structuredContent too. Empty: none.
    std::string_view output_schema = {};
};

class EditorTool : public sdk::Tool {
public:
    explicit EditorTool(ToolSpec spec);

    std::string_view name() const override { return m_spec.name; }
    std::string_view description() const override { return m_spec.description; }
    // The published schema: the spec's without the bounds and shape rules (minimum, maxItems,
    // additionalProperties, ...), which call() checks itself, so tools/list stays within Claude
    // Code's budget; a refusal quotes the rule that failed.
    std::string_view input_schema() const override { return m_published_schema; }
    std::string_view output_schema() const override { return m_spec.output_schema; }
    sdk::ToolTraits traits() const override { return m_spec.traits; }

    sdk::ToolResult call(const rapidjson::Value& arguments, sdk::CallContext& context) final {
        if (auto problem = check_arguments(arguments))
            return sdk::ToolResult::failure(*problem);
        // An editor that cannot load the package (its scripts do not compile, Safe Mode) would keep the
        // call waiting for a connection that does not come: answer at once with its log's errors.
        if (auto cannot_load = package_cannot_load(context)) {
            if (auto offline = run_without_editor(arguments, *cannot_load))
                return std::move(*offline);
            return sdk::ToolResult::failure(std::string(m_spec.name) + " refused: the editor is not connected, and " +
                                            cannot_load->summary);
        }
        EditorSession session(context);
        if (auto problem = check_prefab_stage(arguments, session))
            return with_compile_note(sdk::ToolResult::failure(*problem), session);
        sdk::ToolResult result = run(arguments, session);
        // A path that names several objects is a question for the user, not a dead end (the host asks
        // through the MCP client, or refuses with the candidates when it cannot).
        if (!result.is_success() && !result.is_cancelled() && session.saw_conflict())
            if (auto question = ambiguous_target_question(m_spec.name, arguments, session))
                return std::move(*question);
        return with_compile_note(std::move(result), session);
    }

    virtual sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) = 0;

    // A refusal or failure while the editor's scripts do not compile ends with that, and with what fixes
    // it, whichever way the tool built its message (failure() adds it already; it is never added twice).
    static sdk::ToolResult with_compile_note(sdk::ToolResult result, EditorSession& session);
    // What the tool does while the editor cannot load the package; nothing (the default): it is refused
    // with the editor log's errors.
    virtual std::optional<sdk::ToolResult> run_without_editor(const rapidjson::Value&, const PackageCannotLoad&) { return std::nullopt; }

    // Checks arguments against the input schema, as the host does for calls that reach it over MCP,
    // and the names check_names checks. Returns why they do not fit, or nothing when they do.
    std::optional<std::string> check_arguments(const rapidjson::Value& arguments) const;

    // Refuses argument names the schema does not list, and vector axes other than x, y, z. The
    // published schemas leave these rules out to keep tools/list within Claude Code's budget; a
    // misspelt argument must still be refused, never silently ignored.
    std::optional<std::string> check_names(const rapidjson::Value& arguments) const;

    // The reads that show that every object, component and asset the arguments name exists, without
    // writing: each must succeed. They are appended to checks, to be sent with other calls' checks in
    // one go (EditorSession::call_all). Returns why the arguments cannot name a target instead, when
    // they cannot. The default reads the transform the "path" argument names, when the tool has one.
    virtual std::optional<std::string> target_checks(const rapidjson::Value& arguments, std::vector<EditorCall>& checks) const;

    // A writing tool is refused while prefab mode shows another asset than the one it writes
    // (assetPath equal to the open prefab): the user would not see the change, or it would land in
    // the scene behind the prefab. Tools that open or close prefab mode themselves, or write no scene or
    // asset (editor windows), override it.
    virtual std::optional<std::string> check_prefab_stage(const rapidjson::Value& arguments, EditorSession& session) const;

private:
    ToolSpec m_spec;
    rapidjson::Document m_full_schema;
    std::string m_published_schema;
    std::unique_ptr<rapidjson::SchemaDocument> m_schema;
    std::vector<std::string> m_argument_names;
    std::vector<std::string> m_vector_names; // Arguments whose schema is UAP_VECTOR_SCHEMA.
};

// Appends the read that shows the object at path exists (in scene, when given) to checks; nothing for
// an empty path. Returns why path cannot name an object instead, when it cannot.
std::optional<std::string> object_check(std::string_view path, const rapidjson::Value* scene, std::vector<EditorCall>& checks);

// Declares a tool class whose constructor fills the ToolSpec and whose run() does the work.
#define UAP_DECLARE_EDITOR_TOOL(ClassName)                                                       \
    class ClassName final : public EditorTool {                                                  \
    public:                                                                                      \
        ClassName();                                                                             \
        sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override; \
    };

} // namespace uap::core

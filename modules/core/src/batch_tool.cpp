// uap_batch; see batch_tool.hpp.
#include "batch_tool.hpp"

#include <set>

namespace uap::core {

namespace {

// Result bytes kept per batch before later calls are summarised, so a 200-call batch stays far
// below the host's result cap.
constexpr std::size_t kept_result_bytes = 40000;

// Paths that earlier calls in the batch will create or move to; targets under them cannot be
// checked before the batch runs, and are checked by the call itself.
std::string produced_path(const rapidjson::Value& call) {
    std::string_view tool = string_member(call, "tool");
    const auto& arguments = call["arguments"];
    auto join = [](std::string_view parent, std::string_view name) {
        std::string path(parent);
        if (path.empty() || path.front() != '/')
            path.insert(path.begin(), '/');
        if (path.size() > 1)
            path += "/";
        path.append(name);
        return path;
    };
    if (tool == "uap_scene_create_object")
        return join(string_member(arguments, "parentPath"), string_member(arguments, "name"));
    if (tool == "uap_scene_rename") {
        std::string_view path = string_member(arguments, "path");
        auto slash = path.rfind('/');
        return join(slash == std::string_view::npos ? std::string_view() : path.substr(0, slash), string_member(arguments, "newName"));
    }
    if (tool == "uap_scene_reparent") {
        std::string_view path = string_member(arguments, "path");
        auto slash = path.rfind('/');
        return join(string_member(arguments, "newParentPath"), slash == std::string_view::npos ? path : path.substr(slash + 1));
    }
    if (tool == "uap_scene_duplicate") {
        std::string_view path = string_member(arguments, "path");
        auto slash = path.rfind('/');
        return join(slash == std::string_view::npos ? std::string_view() : path.substr(0, slash),
                    member(arguments, "name") ? string_member(arguments, "name") : std::string_view());
    }
    return {};
}

bool under_produced(const std::set<std::string>& produced, const rapidjson::Value& arguments) {
    for (const char* key : {"path", "parentPath", "newParentPath"}) {
        std::string path(string_member(arguments, key));
        if (path.empty())
            continue;
        if (path.front() != '/')
            path.insert(path.begin(), '/');
        for (const auto& made : produced)
            if (path == made || path.rfind(made + "/", 0) == 0 || path.rfind(made + "[", 0) == 0)
                return true;
    }
    return false;
}

EditorReply digest(EditorSession& session) {
    rapidjson::Document none(rapidjson::kObjectType);
    return session.call("scene.digest", none);
}

} // namespace

BatchTool::BatchTool(const sdk::Module& module)
    : EditorTool({"uap_batch",
                  "Run up to 200 scene writes atomically as one Undo step.",
                  R"({"type":"object","required":["calls"],"properties":{
"calls":{"type":"array","minItems":1,"maxItems":200,"items":{"type":"object","required":["tool","arguments"],"additionalProperties":false,
"properties":{"tool":{"type":"string"},"arguments":{"type":"object"}}}},"name":{"type":"string","maxLength":200}}})",
                  {sdk::Access::Writes, sdk::Undo::Undoable, sdk::Impact::NonDestructive, sdk::Repeat::NotIdempotent,
                   sdk::Duration::Quick}}),
      m_module(module) {}

EditorTool* BatchTool::batchable(std::string_view name, std::string& refusal) const {
    auto* tool = dynamic_cast<EditorTool*>(m_module.find_tool(name));
    if (!tool || tool == this) {
        refusal = tool == this ? "a batch cannot contain uap_batch"
                               : "no tool '" + std::string(name) + "' in the core pack (a batch runs only core scene, component, "
                                                                   "property and transform write tools)";
        return nullptr;
    }
    auto traits = tool->traits();
    if (traits.access == sdk::Access::ReadOnly)
        refusal = std::string(name) + " is read-only; call it directly, outside the batch";
    else if (traits.impact == sdk::Impact::Destructive)
        refusal = std::string(name) + " is destructive and needs its own confirmation; call it on its own";
    else if (traits.undo == sdk::Undo::NotUndoable)
        refusal = std::string(name) + " cannot be undone, so a batch could not revert it; call it on its own";
    else
        return tool;
    return nullptr;
}

sdk::ToolResult BatchTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    const auto& calls = arguments["calls"];
    if (calls.Size() > max_calls)
        return sdk::ToolResult::failure("uap_batch refused: " + std::to_string(calls.Size()) + " calls; at most 200 per batch");
    // Validate everything before running anything: tool, schema, targets. The reads that check the
    // targets go to the editor together, with the digest a revert is verified against, so the editor
    // runs them back to back rather than one round trip each.
    std::vector<EditorTool*> tools;
    std::vector<EditorCall> checks;
    std::vector<rapidjson::SizeType> check_owner; // The call each check belongs to.
    std::set<std::string> produced;
    auto refused_call = [&](rapidjson::SizeType index, const std::string& reason) {
        return sdk::ToolResult::failure("uap_batch refused before running anything: call " + std::to_string(index) + " (" +
                                        std::string(string_member(calls[index], "tool")) + "): " + reason);
    };
    for (rapidjson::SizeType index = 0; index < calls.Size(); ++index) {
        std::string refusal;
        EditorTool* tool = batchable(string_member(calls[index], "tool"), refusal);
        if (!tool)
            return refused_call(index, refusal);
        const auto& call_arguments = calls[index]["arguments"];
        if (auto problem = tool->check_arguments(call_arguments))
            return refused_call(index, *problem);
        if (!under_produced(produced, call_arguments)) {
            if (auto problem = tool->target_checks(call_arguments, checks))
                return refused_call(index, *problem + ". Fix the call; nothing was changed");
            check_owner.resize(checks.size(), index);
        }
        if (std::string made = produced_path(calls[index]); !made.empty())
            produced.insert(made);
        tools.push_back(tool);
    }
    checks.push_back(EditorCall{"scene.digest"});
    std::vector<EditorReply> checked = session.call_all(checks);
    for (std::size_t check = 0; check < check_owner.size(); ++check)
        if (!checked[check].ok())
            return refused_call(check_owner[check],
                                checked[check].message + " (" + checked[check].code + "). Fix the call; nothing was changed");
    const EditorReply& before = checked.back();
    if (!before.ok())
        return failure("uap_batch refused: the scene digest needed to verify a revert is unavailable; nothing was changed", before);
    rapidjson::Document begin(rapidjson::kObjectType);
    std::string group_name = member(arguments, "name") ? std::string(string_member(arguments, "name")) : "Agent batch";
    begin.AddMember("name", text(group_name, begin.GetAllocator()), begin.GetAllocator());
    EditorReply opened = session.call("undo.beginGroup", begin);
    if (!opened.ok())
        return failure("uap_batch could not open an Undo group; nothing was changed", opened);
    int group = opened.result["group"].GetInt();

    rapidjson::Document result(rapidjson::kObjectType);
    auto& allocator = result.GetAllocator();
    rapidjson::Value results(rapidjson::kArrayType);
    std::size_t kept = 0;
    // Ends the group, reverts it and proves by the digest that the scene is as before the batch.
    auto revert_all = [&](rapidjson::SizeType index, const std::string& reason) {
        session.set_inside_group(false);
        rapidjson::Document none(rapidjson::kObjectType);
        session.call("undo.endGroup", none);
        rapidjson::Document revert(rapidjson::kObjectType);
        revert.AddMember("group", group, revert.GetAllocator());
        EditorReply reverted = session.call("undo.revertGroup", revert);
        // "nothing was recorded" means the failing call was the first write: nothing to revert.
        bool revert_ok = reverted.ok() || reverted.code == "not_found";
        EditorReply after = digest(session);
        bool unchanged = after.ok() && string_member(after.result, "digest") == string_member(before.result, "digest");
        std::string message = "uap_batch failed at call " + std::to_string(index) + " (" +
                              std::string(string_member(calls[index], "tool")) + "): " + reason + " ";
        if (revert_ok && unchanged)
            message += "All " + std::to_string(index) + " earlier calls were reverted; the scene is as before (verified by "
                       "comparing scene digests before and after).";
        else
            message += "Reverting the earlier calls " + std::string(revert_ok ? "ran" : "failed (" + reverted.message + ")") +
                       ", but the scene does NOT match its state before the batch" +
                       (after.ok() ? std::string() : " (the digest could not be read: " + after.message + ")") +
                       "; inspect it with uap_query_hierarchy.";
        return sdk::ToolResult::failure(message);
    };
    session.set_inside_group(true);
    for (rapidjson::SizeType index = 0; index < calls.Size(); ++index) {
        // A cancellation is treated like a failure: the changeset is all or nothing.
        if (session.context().cancelled())
            return revert_all(index, "the batch was cancelled before this call.");
        sdk::ToolResult outcome = tools[index]->run(calls[index]["arguments"], session);
        if (!outcome.is_success())
            return revert_all(index, outcome.message());
        rapidjson::Value entry(rapidjson::kObjectType);
        entry.AddMember("tool", rapidjson::Value(calls[index]["tool"], allocator), allocator);
        std::string observed = to_text(outcome.object());
        if (kept + observed.size() <= kept_result_bytes) {
            entry.AddMember("result", rapidjson::Value(outcome.object(), allocator), allocator);
            kept += observed.size();
        }
        results.PushBack(entry, allocator);
    }
    session.set_inside_group(false);
    rapidjson::Document none(rapidjson::kObjectType);
    EditorReply closed = session.call("undo.endGroup", none);
    if (!closed.ok())
        return failure("uap_batch ran every call, but closing its Undo group failed; the calls are applied", closed);
    result.AddMember("ok", true, allocator);
    result.AddMember("calls", static_cast<int>(calls.Size()), allocator);
    result.AddMember("undoGroup", group, allocator);
    result.AddMember("undoGroupName", text(group_name, allocator), allocator);
    if (kept >= kept_result_bytes)
        result.AddMember("note", "later results are left out to keep the reply small; read the scene back with uap_query_hierarchy", allocator);
    result.AddMember("results", results, allocator);
    return sdk::ToolResult::success(std::move(result));
}

std::string_view BatchTool::output_schema() const {
    return R"({"type":"object","required":["ok","calls","undoGroup","undoGroupName","results"],"properties":{"ok":{"type":"boolean"},"calls":{"type":"integer"},"undoGroup":{"type":"integer"},"undoGroupName":{"type":"string"},"results":{"type":"array"}}})";
}

} // namespace uap::core

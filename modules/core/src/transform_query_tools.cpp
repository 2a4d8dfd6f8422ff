// Transform and query tools; see transform_query_tools.hpp.
#include "transform_query_tools.hpp"

#include "component_tools.hpp"

namespace uap::core {

TransformSetTool::TransformSetTool()
    : EditorTool({"uap_transform_set",
                  "Move, rotate or scale a GameObject, local or world; no values: read.",
                  R"({"type":"object","required":["path"],"properties":{
"path":{"type":"string"},"space":{"enum":["local","world"]},"position":)" UAP_VECTOR_SCHEMA R"(,
"rotation":)" UAP_VECTOR_SCHEMA R"(,"scale":)" UAP_VECTOR_SCHEMA R"(}})",
                  {sdk::Access::Writes, sdk::Undo::Undoable, sdk::Impact::NonDestructive, sdk::Repeat::Idempotent,
                   sdk::Duration::Quick},
                  R"({"type":"object","anyOf":[{"required":["transform"]},{"required":["observed"]}],"properties":{"transform":{"type":"object"},"observed":{"type":"object"}}})"}) {}

sdk::ToolResult TransformSetTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    rapidjson::Document params(rapidjson::kObjectType);
    auto& allocator = params.GetAllocator();
    if (auto problem = add_object_argument(arguments, params))
        return sdk::ToolResult::failure("uap_transform_set refused: " + *problem);
    EditorReply current = session.call("transform.get", params);
    if (!current.ok())
        return failure("uap_transform_set failed", current);
    bool world = string_member(arguments, "space") == "world";
    const rapidjson::Value& now = current.result["transform"][world ? "world" : "local"];
    const rapidjson::Value& local_now = current.result["transform"]["local"];
    bool changed = false;
    if (const auto* position = member(arguments, "position")) {
        params.AddMember("position", merged_vector(*position, &now["position"], 0, allocator), allocator);
        changed = true;
    }
    if (const auto* rotation = member(arguments, "rotation")) {
        params.AddMember("rotation", merged_vector(*rotation, &now["eulerAngles"], 0, allocator), allocator);
        changed = true;
    }
    if (const auto* scale = member(arguments, "scale")) {
        params.AddMember("scale", merged_vector(*scale, &local_now["scale"], 1, allocator), allocator);
        changed = true;
    }
    rapidjson::Document result(rapidjson::kObjectType);
    if (!changed) {
        result.AddMember("transform", rapidjson::Value(current.result["transform"], result.GetAllocator()), result.GetAllocator());
        return sdk::ToolResult::success(std::move(result));
    }
    params.AddMember("space", world ? "world" : "local", allocator);
    EditorReply written = session.call("transform.set", params);
    if (!written.ok())
        return failure("uap_transform_set failed", written);
    result.AddMember("observed", rapidjson::Value(written.result["observed"], result.GetAllocator()), result.GetAllocator());
    return sdk::ToolResult::success(std::move(result));
}

QueryHierarchyTool::QueryHierarchyTool()
    : EditorTool({"uap_query_hierarchy",
                  "List the scene hierarchy or a subtree.",
                  R"({"type":"object","properties":{
"path":{"type":"string"},"scene":{"type":"string"},"maxDepth":{"type":"integer","minimum":0,"maximum":64},
"maxNodes":{"type":"integer","minimum":1,"maximum":2000},"cursor":{"type":"string"}}})",
                  {sdk::Access::ReadOnly, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::Idempotent,
                   sdk::Duration::Quick},
                  R"({"type":"object","required":["hierarchy","count"],"properties":{"hierarchy":{"type":"string"},"count":{"type":"integer"},"stage":{"type":"object"},"nextCursor":{"type":"string"}}})"}) {}

sdk::ToolResult QueryHierarchyTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    rapidjson::Document params(rapidjson::kObjectType);
    auto& allocator = params.GetAllocator();
    if (!string_member(arguments, "path").empty()) {
        rapidjson::Value reference;
        if (auto problem = object_reference(string_member(arguments, "path"), member(arguments, "scene"), reference, allocator))
            return sdk::ToolResult::failure("uap_query_hierarchy refused: " + *problem);
        params.AddMember("root", reference, allocator);
    }
    params.AddMember("depth", member(arguments, "maxDepth") ? arguments["maxDepth"].GetInt() : 6, allocator);
    params.AddMember("maxNodes", member(arguments, "maxNodes") ? arguments["maxNodes"].GetInt() : 200, allocator);
    params.AddMember("components", true, allocator);
    if (const auto* cursor = member(arguments, "cursor"))
        params.AddMember("cursor", rapidjson::Value(*cursor, allocator), allocator);
    EditorReply walk = session.call("hierarchy.subtree", params);
    if (!walk.ok())
        return failure("uap_query_hierarchy failed", walk);
    std::string lines;
    int count = 0;
    for (const auto& node : walk.result["nodes"].GetArray()) {
        int depth = member(node, "depth") ? node["depth"].GetInt() : 0;
        lines.append(static_cast<std::size_t>(depth) * 2, ' ');
        lines += string_member(node, "name");
        lines += " [";
        bool first = true;
        if (const auto* components = member(node, "components"))
            for (const auto& type : components->GetArray()) {
                lines += first ? "" : ", ";
                lines.append(type.GetString(), type.GetStringLength());
                first = false;
            }
        lines += ']';
        if (int children = node["childCount"].GetInt(); children > 0)
            lines += " (" + std::to_string(children) + (children == 1 ? " child)" : " children)");
        if (!node["active"].GetBool())
            lines += " inactive";
        if (const auto* prefab = member(node, "prefabAsset"))
            lines += std::string(" prefab:") + prefab->GetString();
        lines += " #" + std::to_string(node["instanceId"].GetInt64()) + "\n";
        ++count;
    }
    rapidjson::Document result(rapidjson::kObjectType);
    auto& result_allocator = result.GetAllocator();
    result.AddMember("hierarchy", text(lines, result_allocator), result_allocator);
    result.AddMember("count", count, result_allocator);
    // Which stage the editor listed: prefab mode shows the prefab's contents instead of the scenes.
    if (const auto* stage = member(walk.result, "stage"))
        result.AddMember("stage", rapidjson::Value(*stage, result_allocator), result_allocator);
    if (const auto* next = member(walk.result, "nextCursor"))
        result.AddMember("nextCursor", rapidjson::Value(*next, result_allocator), result_allocator);
    return sdk::ToolResult::success(std::move(result));
}

QueryComponentTypesTool::QueryComponentTypesTool()
    : EditorTool({"uap_query_component_types",
                  "Find component and ScriptableObject types.",
                  R"({"type":"object","required":["query"],"properties":{
"query":{"type":"string"},"kind":{"enum":["component","scriptableObject","any"]},"maxResults":{"type":"integer","minimum":1,"maximum":1000}}})",
                  {sdk::Access::ReadOnly, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::Idempotent,
                   sdk::Duration::Quick},
                  R"({"type":"object","required":["types"],"properties":{"types":{"type":"array","items":{"type":"object","required":["fullName"]}},"truncated":{"type":"boolean"}}})"}) {}

sdk::ToolResult QueryComponentTypesTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    rapidjson::Document params(rapidjson::kObjectType);
    auto& allocator = params.GetAllocator();
    params.AddMember("query", rapidjson::Value(arguments["query"], allocator), allocator);
    params.AddMember("kind", member(arguments, "kind") ? rapidjson::Value(arguments["kind"], allocator) : rapidjson::Value("any"), allocator);
    params.AddMember("limit", member(arguments, "maxResults") ? arguments["maxResults"].GetInt() : 50, allocator);
    EditorReply found = session.call("type.find", params);
    if (!found.ok())
        return failure("uap_query_component_types failed", found);
    rapidjson::Document result(rapidjson::kObjectType);
    result.CopyFrom(found.result, result.GetAllocator());
    return sdk::ToolResult::success(std::move(result));
}

} // namespace uap::core

// Component tools: each write is verified by listing the object's components afterwards.
#include "component_tools.hpp"

#include <algorithm>

namespace uap::core {

namespace {

int count_of_type(const rapidjson::Value& components, std::string_view full_name) {
    return static_cast<int>(std::count_if(components.Begin(), components.End(), [&](const rapidjson::Value& component) {
        return string_member(component, "type") == full_name;
    }));
}

// Component namespaces that a UPM package defines, not Unity itself: Unity knows none of their types
// until the package is installed, so an unknown type there names the package to install.
struct PackageNamespace {
    std::string_view prefix;
    std::string_view package;
};
constexpr PackageNamespace package_namespaces[] = {{"UnityEngine.Animations.Rigging.", "com.unity.animation.rigging"}};

sdk::ToolResult add_failure(const EditorReply& reply, std::string_view type) {
    sdk::ToolResult failed = failure("uap_component_add failed", reply);
    if (reply.code != "not_found")
        return failed;
    for (const auto& space : package_namespaces)
        if (type.substr(0, space.prefix.size()) == space.prefix)
            return sdk::ToolResult::failure(failed.message() + " " + std::string(space.prefix.substr(0, space.prefix.size() - 1)) +
                                            " types come from the package " + std::string(space.package) +
                                            ", which this project does not load: install it (Window > Package Manager > Unity Registry, "
                                            "or add \"" + std::string(space.package) + "\" to Packages/manifest.json) and call again.");
    return failed;
}

} // namespace

std::optional<std::string> add_object_argument(const rapidjson::Value& arguments, rapidjson::Document& params) {
    rapidjson::Value reference;
    if (auto problem = object_reference(string_member(arguments, "path"), member(arguments, "scene"), reference, params.GetAllocator()))
        return problem;
    params.AddMember("object", reference, params.GetAllocator());
    return std::nullopt;
}

EditorReply list_components(EditorSession& session, const rapidjson::Document& params) {
    rapidjson::Document list(rapidjson::kObjectType);
    list.AddMember("object", rapidjson::Value(params["object"], list.GetAllocator()), list.GetAllocator());
    return session.call("component.list", list);
}

ComponentAddTool::ComponentAddTool()
    : EditorTool({"uap_component_add",
                  "Add a component to a GameObject by type name.",
                  R"({"type":"object","required":["path","componentType"],"properties":{
"path":{"type":"string"},"componentType":{"type":"string"}}})",
                  {sdk::Access::Writes, sdk::Undo::Undoable, sdk::Impact::NonDestructive, sdk::Repeat::NotIdempotent,
                   sdk::Duration::Quick},
                  R"({"type":"object","required":["added","componentsNow"],"properties":{"added":{"type":"object"},"componentsNow":{"type":"array"}}})"}) {}

sdk::ToolResult ComponentAddTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    rapidjson::Document params(rapidjson::kObjectType);
    if (auto problem = add_object_argument(arguments, params))
        return sdk::ToolResult::failure("uap_component_add refused: " + *problem);
    params.AddMember("type", rapidjson::Value(arguments["componentType"], params.GetAllocator()), params.GetAllocator());
    EditorReply reply = session.call("component.add", params);
    if (!reply.ok())
        return add_failure(reply, string_member(arguments, "componentType"));
    EditorReply listed = list_components(session, params);
    if (!listed.ok())
        return failure("uap_component_add ran, but listing the components afterwards failed; the outcome is unknown", listed);
    std::string_view type = string_member(reply.result["observed"], "type");
    int present = count_of_type(listed.result["components"], type);
    if (present < reply.result["observed"]["countOfType"].GetInt())
        return sdk::ToolResult::failure("uap_component_add: the editor reported adding " + std::string(type) +
                                        ", but the object's component list does not show it");
    rapidjson::Document result(rapidjson::kObjectType);
    auto& allocator = result.GetAllocator();
    result.AddMember("added", rapidjson::Value(reply.result["observed"], allocator), allocator);
    result.AddMember("componentsNow", rapidjson::Value(listed.result["components"], allocator), allocator);
    return sdk::ToolResult::success(std::move(result));
}

ComponentRemoveTool::ComponentRemoveTool()
    : EditorTool({"uap_component_remove",
                  "Remove a component (componentType, componentIndex).",
                  R"({"type":"object","required":["path","componentType"],"properties":{
"path":{"type":"string"},"componentType":{"type":"string"},
"componentIndex":{"type":"integer","minimum":0}}})",
                  {sdk::Access::Writes, sdk::Undo::Undoable, sdk::Impact::NonDestructive, sdk::Repeat::NotIdempotent,
                   sdk::Duration::Quick},
                  R"({"type":"object","required":["removed","componentsNow"],"properties":{"removed":{"type":"object"},"componentsNow":{"type":"array"}}})"}) {}

sdk::ToolResult ComponentRemoveTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    rapidjson::Document params(rapidjson::kObjectType);
    auto& allocator = params.GetAllocator();
    if (auto problem = add_object_argument(arguments, params))
        return sdk::ToolResult::failure("uap_component_remove refused: " + *problem);
    params.AddMember("type", rapidjson::Value(arguments["componentType"], allocator), allocator);
    if (const auto* index = member(arguments, "componentIndex"))
        params.AddMember("index", rapidjson::Value(*index, allocator), allocator);
    EditorReply reply = session.call("component.remove", params);
    if (!reply.ok())
        return failure("uap_component_remove failed", reply);
    EditorReply listed = list_components(session, params);
    if (!listed.ok())
        return failure("uap_component_remove ran, but listing the components afterwards failed; the outcome is unknown", listed);
    std::string_view type = string_member(reply.result["observed"], "type");
    int remaining = count_of_type(listed.result["components"], type);
    if (remaining != reply.result["observed"]["countBefore"].GetInt() - 1)
        return sdk::ToolResult::failure("uap_component_remove: the editor reported removing " + std::string(type) + ", but " +
                                        std::to_string(remaining) + " remain; the outcome is not confirmed");
    rapidjson::Document result(rapidjson::kObjectType);
    auto& result_allocator = result.GetAllocator();
    result.AddMember("removed", rapidjson::Value(reply.result["observed"], result_allocator), result_allocator);
    result.AddMember("componentsNow", rapidjson::Value(listed.result["components"], result_allocator), result_allocator);
    return sdk::ToolResult::success(std::move(result));
}

ComponentListTool::ComponentListTool()
    : EditorTool({"uap_component_list",
                  "List a GameObject's components.",
                  R"({"type":"object","required":["path"],"properties":{
"path":{"type":"string"}}})",
                  {sdk::Access::ReadOnly, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::Idempotent,
                   sdk::Duration::Quick},
                  R"({"type":"object","required":["path","instanceId","components"],"properties":{"path":{"type":"string"},"instanceId":{"type":"integer"},"components":{"type":"array","items":{"type":"object","required":["componentIndex","type"]}}}})"}) {}

sdk::ToolResult ComponentListTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    rapidjson::Document params(rapidjson::kObjectType);
    if (auto problem = add_object_argument(arguments, params))
        return sdk::ToolResult::failure("uap_component_list refused: " + *problem);
    EditorReply listed = list_components(session, params);
    if (!listed.ok())
        return failure("uap_component_list failed", listed);
    rapidjson::Document result(rapidjson::kObjectType);
    auto& allocator = result.GetAllocator();
    result.AddMember("path", rapidjson::Value(arguments["path"], allocator), allocator);
    result.AddMember("instanceId", rapidjson::Value(listed.result["instanceId"], allocator), allocator);
    rapidjson::Value components(rapidjson::kArrayType);
    int position = 0;
    for (const auto& component : listed.result["components"].GetArray()) {
        rapidjson::Value entry(rapidjson::kObjectType);
        entry.AddMember("index", position++, allocator);
        entry.AddMember("componentIndex", rapidjson::Value(component["index"], allocator), allocator);
        entry.AddMember("type", rapidjson::Value(component["type"], allocator), allocator);
        components.PushBack(entry, allocator);
    }
    result.AddMember("components", components, allocator);
    return sdk::ToolResult::success(std::move(result));
}

} // namespace uap::core

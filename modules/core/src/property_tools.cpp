// Serialized property tools. A value's type is read from the editor first, so the model can send
// natural values (a colour as {r,g,b,a} or "#ff0000", a reference as a path) and the editor still
// checks every value against the property before any is written.
#include "property_tools.hpp"

#include "component_tools.hpp"

#include <vector>

namespace uap::core {

namespace {

constexpr int default_page = 100;

// target {"component":{object,type,index}} or {"asset":{assetPath}} from path/assetPath arguments.
std::optional<std::string> add_property_target(const rapidjson::Value& arguments, rapidjson::Document& params, const char* tool) {
    auto& allocator = params.GetAllocator();
    bool has_path = !string_member(arguments, "path").empty();
    bool has_asset = !string_member(arguments, "assetPath").empty();
    if (has_path == has_asset)
        return std::string(tool) + " needs exactly one of path (a scene object, with componentType) or assetPath (a material or other asset)";
    rapidjson::Value target(rapidjson::kObjectType);
    if (has_asset) {
        std::string_view asset = string_member(arguments, "assetPath");
        rapidjson::Value reference(rapidjson::kObjectType);
        reference.AddMember("assetPath", text(asset, allocator), allocator);
        target.AddMember("asset", reference, allocator);
    } else {
        if (string_member(arguments, "componentType").empty())
            return std::string(tool) + " needs componentType with path (for example Transform, MeshRenderer, Light)";
        rapidjson::Value reference;
        if (auto problem = object_reference(string_member(arguments, "path"), member(arguments, "scene"), reference, allocator))
            return problem;
        rapidjson::Value component(rapidjson::kObjectType);
        component.AddMember("object", reference, allocator);
        component.AddMember("type", rapidjson::Value(arguments["componentType"], allocator), allocator);
        if (const auto* index = member(arguments, "componentIndex"))
            component.AddMember("index", rapidjson::Value(*index, allocator), allocator);
        target.AddMember("component", component, allocator);
    }
    params.AddMember("target", target, allocator);
    return std::nullopt;
}

// A reference written as text: "#123" an instance id, "Assets/x.mat" or "Assets/x.fbx#Sub" an asset
// (sub-asset after '#'), anything else a hierarchy path.
void reference_from_text(std::string_view value, rapidjson::Value& out, Allocator& allocator) {
    out.SetObject();
    if (!value.empty() && value.front() == '#') {
        if (!object_reference(value, nullptr, out, allocator))
            return;
        out.SetObject();
    }
    if (value.rfind("Assets/", 0) == 0 || value.rfind("Packages/", 0) == 0 || value.rfind("Library/", 0) == 0 ||
        value.rfind("Resources/", 0) == 0) {
        auto hash = value.find('#');
        out.AddMember("assetPath", text(value.substr(0, hash), allocator), allocator);
        if (hash != std::string_view::npos)
            out.AddMember("subAsset", text(value.substr(hash + 1), allocator), allocator);
        return;
    }
    object_reference(value, nullptr, out, allocator);
}

// The typed value for a property of declared type from the model's natural value.
rapidjson::Value typed_value(std::string_view type, const rapidjson::Value& value, Allocator& allocator) {
    rapidjson::Value converted;
    if (type == "color" && value.IsString() && hex_colour({value.GetString(), value.GetStringLength()}, converted, allocator))
        return converted;
    if (type == "objectReference" && value.IsString()) {
        reference_from_text({value.GetString(), value.GetStringLength()}, converted, allocator);
        return converted;
    }
    return rapidjson::Value(value, allocator);
}

} // namespace

ObjectInspectTool::ObjectInspectTool()
    : EditorTool({"uap_object_inspect",
                  "Inspect a GameObject or asset: components, properties.",
                  R"({"type":"object","properties":{
"path":{"type":"string"},"assetPath":{"type":"string"},"componentType":{"type":"string"},
"componentIndex":{"type":"integer","minimum":0},"cursor":{"type":"string"},"maxResults":{"type":"integer","minimum":1,"maximum":500}}})",
                  {sdk::Access::ReadOnly, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::Idempotent,
                   sdk::Duration::Quick},
                  R"({"type":"object","anyOf":[{"required":["transform","components"]},{"required":["target","properties"]}],"properties":{"transform":{"type":"object"},"components":{"type":"array"},"target":{"type":"object"},"properties":{"type":"array"},"total":{"type":"integer"},"nextCursor":{"type":"string"}}})"}) {}

sdk::ToolResult ObjectInspectTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    rapidjson::Document result(rapidjson::kObjectType);
    auto& allocator = result.GetAllocator();
    bool properties_wanted = !string_member(arguments, "componentType").empty() || !string_member(arguments, "assetPath").empty();
    if (!properties_wanted) {
        if (string_member(arguments, "path").empty())
            return sdk::ToolResult::failure("uap_object_inspect needs path (a scene object) or assetPath (an asset)");
        rapidjson::Document params(rapidjson::kObjectType);
        if (auto problem = add_object_argument(arguments, params))
            return sdk::ToolResult::failure("uap_object_inspect refused: " + *problem);
        EditorReply transform = session.call("transform.get", params);
        if (!transform.ok())
            return failure("uap_object_inspect failed", transform);
        EditorReply listed = list_components(session, params);
        if (!listed.ok())
            return failure("uap_object_inspect failed", listed);
        result.AddMember("transform", rapidjson::Value(transform.result["transform"], allocator), allocator);
        result.AddMember("components", rapidjson::Value(listed.result["components"], allocator), allocator);
        result.AddMember("next", "pass componentType to read a component's serialized properties", allocator);
        return sdk::ToolResult::success(std::move(result));
    }
    rapidjson::Document params(rapidjson::kObjectType);
    if (auto problem = add_property_target(arguments, params, "uap_object_inspect"))
        return sdk::ToolResult::failure(*problem);
    auto& params_allocator = params.GetAllocator();
    if (const auto* cursor = member(arguments, "cursor"))
        params.AddMember("cursor", rapidjson::Value(*cursor, params_allocator), params_allocator);
    params.AddMember("limit", member(arguments, "maxResults") ? arguments["maxResults"].GetInt() : default_page, params_allocator);
    EditorReply listed = session.call("property.list", params);
    if (!listed.ok())
        return failure("uap_object_inspect failed", listed);
    result.AddMember("target", rapidjson::Value(params["target"], allocator), allocator);
    result.AddMember("properties", rapidjson::Value(listed.result["properties"], allocator), allocator);
    if (const auto* total = member(listed.result, "total"))
        result.AddMember("total", rapidjson::Value(*total, allocator), allocator);
    if (const auto* next = member(listed.result, "nextCursor"))
        result.AddMember("nextCursor", rapidjson::Value(*next, allocator), allocator);
    return sdk::ToolResult::success(std::move(result));
}

PropertySetTool::PropertySetTool()
    : EditorTool({"uap_property_set",
                  "Set serialized properties of a component or asset (colour: _Color/_BaseColor): numbers, bools, strings, {x,y,z}, #rrggbb, enums, references, null.",
                  R"({"type":"object","properties":{
"path":{"type":"string"},"assetPath":{"type":"string"},"componentType":{"type":"string"},
"componentIndex":{"type":"integer","minimum":0},"propertyPath":{"type":"string"},"value":{},
"values":{"type":"array","minItems":1,"maxItems":100,"items":{"type":"object","required":["propertyPath","value"],
"additionalProperties":false,"properties":{"propertyPath":{"type":"string"},"value":{}}}}}})",
                  {sdk::Access::Writes, sdk::Undo::Undoable, sdk::Impact::NonDestructive, sdk::Repeat::Idempotent,
                   sdk::Duration::Quick},
                  R"({"type":"object","required":["target","observed"],"properties":{"target":{"type":"object"},"observed":{"type":["object","array"]}}})"}) {}

std::optional<std::string> PropertySetTool::target_checks(const rapidjson::Value& arguments, std::vector<EditorCall>& checks) const {
    EditorCall check{"property.list"};
    if (auto problem = add_property_target(arguments, check.params, "uap_property_set"))
        return problem;
    check.params.AddMember("limit", 1, check.params.GetAllocator());
    checks.push_back(std::move(check));
    return std::nullopt;
}

sdk::ToolResult PropertySetTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    rapidjson::Document params(rapidjson::kObjectType);
    auto& allocator = params.GetAllocator();
    if (auto problem = add_property_target(arguments, params, "uap_property_set"))
        return sdk::ToolResult::failure(*problem);
    // The (propertyPath, value) pairs, from either form.
    std::vector<std::pair<std::string, const rapidjson::Value*>> wanted;
    bool single = member(arguments, "propertyPath") != nullptr;
    if (single == (member(arguments, "values") != nullptr) || (single && !member(arguments, "value")))
        return sdk::ToolResult::failure("uap_property_set needs either propertyPath with value, or values: [{propertyPath, value}]");
    if (single)
        wanted.emplace_back(arguments["propertyPath"].GetString(), &arguments["value"]);
    else
        for (const auto& entry : arguments["values"].GetArray())
            wanted.emplace_back(entry["propertyPath"].GetString(), &entry["value"]);
    rapidjson::Document get(rapidjson::kObjectType);
    get.AddMember("target", rapidjson::Value(params["target"], get.GetAllocator()), get.GetAllocator());
    rapidjson::Value paths(rapidjson::kArrayType);
    for (const auto& [path, value] : wanted)
        paths.PushBack(text(path, get.GetAllocator()), get.GetAllocator());
    get.AddMember("paths", paths, get.GetAllocator());
    EditorReply current = session.call("property.get", get);
    if (!current.ok())
        return failure("uap_property_set refused, nothing was written", current);
    rapidjson::Value values(rapidjson::kArrayType);
    for (std::size_t index = 0; index < wanted.size(); ++index) {
        std::string_view type = string_member(current.result["properties"][static_cast<rapidjson::SizeType>(index)], "type");
        rapidjson::Value write(rapidjson::kObjectType);
        write.AddMember("path", text(wanted[index].first, allocator), allocator);
        write.AddMember("type", text(type, allocator), allocator);
        write.AddMember("value", typed_value(type, *wanted[index].second, allocator), allocator);
        values.PushBack(write, allocator);
    }
    params.AddMember("values", values, allocator);
    EditorReply written = session.call("property.set", params);
    if (!written.ok())
        return failure("uap_property_set refused, nothing was written", written);
    // A reference that was asked for but reads back as null was not stored (a silent failure in Unity).
    for (std::size_t index = 0; index < wanted.size(); ++index) {
        const auto& observed = written.result["observed"][static_cast<rapidjson::SizeType>(index)];
        if (!wanted[index].second->IsNull() && observed["value"].IsNull())
            return sdk::ToolResult::failure("uap_property_set: '" + wanted[index].first +
                                            "' reads back as null after the write; the reference was not stored");
    }
    rapidjson::Document result(rapidjson::kObjectType);
    auto& result_allocator = result.GetAllocator();
    result.AddMember("target", rapidjson::Value(params["target"], result_allocator), result_allocator);
    result.AddMember("observed", rapidjson::Value(written.result["observed"], result_allocator), result_allocator);
    return sdk::ToolResult::success(std::move(result));
}

// observed is the editor's read-back as it sends it: {"properties":[...]} from the Unity package, the
// list itself from the simulator.
} // namespace uap::core

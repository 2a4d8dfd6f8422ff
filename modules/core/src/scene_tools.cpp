// Scene object tools: each write goes through one primitive and reports what the editor read back.
#include "scene_tools.hpp"

namespace uap::core {

namespace {

constexpr sdk::ToolTraits undoable_write{sdk::Access::Writes, sdk::Undo::Undoable, sdk::Impact::NonDestructive,
                                         sdk::Repeat::NotIdempotent, sdk::Duration::Quick};
constexpr sdk::ToolTraits undoable_idempotent_write{sdk::Access::Writes, sdk::Undo::Undoable, sdk::Impact::NonDestructive,
                                                    sdk::Repeat::Idempotent, sdk::Duration::Quick};

// Adds "object" (from the "path" argument) to params; the explanation when the path is unusable.
std::optional<std::string> add_target(const rapidjson::Value& arguments, const char* argument, const char* key,
                                      rapidjson::Document& params) {
    rapidjson::Value reference;
    if (auto problem = object_reference(string_member(arguments, argument), member(arguments, "scene"), reference,
                                        params.GetAllocator()))
        return problem;
    params.AddMember(rapidjson::StringRef(key), reference, params.GetAllocator());
    return std::nullopt;
}

rapidjson::Value vector_array(const rapidjson::Value& partial, double fallback, Allocator& allocator) {
    rapidjson::Value merged = merged_vector(partial, nullptr, fallback, allocator);
    rapidjson::Value array(rapidjson::kArrayType);
    for (const char* axis : {"x", "y", "z"})
        array.PushBack(merged[axis].GetDouble(), allocator);
    return array;
}

// The observed node plus its transform as read back by a separate primitive.
sdk::ToolResult observed_with_transform(EditorSession& session, rapidjson::Document&& result, std::int64_t instance_id,
                                        const char* what) {
    rapidjson::Document params(rapidjson::kObjectType);
    rapidjson::Value reference(rapidjson::kObjectType);
    reference.AddMember("instanceId", instance_id, params.GetAllocator());
    params.AddMember("object", reference, params.GetAllocator());
    EditorReply transform = session.call("transform.get", params);
    if (!transform.ok())
        return failure(std::string(what) + " ran, but reading the object back failed; its state is unknown", transform);
    result.AddMember("transform", rapidjson::Value(transform.result["transform"], result.GetAllocator()), result.GetAllocator());
    return sdk::ToolResult::success(std::move(result));
}

} // namespace

SceneCreateObjectTool::SceneCreateObjectTool()
    : EditorTool({"uap_scene_create_object",
                  "Create a GameObject, empty or primitiveType, under parentPath.",
                  R"({"type":"object","required":["name"],"properties":{
"name":{"type":"string","maxLength":256},
"primitiveType":{"enum":["Cube","Sphere","Capsule","Cylinder","Plane","Quad"]},
"parentPath":{"type":"string"},
"scene":{"type":"string"},"position":)" UAP_VECTOR_SCHEMA R"(,"rotation":)" UAP_VECTOR_SCHEMA R"(,"scale":)" UAP_VECTOR_SCHEMA R"(}})",
                  undoable_write,
                  R"({"type":"object","required":["created","transform"],"properties":{"created":{"type":"object","required":["instanceId","path"]},"transform":{"type":"object"}}})"}) {}

std::optional<std::string> SceneCreateObjectTool::target_checks(const rapidjson::Value& arguments, std::vector<EditorCall>& checks) const {
    return object_check(string_member(arguments, "parentPath"), nullptr, checks);
}

sdk::ToolResult SceneCreateObjectTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    rapidjson::Document params(rapidjson::kObjectType);
    auto& allocator = params.GetAllocator();
    params.AddMember("name", rapidjson::Value(arguments["name"], allocator), allocator);
    if (const auto* primitive = member(arguments, "primitiveType"))
        params.AddMember("primitive", rapidjson::Value(*primitive, allocator), allocator);
    if (!string_member(arguments, "parentPath").empty()) {
        if (auto problem = add_target(arguments, "parentPath", "parent", params))
            return sdk::ToolResult::failure("uap_scene_create_object refused: parentPath " + *problem);
    } else if (const auto* scene = member(arguments, "scene")) {
        params.AddMember("scene", rapidjson::Value(*scene, allocator), allocator);
    }
    if (const auto* position = member(arguments, "position"))
        params.AddMember("position", vector_array(*position, 0, allocator), allocator);
    if (const auto* rotation = member(arguments, "rotation"))
        params.AddMember("rotation", vector_array(*rotation, 0, allocator), allocator);
    if (const auto* scale = member(arguments, "scale"))
        params.AddMember("scale", vector_array(*scale, 1, allocator), allocator);
    EditorReply reply = session.call("object.create", params);
    if (!reply.ok())
        return failure("uap_scene_create_object failed", reply);
    rapidjson::Document result(rapidjson::kObjectType);
    result.AddMember("created", rapidjson::Value(reply.result["observed"], result.GetAllocator()), result.GetAllocator());
    return observed_with_transform(session, std::move(result), reply.result["observed"]["instanceId"].GetInt64(),
                                   "uap_scene_create_object");
}

SceneDestroyObjectTool::SceneDestroyObjectTool()
    : EditorTool({"uap_scene_destroy_object",
                  "Delete a scene GameObject and its children.",
                  R"({"type":"object","required":["path"],"properties":{
"path":{"type":"string"}}})",
                  undoable_write,
                  R"({"type":"object","required":["destroyed","verifiedGone"],"properties":{"destroyed":{"type":"object","required":["instanceId","path"]},"verifiedGone":{"type":"boolean"}}})"}) {}

sdk::ToolResult SceneDestroyObjectTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    std::string_view path = string_member(arguments, "path");
    if (path.rfind("Assets/", 0) == 0 || path.rfind("Packages/", 0) == 0)
        return sdk::ToolResult::failure("uap_scene_destroy_object refused: '" + std::string(path) +
                                        "' is an asset path; delete assets with uap_asset_delete");
    rapidjson::Document params(rapidjson::kObjectType);
    if (auto problem = add_target(arguments, "path", "object", params))
        return sdk::ToolResult::failure("uap_scene_destroy_object refused: " + *problem);
    EditorReply reply = session.call("object.destroy", params);
    if (!reply.ok())
        return failure("uap_scene_destroy_object failed", reply);
    std::int64_t id = reply.result["observed"]["instanceId"].GetInt64();
    // A separate lookup by id proves the object is gone rather than trusting the write's own answer.
    rapidjson::Document lookup(rapidjson::kObjectType);
    rapidjson::Value reference(rapidjson::kObjectType);
    reference.AddMember("instanceId", id, lookup.GetAllocator());
    lookup.AddMember("object", reference, lookup.GetAllocator());
    EditorReply check = session.call("transform.get", lookup);
    if (check.ok())
        return sdk::ToolResult::failure("uap_scene_destroy_object: the editor reported the destroy, but #" + std::to_string(id) +
                                        " still exists; nothing is confirmed");
    if (check.code != "not_found")
        return failure("uap_scene_destroy_object ran, but whether #" + std::to_string(id) + " is gone could not be checked", check);
    rapidjson::Document result(rapidjson::kObjectType);
    auto& allocator = result.GetAllocator();
    result.AddMember("destroyed", rapidjson::Value(reply.result["observed"], allocator), allocator);
    result.AddMember("verifiedGone", true, allocator);
    return sdk::ToolResult::success(std::move(result));
}

SceneReparentTool::SceneReparentTool()
    : EditorTool({"uap_scene_reparent",
                  "Reparent a GameObject under newParentPath (empty: root).",
                  R"({"type":"object","required":["path"],"properties":{
"path":{"type":"string"},"newParentPath":{"type":"string"},"worldPositionStays":{"type":"boolean"},
"siblingIndex":{"type":"integer","minimum":0}}})",
                  undoable_idempotent_write,
                  R"({"type":"object","required":["moved","transform"],"properties":{"moved":{"type":"object","required":["instanceId","path"]},"transform":{"type":"object"}}})"}) {}

std::optional<std::string> SceneReparentTool::target_checks(const rapidjson::Value& arguments, std::vector<EditorCall>& checks) const {
    if (auto problem = EditorTool::target_checks(arguments, checks))
        return problem;
    return object_check(string_member(arguments, "newParentPath"), nullptr, checks);
}

sdk::ToolResult SceneReparentTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    rapidjson::Document params(rapidjson::kObjectType);
    auto& allocator = params.GetAllocator();
    if (auto problem = add_target(arguments, "path", "object", params))
        return sdk::ToolResult::failure("uap_scene_reparent refused: " + *problem);
    if (!string_member(arguments, "newParentPath").empty())
        if (auto problem = add_target(arguments, "newParentPath", "parent", params))
            return sdk::ToolResult::failure("uap_scene_reparent refused: newParentPath " + *problem);
    bool stays = true;
    if (const auto* value = member(arguments, "worldPositionStays"))
        stays = value->GetBool();
    params.AddMember("worldPositionStays", stays, allocator);
    if (const auto* index = member(arguments, "siblingIndex"))
        params.AddMember("siblingIndex", rapidjson::Value(*index, allocator), allocator);
    EditorReply reply = session.call("object.reparent", params);
    if (!reply.ok())
        return failure("uap_scene_reparent failed", reply);
    rapidjson::Document result(rapidjson::kObjectType);
    result.AddMember("moved", rapidjson::Value(reply.result["observed"], result.GetAllocator()), result.GetAllocator());
    return observed_with_transform(session, std::move(result), reply.result["observed"]["instanceId"].GetInt64(), "uap_scene_reparent");
}

SceneRenameTool::SceneRenameTool()
    : EditorTool({"uap_scene_rename", "Rename a scene GameObject to newName.",
                  R"({"type":"object","required":["path","newName"],"properties":{
"path":{"type":"string"},"newName":{"type":"string","maxLength":256}}})",
                  undoable_idempotent_write,
                  R"({"type":"object","required":["renamed"],"properties":{"renamed":{"type":"object","required":["instanceId","path"]}}})"}) {}

sdk::ToolResult SceneRenameTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    rapidjson::Document params(rapidjson::kObjectType);
    auto& allocator = params.GetAllocator();
    if (auto problem = add_target(arguments, "path", "object", params))
        return sdk::ToolResult::failure("uap_scene_rename refused: " + *problem);
    if (string_member(arguments, "newName").empty())
        return sdk::ToolResult::failure("uap_scene_rename refused: newName is empty; give the new name");
    params.AddMember("name", rapidjson::Value(arguments["newName"], allocator), allocator);
    EditorReply reply = session.call("object.rename", params);
    if (!reply.ok())
        return failure("uap_scene_rename failed", reply);
    rapidjson::Document result(rapidjson::kObjectType);
    result.AddMember("renamed", rapidjson::Value(reply.result["observed"], result.GetAllocator()), result.GetAllocator());
    return sdk::ToolResult::success(std::move(result));
}

SceneDuplicateTool::SceneDuplicateTool()
    : EditorTool({"uap_scene_duplicate",
                  "Duplicate a GameObject count times, moved by offset.",
                  R"({"type":"object","required":["path"],"properties":{
"path":{"type":"string"},"count":{"type":"integer","minimum":1,"maximum":100},
"name":{"type":"string"},"offset":)" UAP_VECTOR_SCHEMA R"(}})",
                  undoable_write,
                  R"({"type":"object","required":["source","count","created"],"properties":{"source":{"type":"string"},"count":{"type":"integer"},"created":{"type":"array"}}})"}) {}

sdk::ToolResult SceneDuplicateTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    rapidjson::Document source(rapidjson::kObjectType);
    if (auto problem = add_target(arguments, "path", "object", source))
        return sdk::ToolResult::failure("uap_scene_duplicate refused: " + *problem);
    EditorReply original = session.call("transform.get", source);
    if (!original.ok())
        return failure("uap_scene_duplicate failed", original);
    int count = member(arguments, "count") ? arguments["count"].GetInt() : 1;
    const rapidjson::Value* offset = member(arguments, "offset");
    UndoScope scope(session, "Duplicate Objects");
    if (scope.opening_failure())
        return failure("uap_scene_duplicate could not open an Undo group; nothing was changed", *scope.opening_failure());
    rapidjson::Document result(rapidjson::kObjectType);
    auto& allocator = result.GetAllocator();
    rapidjson::Value created(rapidjson::kArrayType);
    std::optional<EditorReply> failed;
    for (int copy = 1; copy <= count && !failed; ++copy) {
        rapidjson::Document params(rapidjson::kObjectType);
        params.AddMember("object", rapidjson::Value(source["object"], params.GetAllocator()), params.GetAllocator());
        if (const auto* name = member(arguments, "name"))
            params.AddMember("name", rapidjson::Value(*name, params.GetAllocator()), params.GetAllocator());
        EditorReply reply = session.call("object.duplicate", params);
        if (!reply.ok()) {
            failed = std::move(reply);
            break;
        }
        std::int64_t id = reply.result["observed"]["instanceId"].GetInt64();
        rapidjson::Document move(rapidjson::kObjectType);
        auto& move_allocator = move.GetAllocator();
        rapidjson::Value reference(rapidjson::kObjectType);
        reference.AddMember("instanceId", id, move_allocator);
        move.AddMember("object", reference, move_allocator);
        const rapidjson::Value& base = original.result["transform"]["local"]["position"];
        rapidjson::Value position(rapidjson::kObjectType);
        for (const char* axis : {"x", "y", "z"}) {
            double step = 0;
            if (offset)
                if (const auto* value = member(*offset, axis))
                    step = value->GetDouble();
            position.AddMember(rapidjson::StringRef(axis), base[axis].GetDouble() + step * copy, move_allocator);
        }
        move.AddMember("position", position, move_allocator);
        EditorReply moved = session.call("transform.set", move);
        if (!moved.ok()) {
            failed = std::move(moved);
            break;
        }
        rapidjson::Value entry(rapidjson::kObjectType);
        entry.AddMember("instanceId", id, allocator);
        entry.AddMember("path", rapidjson::Value(reply.result["observed"]["path"], allocator), allocator);
        entry.AddMember("localPosition", rapidjson::Value(moved.result["observed"]["local"]["position"], allocator), allocator);
        created.PushBack(entry, allocator);
    }
    if (failed) {
        failed->message += scope.revert();
        return failure("uap_scene_duplicate failed", *failed);
    }
    result.AddMember("source", rapidjson::Value(original.result["transform"]["path"], allocator), allocator);
    result.AddMember("count", static_cast<int>(created.Size()), allocator);
    result.AddMember("created", created, allocator);
    return sdk::ToolResult::success(std::move(result));
}

} // namespace uap::core

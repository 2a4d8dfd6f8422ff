// Asset and scene-file tools; see asset_tools.hpp. Asset writes are not undoable in Unity, so each
// one verifies its effect with a separate lookup.
#include "asset_tools.hpp"

#include "asset_paths.hpp"
#include "component_tools.hpp"

namespace uap::core {

namespace {

constexpr sdk::ToolTraits read_only{sdk::Access::ReadOnly, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive,
                                    sdk::Repeat::Idempotent, sdk::Duration::Quick};

std::string parent_folder(std::string_view path) {
    auto slash = path.rfind('/');
    return slash == std::string_view::npos ? std::string() : std::string(path.substr(0, slash));
}

// Every asset at path or under it (a folder's contents), as asset.find lists them, up to limit.
EditorReply assets_at(EditorSession& session, std::string_view path, int limit) {
    rapidjson::Document params(rapidjson::kObjectType);
    auto& allocator = params.GetAllocator();
    params.AddMember("filter", "", allocator);
    rapidjson::Value folders(rapidjson::kArrayType);
    folders.PushBack(text(parent_folder(path), allocator), allocator);
    params.AddMember("folders", folders, allocator);
    params.AddMember("limit", 5000, allocator);
    EditorReply listed = session.call("asset.find", params);
    if (!listed.ok())
        return listed;
    rapidjson::Value kept(rapidjson::kArrayType);
    std::string prefix = std::string(path) + "/";
    int total = 0;
    for (auto& asset : listed.result["assets"].GetArray()) {
        std::string_view candidate = string_member(asset, "path");
        if (candidate == path || candidate.rfind(prefix, 0) == 0) {
            if (total++ < limit)
                kept.PushBack(rapidjson::Value(asset, listed.result.GetAllocator()), listed.result.GetAllocator());
        }
    }
    listed.result["assets"] = kept;
    listed.result["total"] = total;
    return listed;
}

EditorReply open_scenes(EditorSession& session) {
    rapidjson::Document none(rapidjson::kObjectType);
    return session.call("scene.list", none);
}

} // namespace

AssetFindTool::AssetFindTool()
    : EditorTool({"uap_asset_find",
                  "Find assets by name, t:Type, folder.",
                  R"({"type":"object","required":["query"],"properties":{
"query":{"type":"string"},"folders":{"type":"array","maxItems":20,"items":{"type":"string"}},
"maxResults":{"type":"integer","minimum":1,"maximum":500},"cursor":{"type":"string"}}})",
                  read_only,
                  R"({"type":"object","required":["query","totalMatches","assets"],"properties":{"query":{"type":"string"},"totalMatches":{"type":"integer"},"assets":{"type":"array"},"nextCursor":{"type":"string"}}})"}) {}

sdk::ToolResult AssetFindTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    rapidjson::Document params(rapidjson::kObjectType);
    auto& allocator = params.GetAllocator();
    params.AddMember("filter", rapidjson::Value(arguments["query"], allocator), allocator);
    if (const auto* folders = member(arguments, "folders"))
        params.AddMember("folders", rapidjson::Value(*folders, allocator), allocator);
    params.AddMember("limit", member(arguments, "maxResults") ? arguments["maxResults"].GetInt() : 50, allocator);
    if (const auto* cursor = member(arguments, "cursor"))
        params.AddMember("cursor", rapidjson::Value(*cursor, allocator), allocator);
    EditorReply found = session.call("asset.find", params);
    if (!found.ok())
        return failure("uap_asset_find failed", found);
    rapidjson::Document result(rapidjson::kObjectType);
    auto& result_allocator = result.GetAllocator();
    result.AddMember("query", rapidjson::Value(arguments["query"], result_allocator), result_allocator);
    result.AddMember("totalMatches", rapidjson::Value(found.result["total"], result_allocator), result_allocator);
    result.AddMember("assets", rapidjson::Value(found.result["assets"], result_allocator), result_allocator);
    if (const auto* next = member(found.result, "nextCursor"))
        result.AddMember("nextCursor", rapidjson::Value(*next, result_allocator), result_allocator);
    return sdk::ToolResult::success(std::move(result));
}

AssetCreateTool::AssetCreateTool()
    : EditorTool({"uap_asset_create",
                  "Create a Folder, Material, Prefab or ScriptableObject.",
                  R"({"type":"object","required":["assetType","path"],"properties":{
"assetType":{"type":"string"},"path":{"type":"string","minLength":8},"shader":{"type":"string"},
"sourcePath":{"type":"string"}}})",
                  {sdk::Access::Writes, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::NotIdempotent,
                   sdk::Duration::Quick},
                  R"({"type":"object","required":["created","renamed","undoable"],"properties":{"created":{"type":"object"},"renamed":{"type":"boolean"},"shader":{"type":"object"},"undoable":{"type":"boolean"}}})"}) {}

sdk::ToolResult AssetCreateTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    rapidjson::Document params(rapidjson::kObjectType);
    auto& allocator = params.GetAllocator();
    std::string_view type = string_member(arguments, "assetType");
    auto path = checked_asset_path(string_member(arguments, "path"), AssetRoots::AssetsOnly);
    if (!path)
        return sdk::ToolResult::failure("uap_asset_create refused: " + path.error().message);
    params.AddMember("path", text(path.value(), allocator), allocator);
    bool built_in = type == "Folder" || type == "Material" || type == "Prefab";
    params.AddMember("kind", built_in ? text(type, allocator) : rapidjson::Value("ScriptableObject"), allocator);
    if (!built_in)
        params.AddMember("type", text(type, allocator), allocator);
    if (const auto* shader = member(arguments, "shader")) {
        if (type != "Material")
            return sdk::ToolResult::failure("uap_asset_create refused: shader applies only to assetType Material");
        params.AddMember("shader", rapidjson::Value(*shader, allocator), allocator);
    }
    if (type == "Prefab") {
        rapidjson::Document source_arguments(rapidjson::kObjectType);
        source_arguments.AddMember("path", text(string_member(arguments, "sourcePath"), source_arguments.GetAllocator()),
                                   source_arguments.GetAllocator());
        rapidjson::Document source(rapidjson::kObjectType);
        if (auto problem = add_object_argument(source_arguments, source))
            return sdk::ToolResult::failure("uap_asset_create refused: a Prefab needs sourcePath, the scene object to save (" + *problem + ")");
        params.AddMember("source", rapidjson::Value(source["object"], allocator), allocator);
    }
    EditorReply created = session.call("asset.create", params);
    if (!created.ok())
        return failure("uap_asset_create failed", created);
    std::string final_path(string_member(created.result["observed"]["asset"], "path"));
    EditorReply check = assets_at(session, final_path, 1);
    if (!check.ok() || check.result["total"].GetInt() < 1)
        return sdk::ToolResult::failure("uap_asset_create: the editor reported creating '" + final_path +
                                        "', but a separate lookup does not find it; the outcome is unknown");
    rapidjson::Document result(rapidjson::kObjectType);
    auto& result_allocator = result.GetAllocator();
    result.AddMember("created", rapidjson::Value(check.result["assets"][0], result_allocator), result_allocator);
    result.AddMember("renamed", rapidjson::Value(created.result["observed"]["renamed"], result_allocator), result_allocator);
    // A Material's shader as the editor chose it (the request's, or the render pipeline's default), so
    // the agent knows whether the material will render under the project's pipeline.
    if (const auto* shader = member(created.result["observed"], "shader"))
        result.AddMember("shader", rapidjson::Value(*shader, result_allocator), result_allocator);
    result.AddMember("undoable", false, result_allocator);
    return sdk::ToolResult::success(std::move(result));
}

AssetDeleteTool::AssetDeleteTool()
    : EditorTool({"uap_asset_delete",
                  "Delete an asset or folder. DESTRUCTIVE: confirm:true; dry_run:true previews.",
                  R"({"type":"object","required":["path"],"properties":{
"path":{"type":"string"},"confirm":{"type":"boolean"},"dry_run":{"type":"boolean"}}})",
                  {sdk::Access::Writes, sdk::Undo::NotUndoable, sdk::Impact::Destructive, sdk::Repeat::Idempotent,
                   sdk::Duration::Quick},
                  R"({"type":"object","anyOf":[{"required":["dryRun","wouldDelete","assets"]},{"required":["deleted","verifiedGone"]}],"properties":{"dryRun":{"type":"boolean"},"wouldDelete":{"type":"integer"},"assets":{"type":"array"},"verifiedGone":{"type":"boolean"}}})"}) {}

sdk::ToolResult AssetDeleteTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    auto checked = checked_asset_path(string_member(arguments, "path"), AssetRoots::AssetsOnly);
    if (!checked)
        return sdk::ToolResult::failure("uap_asset_delete refused: " + checked.error().message);
    std::string_view path = checked.value();
    bool dry_run = member(arguments, "dry_run") && arguments["dry_run"].GetBool();
    bool confirmed = member(arguments, "confirm") && arguments["confirm"].GetBool();
    constexpr int preview_limit = 200;
    EditorReply affected = assets_at(session, path, preview_limit);
    if (!affected.ok())
        return failure("uap_asset_delete failed", affected);
    int total = affected.result["total"].GetInt();
    if (total == 0)
        return sdk::ToolResult::failure("uap_asset_delete: no asset at '" + std::string(path) + "'; find assets with uap_asset_find");
    rapidjson::Document result(rapidjson::kObjectType);
    auto& allocator = result.GetAllocator();
    if (dry_run || !confirmed) {
        if (!dry_run)
            return sdk::ToolResult::failure("uap_asset_delete refused: deleting '" + std::string(path) + "' (" + std::to_string(total) +
                                            " asset(s)) cannot be undone; call again with confirm: true to delete, or dry_run: true to list what would go");
        result.AddMember("dryRun", true, allocator);
        result.AddMember("wouldDelete", total, allocator);
        result.AddMember("assets", rapidjson::Value(affected.result["assets"], allocator), allocator);
        return sdk::ToolResult::success(std::move(result));
    }
    rapidjson::Document params(rapidjson::kObjectType);
    params.AddMember("path", text(path, params.GetAllocator()), params.GetAllocator());
    EditorReply deleted = session.call("asset.delete", params);
    if (!deleted.ok())
        return failure("uap_asset_delete failed", deleted);
    EditorReply remaining = assets_at(session, path, 1);
    if (!remaining.ok() || remaining.result["total"].GetInt() != 0)
        return sdk::ToolResult::failure("uap_asset_delete: the editor reported the delete, but '" + std::string(path) +
                                        "' is still listed (or could not be checked); the outcome is unknown");
    result.AddMember("deleted", rapidjson::Value(deleted.result["observed"]["movedToTrash"], allocator), allocator);
    result.AddMember("verifiedGone", true, allocator);
    return sdk::ToolResult::success(std::move(result));
}

ScenePlaceAssetTool::ScenePlaceAssetTool()
    : EditorTool({"uap_scene_place_asset",
                  "Place a prefab or model in the scene (link kept).",
                  R"({"type":"object","required":["assetPath"],"properties":{
"assetPath":{"type":"string"},"parentPath":{"type":"string"},"name":{"type":"string"},
"position":)" UAP_VECTOR_SCHEMA R"(,"scene":{"type":"string"}}})",
                  {sdk::Access::Writes, sdk::Undo::Undoable, sdk::Impact::NonDestructive, sdk::Repeat::NotIdempotent,
                   sdk::Duration::Quick},
                  R"({"type":"object","required":["placed","transform"],"properties":{"placed":{"type":"object","required":["instanceId","path"]},"transform":{"type":"object"}}})"}) {}

sdk::ToolResult ScenePlaceAssetTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    rapidjson::Document params(rapidjson::kObjectType);
    auto& allocator = params.GetAllocator();
    auto asset = checked_asset_path(string_member(arguments, "assetPath"), AssetRoots::AssetsOrPackages, "assetPath");
    if (!asset)
        return sdk::ToolResult::failure("uap_scene_place_asset refused: " + asset.error().message);
    params.AddMember("asset", text(asset.value(), allocator), allocator);
    if (!string_member(arguments, "parentPath").empty()) {
        rapidjson::Value parent;
        if (auto problem = object_reference(string_member(arguments, "parentPath"), member(arguments, "scene"), parent, allocator))
            return sdk::ToolResult::failure("uap_scene_place_asset refused: parentPath " + *problem);
        params.AddMember("parent", parent, allocator);
    }
    if (const auto* name = member(arguments, "name"))
        params.AddMember("name", rapidjson::Value(*name, allocator), allocator);
    UndoScope scope(session, "Place Asset");
    if (scope.opening_failure())
        return failure("uap_scene_place_asset could not open an Undo group; nothing was changed", *scope.opening_failure());
    EditorReply placed = session.call("object.instantiate", params);
    if (!placed.ok())
        return failure("uap_scene_place_asset failed", placed);
    std::int64_t id = placed.result["observed"]["instanceId"].GetInt64();
    rapidjson::Document move(rapidjson::kObjectType);
    rapidjson::Value reference(rapidjson::kObjectType);
    reference.AddMember("instanceId", id, move.GetAllocator());
    move.AddMember("object", reference, move.GetAllocator());
    const char* method = "transform.get";
    if (const auto* position = member(arguments, "position")) {
        move.AddMember("position", merged_vector(*position, nullptr, 0, move.GetAllocator()), move.GetAllocator());
        method = "transform.set";
    }
    EditorReply transform = session.call(method, move);
    if (!transform.ok()) {
        transform.message += scope.revert();
        return failure("uap_scene_place_asset failed", transform);
    }
    rapidjson::Document result(rapidjson::kObjectType);
    auto& result_allocator = result.GetAllocator();
    result.AddMember("placed", rapidjson::Value(placed.result["observed"], result_allocator), result_allocator);
    const auto& observed = transform.result.HasMember("observed") ? transform.result["observed"] : transform.result["transform"];
    result.AddMember("transform", rapidjson::Value(observed, result_allocator), result_allocator);
    return sdk::ToolResult::success(std::move(result));
}

SceneSaveTool::SceneSaveTool()
    : EditorTool({"uap_scene_save",
                  "Save an open scene (untitled: give path).",
                  R"({"type":"object","properties":{
"scene":{"type":"string"},"path":{"type":"string"}}})",
                  {sdk::Access::Writes, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::Idempotent,
                   sdk::Duration::Quick},
                  R"({"type":"object","required":["saved","savedObjects"],"properties":{"saved":{"type":"object","required":["path"]}}})"}) {}

sdk::ToolResult SceneSaveTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    rapidjson::Document params(rapidjson::kObjectType);
    auto& allocator = params.GetAllocator();
    if (const auto* scene = member(arguments, "scene"))
        params.AddMember("scene", rapidjson::Value(*scene, allocator), allocator);
    if (member(arguments, "path")) {
        auto path = checked_asset_path(string_member(arguments, "path"), AssetRoots::AssetsOnly);
        if (!path)
            return sdk::ToolResult::failure("uap_scene_save refused: " + path.error().message);
        params.AddMember("saveAs", text(path.value(), allocator), allocator);
    }
    EditorReply saved = session.call("scene.save", params);
    if (!saved.ok()) {
        if (saved.message.find("untitled") != std::string::npos)
            saved.message += " (pass path, for example \"Assets/Scenes/Main.unity\")";
        return failure("uap_scene_save failed", saved);
    }
    std::string saved_path(string_member(saved.result["observed"]["scene"], "path"));
    EditorReply listed = open_scenes(session);
    if (!listed.ok())
        return failure("uap_scene_save ran, but the open scenes could not be read back", listed);
    for (const auto& scene : listed.result["open"].GetArray())
        if (string_member(scene, "path") == saved_path) {
            if (scene["dirty"].GetBool())
                return sdk::ToolResult::failure("uap_scene_save: the editor reported saving '" + saved_path + "', but it is still dirty");
            rapidjson::Document result(rapidjson::kObjectType);
            result.AddMember("saved", rapidjson::Value(scene, result.GetAllocator()), result.GetAllocator());
            result.AddMember("savedObjects", rapidjson::Value(saved.result["observed"]["savedObjects"], result.GetAllocator()),
                             result.GetAllocator());
            return sdk::ToolResult::success(std::move(result));
        }
    return sdk::ToolResult::failure("uap_scene_save: the editor reported saving '" + saved_path + "', but no open scene has that path");
}

SceneOpenTool::SceneOpenTool()
    : EditorTool({"uap_scene_open",
                  "Open a scene (single/additive); unsaved changes need discardUnsaved:true.",
                  R"({"type":"object","required":["path"],"properties":{
"path":{"type":"string"},"mode":{"enum":["single","additive"]},"discardUnsaved":{"type":"boolean"}}})",
                  {sdk::Access::Writes, sdk::Undo::NotUndoable, sdk::Impact::Destructive, sdk::Repeat::Idempotent,
                   sdk::Duration::Quick},
                  R"({"type":"object","required":["openScenes"],"properties":{"openScenes":{"type":"array","items":{"type":"object","required":["path"]}}}})"}) {}

sdk::ToolResult SceneOpenTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    rapidjson::Document params(rapidjson::kObjectType);
    auto& allocator = params.GetAllocator();
    auto path = checked_asset_path(string_member(arguments, "path"), AssetRoots::AssetsOrPackages);
    if (!path)
        return sdk::ToolResult::failure("uap_scene_open refused: " + path.error().message);
    params.AddMember("path", text(path.value(), allocator), allocator);
    if (const auto* mode = member(arguments, "mode"))
        params.AddMember("mode", rapidjson::Value(*mode, allocator), allocator);
    if (const auto* discard = member(arguments, "discardUnsaved"))
        params.AddMember("discardChanges", rapidjson::Value(*discard, allocator), allocator);
    EditorReply opened = session.call("scene.open", params);
    if (!opened.ok()) {
        if (opened.message.find("unsaved") != std::string::npos)
            opened.message += " (save first with uap_scene_save, or pass discardUnsaved: true to drop the changes)";
        return failure("uap_scene_open refused", opened);
    }
    EditorReply listed = open_scenes(session);
    if (!listed.ok())
        return failure("uap_scene_open ran, but the open scenes could not be read back", listed);
    bool open = false;
    for (const auto& scene : listed.result["open"].GetArray())
        open = open || string_member(scene, "path") == path.value();
    if (!open)
        return sdk::ToolResult::failure("uap_scene_open: the editor reported opening the scene, but it is not among the open scenes");
    rapidjson::Document result(rapidjson::kObjectType);
    result.AddMember("openScenes", rapidjson::Value(listed.result["open"], result.GetAllocator()), result.GetAllocator());
    return sdk::ToolResult::success(std::move(result));
}

} // namespace uap::core

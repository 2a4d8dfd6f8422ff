// The prefab asset tools; see prefab_asset_tools.hpp. Asset writes are not undoable in Unity, so each
// is verified by a separate lookup (asset.find), and a saved scene object's link by prefab.overrides.get.
#include "prefab_asset_tools.hpp"

#include "asset_lookup.hpp"
#include "asset_paths.hpp"
#include "prefab_instance.hpp"

namespace uap::pro::prefab {

namespace {

using core::member;
using core::string_member;

EditorReply prefab_stage_state(EditorSession& session) {
    rapidjson::Document none(rapidjson::kObjectType);
    return session.call("editor.state", none);
}

std::string_view open_prefab(const EditorReply& state) {
    const auto* stage = member(state.result, "prefabStage");
    return stage && stage->IsObject() ? string_member(*stage, "assetPath") : std::string_view();
}

} // namespace

PrefabCreateTool::PrefabCreateTool()
    : EditorTool({"uap_prefab_create",
                  "Create a prefab asset from a scene object (sourcePath; the object becomes its instance) or a prefab variant of "
                  "basePrefab, at assetPath (.prefab). Not undoable.",
                  R"({"type":"object","required":["assetPath"],"properties":{
"assetPath":{"type":"string","minLength":8,"maxLength":2048},"sourcePath":{"type":"string","maxLength":2048},"basePrefab":{"type":"string","maxLength":2048},"scene":{"type":"string","maxLength":1024}}})",
                  {sdk::Access::Writes, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::NotIdempotent, sdk::Duration::Quick},
                  R"({"type":"object","required":["created","renamed","assetType","undoable"],"properties":{
"created":{"type":"string"},"renamed":{"type":"boolean"},"connected":{"type":"boolean"},"assetType":{"enum":["Regular","Variant","Model"]},"basePrefab":{"type":"string"},
"undoable":{"enum":[false]}}})"}) {}

std::string_view PrefabCreateTool::japanese_description() const {
    return "シーンのオブジェクトからプレハブを作成する（元のオブジェクトはそのインスタンスになる）、またはプレハブのバリアントを作成する。元に戻せない。";
}

sdk::ToolResult PrefabCreateTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    constexpr std::string_view tool = "uap_prefab_create";
    bool from_scene = member(arguments, "sourcePath") != nullptr;
    bool variant = member(arguments, "basePrefab") != nullptr;
    if (from_scene == variant)
        return sdk::ToolResult::failure(std::string(tool) + " refused: give exactly one of sourcePath (a scene object to save as a prefab) and "
                                                            "basePrefab (a prefab to make a variant of); nothing was changed");
    auto path = core::checked_asset_path(string_member(arguments, "assetPath"), core::AssetRoots::AssetsOnly, "assetPath");
    if (!path)
        return sdk::ToolResult::failure(std::string(tool) + " refused: " + path.error().message);
    if (path.value().size() < 8 || path.value().compare(path.value().size() - 7, 7, ".prefab") != 0)
        return sdk::ToolResult::failure(std::string(tool) + " refused: assetPath '" + path.value() +
                                        "' must end in .prefab, for example Assets/Prefabs/Crate.prefab; nothing was changed");
    rapidjson::Document params(rapidjson::kObjectType);
    auto& allocator = params.GetAllocator();
    params.AddMember("path", core::text(path.value(), allocator), allocator);
    EditorReply created;
    std::string created_path;
    if (from_scene) {
        rapidjson::Document source_arguments(rapidjson::kObjectType);
        source_arguments.AddMember("path", rapidjson::Value(arguments["sourcePath"], source_arguments.GetAllocator()), source_arguments.GetAllocator());
        if (const auto* scene = member(arguments, "scene"))
            source_arguments.AddMember("scene", rapidjson::Value(*scene, source_arguments.GetAllocator()), source_arguments.GetAllocator());
        rapidjson::Document source(rapidjson::kObjectType);
        if (auto problem = add_instance_reference(source_arguments, source))
            return sdk::ToolResult::failure(std::string(tool) + " refused: source" + *problem + "; nothing was changed");
        params.AddMember("kind", "Prefab", allocator);
        params.AddMember("source", rapidjson::Value(source["object"], allocator), allocator);
        created = session.call("asset.create", params);
        if (created.ok())
            created_path = string_member(created.result["observed"]["asset"], "path");
    } else {
        auto base = core::checked_asset_path(string_member(arguments, "basePrefab"), core::AssetRoots::AssetsOrPackages, "basePrefab");
        if (!base)
            return sdk::ToolResult::failure(std::string(tool) + " refused: " + base.error().message);
        params.AddMember("base", core::text(base.value(), allocator), allocator);
        created = session.call("prefab.createVariant", params);
        if (created.ok())
            created_path = string_member(created.result["observed"], "assetPath");
    }
    if (!created.ok())
        return editor_failure(tool, "failed", created);
    if (core::asset_listing(session, created_path) != core::AssetListing::Listed)
        return sdk::ToolResult::failure(std::string(tool) + ": the editor reported creating '" + created_path +
                                        "', but a separate lookup does not find it; the outcome is unknown");
    rapidjson::Document result(rapidjson::kObjectType);
    auto& result_allocator = result.GetAllocator();
    result.AddMember("created", core::text(created_path, result_allocator), result_allocator);
    result.AddMember("renamed", created_path != path.value(), result_allocator);
    if (from_scene) {
        // The saved object must now be an instance of the new prefab (SaveAsPrefabAssetAndConnect).
        EditorReply link = read_overrides(session, params["source"]);
        if (!link.ok() || string_member(link.result, "assetPath") != created_path)
            return sdk::ToolResult::failure(std::string(tool) + ": '" + created_path + "' was created, but the source object does not read back as "
                                            "its instance (" + (link.ok() ? std::string(string_member(link.result, "assetPath")) : link.message) + ")");
        result.AddMember("connected", true, result_allocator);
        result.AddMember("assetType", rapidjson::Value(link.result["assetType"], result_allocator), result_allocator);
        if (const auto* base = member(link.result, "basePrefab"))
            result.AddMember("basePrefab", rapidjson::Value(*base, result_allocator), result_allocator);
    } else {
        result.AddMember("assetType", "Variant", result_allocator);
        result.AddMember("basePrefab", rapidjson::Value(created.result["observed"]["basePrefab"], result_allocator), result_allocator);
    }
    result.AddMember("undoable", false, result_allocator);
    return sdk::ToolResult::success(std::move(result));
}

PrefabStageTool::PrefabStageTool()
    : EditorTool({"uap_prefab_stage",
                  "Open a prefab asset in prefab mode (action open, assetPath) or close prefab mode (action close).",
                  R"({"type":"object","required":["action"],"properties":{
"action":{"enum":["open","close"]},"assetPath":{"type":"string","minLength":8,"maxLength":2048}}})",
                  {sdk::Access::Writes, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::Idempotent, sdk::Duration::Quick},
                  R"({"type":"object","required":["prefabStage","note"],"properties":{
"prefabStage":{"type":["object","null"],"required":["assetPath"],"properties":{"assetPath":{"type":"string"}}},"note":{"type":"string"}}})"}) {}

std::string_view PrefabStageTool::japanese_description() const {
    return "プレハブをプレハブモード（プレハブ編集モード）で開く、またはプレハブモードを閉じてシーンに戻る。";
}

sdk::ToolResult PrefabStageTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    constexpr std::string_view tool = "uap_prefab_stage";
    bool open = string_member(arguments, "action") == "open";
    rapidjson::Document params(rapidjson::kObjectType);
    std::string wanted;
    if (open) {
        if (!member(arguments, "assetPath"))
            return sdk::ToolResult::failure(std::string(tool) + " refused: action open needs assetPath, the prefab to open (for example "
                                                                "Assets/Prefabs/Crate.prefab); nothing was changed");
        auto path = core::checked_asset_path(string_member(arguments, "assetPath"), core::AssetRoots::AssetsOrPackages, "assetPath");
        if (!path)
            return sdk::ToolResult::failure(std::string(tool) + " refused: " + path.error().message);
        wanted = path.value();
        params.AddMember("assetPath", core::text(wanted, params.GetAllocator()), params.GetAllocator());
    } else if (member(arguments, "assetPath")) {
        return sdk::ToolResult::failure(std::string(tool) + " refused: action close takes no assetPath (prefab mode closes whichever prefab is "
                                                            "open); nothing was changed");
    }
    EditorReply changed = session.call(open ? "prefabStage.open" : "prefabStage.close", params);
    if (!changed.ok())
        return editor_failure(tool, "failed", changed);
    // The separate read: which prefab the editor shows now.
    EditorReply state = prefab_stage_state(session);
    if (!state.ok())
        return editor_failure(tool, "could not read prefab mode back, so the outcome is unknown", state);
    std::string_view now = open_prefab(state);
    if (now != wanted)
        return sdk::ToolResult::failure(std::string(tool) + ": the editor reported the change, but prefab mode now shows " +
                                        (now.empty() ? std::string("the main stage") : std::string(now)));
    rapidjson::Document result(rapidjson::kObjectType);
    auto& allocator = result.GetAllocator();
    if (now.empty())
        result.AddMember("prefabStage", rapidjson::Value(), allocator);
    else
        result.AddMember("prefabStage", rapidjson::Value(rapidjson::kObjectType).AddMember("assetPath", core::text(now, allocator), allocator), allocator);
    result.AddMember("note", rapidjson::StringRef(open ? "Object tools now address the prefab's contents; writes to other assets and the scenes are refused until prefab mode closes."
                                  : "Prefab mode saved the prefab and closed; object tools address the open scenes again."),
                     allocator);
    return sdk::ToolResult::success(std::move(result));
}

} // namespace uap::pro::prefab

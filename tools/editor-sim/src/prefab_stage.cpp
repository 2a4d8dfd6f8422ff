// Prefab mode in the simulator: the prefab's contents loaded as their own scene, which object
// addresses and hierarchy answers use while it is open, and the stage each such answer names.
#include "prefab_stage.hpp"

#include "prefab_links.hpp"
#include "support/json_writer.hpp"

#include <array>

namespace uap::editor_sim {

namespace {

// The same list as the package's SceneObjects.StageAddressed.
constexpr std::array<std::string_view, 18> stage_addressed = {
    "hierarchy.roots", "hierarchy.subtree", "object.create", "object.destroy", "object.rename", "object.reparent",
    "object.setActive", "object.duplicate", "object.instantiate", "transform.get", "transform.set", "component.list",
    "component.add", "component.remove", "property.list", "property.get", "property.set", "scene.digest"};

enum class PrefabStageChange { Opened, Closing };

// prefabStageChanged, as Unity's PrefabStage.prefabStageOpened and prefabStageClosing report it.
void emit_prefab_stage(Simulation& simulation, PrefabStageChange change) {
    simulation.emit("prefabStageChanged", json::TextWriter()
                                              .begin_object()
                                              .field("opened", change == PrefabStageChange::Opened)
                                              .field("assetPath", simulation.prefab_stage)
                                              .end_object()
                                              .text());
}

} // namespace

std::vector<Scene*> Simulation::addressed_scenes() {
    if (world.prefab_stage_scene.handle != 0)
        return {&world.prefab_stage_scene};
    std::vector<Scene*> scenes;
    for (auto& scene : world.scenes)
        scenes.push_back(&scene);
    return scenes;
}

std::optional<Reply> open_prefab_stage(Simulation& simulation, const std::string& asset_path) {
    const Asset* asset = simulation.find_asset(asset_path);
    if (!asset)
        return error_reply("not_found", "no asset at " + asset_path);
    if (asset->kind != "Prefab")
        return error_reply("type_mismatch", asset_path + " is a " + asset->kind + ", not a prefab; only prefabs open in prefab mode");
    if (simulation.world.prefab_stage_scene.handle != 0)
        close_prefab_stage(simulation);
    Scene& stage = simulation.world.prefab_stage_scene;
    stage = Scene{};
    stage.handle = simulation.world.next_scene_handle++;
    stage.path = asset_path;
    stage.name = file_stem(asset_path);
    StoredObjects contents = simulation.find_asset(asset_path)->stored;
    for (int root : contents.roots)
        simulation.copy_objects(contents, root, 0, stage.handle, Simulation::CopyLinks::ToSource);
    simulation.prefab_stage = asset_path;
    // The stage's objects did not exist before it opened: an undo step from before would not know them.
    simulation.undo.clear();
    emit_prefab_stage(simulation, PrefabStageChange::Opened);
    return std::nullopt;
}

void close_prefab_stage(Simulation& simulation) {
    Scene& stage = simulation.world.prefab_stage_scene;
    if (stage.handle != 0) {
        emit_prefab_stage(simulation, PrefabStageChange::Closing); // Before the stage goes, as Unity's prefabStageClosing.
        // The stage's objects link to the asset's (opened with CopyLinks::ToSource), so the saved contents
        // keep the asset's keys and every instance takes what changed, as Unity's instances follow their prefab.
        Asset* asset = simulation.find_asset(stage.path);
        std::optional<StoredObjects> saved;
        if (asset && !stage.roots.empty())
            saved = stage_contents_for_asset(simulation, stage.roots.front(), asset->stored);
        std::string path = stage.path;
        for (int root : std::vector<int>(stage.roots))
            simulation.destroy_object(root);
        if (saved)
            update_prefab_asset(simulation, path, std::move(*saved));
    }
    stage = Scene{};
    simulation.prefab_stage.clear();
    simulation.undo.clear();
}

Reply mark_stage(const Simulation& simulation, std::string_view method, Reply reply) {
    bool addressed = false;
    for (std::string_view name : stage_addressed)
        addressed = addressed || name == method;
    if (!addressed || !reply.ok())
        return reply;
    rapidjson::Document result;
    result.Parse(reply.json.c_str());
    if (result.HasParseError() || !result.IsObject())
        return reply;
    auto& allocator = result.GetAllocator();
    rapidjson::Value stage(rapidjson::kObjectType);
    if (simulation.prefab_stage.empty()) {
        stage.AddMember("kind", "main", allocator);
    } else {
        stage.AddMember("kind", "prefab", allocator);
        stage.AddMember("assetPath", rapidjson::Value(simulation.prefab_stage.c_str(), allocator), allocator);
    }
    result.AddMember("stage", stage, allocator);
    reply.json = to_json(result);
    return reply;
}

} // namespace uap::editor_sim

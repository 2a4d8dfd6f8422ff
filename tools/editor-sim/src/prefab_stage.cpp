// Prefab mode in the simulator: the prefab's contents loaded as their own scene, which object
// addresses and hierarchy answers use while it is open, and the stage each such answer names.
#include "prefab_stage.hpp"

#include "prefab_links.hpp"
#include "support/json_writer.hpp"

#include <rapidjson/reader.h>

#include <array>

namespace uap::editor_sim {

namespace {

// The same list as the package's SceneObjects.StageAddressed.
constexpr std::array<std::string_view, 18> stage_addressed = {
    "hierarchy.roots", "hierarchy.subtree", "object.create", "object.destroy", "object.rename", "object.reparent",
    "object.setActive", "object.duplicate", "object.instantiate", "transform.get", "transform.set", "component.list",
    "component.add", "component.remove", "property.list", "property.get", "property.set", "scene.digest"};

// Those of them whose primitive writes the stage itself (write_stage): answers that can be large,
// which a second pass over the text would slow.
constexpr std::array<std::string_view, 2> stage_written_by_primitive = {"hierarchy.roots", "hierarchy.subtree"};

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

void write_stage(const Simulation& simulation, JsonWriter& writer) {
    writer.Key("stage");
    writer.StartObject();
    writer.Key("kind");
    if (simulation.prefab_stage.empty()) {
        writer.String("main");
    } else {
        writer.String("prefab");
        writer.Key("assetPath");
        writer.String(simulation.prefab_stage.c_str(), static_cast<rapidjson::SizeType>(simulation.prefab_stage.size()));
    }
    writer.EndObject();
}

namespace {

// Copies an answer event by event into a writer and adds the stage as the answer's last member:
// one pass over the text, with no document built for it.
struct StageAppender : rapidjson::BaseReaderHandler<rapidjson::UTF8<>, StageAppender> {
    const Simulation& simulation;
    JsonWriter& writer;
    int depth = 0;

    StageAppender(const Simulation& simulation_in, JsonWriter& writer_in) : simulation(simulation_in), writer(writer_in) {}

    bool Null() { return writer.Null(); }
    bool Bool(bool value) { return writer.Bool(value); }
    bool Int(int value) { return writer.Int(value); }
    bool Uint(unsigned value) { return writer.Uint(value); }
    bool Int64(int64_t value) { return writer.Int64(value); }
    bool Uint64(uint64_t value) { return writer.Uint64(value); }
    bool Double(double value) { return writer.Double(value); }
    bool String(const char* text, rapidjson::SizeType length, bool) { return writer.String(text, length); }
    bool Key(const char* text, rapidjson::SizeType length, bool) { return writer.Key(text, length); }
    bool StartObject() {
        ++depth;
        return writer.StartObject();
    }
    bool EndObject(rapidjson::SizeType) {
        if (--depth == 0)
            write_stage(simulation, writer);
        return writer.EndObject();
    }
    bool StartArray() {
        ++depth;
        return writer.StartArray();
    }
    bool EndArray(rapidjson::SizeType) {
        --depth;
        return writer.EndArray();
    }
};

} // namespace

Reply mark_stage(const Simulation& simulation, std::string_view method, Reply reply) {
    bool addressed = false;
    for (std::string_view name : stage_addressed)
        addressed = addressed || name == method;
    bool written = false;
    for (std::string_view name : stage_written_by_primitive)
        written = written || name == method;
    if (!addressed || written || !reply.ok())
        return reply;
    Output out;
    StageAppender appender(simulation, out.writer);
    rapidjson::Reader reader;
    rapidjson::StringStream stream(reply.json.c_str());
    if (reader.Parse(stream, appender).IsError())
        return reply;
    reply.json.assign(out.buffer.GetString(), out.buffer.GetSize());
    return reply;
}

} // namespace uap::editor_sim

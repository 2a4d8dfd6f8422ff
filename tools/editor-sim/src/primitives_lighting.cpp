// Simulator primitives for lightmap baking: lighting.bake.start answers at once, the bake runs on the
// steady clock for LightingState::bake_ms (progress is the elapsed share), lighting.bake.status
// finishes it when the time is up (then bakes the reflection probes when asked, writing one texture
// asset each), and lighting.bake.cancel stops it with the lightmaps and probes left as before.
#include "world.hpp"

#include <rapidjson/document.h>

#include <algorithm>

namespace uap::editor_sim {

namespace {

using SteadyClock = std::chrono::steady_clock;

int64_t elapsed_ms(const LightingBake& bake) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - bake.started).count();
}

// Static objects with a MeshRenderer are what Unity's lightmapper bakes (Contribute GI); the simulator
// packs four of them into one lightmap.
int static_renderers(const Simulation& simulation) {
    int count = 0;
    for (const auto& [id, object] : simulation.world.objects)
        if (object.is_static && std::any_of(object.components.begin(), object.components.end(),
                                            [](const Component& component) { return component.type->short_name == "MeshRenderer"; }))
            ++count;
    return count;
}

std::string property_json(const Component& component, std::string_view path) {
    for (const auto& property : component.properties)
        if (property.spec->path == path)
            return property.value_json;
    return {};
}

std::string enum_name(const Component& component, std::string_view path) {
    rapidjson::Document value;
    value.Parse(property_json(component, path).c_str());
    return value.IsObject() && value.HasMember("name") && value["name"].IsString() ? value["name"].GetString() : "";
}

bool active_in_hierarchy(const Simulation& simulation, const GameObject& object) {
    for (const GameObject* walk = &object; walk;) {
        if (!walk->active)
            return false;
        auto parent = simulation.world.objects.find(walk->parent);
        walk = parent == simulation.world.objects.end() ? nullptr : &parent->second;
    }
    return true;
}

// Unity writes a scene's baked probes next to it: Assets/Scenes/Main.unity → Assets/Scenes/Main/.
std::string probe_folder(const Scene& scene) {
    auto dot = scene.path.find_last_of('.');
    return dot == std::string::npos ? scene.path : scene.path.substr(0, dot);
}

void ensure_folder(Simulation& simulation, const std::string& path) {
    if (simulation.world.assets.count(path))
        return;
    Asset folder;
    folder.path = path;
    folder.kind = "Folder";
    folder.guid = "sim" + std::to_string(simulation.world.next_id++);
    simulation.world.assets[path] = std::move(folder);
}

// What one probe's bake leaves: Baked probes of a saved scene get ReflectionProbe-<n>.exr (.png without
// HDR) as a Cubemap asset; the others are skipped with the reason Unity would not bake them.
ReflectionProbeOutcome bake_probe(Simulation& simulation, const GameObject& object, const Component& probe, const Scene& scene, int& next_index) {
    ReflectionProbeOutcome outcome{simulation.path_of(object), enum_name(probe, "m_Mode"), {}, {}};
    if (!active_in_hierarchy(simulation, object) || property_json(probe, "m_Enabled") != "true")
        outcome.skipped_reason = "disabled: its GameObject is inactive or the component is off, and Unity bakes only active, enabled probes "
                                 "(activate it, or set m_Enabled true with uap_property_set)";
    else if (outcome.mode == "Realtime")
        outcome.skipped_reason = "mode Realtime: Unity renders it at run time, there is nothing to bake (set m_Mode to Baked to bake it)";
    else if (outcome.mode == "Custom")
        outcome.skipped_reason = "mode Custom: it shows the cubemap in m_CustomBakedTexture, which the user bakes from its Inspector "
                                 "to a file they pick (set m_Mode to Baked to bake it here)";
    else if (scene.path.empty())
        outcome.skipped_reason = "its scene is not saved, and Unity writes a probe's texture into a folder named after the scene "
                                 "(save it with uap_scene_save, then bake again)";
    if (!outcome.skipped_reason.empty())
        return outcome;
    std::string folder = probe_folder(scene);
    ensure_folder(simulation, folder);
    outcome.texture = folder + "/ReflectionProbe-" + std::to_string(next_index++) + (property_json(probe, "m_HDR") == "true" ? ".exr" : ".png");
    Asset texture;
    texture.path = outcome.texture;
    texture.kind = "Cubemap";
    texture.guid = "sim" + std::to_string(simulation.world.next_id++);
    simulation.world.assets[outcome.texture] = std::move(texture);
    return outcome;
}

void walk_probes(Simulation& simulation, int id, const Scene& scene, int& next_index, std::vector<ReflectionProbeOutcome>& outcomes) {
    const GameObject& object = simulation.world.objects.at(id);
    for (const auto& component : object.components)
        if (component.type->full_name == "UnityEngine.ReflectionProbe")
            outcomes.push_back(bake_probe(simulation, object, component, scene, next_index));
    for (int child : object.children)
        walk_probes(simulation, child, scene, next_index, outcomes);
}

// Every ReflectionProbe of the open scenes, in hierarchy order.
std::vector<ReflectionProbeOutcome> bake_reflection_probes(Simulation& simulation) {
    std::vector<ReflectionProbeOutcome> outcomes;
    for (const Scene& scene : simulation.world.scenes) {
        int next_index = 0;
        for (int root : scene.roots)
            walk_probes(simulation, root, scene, next_index, outcomes);
    }
    return outcomes;
}

void finish(Simulation& simulation, std::string outcome) {
    LightingBake bake = *simulation.lighting.running;
    simulation.lighting.running.reset();
    LightingOutcome done;
    done.id = bake.id;
    done.engine = bake.engine;
    done.outcome = std::move(outcome);
    done.elapsed_ms = std::min(elapsed_ms(bake), std::max<int64_t>(simulation.lighting.bake_ms, 0));
    if (done.outcome == "completed") {
        int renderers = static_renderers(simulation);
        simulation.lighting.lightmap_count = (renderers + 3) / 4;
        if (bake.reflection_probes)
            done.reflection_probes = bake_reflection_probes(simulation);
        if (renderers == 0) {
            // What Unity's console says when nothing contributes to global illumination.
            done.warnings.push_back("No static objects with a MeshRenderer contribute to global illumination: the bake made no lightmaps. "
                                    "Mark the objects Static (Contribute GI) and bake again.");
            simulation.add_console(ConsoleKind::Warning, done.warnings.back());
        }
    } else {
        simulation.lighting.lightmap_count = bake.lightmaps_before;
    }
    done.lightmap_count = simulation.lighting.lightmap_count;
    simulation.lighting.last = std::move(done);
}

// A bake whose time is up completes when the editor is next asked, as Unity's bakeCompleted fires on
// an editor update after the lightmapper finishes.
void advance(Simulation& simulation) {
    if (simulation.lighting.running && elapsed_ms(*simulation.lighting.running) >= simulation.lighting.bake_ms)
        finish(simulation, "completed");
}

Reply bake_start(Simulation& simulation, const rapidjson::Value& params) {
    advance(simulation);
    std::string engine = params.HasMember("engine") ? params["engine"].GetString() : "unity";
    if (simulation.play_mode != "edit")
        return error_reply("conflict", "lightmaps cannot be baked in play mode; stop it first (playmode.set edit)");
    if (simulation.lighting.running)
        return error_reply("conflict", "bake " + std::to_string(simulation.lighting.running->id) +
                                           " is running; wait for it (lighting.bake.status) or cancel it (lighting.bake.cancel)");
    if (engine == "bakery" && !simulation.lighting.bakery_installed)
        return error_reply("unsupported", "Bakery is not installed in this project (no ftRenderLightmap type); bake with engine unity");
    LightingBake bake;
    bake.id = simulation.lighting.next_id++;
    bake.engine = engine;
    bake.started = SteadyClock::now();
    bake.reflection_probes = params.HasMember("reflectionProbes") && params["reflectionProbes"].GetBool();
    bake.lightmaps_before = simulation.lighting.lightmap_count;
    simulation.lighting.running = bake;
    Output out;
    out.writer.StartObject();
    out.writer.Key("started");
    out.writer.Bool(true);
    out.writer.Key("engine");
    out.writer.String(engine.c_str());
    out.writer.Key("bakeId");
    out.writer.Int(bake.id);
    out.writer.EndObject();
    return out.reply();
}

// {"baked": [{"object", "texture"}], "skipped": [{"object", "mode", "reason"}]}.
void write_probes(JsonWriter& writer, const std::vector<ReflectionProbeOutcome>& probes) {
    writer.StartObject();
    for (bool baked : {true, false}) {
        writer.Key(baked ? "baked" : "skipped");
        writer.StartArray();
        for (const auto& probe : probes) {
            if (probe.texture.empty() == baked)
                continue;
            writer.StartObject();
            writer.Key("object");
            writer.String(probe.object.c_str());
            writer.Key("mode");
            writer.String(probe.mode.c_str());
            writer.Key(baked ? "texture" : "reason");
            writer.String((baked ? probe.texture : probe.skipped_reason).c_str());
            writer.EndObject();
        }
        writer.EndArray();
    }
    writer.EndObject();
}

void write_outcome(JsonWriter& writer, const LightingOutcome& outcome) {
    writer.StartObject();
    writer.Key("bakeId");
    writer.Int(outcome.id);
    writer.Key("engine");
    writer.String(outcome.engine.c_str());
    writer.Key("outcome");
    writer.String(outcome.outcome.c_str());
    writer.Key("elapsedMs");
    writer.Int64(outcome.elapsed_ms);
    writer.Key("lightmapCount");
    writer.Int(outcome.lightmap_count);
    if (outcome.reflection_probes) {
        writer.Key("reflectionProbes");
        write_probes(writer, *outcome.reflection_probes);
    }
    writer.Key("warnings");
    writer.StartArray();
    for (const auto& warning : outcome.warnings)
        writer.String(warning.c_str());
    writer.EndArray();
    writer.EndObject();
}

Reply bake_status(Simulation& simulation, const rapidjson::Value&) {
    advance(simulation);
    const auto& lighting = simulation.lighting;
    Output out;
    out.writer.StartObject();
    out.writer.Key("running");
    out.writer.Bool(lighting.running.has_value());
    out.writer.Key("progress");
    double progress = lighting.running && lighting.bake_ms > 0
                          ? std::min(0.99, static_cast<double>(elapsed_ms(*lighting.running)) / static_cast<double>(lighting.bake_ms))
                          : (lighting.running ? 0.0 : 1.0);
    out.writer.Double(progress);
    if (lighting.running) {
        out.writer.Key("engine");
        out.writer.String(lighting.running->engine.c_str());
        out.writer.Key("bakeId");
        out.writer.Int(lighting.running->id);
    }
    out.writer.Key("lightmapCount");
    out.writer.Int(lighting.lightmap_count);
    out.writer.Key("engines");
    out.writer.StartObject();
    out.writer.Key("unity");
    out.writer.Bool(true);
    out.writer.Key("bakery");
    out.writer.Bool(lighting.bakery_installed);
    if (lighting.bakery_installed) {
        out.writer.Key("bakeryType");
        out.writer.String("ftRenderLightmap");
    }
    out.writer.EndObject();
    if (lighting.last) {
        out.writer.Key("lastBake");
        write_outcome(out.writer, *lighting.last);
    }
    out.writer.EndObject();
    return out.reply();
}

Reply bake_cancel(Simulation& simulation, const rapidjson::Value&) {
    advance(simulation);
    bool was_running = simulation.lighting.running.has_value();
    if (was_running)
        finish(simulation, "cancelled");
    return cancel_reply(was_running, simulation.lighting.running.has_value());
}

} // namespace

void register_lighting_primitives(std::map<std::string, Primitive, std::less<>>& table) {
    table["lighting.bake.start"] = &bake_start;
    table["lighting.bake.status"] = &bake_status;
    table["lighting.bake.cancel"] = &bake_cancel;
}

} // namespace uap::editor_sim

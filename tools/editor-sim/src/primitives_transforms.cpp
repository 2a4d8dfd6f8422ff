// Simulator primitives for transforms (local and world position, rotation and scale, read and
// written with Unity's semantics: world values from the parent chain, Euler angles Z-X-Y) and the
// scene digest that proves a revert restored everything.
#include "transforms.hpp"

#include <cstdio>
#include <cstring>

namespace uap::editor_sim {

namespace {

Reply transform_reply(Simulation& simulation, const GameObject& object, const char* key) {
    Output out;
    out.writer.StartObject();
    out.writer.Key(key);
    out.writer.StartObject();
    out.writer.Key("instanceId");
    out.writer.Int(object.id);
    out.writer.Key("path");
    out.writer.String(simulation.path_of(object).c_str());
    write_transform_members(out.writer, simulation, object);
    out.writer.EndObject();
    out.writer.EndObject();
    return out.reply();
}

Reply transform_get(Simulation& simulation, const rapidjson::Value& params) {
    Reply error;
    GameObject* object = simulation.find_object(params["object"], error);
    if (!object)
        return error;
    return transform_reply(simulation, *object, "transform");
}

Reply transform_set(Simulation& simulation, const rapidjson::Value& params) {
    Reply error;
    GameObject* object = simulation.find_object(params["object"], error);
    if (!object)
        return error;
    bool world_space = params.HasMember("space") && std::string_view(params["space"].GetString()) == "world";
    // Every value is read before anything is written (the schema already fixed the shapes).
    Vector3 position, rotation, scale;
    bool has_position = params.HasMember("position") && read_vector(params["position"], position);
    bool has_rotation = params.HasMember("rotation") && read_vector(params["rotation"], rotation);
    bool has_scale = params.HasMember("scale") && read_vector(params["scale"], scale);
    if (!has_position && !has_rotation && !has_scale)
        return error_reply("invalid_params", "transform.set needs at least one of position, rotation, scale; nothing was changed");
    int id = object->id;
    simulation.record_object_undo("Set Transform", id);
    auto& target = simulation.world.objects.at(id);
    LocalTransform local = local_transform(target);
    if (world_space) {
        WorldTransform world = world_transform(simulation, target);
        if (has_position)
            world.position = position;
        if (has_rotation)
            world.rotation = from_euler(rotation);
        local = local_for_world(simulation, target, world);
    } else {
        if (has_position)
            local.position = position;
        if (has_rotation)
            local.rotation = from_euler(rotation);
    }
    // Scale is always local: Unity's lossyScale has no setter.
    if (has_scale)
        local.scale = scale;
    store_local_transform(target, local);
    simulation.mark_dirty(target.scene);
    return transform_reply(simulation, target, "observed");
}

// A 64-bit hash over a canonical walk of every open scene, eight bytes a step (the package hashes a
// byte a step with FNV-1a; only equality within one editor matters): cheap enough to take before and
// after a batch of a 100,000-object scene.
class Digest {
public:
    void add(std::string_view text) {
        std::size_t offset = 0;
        for (; offset + 8 <= text.size(); offset += 8) {
            uint64_t word;
            std::memcpy(&word, text.data() + offset, 8);
            mix(word);
        }
        uint64_t tail = 0;
        std::memcpy(&tail, text.data() + offset, text.size() - offset);
        mix(tail);
        // The length ends the field, so "ab"+"c" differs from "a"+"bc".
        mix(0xff00000000000000ull ^ text.size());
    }
    void add(int64_t number) {
        mix(static_cast<uint64_t>(number));
        mix(0xfe00000000000000ull);
    }
    std::string hex() const {
        char text[17];
        std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(m_hash));
        return text;
    }

private:
    // Multiplying carries every bit upwards only; folding the high half back down lets each word
    // reach every bit of the state.
    void mix(uint64_t word) {
        m_hash = (m_hash ^ word) * 1099511628211ull;
        m_hash ^= m_hash >> 32;
    }
    uint64_t m_hash = 14695981039346656037ull;
};

Reply scene_digest(Simulation& simulation, const rapidjson::Value&) {
    Digest digest;
    std::size_t count = 0;
    std::vector<int> pending;
    // The stage the user sees: the prefab's contents in prefab mode, as the package's digest.
    for (const Scene* stage_scene : simulation.addressed_scenes()) {
        const Scene& scene = *stage_scene;
        digest.add(scene.path);
        digest.add(scene.name);
        pending.assign(scene.roots.rbegin(), scene.roots.rend());
        while (!pending.empty()) {
            const auto& object = simulation.world.objects.at(pending.back());
            pending.pop_back();
            ++count;
            digest.add(int64_t{object.id});
            digest.add(int64_t{object.parent});
            digest.add(object.name);
            digest.add(int64_t{object.active});
            digest.add(object.prefab_asset);
            for (const auto& component : object.components) {
                digest.add(component.type->full_name);
                for (const auto& property : component.properties)
                    digest.add(property.value_json);
            }
            pending.insert(pending.end(), object.children.rbegin(), object.children.rend());
        }
    }
    Output out;
    out.writer.StartObject();
    out.writer.Key("digest");
    out.writer.String(digest.hex().c_str());
    out.writer.Key("objectCount");
    out.writer.Uint64(count);
    out.writer.EndObject();
    return out.reply();
}

} // namespace

void register_transform_primitives(std::map<std::string, Primitive, std::less<>>& table) {
    table["transform.get"] = &transform_get;
    table["transform.set"] = &transform_set;
    table["scene.digest"] = &scene_digest;
}

} // namespace uap::editor_sim

// Simulator primitives for transforms: local and world position, rotation and scale, read and
// written with Unity's semantics (world values from the parent chain, Euler angles Z-X-Y).
#include "transforms.hpp"

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
    simulation.record_undo("Set Transform");
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

} // namespace

void register_transform_primitives(std::map<std::string, Primitive, std::less<>>& table) {
    table["transform.get"] = &transform_get;
    table["transform.set"] = &transform_set;
}

} // namespace uap::editor_sim

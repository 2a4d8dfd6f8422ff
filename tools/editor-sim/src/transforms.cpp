// Local and world transforms of simulated objects; see transforms.hpp.
#include "transforms.hpp"

#include <cmath>

namespace uap::editor_sim {

namespace {

// The Transform is always the first component, with position, rotation and scale in that order.
constexpr std::size_t position_index = 0, rotation_index = 1, scale_index = 2;

double member(const rapidjson::Value& object, const char* name, double fallback) {
    return object.IsObject() && object.HasMember(name) && object[name].IsNumber() ? object[name].GetDouble() : fallback;
}

Vector3 parse_vector(const std::string& json) {
    rapidjson::Document document;
    document.Parse(json.c_str());
    return {member(document, "x", 0), member(document, "y", 0), member(document, "z", 0)};
}

Quaternion parse_quaternion(const std::string& json) {
    rapidjson::Document document;
    document.Parse(json.c_str());
    return {member(document, "x", 0), member(document, "y", 0), member(document, "z", 0), member(document, "w", 1)};
}

// Rounds away float noise (1e-16) so read-backs print the values a user expects.
double tidy(double value) {
    double rounded = std::round(value * 1e6) / 1e6;
    return rounded == 0 ? 0.0 : rounded;
}

void write_vector(JsonWriter& writer, const Vector3& vector) {
    writer.StartObject();
    writer.Key("x");
    writer.Double(tidy(vector.x));
    writer.Key("y");
    writer.Double(tidy(vector.y));
    writer.Key("z");
    writer.Double(tidy(vector.z));
    writer.EndObject();
}

void write_quaternion(JsonWriter& writer, const Quaternion& rotation) {
    writer.StartObject();
    writer.Key("x");
    writer.Double(tidy(rotation.x));
    writer.Key("y");
    writer.Double(tidy(rotation.y));
    writer.Key("z");
    writer.Double(tidy(rotation.z));
    writer.Key("w");
    writer.Double(tidy(rotation.w));
    writer.EndObject();
}

} // namespace

LocalTransform local_transform(const GameObject& object) {
    const auto& properties = object.components.at(0).properties;
    return {parse_vector(properties[position_index].value_json), parse_quaternion(properties[rotation_index].value_json),
            parse_vector(properties[scale_index].value_json)};
}

void store_local_transform(GameObject& object, const LocalTransform& local) {
    auto& properties = object.components.at(0).properties;
    properties[position_index].value_json = vector_json(local.position);
    properties[rotation_index].value_json = quaternion_json(normalized(local.rotation));
    properties[scale_index].value_json = vector_json(local.scale);
}

WorldTransform world_transform(const Simulation& simulation, const GameObject& object) {
    LocalTransform local = local_transform(object);
    if (object.parent == 0)
        return {local.position, local.rotation, local.scale};
    WorldTransform parent = world_transform(simulation, simulation.world.objects.at(object.parent));
    return {add(parent.position, rotate(parent.rotation, scale_by(parent.lossy_scale, local.position))),
            normalized(multiply(parent.rotation, local.rotation)), scale_by(parent.lossy_scale, local.scale)};
}

LocalTransform local_for_world(const Simulation& simulation, const GameObject& object, const WorldTransform& world) {
    LocalTransform local = local_transform(object);
    if (object.parent == 0)
        return {world.position, world.rotation, local.scale};
    WorldTransform parent = world_transform(simulation, simulation.world.objects.at(object.parent));
    Quaternion undo_parent = inverse(parent.rotation);
    local.position = divide_by(rotate(undo_parent, subtract(world.position, parent.position)), parent.lossy_scale);
    local.rotation = normalized(multiply(undo_parent, world.rotation));
    return local;
}

std::string vector_json(const Vector3& vector) {
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    write_vector(writer, vector);
    return buffer.GetString();
}

std::string quaternion_json(const Quaternion& rotation) {
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    write_quaternion(writer, rotation);
    return buffer.GetString();
}

bool read_vector(const rapidjson::Value& value, Vector3& out) {
    if (value.IsArray()) {
        if (value.Size() != 3 || !value[0].IsNumber() || !value[1].IsNumber() || !value[2].IsNumber())
            return false;
        out = {value[0].GetDouble(), value[1].GetDouble(), value[2].GetDouble()};
        return true;
    }
    if (!value.IsObject())
        return false;
    for (const char* axis : {"x", "y", "z"})
        if (!value.HasMember(axis) || !value[axis].IsNumber())
            return false;
    out = {value["x"].GetDouble(), value["y"].GetDouble(), value["z"].GetDouble()};
    return true;
}

void write_transform_members(JsonWriter& writer, const Simulation& simulation, const GameObject& object) {
    LocalTransform local = local_transform(object);
    WorldTransform world = world_transform(simulation, object);
    writer.Key("local");
    writer.StartObject();
    writer.Key("position");
    write_vector(writer, local.position);
    writer.Key("rotation");
    write_quaternion(writer, local.rotation);
    writer.Key("eulerAngles");
    write_vector(writer, to_euler(local.rotation));
    writer.Key("scale");
    write_vector(writer, local.scale);
    writer.EndObject();
    writer.Key("world");
    writer.StartObject();
    writer.Key("position");
    write_vector(writer, world.position);
    writer.Key("rotation");
    write_quaternion(writer, world.rotation);
    writer.Key("eulerAngles");
    write_vector(writer, to_euler(world.rotation));
    writer.Key("lossyScale");
    write_vector(writer, world.lossy_scale);
    writer.EndObject();
}

} // namespace uap::editor_sim

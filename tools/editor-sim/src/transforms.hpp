// Transforms of simulated objects: local values as stored in the Transform's serialized
// properties, and world values derived from the parent chain as Unity derives them.
#pragma once

#include "transform_math.hpp"
#include "world.hpp"

namespace uap::editor_sim {

struct LocalTransform {
    Vector3 position;
    Quaternion rotation;
    Vector3 scale{1, 1, 1};
};

struct WorldTransform {
    Vector3 position;
    Quaternion rotation;
    Vector3 lossy_scale{1, 1, 1};
};

LocalTransform local_transform(const GameObject& object);
void store_local_transform(GameObject& object, const LocalTransform& local);
WorldTransform world_transform(const Simulation& simulation, const GameObject& object);
// The local values that give object the world position and rotation under its current parent.
LocalTransform local_for_world(const Simulation& simulation, const GameObject& object, const WorldTransform& world);

std::string vector_json(const Vector3& vector);
std::string quaternion_json(const Quaternion& rotation);
// {"x","y","z"} or [x,y,z] into a vector; false when the shape is wrong.
bool read_vector(const rapidjson::Value& value, Vector3& out);
// Writes {"local":{...},"world":{...}} members for the object into an open JSON object.
void write_transform_members(JsonWriter& writer, const Simulation& simulation, const GameObject& object);

} // namespace uap::editor_sim

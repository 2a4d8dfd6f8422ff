// Prefab mode in the simulator: the prefab's contents loaded as a stage of their own, and the "stage"
// every object-addressing answer carries, as the Unity package does (SceneObjects.cs).
#pragma once

#include "world.hpp"

#include <string>
#include <string_view>

namespace uap::editor_sim {

// Loads the prefab at asset_path as the stage (closing any other first). Returns an error reply or nothing.
std::optional<Reply> open_prefab_stage(Simulation& simulation, const std::string& asset_path);

// Saves the stage's contents back into its prefab (Unity's prefab mode auto-saves) and unloads it.
void close_prefab_stage(Simulation& simulation);

// Writes the member "stage": {"kind":"main"} or {"kind":"prefab","assetPath"} into an answer's object.
void write_stage(const Simulation& simulation, JsonWriter& writer);

// Adds the stage (write_stage) to a successful answer of a primitive that names or lists scene
// objects, unless that primitive wrote it.
Reply mark_stage(const Simulation& simulation, std::string_view method, Reply reply);

} // namespace uap::editor_sim

// Prefab links in the simulator: overrides computed by comparing each instance object with its prefab's
// (never stored as flags), and a prefab change carried to every copy that does not override it.
#pragma once

#include "world.hpp"

#include <string>
#include <vector>

namespace uap::editor_sim {

enum class OverrideKind { Property, AddedComponent, RemovedComponent, AddedGameObject, RemovedGameObject };

// One override of an instance against its prefab, as PrefabUtility lists them.
struct PrefabOverride {
    OverrideKind kind = OverrideKind::Property;
    // The instance object: the overridden one, the added one, or the one that lost a component or child.
    int object = 0;
    // The asset object it is compared with: ov.object's (AddedGameObject: its parent's); RemovedGameObject:
    // the removed asset object.
    int asset_object = 0;
    int component = 0;       // Property, AddedComponent: the instance component's local_id (0: the GameObject itself).
    int asset_component = 0; // Property: the asset component; RemovedComponent: the removed one.
    std::string property_path;
    std::string value_json;       // Property: the instance's value.
    std::string asset_value_json; // Property: the prefab's value.
    std::string value_type;       // Property: the typed-value type name.
};

// A prefab instance as the prefab tools address it: its outermost root and the asset it comes from.
struct PrefabInstance {
    int root = 0;
    Asset* asset = nullptr;
};

// The instance object is part of (itself linked or an instance root), or an error reply: not part of a
// prefab instance, or its prefab asset is gone.
PrefabInstance find_prefab_instance(Simulation& simulation, const GameObject& object, Reply& error);

// The instance's overrides in a stable order (depth first, sibling order; per object its own properties,
// then components in order, then removed components, then children), without Unity's default overrides
// (the root's name, local position and rotation), which Apply and the Overrides window leave alone too.
std::vector<PrefabOverride> compute_overrides(const Simulation& simulation, int root, const Asset& asset);

// Writes one override as prefab.overrides.get lists it.
void write_override(JsonWriter& writer, const Simulation& simulation, int root, const Asset& asset, const PrefabOverride& item,
                    std::size_t index);

// Writes the override into the instance's prefab and carries the change to every other instance and
// variant of it that does not override the same thing (update_prefab_asset).
void apply_override(Simulation& simulation, const PrefabInstance& instance, const PrefabOverride& item);

// Sets the instance back to its prefab for this override (the caller records the Undo step).
void revert_override(Simulation& simulation, const PrefabInstance& instance, const PrefabOverride& item);

// Replaces a prefab's contents and carries each change to its linked copies: property values where a copy
// still has the old value, components and children added or removed; then to its variants' contents and
// their instances in turn.
void update_prefab_asset(Simulation& simulation, const std::string& path, StoredObjects contents);

// Clears the links of the objects below root (root included) up to nested instance roots, as unpacking does.
enum class UnpackDepth { OutermostRoot, Completely };
void unlink_objects(Simulation& simulation, int root, UnpackDepth depth);

// The prefab stage's contents stored back under the asset's own keys and component ids, so instances
// stay linked when prefab mode saves them (prefab_stage.cpp).
StoredObjects stage_contents_for_asset(const Simulation& simulation, int stage_root, const StoredObjects& before);

// Connects a scene object saved as a new prefab at path (asset.create): its objects link to the stored
// ones. A prefab instance root saved this way makes a variant of its prefab, as Unity does.
void connect_saved_prefab(Simulation& simulation, int source_root, const std::string& path);

} // namespace uap::editor_sim

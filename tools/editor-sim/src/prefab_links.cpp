// Prefab links in the simulator: overrides computed by comparing an instance with its prefab, applied
// into the prefab (and carried to every other linked copy) or reverted on the instance.
#include "prefab_links.hpp"

#include "material_shaders.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

namespace uap::editor_sim {

namespace {

using ObjectMap = std::unordered_map<int, GameObject>;

// A child that is part of the same instance: linked to the asset and not a nested instance root of its own.
bool is_linked_child(const GameObject& child) { return child.prefab_source != 0 && child.prefab_asset.empty(); }

const Component* component_by_id(const GameObject& object, int local_id) {
    for (const auto& component : object.components)
        if (component.local_id == local_id)
            return &component;
    return nullptr;
}

Component* component_by_id(GameObject& object, int local_id) {
    return const_cast<Component*>(component_by_id(static_cast<const GameObject&>(object), local_id));
}

Component* component_from(GameObject& object, int source_component) {
    for (auto& component : object.components)
        if (component.source_component == source_component)
            return &component;
    return nullptr;
}

// Unity treats these as default overrides: every instance has its own, Apply leaves them alone.
bool is_default_override(bool on_root, const TypeSpec& type, std::string_view path) {
    return on_root && type.full_name == "UnityEngine.Transform" && (path == "m_LocalPosition" || path == "m_LocalRotation");
}

std::string bool_json(bool value) { return value ? "true" : "false"; }

// The path of id below root in objects, as "Child/Grandchild" ("" for root itself).
std::string relative_path(const ObjectMap& objects, int root, int id) {
    std::vector<const std::string*> names;
    for (int current = id; current != root && current != 0;) {
        const auto& object = objects.at(current);
        names.push_back(&object.name);
        current = object.parent;
    }
    std::string path;
    for (auto name = names.rbegin(); name != names.rend(); ++name)
        path += (path.empty() ? "" : "/") + **name;
    return path;
}

// The position of a component among its object's components of the same type, as componentIndex counts.
int index_among_type(const GameObject& object, const Component& component) {
    int index = 0;
    for (const auto& candidate : object.components) {
        if (&candidate == &component)
            return index;
        if (candidate.type == component.type)
            ++index;
    }
    return index;
}

struct Collector {
    const ObjectMap& objects;
    const StoredObjects& stored;
    int root;
    std::vector<PrefabOverride> found;

    void property(int object, int asset_object, int component, int asset_component, std::string path, std::string value,
                  std::string asset_value, std::string_view type) {
        PrefabOverride item;
        item.kind = OverrideKind::Property;
        item.object = object;
        item.asset_object = asset_object;
        item.component = component;
        item.asset_component = asset_component;
        item.property_path = std::move(path);
        item.value_json = std::move(value);
        item.asset_value_json = std::move(asset_value);
        item.value_type = std::string(type);
        found.push_back(std::move(item));
    }

    void visit(int id) {
        const GameObject& object = objects.at(id);
        const GameObject& source = stored.objects.at(object.prefab_source);
        bool on_root = id == root;
        if (!on_root && object.name != source.name)
            property(id, source.id, 0, 0, "m_Name", quoted_json(object.name), quoted_json(source.name), "string");
        if (object.active != source.active)
            property(id, source.id, 0, 0, "m_IsActive", bool_json(object.active), bool_json(source.active), "boolean");
        for (const auto& component : object.components) {
            const Component* from = component.source_component != 0 ? component_by_id(source, component.source_component) : nullptr;
            if (!from || from->type != component.type) {
                found.push_back({OverrideKind::AddedComponent, id, source.id, component.local_id, 0, {}, {}, {}, {}});
                continue;
            }
            for (std::size_t index = 0; index < component.properties.size() && index < from->properties.size(); ++index) {
                const Property& mine = component.properties[index];
                if (mine.value_json != from->properties[index].value_json && !is_default_override(on_root, *component.type, mine.spec->path))
                    property(id, source.id, component.local_id, from->local_id, mine.spec->path, mine.value_json,
                             from->properties[index].value_json, type_name(mine.spec->type));
            }
        }
        for (const auto& from : source.components) {
            bool kept = std::any_of(object.components.begin(), object.components.end(),
                                    [&](const Component& component) { return component.source_component == from.local_id; });
            if (!kept)
                found.push_back({OverrideKind::RemovedComponent, id, source.id, 0, from.local_id, {}, {}, {}, {}});
        }
        std::set<int> linked_keys;
        for (int child : object.children) {
            const GameObject& candidate = objects.at(child);
            if (is_linked_child(candidate) && stored.objects.count(candidate.prefab_source) && !linked_keys.count(candidate.prefab_source)) {
                linked_keys.insert(candidate.prefab_source);
                visit(child);
            } else {
                found.push_back({OverrideKind::AddedGameObject, child, source.id, 0, 0, {}, {}, {}, {}});
            }
        }
        for (int key : source.children)
            if (!linked_keys.count(key))
                found.push_back({OverrideKind::RemovedGameObject, id, key, 0, 0, {}, {}, {}, {}});
    }
};

// What a copy needs besides its objects to be changed: how to add an asset subtree and remove an object.
struct CopyEditor {
    ObjectMap& objects;
    std::function<void(const StoredObjects& contents, int key, int parent)> add;
    std::function<void(int id)> remove;
};

// The copy's objects linked to the asset, by the asset key they come from.
std::map<int, int> linked_objects(const ObjectMap& objects, int root) {
    std::map<int, int> linked;
    std::vector<int> pending{root};
    while (!pending.empty()) {
        int id = pending.back();
        pending.pop_back();
        const auto& object = objects.at(id);
        linked.emplace(object.prefab_source, id);
        for (int child : object.children)
            if (is_linked_child(objects.at(child)))
                pending.push_back(child);
    }
    return linked;
}

// Carries the change from before to after (an asset's contents) to one linked copy rooted at root.
void carry_change(const StoredObjects& before, const StoredObjects& after, int root, CopyEditor& copy) {
    std::vector<int> gone;
    for (const auto& [key, id] : linked_objects(copy.objects, root))
        if (!after.objects.count(key) && id != root)
            gone.push_back(id);
    for (int id : gone)
        if (copy.objects.count(id))
            copy.remove(id);
    for (const auto& [key, id] : linked_objects(copy.objects, root)) {
        auto old_found = before.objects.find(key);
        auto new_found = after.objects.find(key);
        if (old_found == before.objects.end() || new_found == after.objects.end())
            continue;
        const GameObject& old_source = old_found->second;
        const GameObject& new_source = new_found->second;
        GameObject& target = copy.objects.at(id);
        bool on_root = id == root;
        if (!on_root && old_source.name != new_source.name && target.name == old_source.name)
            target.name = new_source.name;
        if (old_source.active != new_source.active && target.active == old_source.active)
            target.active = new_source.active;
        for (const auto& old_component : old_source.components) {
            const Component* new_component = component_by_id(new_source, old_component.local_id);
            if (!new_component) {
                auto& list = target.components;
                list.erase(std::remove_if(list.begin(), list.end(),
                                          [&](const Component& component) { return component.source_component == old_component.local_id; }),
                           list.end());
                continue;
            }
            Component* mine = component_from(target, old_component.local_id);
            if (!mine)
                continue;
            for (std::size_t index = 0; index < mine->properties.size() && index < new_component->properties.size(); ++index) {
                const std::string& old_value = old_component.properties[index].value_json;
                const std::string& new_value = new_component->properties[index].value_json;
                if (old_value != new_value && mine->properties[index].value_json == old_value &&
                    !is_default_override(on_root, *mine->type, mine->properties[index].spec->path))
                    mine->properties[index].value_json = new_value;
            }
        }
        for (const auto& new_component : new_source.components) {
            if (component_by_id(old_source, new_component.local_id) || component_from(target, new_component.local_id))
                continue;
            Component added = new_component;
            added.source_component = new_component.local_id;
            added.local_id = 0; // Given by the caller's next_id below.
            target.components.push_back(added);
        }
        std::set<int> present;
        for (int child : target.children)
            if (is_linked_child(copy.objects.at(child)))
                present.insert(copy.objects.at(child).prefab_source);
        for (int key_child : new_source.children)
            if (!before.objects.count(key_child) && !present.count(key_child))
                copy.add(after, key_child, id);
    }
}

void give_component_ids(ObjectMap& objects, int& next_id) {
    for (auto& [id, object] : objects)
        for (auto& component : object.components)
            if (component.local_id == 0)
                component.local_id = next_id++;
}

// Copies the asset subtree at key into a variant's stored objects under parent, linked to the asset.
int store_linked_copy(StoredObjects& into, const StoredObjects& from, int key, int parent, int& next_id) {
    const GameObject& original = from.objects.at(key);
    int id = next_id++;
    GameObject copy = original;
    copy.id = id;
    copy.parent = parent;
    copy.children.clear();
    copy.prefab_source = key;
    for (auto& component : copy.components) {
        component.source_component = component.local_id;
        component.local_id = next_id++;
    }
    into.objects[id] = copy;
    into.objects.at(parent).children.push_back(id);
    for (int child : original.children)
        store_linked_copy(into, from, child, id, next_id);
    return id;
}

void erase_stored_subtree(StoredObjects& stored, int id) {
    const GameObject object = stored.objects.at(id);
    for (int child : object.children)
        erase_stored_subtree(stored, child);
    if (object.parent != 0 && stored.objects.count(object.parent)) {
        auto& siblings = stored.objects.at(object.parent).children;
        siblings.erase(std::remove(siblings.begin(), siblings.end(), id), siblings.end());
    }
    stored.roots.erase(std::remove(stored.roots.begin(), stored.roots.end(), id), stored.roots.end());
    stored.objects.erase(id);
}

GameObject& instance_object(Simulation& simulation, int id) { return simulation.world.objects.at(id); }

} // namespace

PrefabInstance find_prefab_instance(Simulation& simulation, const GameObject& object, Reply& error) {
    if (object.prefab_asset.empty() && object.prefab_source == 0) {
        error = error_reply("conflict", object.name + " is not part of a prefab instance");
        return {};
    }
    // The outermost instance root above (or at) the object: the one whose overrides Unity keeps.
    int root = 0;
    for (int current = object.id; current != 0; current = simulation.world.objects.at(current).parent)
        if (!simulation.world.objects.at(current).prefab_asset.empty())
            root = current;
    if (root == 0) {
        error = error_reply("conflict", object.name + " is not part of a prefab instance");
        return {};
    }
    const GameObject& root_object = simulation.world.objects.at(root);
    Asset* asset = simulation.find_asset(root_object.prefab_asset);
    if (!asset || (asset->kind != "Prefab" && asset->kind != "Model") || !asset->stored.objects.count(root_object.prefab_source)) {
        error = error_reply("not_found", root_object.name + "'s prefab asset " + root_object.prefab_asset + " is missing");
        return {};
    }
    return {root, asset};
}

std::vector<PrefabOverride> compute_overrides(const Simulation& simulation, int root, const Asset& asset) {
    Collector collector{simulation.world.objects, asset.stored, root, {}};
    collector.visit(root);
    return std::move(collector.found);
}

void write_override(JsonWriter& writer, const Simulation& simulation, int root, const Asset& asset, const PrefabOverride& item,
                    std::size_t index) {
    static constexpr std::string_view kinds[] = {"property", "addedComponent", "removedComponent", "addedGameObject", "removedGameObject"};
    const ObjectMap& objects = simulation.world.objects;
    const GameObject& object = objects.at(item.object);
    writer.StartObject();
    writer.Key("index");
    writer.Uint64(index);
    writer.Key("kind");
    std::string_view kind = kinds[static_cast<int>(item.kind)];
    writer.String(kind.data(), static_cast<rapidjson::SizeType>(kind.size()));
    writer.Key("objectPath");
    writer.String(relative_path(objects, root, item.object).c_str());
    writer.Key("instanceId");
    writer.Int(item.object);
    const Component* component = nullptr;
    const GameObject* owner = &object;
    if (item.kind == OverrideKind::RemovedComponent) {
        owner = &asset.stored.objects.at(item.asset_object);
        component = component_by_id(*owner, item.asset_component);
    } else if (item.component != 0) {
        component = component_by_id(object, item.component);
    }
    if (component) {
        writer.Key("componentType");
        writer.String(component->type->full_name.c_str());
        writer.Key("componentIndex");
        writer.Int(index_among_type(*owner, *component));
    }
    if (item.kind == OverrideKind::Property) {
        writer.Key("propertyPath");
        writer.String(item.property_path.c_str());
        writer.Key("type");
        writer.String(item.value_type.c_str());
        writer.Key("value");
        writer.RawValue(item.value_json.data(), item.value_json.size(), rapidjson::kObjectType);
        writer.Key("assetValue");
        writer.RawValue(item.asset_value_json.data(), item.asset_value_json.size(), rapidjson::kObjectType);
    }
    if (item.kind == OverrideKind::RemovedGameObject) {
        const GameObject& removed = asset.stored.objects.at(item.asset_object);
        writer.Key("name");
        writer.String(removed.name.c_str());
    }
    writer.EndObject();
}

void apply_override(Simulation& simulation, const PrefabInstance& instance, const PrefabOverride& item) {
    StoredObjects after = instance.asset->stored;
    GameObject& object = instance_object(simulation, item.object);
    switch (item.kind) {
    case OverrideKind::Property: {
        GameObject& source = after.objects.at(item.asset_object);
        if (item.component == 0) {
            if (item.property_path == "m_Name")
                source.name = object.name;
            else
                source.active = object.active;
            break;
        }
        Component* target = component_by_id(source, item.asset_component);
        for (auto& property : target->properties)
            if (property.spec->path == item.property_path)
                property.value_json = item.value_json;
        break;
    }
    case OverrideKind::AddedComponent: {
        Component* added = component_by_id(object, item.component);
        Component stored = *added;
        stored.local_id = simulation.world.next_id++;
        stored.source_component = 0;
        after.objects.at(item.asset_object).components.push_back(stored);
        added->source_component = stored.local_id; // The instance's component now comes from the prefab.
        break;
    }
    case OverrideKind::RemovedComponent: {
        auto& list = after.objects.at(item.asset_object).components;
        list.erase(std::remove_if(list.begin(), list.end(), [&](const Component& component) { return component.local_id == item.asset_component; }),
                   list.end());
        break;
    }
    case OverrideKind::AddedGameObject: {
        // The added subtree becomes the prefab's, under new keys; the instance's objects link to them.
        std::function<void(int, int)> store = [&](int id, int parent_key) {
            GameObject& added = instance_object(simulation, id);
            int key = simulation.world.next_id++;
            GameObject stored = added;
            stored.id = key;
            stored.parent = parent_key;
            stored.children.clear();
            stored.prefab_source = 0;
            stored.prefab_asset.clear();
            for (std::size_t index = 0; index < stored.components.size(); ++index) {
                stored.components[index].local_id = simulation.world.next_id++;
                stored.components[index].source_component = 0;
                added.components[index].source_component = stored.components[index].local_id;
            }
            added.prefab_source = key;
            added.prefab_asset.clear();
            after.objects[key] = stored;
            after.objects.at(parent_key).children.push_back(key);
            for (int child : std::vector<int>(added.children))
                store(child, key);
        };
        store(item.object, item.asset_object);
        break;
    }
    case OverrideKind::RemovedGameObject:
        erase_stored_subtree(after, item.asset_object);
        break;
    }
    update_prefab_asset(simulation, instance.asset->path, std::move(after));
}

void revert_override(Simulation& simulation, const PrefabInstance& instance, const PrefabOverride& item) {
    GameObject& object = instance_object(simulation, item.object);
    const GameObject& source = instance.asset->stored.objects.at(item.asset_object);
    switch (item.kind) {
    case OverrideKind::Property:
        if (item.component == 0) {
            if (item.property_path == "m_Name")
                object.name = source.name;
            else
                object.active = source.active;
        } else if (Component* mine = component_by_id(object, item.component)) {
            for (auto& property : mine->properties)
                if (property.spec->path == item.property_path)
                    property.value_json = item.asset_value_json;
        }
        break;
    case OverrideKind::AddedComponent: {
        auto& list = object.components;
        list.erase(std::remove_if(list.begin(), list.end(), [&](const Component& component) { return component.local_id == item.component; }),
                   list.end());
        break;
    }
    case OverrideKind::RemovedComponent: {
        Component restored = *component_by_id(source, item.asset_component);
        restored.source_component = restored.local_id;
        restored.local_id = simulation.world.next_id++;
        object.components.push_back(restored);
        break;
    }
    case OverrideKind::AddedGameObject:
        simulation.destroy_object(item.object);
        break;
    case OverrideKind::RemovedGameObject:
        simulation.copy_objects(instance.asset->stored, item.asset_object, item.object, object.scene, Simulation::CopyLinks::ToSource);
        break;
    }
}

void update_prefab_asset(Simulation& simulation, const std::string& path, StoredObjects contents) {
    Asset* asset = simulation.find_asset(path);
    if (!asset)
        return;
    StoredObjects before = std::move(asset->stored);
    asset->stored = std::move(contents);
    const StoredObjects& after = asset->stored;
    // Instances in the open scenes (and in the prefab stage).
    std::vector<int> roots;
    for (const auto& [id, object] : simulation.world.objects)
        if (object.prefab_asset == path && after.objects.count(object.prefab_source))
            roots.push_back(id);
    std::set<int> touched_scenes;
    for (int root : roots) {
        CopyEditor editor{simulation.world.objects,
                          [&](const StoredObjects& from, int key, int parent) {
                              simulation.copy_objects(from, key, parent, simulation.world.objects.at(parent).scene, Simulation::CopyLinks::ToSource);
                          },
                          [&](int id) { simulation.destroy_object(id); }};
        carry_change(before, after, root, editor);
        give_component_ids(simulation.world.objects, simulation.world.next_id);
        touched_scenes.insert(simulation.world.objects.at(root).scene);
    }
    for (int scene : touched_scenes)
        simulation.mark_dirty(scene);
    simulation.hierarchy_changed();
    // Variants: their contents change the same way, then their own instances follow.
    std::vector<std::string> variants;
    for (const auto& [candidate, other] : simulation.world.assets)
        if (other.variant_of == path && !other.stored.roots.empty())
            variants.push_back(candidate);
    for (const auto& variant_path : variants) {
        StoredObjects variant = simulation.find_asset(variant_path)->stored;
        int& next_id = simulation.world.next_id;
        CopyEditor editor{variant.objects,
                          [&](const StoredObjects& from, int key, int parent) { store_linked_copy(variant, from, key, parent, next_id); },
                          [&](int id) { erase_stored_subtree(variant, id); }};
        carry_change(before, asset->stored, variant.roots.front(), editor);
        give_component_ids(variant.objects, next_id);
        update_prefab_asset(simulation, variant_path, std::move(variant));
        asset = simulation.find_asset(path);
    }
}

void unlink_objects(Simulation& simulation, int root, UnpackDepth depth) {
    std::vector<int> pending{root};
    while (!pending.empty()) {
        int id = pending.back();
        pending.pop_back();
        GameObject& object = simulation.world.objects.at(id);
        if (id != root && !object.prefab_asset.empty() && depth == UnpackDepth::OutermostRoot)
            continue; // A nested instance stays one when only the outermost root is unpacked.
        object.prefab_asset.clear();
        object.prefab_source = 0;
        for (auto& component : object.components)
            component.source_component = 0;
        pending.insert(pending.end(), object.children.begin(), object.children.end());
    }
}

StoredObjects stage_contents_for_asset(const Simulation& simulation, int stage_root, const StoredObjects& before) {
    StoredObjects stored = simulation.store_subtree(stage_root);
    std::map<int, int> keys; // Stage id → asset key.
    for (const auto& [id, object] : stored.objects)
        keys[id] = object.prefab_source != 0 && before.objects.count(object.prefab_source) ? object.prefab_source : id;
    StoredObjects rekeyed;
    for (auto& [id, object] : stored.objects) {
        GameObject copy = object;
        int key = keys.at(id);
        copy.id = key;
        copy.parent = object.parent != 0 && keys.count(object.parent) ? keys.at(object.parent) : 0;
        for (int& child : copy.children)
            child = keys.at(child);
        // The asset's own links (a variant's to its base) are the asset's, not the stage's.
        auto previous = before.objects.find(key);
        copy.prefab_source = previous != before.objects.end() && key != id ? previous->second.prefab_source : 0;
        for (auto& component : copy.components) {
            const Component* old = previous != before.objects.end() && component.source_component != 0
                                       ? component_by_id(previous->second, component.source_component)
                                       : nullptr;
            if (old) {
                component.local_id = old->local_id;
                component.source_component = old->source_component;
            } else {
                component.source_component = 0;
            }
        }
        rekeyed.objects[key] = std::move(copy);
    }
    rekeyed.roots.push_back(keys.at(stage_root));
    return rekeyed;
}

void connect_saved_prefab(Simulation& simulation, int source_root, const std::string& path) {
    Asset* asset = simulation.find_asset(path);
    GameObject& root = simulation.world.objects.at(source_root);
    bool variant = !root.prefab_asset.empty();
    if (variant)
        asset->variant_of = root.prefab_asset;
    else
        for (auto& [key, object] : asset->stored.objects) {
            object.prefab_source = 0;
            for (auto& component : object.components)
                component.source_component = 0;
        }
    std::vector<int> pending{source_root};
    while (!pending.empty()) {
        int id = pending.back();
        pending.pop_back();
        GameObject& object = simulation.world.objects.at(id);
        object.prefab_source = id;
        for (auto& component : object.components)
            component.source_component = component.local_id;
        pending.insert(pending.end(), object.children.begin(), object.children.end());
    }
    root.prefab_asset = path;
}

} // namespace uap::editor_sim

// Simulator primitives for the hierarchy, objects and components.
#include "prefab_links.hpp"
#include "prefab_stage.hpp"
#include "support/json_writer.hpp"
#include "transforms.hpp"

#include <algorithm>
#include <functional>

namespace uap::editor_sim {

namespace {

int limit_of(const rapidjson::Value& params, const char* name, int fallback) {
    return params.HasMember(name) ? params[name].GetInt() : fallback;
}

Reply observed_node(Simulation& simulation, int id) {
    Output out;
    out.writer.StartObject();
    out.writer.Key("observed");
    auto found = simulation.world.objects.find(id);
    if (found == simulation.world.objects.end())
        out.writer.Null();
    else
        simulation.write_node(out.writer, found->second, true);
    out.writer.EndObject();
    return out.reply();
}

Reply hierarchy_roots(Simulation& simulation, const rapidjson::Value& params) {
    std::vector<const std::vector<int>*> lists;
    if (params.HasMember("scene")) {
        Scene* scene = simulation.find_scene(params["scene"].GetString());
        if (!scene)
            return error_reply("not_found", std::string("no open scene named '") + params["scene"].GetString() + "'");
        lists.push_back(&scene->roots);
    } else {
        for (const Scene* scene : simulation.addressed_scenes())
            lists.push_back(&scene->roots);
    }
    auto offset = parse_cursor(params);
    if (!offset)
        return error_reply("invalid_params", "cursor is not one this editor issued");
    std::size_t limit = static_cast<std::size_t>(limit_of(params, "limit", 200));
    std::size_t total = 0;
    for (const auto* roots : lists)
        total += roots->size();
    std::size_t end = std::min(total, *offset + limit);
    Output out;
    out.writer.StartObject();
    out.writer.Key("nodes");
    out.writer.StartArray();
    std::size_t base = 0;
    for (const auto* roots : lists) {
        for (std::size_t index = std::max(*offset, base); index < std::min(end, base + roots->size()); ++index)
            simulation.write_node(out.writer, simulation.world.objects.at((*roots)[index - base]), false);
        base += roots->size();
    }
    out.writer.EndArray();
    out.writer.Key("total");
    out.writer.Uint64(total);
    if (end < total) {
        out.writer.Key("nextCursor");
        out.writer.String(std::to_string(end).c_str());
    }
    write_stage(simulation, out.writer);
    out.writer.EndObject();
    return out.reply();
}

// The walk a page starts from: the one an earlier page stopped at this offset when the hierarchy has
// not changed since, else a walk from the first node.
SubtreeWalk resumable_walk(Simulation& simulation, int root, int depth, std::size_t offset) {
    SubtreeWalks& walks = simulation.subtree_walks;
    if (walks.generation != simulation.index.generation() || walks.root != root || walks.depth != depth) {
        walks = SubtreeWalks{simulation.index.generation(), root, depth, {}};
    } else if (auto found = walks.stopped.find(offset); found != walks.stopped.end()) {
        return found->second;
    }
    SubtreeWalk walk;
    if (root != 0)
        walk.starts.push_back(root);
    return walk;
}

void keep_walk(Simulation& simulation, const SubtreeWalk& walk) {
    constexpr std::size_t kept_walks = 64;
    auto& stopped = simulation.subtree_walks.stopped;
    if (stopped.size() >= kept_walks)
        stopped.erase(stopped.begin());
    stopped[walk.position] = walk;
}

Reply hierarchy_subtree(Simulation& simulation, const rapidjson::Value& params) {
    int root = 0;
    if (params.HasMember("root")) {
        Reply error;
        GameObject* found = simulation.find_object(params["root"], error);
        if (!found)
            return error;
        root = found->id;
    }
    int max_depth = limit_of(params, "depth", 3);
    std::size_t max_nodes = static_cast<std::size_t>(limit_of(params, "maxNodes", 500));
    bool components = params.HasMember("components") && params["components"].GetBool();
    auto offset = parse_cursor(params);
    if (!offset)
        return error_reply("invalid_params", "cursor is not one this editor issued");
    std::vector<Scene*> scenes = simulation.addressed_scenes();
    SubtreeWalk walk = resumable_walk(simulation, root, max_depth, *offset);
    // Takes the walk's next root: the given object once, else every root of every addressed scene.
    auto next_start = [&]() -> bool {
        if (root != 0) {
            if (walk.starts.empty())
                return false;
            walk.pending.emplace_back(walk.starts.back(), 0);
            walk.starts.pop_back();
            return true;
        }
        while (walk.scene_index < scenes.size()) {
            const auto& roots = scenes[walk.scene_index]->roots;
            if (walk.root_index < roots.size()) {
                walk.pending.emplace_back(roots[walk.root_index++], 0);
                return true;
            }
            ++walk.scene_index;
            walk.root_index = 0;
        }
        return false;
    };
    Output out;
    out.writer.StartObject();
    out.writer.Key("nodes");
    out.writer.StartArray();
    std::size_t emitted = 0;
    bool truncated = false;
    while (!walk.pending.empty() || next_start()) {
        if (walk.position >= *offset && emitted == max_nodes) {
            truncated = true;
            break;
        }
        if (walk.position == *offset && emitted == 0)
            keep_walk(simulation, walk); // The same page asked for again resumes here too.
        auto [id, depth] = walk.pending.back();
        walk.pending.pop_back();
        const auto& object = simulation.world.objects.at(id);
        if (walk.position++ >= *offset) {
            simulation.write_node(out.writer, object, components, depth);
            ++emitted;
        }
        if (depth < max_depth)
            for (auto child = object.children.rbegin(); child != object.children.rend(); ++child)
                walk.pending.emplace_back(*child, depth + 1);
    }
    out.writer.EndArray();
    out.writer.Key("truncated");
    out.writer.Bool(truncated);
    if (truncated) {
        out.writer.Key("nextCursor");
        out.writer.String(std::to_string(*offset + emitted).c_str());
        keep_walk(simulation, walk);
    }
    write_stage(simulation, out.writer);
    out.writer.EndObject();
    return out.reply();
}

void add_primitive_parts(Simulation& simulation, GameObject& object, const std::string& primitive) {
    auto& mesh_filter = object.components.emplace_back(simulation.make_component(*simulation.types.find("MeshFilter")));
    mesh_filter.properties[0].value_json = json::TextWriter()
                                               .begin_object()
                                               .field("assetPath", "Library/unity default resources")
                                               .field("subAsset", primitive)
                                               .end_object()
                                               .text();
    auto& renderer = object.components.emplace_back(simulation.make_component(*simulation.types.find("MeshRenderer")));
    renderer.properties[2].value_json = R"({"assetPath":"Resources/unity_builtin_extra","subAsset":"Default-Material"})";
    std::string collider = primitive == "Cube"                              ? "BoxCollider"
                           : primitive == "Sphere"                          ? "SphereCollider"
                           : primitive == "Capsule" || primitive == "Cylinder" ? "CapsuleCollider"
                                                                            : "MeshCollider";
    object.components.push_back(simulation.make_component(*simulation.types.find(collider)));
}

int target_scene(Simulation& simulation, const rapidjson::Value& params, Reply& error, int& parent) {
    parent = 0;
    if (params.HasMember("parent")) {
        GameObject* parent_object = simulation.find_object(params["parent"], error);
        if (!parent_object)
            return 0;
        parent = parent_object->id;
        return parent_object->scene;
    }
    if (params.HasMember("scene")) {
        Scene* scene = simulation.find_scene(params["scene"].GetString());
        if (!scene) {
            error = error_reply("not_found", std::string("no open scene named '") + params["scene"].GetString() + "'");
            return 0;
        }
        return scene->handle;
    }
    // In prefab mode a new object goes under the prefab's root, where the user is editing (a prefab
    // has one root; Unity's StageUtility.PlaceGameObjectInCurrentStage, then parenting, as the package does).
    const Scene& stage = simulation.world.prefab_stage_scene;
    if (stage.handle != 0 && !stage.roots.empty()) {
        parent = stage.roots.front();
        return stage.handle;
    }
    return simulation.world.active_scene;
}

Reply object_create(Simulation& simulation, const rapidjson::Value& params) {
    Reply error;
    int parent = 0;
    int scene = target_scene(simulation, params, error, parent);
    if (scene == 0)
        return error.json.empty() ? error_reply("conflict", "no scene is open") : error;
    simulation.record_undo("Create Object");
    auto& object = simulation.create_object(params["name"].GetString(), parent, scene);
    if (params.HasMember("primitive"))
        add_primitive_parts(simulation, object, params["primitive"].GetString());
    // Position, rotation (Euler degrees) and scale are local values, as Unity's Inspector shows them.
    LocalTransform local = local_transform(object);
    Vector3 value;
    if (params.HasMember("position") && read_vector(params["position"], value))
        local.position = value;
    if (params.HasMember("rotation") && read_vector(params["rotation"], value))
        local.rotation = from_euler(value);
    if (params.HasMember("scale") && read_vector(params["scale"], value))
        local.scale = value;
    store_local_transform(object, local);
    simulation.mark_dirty(scene);
    return observed_node(simulation, object.id);
}

Reply object_destroy(Simulation& simulation, const rapidjson::Value& params) {
    Reply error;
    GameObject* object = simulation.find_object(params["object"], error);
    if (!object)
        return error;
    int id = object->id, scene = object->scene;
    std::string path = simulation.path_of(*object);
    simulation.record_undo("Destroy Object");
    std::size_t before = simulation.world.objects.size();
    simulation.destroy_object(id);
    simulation.mark_dirty(scene);
    Output out;
    out.writer.StartObject();
    out.writer.Key("observed");
    out.writer.StartObject();
    out.writer.Key("instanceId");
    out.writer.Int(id);
    out.writer.Key("path");
    out.writer.String(path.c_str());
    out.writer.Key("exists");
    out.writer.Bool(simulation.world.objects.count(id) > 0);
    out.writer.Key("destroyedCount");
    out.writer.Uint64(before - simulation.world.objects.size());
    out.writer.EndObject();
    out.writer.EndObject();
    return out.reply();
}

Reply object_rename(Simulation& simulation, const rapidjson::Value& params) {
    Reply error;
    GameObject* object = simulation.find_object(params["object"], error);
    if (!object)
        return error;
    simulation.record_undo("Rename Object");
    object = &simulation.world.objects.at(object->id);
    object->name = params["name"].GetString();
    simulation.mark_dirty(object->scene);
    return observed_node(simulation, object->id);
}

void set_scene_recursively(Simulation& simulation, int id, int scene) {
    auto& object = simulation.world.objects.at(id);
    object.scene = scene;
    for (int child : object.children)
        set_scene_recursively(simulation, child, scene);
}

Reply object_reparent(Simulation& simulation, const rapidjson::Value& params) {
    Reply error;
    GameObject* object = simulation.find_object(params["object"], error);
    if (!object)
        return error;
    int id = object->id;
    int parent = 0, scene = object->scene;
    if (params.HasMember("parent")) {
        GameObject* parent_object = simulation.find_object(params["parent"], error);
        if (!parent_object)
            return error;
        for (int ancestor = parent_object->id; ancestor != 0; ancestor = simulation.world.objects.at(ancestor).parent)
            if (ancestor == id)
                return error_reply("conflict", "cannot parent an object under itself or its own descendant");
        parent = parent_object->id;
        scene = parent_object->scene;
    }
    simulation.record_undo("Reparent Object");
    auto& moved = simulation.world.objects.at(id);
    // Transform.SetParent keeps the world pose by default; with worldPositionStays false the local
    // values are kept and the world pose changes with the new parent.
    bool world_stays = !params.HasMember("worldPositionStays") || params["worldPositionStays"].GetBool();
    WorldTransform world_before = world_transform(simulation, moved);
    int old_scene = moved.scene;
    auto& old_siblings = simulation.siblings_of(moved);
    old_siblings.erase(std::remove(old_siblings.begin(), old_siblings.end(), id), old_siblings.end());
    moved.parent = parent;
    set_scene_recursively(simulation, id, scene);
    auto& siblings = simulation.siblings_of(moved);
    std::size_t index = params.HasMember("siblingIndex") ? std::min<std::size_t>(params["siblingIndex"].GetInt(), siblings.size())
                                                         : siblings.size();
    siblings.insert(siblings.begin() + static_cast<std::ptrdiff_t>(index), id);
    if (world_stays) {
        LocalTransform local = local_for_world(simulation, moved, world_before);
        Vector3 parent_scale = parent == 0 ? Vector3{1, 1, 1} : world_transform(simulation, simulation.world.objects.at(parent)).lossy_scale;
        local.scale = divide_by(world_before.lossy_scale, parent_scale);
        store_local_transform(moved, local);
    }
    simulation.mark_dirty(old_scene);
    if (scene != old_scene)
        simulation.mark_dirty(scene);
    return observed_node(simulation, id);
}

Reply object_set_active(Simulation& simulation, const rapidjson::Value& params) {
    Reply error;
    GameObject* object = simulation.find_object(params["object"], error);
    if (!object)
        return error;
    simulation.record_undo("Set Active");
    object = &simulation.world.objects.at(object->id);
    object->active = params["active"].GetBool();
    simulation.mark_dirty(object->scene);
    return observed_node(simulation, object->id);
}

Reply object_duplicate(Simulation& simulation, const rapidjson::Value& params) {
    Reply error;
    GameObject* object = simulation.find_object(params["object"], error);
    if (!object)
        return error;
    int id = object->id;
    simulation.record_undo("Duplicate Object");
    StoredObjects stored = simulation.store_subtree(id);
    const auto& original = simulation.world.objects.at(id);
    int copy = simulation.copy_objects(stored, id, original.parent, original.scene);
    auto& duplicate = simulation.world.objects.at(copy);
    duplicate.prefab_asset = simulation.world.objects.at(id).prefab_asset;
    // A copy of an object inside a prefab instance is not part of it (an added GameObject), as in Unity.
    if (duplicate.prefab_asset.empty() && duplicate.prefab_source != 0)
        unlink_objects(simulation, copy, UnpackDepth::OutermostRoot);
    duplicate.name = params.HasMember("name") ? params["name"].GetString() : simulation.world.objects.at(id).name + " (1)";
    auto& siblings = simulation.siblings_of(duplicate);
    siblings.pop_back();
    siblings.insert(std::find(siblings.begin(), siblings.end(), id) + 1, copy);
    simulation.mark_dirty(duplicate.scene);
    return observed_node(simulation, copy);
}

Reply object_instantiate(Simulation& simulation, const rapidjson::Value& params) {
    Asset* asset = simulation.find_asset(params["asset"].GetString());
    if (!asset)
        return error_reply("not_found", std::string("no asset at '") + params["asset"].GetString() + "'");
    if ((asset->kind != "Prefab" && asset->kind != "Model") || asset->stored.roots.empty())
        return error_reply("unsupported", "only prefab and model assets can be instantiated; '" + asset->path + "' is a " + asset->kind);
    Reply error;
    int parent = 0;
    int scene = target_scene(simulation, params, error, parent);
    if (scene == 0)
        return error.json.empty() ? error_reply("conflict", "no scene is open") : error;
    simulation.record_undo("Instantiate");
    asset = simulation.find_asset(params["asset"].GetString());
    int id = simulation.copy_objects(asset->stored, asset->stored.roots[0], parent, scene, Simulation::CopyLinks::ToSource);
    auto& instance = simulation.world.objects.at(id);
    // A model's instance is a prefab instance too (a model prefab), as PrefabUtility.InstantiatePrefab makes it.
    instance.prefab_asset = asset->path;
    if (params.HasMember("name"))
        instance.name = params["name"].GetString();
    simulation.mark_dirty(scene);
    return observed_node(simulation, id);
}

Reply component_list(Simulation& simulation, const rapidjson::Value& params) {
    Reply error;
    GameObject* object = simulation.find_object(params["object"], error);
    if (!object)
        return error;
    Output out;
    out.writer.StartObject();
    out.writer.Key("instanceId");
    out.writer.Int(object->id);
    out.writer.Key("components");
    out.writer.StartArray();
    std::map<const TypeSpec*, int> seen;
    for (const auto& component : object->components) {
        out.writer.StartObject();
        out.writer.Key("type");
        out.writer.String(component.type->full_name.c_str());
        out.writer.Key("shortName");
        out.writer.String(component.type->short_name.c_str());
        out.writer.Key("index");
        out.writer.Int(seen[component.type]++);
        out.writer.Key("propertyCount");
        out.writer.Uint64(component.properties.size());
        out.writer.EndObject();
    }
    out.writer.EndArray();
    out.writer.EndObject();
    return out.reply();
}

int count_of(const GameObject& object, const TypeSpec* type) {
    return static_cast<int>(std::count_if(object.components.begin(), object.components.end(),
                                          [&](const Component& component) { return component.type == type; }));
}

Reply component_add(Simulation& simulation, const rapidjson::Value& params) {
    Reply error;
    GameObject* object = simulation.find_object(params["object"], error);
    if (!object)
        return error;
    const TypeSpec* type = simulation.find_type(params["type"].GetString(), error);
    if (!type)
        return error;
    if (type->kind != TypeKind::Component)
        return error_reply("type_mismatch", type->full_name + " is not a component type");
    if (type->is_abstract)
        return error_reply("type_mismatch", type->full_name + " is abstract and cannot be added; add a concrete subclass of it");
    if (type->multiplicity == Multiplicity::Fixed)
        return error_reply("conflict", type->full_name + " cannot be added: every GameObject has exactly one");
    if (type->multiplicity == Multiplicity::OnePerObject && count_of(*object, type) > 0)
        return error_reply("conflict", object->name + " already has a " + type->short_name + " and allows only one");
    int id = object->id;
    simulation.record_undo("Add Component");
    auto& target = simulation.world.objects.at(id);
    target.components.push_back(simulation.make_component(*type));
    simulation.mark_dirty(target.scene);
    Output out;
    out.writer.StartObject();
    out.writer.Key("observed");
    out.writer.StartObject();
    out.writer.Key("instanceId");
    out.writer.Int(id);
    out.writer.Key("type");
    out.writer.String(type->full_name.c_str());
    out.writer.Key("index");
    out.writer.Int(count_of(target, type) - 1);
    out.writer.Key("countOfType");
    out.writer.Int(count_of(target, type));
    out.writer.EndObject();
    out.writer.EndObject();
    return out.reply();
}

Reply component_remove(Simulation& simulation, const rapidjson::Value& params) {
    Reply error;
    GameObject* owner = nullptr;
    Component* component = simulation.find_component(params, owner, error);
    if (!component)
        return error;
    if (component->type->multiplicity == Multiplicity::Fixed)
        return error_reply("conflict", component->type->full_name + " cannot be removed from a GameObject");
    const TypeSpec* type = component->type;
    int id = owner->id;
    std::size_t position = static_cast<std::size_t>(component - owner->components.data());
    int before = count_of(*owner, type);
    simulation.record_undo("Remove Component");
    auto& target = simulation.world.objects.at(id);
    target.components.erase(target.components.begin() + static_cast<std::ptrdiff_t>(position));
    simulation.mark_dirty(target.scene);
    Output out;
    out.writer.StartObject();
    out.writer.Key("observed");
    out.writer.StartObject();
    out.writer.Key("instanceId");
    out.writer.Int(id);
    out.writer.Key("type");
    out.writer.String(type->full_name.c_str());
    out.writer.Key("countBefore");
    out.writer.Int(before);
    out.writer.Key("countAfter");
    out.writer.Int(count_of(target, type));
    out.writer.EndObject();
    out.writer.EndObject();
    return out.reply();
}

} // namespace

const TypeSpec* Simulation::find_type(std::string_view name, Reply& error) const {
    bool ambiguous = false;
    const TypeSpec* type = types.find(name, &ambiguous);
    if (type)
        return type;
    if (ambiguous) {
        error = error_reply("conflict", "short type name '" + std::string(name) + "' is ambiguous; use the full name");
        return nullptr;
    }
    std::string suggestions;
    for (const TypeSpec* candidate : types.search(name, TypeKind::Component, true))
        suggestions += (suggestions.empty() ? "" : ", ") + candidate->full_name;
    error = error_reply("not_found", "no type named '" + std::string(name) + "'" +
                                         (suggestions.empty() ? std::string() : "; similar: " + suggestions));
    return nullptr;
}

Component* Simulation::find_component(const rapidjson::Value& reference, GameObject*& owner, Reply& error) {
    owner = find_object(reference["object"], error);
    if (!owner)
        return nullptr;
    const TypeSpec* type = find_type(reference["type"].GetString(), error);
    if (!type)
        return nullptr;
    int wanted = reference.HasMember("index") ? reference["index"].GetInt() : 0;
    int seen = 0;
    for (auto& component : owner->components)
        if (component.type == type && seen++ == wanted)
            return &component;
    error = error_reply("not_found", owner->name + " has " + std::to_string(seen) + " " + type->short_name +
                                         " component(s); index " + std::to_string(wanted) + " does not exist");
    return nullptr;
}

void register_object_primitives(std::map<std::string, Primitive, std::less<>>& table) {
    table["hierarchy.roots"] = &hierarchy_roots;
    table["hierarchy.subtree"] = &hierarchy_subtree;
    table["object.create"] = &object_create;
    table["object.destroy"] = &object_destroy;
    table["object.rename"] = &object_rename;
    table["object.reparent"] = &object_reparent;
    table["object.setActive"] = &object_set_active;
    table["object.duplicate"] = &object_duplicate;
    table["object.instantiate"] = &object_instantiate;
    table["component.list"] = &component_list;
    table["component.add"] = &component_add;
    table["component.remove"] = &component_remove;
}

} // namespace uap::editor_sim

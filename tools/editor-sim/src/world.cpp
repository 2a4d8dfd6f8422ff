// Lookups and object lifecycle shared by the simulator's primitives.
#include "world.hpp"
#include "support/json_writer.hpp"

#include <algorithm>
#include <cstdint>
#include <sstream>

namespace uap::editor_sim {

Reply result_reply(std::string json) { return Reply{Reply::Kind::Result, std::move(json)}; }

Reply cancel_reply(bool was_running, bool running) {
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    writer.StartObject();
    writer.Key("wasRunning");
    writer.Bool(was_running);
    writer.Key("running");
    writer.Bool(running);
    writer.EndObject();
    return result_reply(std::string(buffer.GetString(), buffer.GetSize()));
}

Reply error_reply(std::string_view code, std::string_view message, std::string data_json) {
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    writer.StartObject();
    writer.Key("code");
    writer.String(code.data(), static_cast<rapidjson::SizeType>(code.size()));
    writer.Key("message");
    writer.String(message.data(), static_cast<rapidjson::SizeType>(message.size()));
    if (!data_json.empty()) {
        writer.Key("data");
        writer.RawValue(data_json.data(), data_json.size(), rapidjson::kObjectType);
    }
    writer.EndObject();
    return Reply{Reply::Kind::Error, buffer.GetString()};
}

std::string to_json(const rapidjson::Value& value) {
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    value.Accept(writer);
    return buffer.GetString();
}

std::optional<std::size_t> parse_cursor(const rapidjson::Value& params) {
    if (!params.HasMember("cursor"))
        return std::size_t{0};
    std::string text = params["cursor"].GetString();
    if (text.empty() || text.size() > 12 || !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return std::nullopt;
    return static_cast<std::size_t>(std::stoull(text));
}

namespace {

std::vector<std::string> split_path(std::string_view path) {
    std::vector<std::string> parts;
    std::string part;
    std::istringstream stream{std::string(path)};
    while (std::getline(stream, part, '/'))
        if (!part.empty())
            parts.push_back(part);
    return parts;
}

// The children of parent (the roots of scene when parent is 0) one path segment names: those with
// exactly that name, or else for "Name[i]" the i-th (from 0) of the siblings named "Name", so
// same-named siblings can be told apart.
std::vector<int> matching_siblings(Simulation& simulation, int scene, int parent, const std::string& segment) {
    const std::vector<int>& exact = simulation.index.named(simulation.world, scene, parent, segment);
    if (!exact.empty() || segment.size() < 4 || segment.back() != ']')
        return exact;
    auto open = segment.rfind('[');
    if (open == std::string::npos || open == 0 || open + 2 > segment.size() - 1)
        return exact;
    std::string digits = segment.substr(open + 1, segment.size() - open - 2);
    if (digits.size() > 6 || !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return exact;
    std::size_t wanted = std::stoul(digits);
    const std::vector<int>& named = simulation.index.named(simulation.world, scene, parent, segment.substr(0, open));
    if (wanted < named.size())
        return {named[wanted]};
    return {};
}

} // namespace

GameObject* Simulation::find_object(const rapidjson::Value& reference, Reply& error) {
    if (reference.HasMember("instanceId")) {
        // Ids are 64-bit on the bridge (Unity 6000.5's EntityIds); the simulator's own fit in an int.
        std::int64_t id = reference["instanceId"].IsInt64() ? reference["instanceId"].GetInt64() : 0;
        auto found = id >= INT32_MIN && id <= INT32_MAX ? world.objects.find(static_cast<int>(id)) : world.objects.end();
        if (found == world.objects.end()) {
            error = error_reply("not_found", "no scene object has instanceId " + std::to_string(id));
            return nullptr;
        }
        return &found->second;
    }
    if (!reference.HasMember("scenePath")) {
        error = error_reply("not_found", "the reference names an asset, not a scene object; use instanceId or scenePath");
        return nullptr;
    }
    std::string path = reference["scenePath"].GetString();
    auto parts = split_path(path);
    std::vector<int> candidates;
    std::string scene_name = reference.HasMember("scene") ? reference["scene"].GetString() : "";
    if (!scene_name.empty() && !find_scene(scene_name)) {
        error = error_reply("not_found", "no open scene named '" + scene_name + "'");
        return nullptr;
    }
    for (Scene* scene : addressed_scenes())
        if (!parts.empty() && (scene_name.empty() || scene->name == scene_name || scene->path == scene_name))
            for (int id : matching_siblings(*this, scene->handle, 0, parts[0]))
                candidates.push_back(id);
    for (std::size_t level = 1; level < parts.size(); ++level) {
        std::vector<int> next;
        for (int candidate : candidates)
            for (int id : matching_siblings(*this, 0, candidate, parts[level]))
                next.push_back(id);
        candidates = std::move(next);
    }
    if (candidates.empty()) {
        error = error_reply("not_found", "no scene object at path '" + path + "'");
        return nullptr;
    }
    if (candidates.size() > 1) {
        error = error_reply("conflict", std::to_string(candidates.size()) + " objects match path '" + path +
                                            "'; name one by instanceId");
        return nullptr;
    }
    return &world.objects.at(candidates[0]);
}

Asset* Simulation::find_asset(std::string_view path) {
    auto found = world.assets.find(std::string(path));
    return found == world.assets.end() ? nullptr : &found->second;
}

Scene* Simulation::find_scene(std::string_view name_or_path) {
    for (auto& scene : world.scenes)
        if (scene.path == name_or_path || scene.name == name_or_path)
            return &scene;
    return nullptr;
}

Scene* Simulation::scene_by_handle(int handle) {
    for (auto& scene : world.scenes)
        if (scene.handle == handle)
            return &scene;
    if (handle != 0 && world.prefab_stage_scene.handle == handle)
        return &world.prefab_stage_scene;
    return nullptr;
}

std::string Simulation::path_of(const GameObject& object) const {
    std::vector<const std::string*> names{&object.name};
    for (int parent = object.parent; parent != 0;) {
        const auto& node = world.objects.at(parent);
        names.push_back(&node.name);
        parent = node.parent;
    }
    std::size_t length = 0;
    for (const auto* name : names)
        length += 1 + name->size();
    // Appended in place: a page of a deep hierarchy writes thousands of segments.
    std::string path;
    path.reserve(length);
    for (auto name = names.rbegin(); name != names.rend(); ++name)
        path.append(1, '/').append(**name);
    return path;
}

std::vector<int>& Simulation::siblings_of(const GameObject& object) {
    if (object.parent != 0)
        return world.objects.at(object.parent).children;
    return scene_by_handle(object.scene)->roots;
}

Component Simulation::make_component(const TypeSpec& type) {
    Component component{&type, {}, world.next_id++, 0};
    for (const auto& spec : type.properties)
        component.properties.push_back(Property{&spec, spec.default_json});
    return component;
}

GameObject& Simulation::create_object(std::string name, int parent, int scene_handle) {
    int id = world.next_id++;
    GameObject object;
    object.id = id;
    object.name = std::move(name);
    object.parent = parent;
    object.scene = parent != 0 ? world.objects.at(parent).scene : scene_handle;
    object.components.push_back(make_component(*types.find("UnityEngine.Transform")));
    auto& stored = world.objects.emplace(id, std::move(object)).first->second;
    siblings_of(stored).push_back(id);
    hierarchy_changed();
    return stored;
}

void Simulation::destroy_object(int id) {
    auto& object = world.objects.at(id);
    for (int child : std::vector<int>(object.children))
        destroy_object(child);
    auto& siblings = siblings_of(object);
    siblings.erase(std::remove(siblings.begin(), siblings.end(), id), siblings.end());
    world.selection.erase(std::remove(world.selection.begin(), world.selection.end(), id), world.selection.end());
    world.objects.erase(id);
    hierarchy_changed();
}

int Simulation::copy_objects(const StoredObjects& source, int source_root, int parent, int scene_handle, CopyLinks links) {
    const auto& original = source.objects.at(source_root);
    auto& copy = create_object(original.name, parent, scene_handle);
    int id = copy.id;
    copy.active = original.active;
    copy.is_static = original.is_static;
    copy.components = original.components;
    for (auto& component : copy.components) {
        if (links == CopyLinks::ToSource)
            component.source_component = component.local_id;
        component.local_id = world.next_id++;
    }
    copy.prefab_source = links == CopyLinks::ToSource ? source_root : original.prefab_source;
    // A prefab instance nested in what is copied stays an instance, as Unity's duplicate keeps it
    // (the root's link is the caller's: store_subtree clears it).
    copy.prefab_asset = original.prefab_asset;
    for (int child : original.children)
        copy_objects(source, child, id, scene_handle, links);
    return id;
}

StoredObjects Simulation::store_subtree(int root) const {
    StoredObjects stored;
    std::vector<int> pending{root};
    while (!pending.empty()) {
        int id = pending.back();
        pending.pop_back();
        const auto& object = world.objects.at(id);
        stored.objects[id] = object;
        pending.insert(pending.end(), object.children.begin(), object.children.end());
    }
    stored.objects[root].parent = 0;
    stored.objects[root].prefab_asset.clear();
    stored.roots.push_back(root);
    return stored;
}

void Simulation::restore(World snapshot) {
    // Material states the snapshot holds come back (Undo.RecordObject recorded them); materials first
    // written after it keep their state, as Unity restores only the objects an undo step recorded.
    for (auto& [path, state] : world.materials)
        snapshot.materials.try_emplace(path, std::move(state));
    snapshot.assets = std::move(world.assets);
    snapshot.trash = std::move(world.trash);
    snapshot.next_id = std::max(snapshot.next_id, world.next_id);
    world = std::move(snapshot);
    hierarchy_changed();
}

bool Simulation::release_refresh_hold() {
    if (refresh_holds == 0)
        return false;
    if (--refresh_holds > 0)
        return false;
    refresh_assets(*this);
    ++release_refreshes;
    return true;
}

void Simulation::mark_dirty(int scene_handle) {
    Scene* scene = scene_by_handle(scene_handle);
    if (!scene)
        return;
    if (play_mode == "edit")
        scene->dirty = true;
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    writer.StartObject();
    writer.Key("scene");
    writer.String(scene->name.c_str());
    writer.Key("dirty");
    writer.Bool(scene->dirty);
    writer.EndObject();
    emit("sceneChanged", buffer.GetString());
}

void Simulation::emit(std::string_view event, std::string data_json) {
    constexpr std::size_t event_limit = 10000;
    if (events.size() >= event_limit)
        events.erase(events.begin());
    events.push_back(json::event_frame(event, data_json));
}

void Simulation::add_console(ConsoleKind kind, std::string message) {
    ConsoleEntry entry{next_console_id++, kind, std::move(message)};
    if (kind == ConsoleKind::Error || kind == ConsoleKind::Exception || kind == ConsoleKind::Assert) {
        rapidjson::StringBuffer buffer;
        JsonWriter writer(buffer);
        writer.StartObject();
        writer.Key("id");
        writer.Int64(entry.id);
        writer.Key("type");
        writer.String(kind == ConsoleKind::Exception ? "exception" : kind == ConsoleKind::Assert ? "assert" : "error");
        writer.Key("message");
        writer.String(entry.message.c_str());
        writer.EndObject();
        emit("consoleError", buffer.GetString());
    }
    append_editor_log(entry.message);
    console.push_back(std::move(entry));
    constexpr std::size_t console_limit = 10000;
    if (console.size() > console_limit)
        console.erase(console.begin());
}

void Simulation::write_node(JsonWriter& writer, const GameObject& object, bool with_components, int depth) const {
    writer.StartObject();
    writer.Key("instanceId");
    writer.Int(object.id);
    writer.Key("name");
    writer.String(object.name.c_str());
    writer.Key("path");
    writer.String(path_of(object).c_str());
    writer.Key("active");
    writer.Bool(object.active);
    writer.Key("childCount");
    writer.Int(static_cast<int>(object.children.size()));
    if (depth >= 0) {
        writer.Key("depth");
        writer.Int(depth);
    }
    if (!object.prefab_asset.empty()) {
        writer.Key("prefabAsset");
        writer.String(object.prefab_asset.c_str());
    }
    if (with_components) {
        writer.Key("components");
        writer.StartArray();
        for (const auto& component : object.components)
            writer.String(component.type->short_name.c_str());
        writer.EndArray();
    }
    writer.EndObject();
}

} // namespace uap::editor_sim

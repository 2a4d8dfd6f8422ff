// Builds and answers the simulator's path index (object_index.hpp).
#include "object_index.hpp"
#include "world.hpp"

#include <algorithm>
#include <array>
#include <cstring>

namespace uap::editor_sim {

namespace {

// Reads, and writes of values that are not names or parents (transforms, properties, components,
// active flags, selection, the console, Undo group brackets, views).
constexpr std::array<std::string_view, 32> hierarchy_keeping = {
    "asset.find", "camera.get", "component.add", "component.list", "component.remove", "console.clear", "console.read",
    "editor.info", "editor.state", "gameView.get", "gameView.set", "hierarchy.roots", "hierarchy.subtree",
    "markers.clear", "markers.draw", "markers.list", "menu.list", "object.setActive", "ping", "property.get",
    "property.list", "property.set", "request.status", "scene.digest", "search.query", "selection.get",
    "selection.set", "transform.get", "transform.set", "type.find", "undo.beginGroup", "undo.endGroup"};

} // namespace

bool keeps_hierarchy(std::string_view method) {
    return std::find(hierarchy_keeping.begin(), hierarchy_keeping.end(), method) != hierarchy_keeping.end();
}

std::string& ObjectIndex::probe(int scene, int parent, std::string_view name) {
    m_probe.resize(2 * sizeof(int));
    std::memcpy(m_probe.data(), &scene, sizeof(int));
    std::memcpy(m_probe.data() + sizeof(int), &parent, sizeof(int));
    m_probe.append(name.data(), name.size());
    return m_probe;
}

const std::vector<int>& ObjectIndex::named(const World& world, int scene, int parent, std::string_view name) {
    if (m_built_generation != m_generation)
        rebuild(world);
    auto found = m_by_name.find(probe(parent == 0 ? scene : 0, parent, name));
    return found == m_by_name.end() ? m_none : found->second;
}

void ObjectIndex::rebuild(const World& world) {
    m_by_name.clear();
    m_by_name.reserve(world.objects.size());
    std::vector<int> pending;
    auto add_scene = [&](const Scene& scene) {
        for (int root : scene.roots) {
            m_by_name[probe(scene.handle, 0, world.objects.at(root).name)].push_back(root);
            pending.push_back(root);
        }
    };
    for (const auto& scene : world.scenes)
        add_scene(scene);
    if (world.prefab_stage_scene.handle != 0)
        add_scene(world.prefab_stage_scene);
    while (!pending.empty()) {
        const auto& object = world.objects.at(pending.back());
        pending.pop_back();
        for (int child : object.children) {
            m_by_name[probe(0, object.id, world.objects.at(child).name)].push_back(child);
            pending.push_back(child);
        }
    }
    m_built_generation = m_generation;
}

} // namespace uap::editor_sim

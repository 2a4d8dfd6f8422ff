// The simulator's index for path lookups: each scene's roots and each object's children by name, so
// a scenePath resolves in one hash lookup per segment instead of a scan of every root.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace uap::editor_sim {

struct World;

// Whether a primitive is known to leave every name, parent, child list, root list and open scene as
// it found them. Any other primitive (a new one included) invalidates the index after it runs, so
// forgetting to list a primitive here costs a rebuild, never a wrong answer.
bool keeps_hierarchy(std::string_view method);

// Rebuilt whole on the first lookup after the hierarchy changed, rather than updated in place: the
// World is changed by many primitives, undo restores and play mode, and one counter bumped after each
// of them is far easier to keep right than an update in every one. Lookups between changes (the
// writes of one batch) share one rebuild.
class ObjectIndex {
public:
    // To be called after anything that may change a name, a parent, children, roots or the open scenes.
    void invalidate() { ++m_generation; }
    // Changes whenever the hierarchy may have changed, so state derived from it can tell it is stale.
    std::uint64_t generation() const { return m_generation; }
    // The children of parent named exactly name, in sibling order; when parent is 0, the roots of the
    // scene with handle scene. Empty when there are none.
    const std::vector<int>& named(const World& world, int scene, int parent, std::string_view name);

private:
    void rebuild(const World& world);
    std::string& probe(int scene, int parent, std::string_view name);

    std::uint64_t m_generation = 1;
    std::uint64_t m_built_generation = 0;
    // Key: the scene handle (roots) or 0, the parent id or 0, both as raw bytes, then the name.
    std::unordered_map<std::string, std::vector<int>> m_by_name;
    std::string m_probe;
    const std::vector<int> m_none{};
};

} // namespace uap::editor_sim

// Scene paths resolved through an index instead of a scan: each addressed scene's roots and each parent's
// children by name (Core/Addressing/NameIndex.cs), built lazily per scene or parent on first use and
// dropped whole whenever the hierarchy may have changed, as the simulator's index is.
using System.Collections.Generic;
using AgentPanel.Addressing;
using UnityEngine;
using UnityEngine.SceneManagement;

namespace AgentPanel.Editor.Primitives
{
    static class SceneObjectIndex
    {
        static readonly NameIndex<Scene, Transform> s_roots = new NameIndex<Scene, Transform>(
            scene => scene.rootCount, RootsOf, transform => transform.name,
            (transform, scene) => transform != null && transform.parent == null && transform.gameObject.scene == scene);

        static readonly NameIndex<Transform, Transform> s_children = new NameIndex<Transform, Transform>(
            parent => parent.childCount, ChildrenOf, transform => transform.name,
            (transform, parent) => transform != null && transform.parent == parent);

        // Called on every notice that names, parents, children, roots, open scenes or the stage may have
        // changed (SceneObjectIndexNotices), and after every primitive not known to keep them (IndexKeeping).
        public static void Invalidate()
        {
            ++Generation;
            s_roots.Invalidate();
            s_children.Invalidate();
        }

        // Changes whenever the index is dropped, so state derived from the hierarchy (a paused
        // hierarchy.subtree walk) can tell it may be stale.
        public static long Generation { get; private set; }

        public static IList<Transform> RootsNamed(Scene scene, string name) { return s_roots.Named(scene, name); }

        public static IList<Transform> ChildrenNamed(Transform parent, string name) { return s_children.Named(parent, name); }

        static IEnumerable<Transform> RootsOf(Scene scene)
        {
            foreach (GameObject root in scene.GetRootGameObjects())
                yield return root.transform;
        }

        static IEnumerable<Transform> ChildrenOf(Transform parent)
        {
            for (int index = 0; index < parent.childCount; ++index)
                yield return parent.GetChild(index);
        }
    }
}

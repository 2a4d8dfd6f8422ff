// object.duplicate as Edit > Duplicate does it: a prefab instance's copy stays an instance of the same
// prefab (Object.Instantiate would make an unlinked copy). Why these members: docs/unity-package.md.
using UnityEditor;
using UnityEngine;

namespace AgentPanel.Editor.Primitives
{
    static class PrefabLinkedDuplicate
    {
        // Returns the copy, created with its Undo step, beside the source under the same parent.
        public static GameObject Duplicate(GameObject source)
        {
#if UNITY_6000_0_OR_NEWER
            // The editor's own duplicate (GameObjectUtility.bindings.cs, native DuplicateGameObjects): prefab
            // links, overrides, added and removed components kept; it records the Undo step itself.
            return GameObjectUtility.DuplicateGameObject(source);
#else
            GameObject copy;
            if (PrefabUtility.IsAnyPrefabInstanceRoot(source))
            {
                // 2022.3 has no public duplicate but the pasteboard one, which would replace what the user
                // copied: a new instance of the same prefab with the source's property overrides.
                GameObject prefab = PrefabUtility.GetCorrespondingObjectFromSource(source);
                copy = (GameObject)PrefabUtility.InstantiatePrefab(prefab, source.transform.parent);
                PrefabUtility.SetPropertyModifications(copy, PrefabUtility.GetPropertyModifications(source));
            }
            else
            {
                copy = Object.Instantiate(source, source.transform.parent);
            }
            Undo.RegisterCreatedObjectUndo(copy, "Duplicate " + source.name);
            return copy;
#endif
        }
    }
}

// Stubs of the UnityEditor prefab-override API the package uses (prefab.overrides.*, prefab.unpack,
// prefab.createVariant), for compiling it with mcs (never run). Derived from Unity-Technologies/UnityCsReference,
// branch 2022.3 (the same signatures on 6000.0 to 6000.5): Editor/Mono/Prefabs/PrefabUtility.cs,
// PrefabUtility.bindings.cs, PrefabOverrides/PrefabOverride.cs; Editor/Mono/EditorSceneManager.bindings.cs.
using System;
using System.Collections.Generic;
using UnityEngine;
using UnityEditor.SceneManagement;
using Object = UnityEngine.Object;

namespace UnityEditor
{
    public enum PrefabAssetType { NotAPrefab = 0, Regular = 1, Model = 2, Variant = 3, MissingAsset = 4 }

    public enum PrefabUnpackMode { OutermostRoot = 0, Completely = 1 }

    public sealed partial class PrefabUtility
    {
        public static void RevertPrefabInstance(GameObject instanceRoot, InteractionMode action) { }
        public static void ApplyPrefabInstance(GameObject instanceRoot, InteractionMode action) { }
        public static void ApplyPropertyOverride(SerializedProperty instanceProperty, string assetPath, InteractionMode action) { }
        public static void RevertPropertyOverride(SerializedProperty instanceProperty, InteractionMode action) { }
        public static void ApplyAddedComponent(Component component, string assetPath, InteractionMode action) { }
        public static void RevertAddedComponent(Component component, InteractionMode action) { }
        public static void ApplyRemovedComponent(GameObject instanceGameObject, Component assetComponent, InteractionMode action) { }
        public static void RevertRemovedComponent(GameObject instanceGameObject, Component assetComponent, InteractionMode action) { }
        public static void ApplyRemovedGameObject(GameObject gameObjectInInstance, GameObject assetGameObject, InteractionMode action) { }
        public static void ApplyAddedGameObject(GameObject gameObject, string assetPath, InteractionMode action) { }
        public static void RevertRemovedGameObject(GameObject gameObjectInInstance, GameObject assetGameObject, InteractionMode action) { }
        public static void RevertAddedGameObject(GameObject gameObject, InteractionMode action) { }
        public static List<AddedComponent> GetAddedComponents(GameObject prefabInstance) { throw new NotImplementedException(); }
        public static List<RemovedComponent> GetRemovedComponents(GameObject prefabInstance) { throw new NotImplementedException(); }
        public static List<AddedGameObject> GetAddedGameObjects(GameObject prefabInstance) { throw new NotImplementedException(); }
        public static List<RemovedGameObject> GetRemovedGameObjects(GameObject prefabInstance) { throw new NotImplementedException(); }
        public static bool IsOutermostPrefabInstanceRoot(GameObject gameObject) { throw new NotImplementedException(); }
        public static GameObject SaveAsPrefabAsset(GameObject instanceRoot, string assetPath, out bool success) { throw new NotImplementedException(); }
        public static void UnpackPrefabInstance(GameObject instanceRoot, PrefabUnpackMode unpackMode, InteractionMode action) { }
        public static PrefabAssetType GetPrefabAssetType(Object componentOrGameObject) { throw new NotImplementedException(); }
        public static Object InstantiatePrefab(Object assetComponentOrGameObject, UnityEngine.SceneManagement.Scene destinationScene) { throw new NotImplementedException(); }
        // PrefabUtility.bindings.cs
        public static bool IsPartOfPrefabInstance(Object componentOrGameObject) { throw new NotImplementedException(); }
        public static bool IsPartOfModelPrefab(Object componentOrGameObject) { throw new NotImplementedException(); }
        public static bool IsPrefabAssetMissing(Object instanceComponentOrGameObject) { throw new NotImplementedException(); }
        public static GameObject GetOutermostPrefabInstanceRoot(Object componentOrGameObject) { throw new NotImplementedException(); }
        public static bool IsDefaultOverride(PropertyModification modification) { throw new NotImplementedException(); }
    }
}

namespace UnityEditor.SceneManagement
{
    // PrefabOverrides/PrefabOverride.cs: only the members the package reads (the abstract Apply/Revert
    // are not called; the package calls PrefabUtility's with InteractionMode.UserAction itself).
    public abstract class PrefabOverride
    {
    }

    public class AddedComponent : PrefabOverride
    {
        public Component instanceComponent { get; set; }
    }

    public class RemovedComponent : PrefabOverride
    {
        public GameObject containingInstanceGameObject { get; set; }
        public Component assetComponent { get; set; }
    }

    public class AddedGameObject : PrefabOverride
    {
        public GameObject instanceGameObject { get; set; }
    }

    public class RemovedGameObject : PrefabOverride
    {
        public GameObject parentOfRemovedGameObjectInInstance { get; set; }
        public GameObject assetGameObject { get; set; }
    }

    public sealed partial class EditorSceneManager
    {
        public static UnityEngine.SceneManagement.Scene NewPreviewScene() { throw new NotImplementedException(); }
        public static bool ClosePreviewScene(UnityEngine.SceneManagement.Scene scene) { throw new NotImplementedException(); }
    }
}

// Naming scene objects and assets the protocol's way: objectRef resolution (instance id, scene path,
// asset path) and the node shape every hierarchy answer uses.
using System.Collections.Generic;
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEditor.SceneManagement;
using UnityEngine;
using UnityEngine.SceneManagement;

namespace AgentPanel.Editor.Primitives
{
    static class SceneObjects
    {
        public static string PathOf(Transform transform)
        {
            string path = "/" + transform.name;
            for (Transform parent = transform.parent; parent != null; parent = parent.parent)
                path = "/" + parent.name + path;
            return path;
        }

        public static JObject Node(GameObject gameObject)
        {
            return new JObject
            {
                { "instanceId", ObjectIds.Of(gameObject) },
                { "name", gameObject.name },
                { "path", PathOf(gameObject.transform) },
                { "active", gameObject.activeSelf },
                { "childCount", gameObject.transform.childCount },
                { "scene", gameObject.scene.path },
            };
        }

        public static IEnumerable<Scene> OpenScenes()
        {
            for (int index = 0; index < SceneManager.sceneCount; ++index)
            {
                Scene scene = SceneManager.GetSceneAt(index);
                if (scene.isLoaded)
                    yield return scene;
            }
        }

        // The scenes object addresses resolve in and hierarchy answers list: the prefab stage's own
        // preview scene while prefab mode is open (its objects are in no SceneManager scene, and the user
        // sees only them), otherwise every loaded scene. Scene saving and listing keep OpenScenes.
        public static IEnumerable<Scene> AddressedScenes()
        {
            PrefabStage stage = PrefabStageUtility.GetCurrentPrefabStage();
            if (stage != null)
                return new[] { stage.scene };
            return OpenScenes();
        }

        // Which stage AddressedScenes used, for every answer that resolved or listed objects:
        // {"kind":"prefab","assetPath"} or {"kind":"main"}.
        public static JObject StageDescription()
        {
            PrefabStage stage = PrefabStageUtility.GetCurrentPrefabStage();
            if (stage == null)
                return new JObject { { "kind", "main" } };
            return new JObject { { "kind", "prefab" }, { "assetPath", stage.assetPath } };
        }

        // The primitives whose answers name or list scene objects, so they say which stage they used.
        static readonly string[] StageAddressed =
        {
            "hierarchy.roots", "hierarchy.subtree", "object.create", "object.destroy", "object.rename", "object.reparent",
            "object.setActive", "object.duplicate", "object.instantiate", "transform.get", "transform.set", "component.list",
            "component.add", "component.remove", "property.list", "property.get", "property.set", "scene.digest", "search.query",
        };

        public static JObject MarkStage(string method, JObject result)
        {
            if (result != null && System.Array.IndexOf(StageAddressed, method) >= 0)
                result["stage"] = StageDescription();
            return result;
        }

        // Puts a new object where the user is editing: in prefab mode under the prefab's root (a prefab
        // has one root, and Unity would otherwise create it in the main scene behind the stage).
        public static void PlaceInCurrentStage(GameObject created, string undoName)
        {
            PrefabStage stage = PrefabStageUtility.GetCurrentPrefabStage();
            if (stage == null)
                return;
            StageUtility.PlaceGameObjectInCurrentStage(created);
            Undo.SetTransformParent(created.transform, stage.prefabContentsRoot.transform, undoName);
        }

        public static Object Resolve(JObject reference, string what)
        {
            if (reference == null)
                throw PrimitiveError.InvalidParams(what + " must be an objectRef ({instanceId}, {scenePath} or {assetPath})");
            JToken id = reference["instanceId"];
            if (id != null)
            {
                if (id.Type != JTokenType.Integer)
                    throw PrimitiveError.InvalidParams(what + ".instanceId must be an integer");
                Object found = ObjectIds.Find((long)id);
                if (found == null)
                    throw PrimitiveError.NotFound("no object has instance id " + (long)id + " (it may have been destroyed)");
                return found;
            }
            string scenePath = (string)reference["scenePath"];
            if (scenePath != null)
                return FindByScenePath(scenePath);
            string assetPath = (string)reference["assetPath"];
            if (assetPath != null)
            {
                string subAsset = (string)reference["subAsset"];
                if (string.IsNullOrEmpty(subAsset))
                {
                    Object asset = AssetDatabase.LoadMainAssetAtPath(assetPath);
                    if (asset == null)
                        throw PrimitiveError.NotFound("no asset at " + assetPath);
                    return asset;
                }
                foreach (Object candidate in AssetDatabase.LoadAllAssetsAtPath(assetPath))
                    if (candidate != null && candidate.name == subAsset)
                        return candidate;
                throw PrimitiveError.NotFound("no sub-asset named '" + subAsset + "' in " + assetPath);
            }
            throw PrimitiveError.InvalidParams(what + " names no object: give instanceId, scenePath or assetPath");
        }

        public static GameObject ResolveGameObject(JObject reference, string what)
        {
            Object found = Resolve(reference, what);
            GameObject gameObject = found as GameObject;
            if (gameObject == null && found is Component)
                gameObject = ((Component)found).gameObject;
            if (gameObject == null)
                throw PrimitiveError.TypeMismatch(what + " is a " + found.GetType().Name + ", not a GameObject");
            return gameObject;
        }

        // One index lookup per segment (SceneObjectIndex), never a scan of every root.
        static GameObject FindByScenePath(string scenePath)
        {
            string[] names = scenePath.Trim('/').Split('/');
            var matches = new List<GameObject>();
            foreach (Scene scene in AddressedScenes())
                foreach (Transform root in SceneObjectIndex.RootsNamed(scene, names[0]))
                    Collect(root, names, 1, matches);
            if (matches.Count == 0)
                throw PrimitiveError.NotFound("no object at scene path " + scenePath);
            if (matches.Count > 1)
                throw PrimitiveError.Conflict(matches.Count + " objects share the scene path " + scenePath + "; name one by instanceId");
            return matches[0];
        }

        static void Collect(Transform transform, string[] names, int depth, List<GameObject> matches)
        {
            if (depth == names.Length)
            {
                matches.Add(transform.gameObject);
                return;
            }
            foreach (Transform child in SceneObjectIndex.ChildrenNamed(transform, names[depth]))
                Collect(child, names, depth + 1, matches);
        }
    }
}

// hierarchy.roots/subtree and the object writes (create, destroy, rename, reparent, setActive,
// duplicate, instantiate), each recorded with Undo and answered with the node as read back.
using System;
using System.Collections.Generic;
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;
using UnityEngine.SceneManagement;
using Object = UnityEngine.Object;

namespace AgentPanel.Editor.Primitives
{
    static class HierarchyPrimitives
    {
        public static void Register(UnityEditorPrimitives table)
        {
            table.Add("hierarchy.roots", Roots);
            table.Add("hierarchy.subtree", Subtree);
            table.Add("object.create", Create);
            table.Add("object.destroy", Destroy);
            table.Add("object.rename", Rename);
            table.Add("object.reparent", Reparent);
            table.Add("object.setActive", SetActive);
            table.Add("object.duplicate", Duplicate);
            table.Add("object.instantiate", Instantiate);
        }

        static int Cursor(JObject parameters)
        {
            string cursor = Params.OptionalString(parameters, "cursor", null);
            int offset;
            if (cursor == null)
                return 0;
            if (!int.TryParse(cursor, out offset) || offset < 0)
                throw PrimitiveError.InvalidParams("params.cursor must be a cursor returned as nextCursor");
            return offset;
        }

        static JObject Roots(JObject parameters)
        {
            string sceneName = Params.OptionalString(parameters, "scene", null);
            int limit = (int)Params.OptionalInteger(parameters, "limit", 500, 1, 5000);
            int offset = Cursor(parameters);
            var roots = new List<GameObject>();
            foreach (Scene scene in SceneObjects.AddressedScenes())
                if (sceneName == null || scene.name == sceneName || scene.path == sceneName)
                    roots.AddRange(scene.GetRootGameObjects());
            var nodes = new JArray();
            for (int index = offset; index < roots.Count && nodes.Count < limit; ++index)
                nodes.Add(SceneObjects.Node(roots[index]));
            var result = new JObject { { "nodes", nodes }, { "total", roots.Count } };
            if (offset + nodes.Count < roots.Count)
                result["nextCursor"] = (offset + nodes.Count).ToString();
            return result;
        }

        // The walk the last truncated hierarchy.subtree page stopped at, so the page its cursor asks for
        // resumes it instead of walking every node before the cursor again; only while the hierarchy is
        // unchanged (SceneObjectIndex.Generation) and for the same root and depth.
        sealed class PausedWalk
        {
            public long Generation;
            public string Root;
            public int Depth;
            public int Offset;
            public Stack<KeyValuePair<Transform, int>> Stack;
        }

        static PausedWalk s_paused;

        static Stack<KeyValuePair<Transform, int>> ResumedWalk(string rootKey, int depthLimit, int offset)
        {
            PausedWalk paused = s_paused;
            s_paused = null;
            if (paused == null || paused.Generation != SceneObjectIndex.Generation || paused.Root != rootKey || paused.Depth != depthLimit ||
                paused.Offset != offset)
                return null;
            // A change no notice has reached yet may have destroyed a node the walk still holds.
            foreach (KeyValuePair<Transform, int> pending in paused.Stack)
                if (pending.Key == null)
                    return null;
            return paused.Stack;
        }

        static JObject Subtree(JObject parameters)
        {
            JObject root = Params.OptionalObject(parameters, "root");
            int depthLimit = (int)Params.OptionalInteger(parameters, "depth", 64, 0, 64);
            int maxNodes = (int)Params.OptionalInteger(parameters, "maxNodes", 1000, 1, 5000);
            bool components = Params.OptionalBoolean(parameters, "components", false);
            int offset = Cursor(parameters);
            string rootKey = root != null ? root.ToString(Newtonsoft.Json.Formatting.None) : "";
            // Depth-first with an explicit stack: deep hierarchies must not exhaust the call stack.
            Stack<KeyValuePair<Transform, int>> stack = ResumedWalk(rootKey, depthLimit, offset);
            int seen = stack != null ? offset : 0;
            if (stack == null)
            {
                var walk = new List<KeyValuePair<Transform, int>>();
                if (root != null)
                    walk.Add(new KeyValuePair<Transform, int>(SceneObjects.ResolveGameObject(root, "params.root").transform, 0));
                else
                    foreach (Scene scene in SceneObjects.AddressedScenes())
                        foreach (GameObject top in scene.GetRootGameObjects())
                            walk.Add(new KeyValuePair<Transform, int>(top.transform, 0));
                stack = new Stack<KeyValuePair<Transform, int>>();
                for (int index = walk.Count - 1; index >= 0; --index)
                    stack.Push(walk[index]);
            }
            var nodes = new JArray();
            bool truncated = false;
            while (stack.Count > 0)
            {
                KeyValuePair<Transform, int> next = stack.Pop();
                if (seen >= offset && nodes.Count == maxNodes)
                {
                    stack.Push(next);
                    truncated = true;
                    break;
                }
                if (seen++ >= offset)
                {
                    JObject node = SceneObjects.Node(next.Key.gameObject);
                    node["depth"] = next.Value;
                    if (components)
                        node["components"] = ComponentPrimitives.TypeNames(next.Key.gameObject);
                    nodes.Add(node);
                }
                if (next.Value < depthLimit)
                    for (int index = next.Key.childCount - 1; index >= 0; --index)
                        stack.Push(new KeyValuePair<Transform, int>(next.Key.GetChild(index), next.Value + 1));
            }
            var result = new JObject { { "nodes", nodes }, { "truncated", truncated } };
            if (truncated)
            {
                result["nextCursor"] = (offset + nodes.Count).ToString();
                s_paused = new PausedWalk
                {
                    Generation = SceneObjectIndex.Generation, Root = rootKey, Depth = depthLimit, Offset = offset + nodes.Count, Stack = stack,
                };
            }
            return result;
        }

        static readonly Dictionary<string, PrimitiveType> Primitives = new Dictionary<string, PrimitiveType>
        {
            { "Cube", PrimitiveType.Cube }, { "Sphere", PrimitiveType.Sphere }, { "Capsule", PrimitiveType.Capsule },
            { "Cylinder", PrimitiveType.Cylinder }, { "Plane", PrimitiveType.Plane }, { "Quad", PrimitiveType.Quad },
        };

        static JObject Create(JObject parameters)
        {
            string name = Params.RequiredString(parameters, "name");
            string primitive = Params.OptionalString(parameters, "primitive", null);
            JObject parentRef = Params.OptionalObject(parameters, "parent");
            PrimitiveType shape = PrimitiveType.Cube;
            if (primitive != null && !Primitives.TryGetValue(primitive, out shape))
                throw PrimitiveError.InvalidParams("params.primitive must be Cube, Sphere, Capsule, Cylinder, Plane or Quad");
            Vector3? position = VectorArray(parameters, "position");
            Vector3? rotation = VectorArray(parameters, "rotation");
            Vector3? scale = VectorArray(parameters, "scale");
            GameObject parent = parentRef != null ? SceneObjects.ResolveGameObject(parentRef, "params.parent") : null;
            GameObject created = primitive != null ? GameObject.CreatePrimitive(shape) : new GameObject(name);
            created.name = name;
            Undo.RegisterCreatedObjectUndo(created, "Create " + name);
            if (parent != null)
                Undo.SetTransformParent(created.transform, parent.transform, "Create " + name);
            else
                SceneObjects.PlaceInCurrentStage(created, "Create " + name);
            // Local values, on the object the creation undo step already covers (the protocol's object.create).
            if (position != null)
                created.transform.localPosition = position.Value;
            if (rotation != null)
                created.transform.localEulerAngles = rotation.Value;
            if (scale != null)
                created.transform.localScale = scale.Value;
            return new JObject { { "observed", SceneObjects.Node(created) } };
        }

        // The protocol's vector3Array: [x, y, z], each a number.
        static Vector3? VectorArray(JObject parameters, string name)
        {
            JToken token = parameters[name];
            if (token == null || token.Type == JTokenType.Null)
                return null;
            JArray array = token as JArray;
            if (array == null || array.Count != 3)
                throw PrimitiveError.InvalidParams("params." + name + " must be three numbers [x, y, z]");
            var values = new float[3];
            for (int index = 0; index < 3; ++index)
            {
                JToken item = array[index];
                values[index] = item.Type == JTokenType.Integer || item.Type == JTokenType.Float ? (float)(double)item : float.NaN;
                if (float.IsNaN(values[index]) || float.IsInfinity(values[index]))
                    throw PrimitiveError.InvalidParams("params." + name + " must be three finite numbers [x, y, z] within 32-bit float range");
            }
            return new Vector3(values[0], values[1], values[2]);
        }

        static JObject Destroy(JObject parameters)
        {
            GameObject target = SceneObjects.ResolveGameObject(Params.RequiredObject(parameters, "object"), "params.object");
            long id = ObjectIds.Of(target);
            string path = SceneObjects.PathOf(target.transform);
            Undo.DestroyObjectImmediate(target);
            bool exists = ObjectIds.Find(id) != null;
            return new JObject { { "observed", new JObject { { "instanceId", id }, { "path", path }, { "exists", exists } } } };
        }

        static JObject Rename(JObject parameters)
        {
            GameObject target = SceneObjects.ResolveGameObject(Params.RequiredObject(parameters, "object"), "params.object");
            string name = Params.RequiredString(parameters, "name");
            Undo.RecordObject(target, "Rename " + target.name);
            target.name = name;
            return new JObject { { "observed", SceneObjects.Node(target) } };
        }

        static JObject Reparent(JObject parameters)
        {
            GameObject target = SceneObjects.ResolveGameObject(Params.RequiredObject(parameters, "object"), "params.object");
            JObject parentRef = Params.OptionalObject(parameters, "parent");
            GameObject parent = parentRef != null ? SceneObjects.ResolveGameObject(parentRef, "params.parent") : null;
            long sibling = Params.OptionalInteger(parameters, "siblingIndex", -1, -1, int.MaxValue);
            bool worldPositionStays = Params.OptionalBoolean(parameters, "worldPositionStays", true);
            if (parent != null && (parent == target || parent.transform.IsChildOf(target.transform)))
                throw PrimitiveError.Conflict("cannot move " + SceneObjects.PathOf(target.transform) + " under itself or its own child");
            Undo.SetTransformParent(target.transform, parent != null ? parent.transform : null, worldPositionStays, "Reparent " + target.name);
            if (sibling >= 0)
                target.transform.SetSiblingIndex((int)sibling);
            return new JObject { { "observed", SceneObjects.Node(target) } };
        }

        static JObject SetActive(JObject parameters)
        {
            GameObject target = SceneObjects.ResolveGameObject(Params.RequiredObject(parameters, "object"), "params.object");
            bool active = Params.RequiredBoolean(parameters, "active");
            Undo.RecordObject(target, (active ? "Activate " : "Deactivate ") + target.name);
            target.SetActive(active);
            return new JObject { { "observed", SceneObjects.Node(target) } };
        }

        static JObject Duplicate(JObject parameters)
        {
            GameObject source = SceneObjects.ResolveGameObject(Params.RequiredObject(parameters, "object"), "params.object");
            string name = Params.OptionalString(parameters, "name", null);
            GameObject copy = PrefabLinkedDuplicate.Duplicate(source);
            copy.name = name ?? source.name;
            copy.transform.SetSiblingIndex(source.transform.GetSiblingIndex() + 1);
            JObject node = SceneObjects.Node(copy);
            string prefabAsset = PrefabUtility.GetPrefabAssetPathOfNearestInstanceRoot(copy);
            if (PrefabUtility.IsAnyPrefabInstanceRoot(copy) && !string.IsNullOrEmpty(prefabAsset))
                node["prefabAsset"] = prefabAsset;
            return new JObject { { "observed", node } };
        }

        static JObject Instantiate(JObject parameters)
        {
            string assetPath = Params.RequiredString(parameters, "asset");
            JObject parentRef = Params.OptionalObject(parameters, "parent");
            string name = Params.OptionalString(parameters, "name", null);
            GameObject asset = AssetDatabase.LoadAssetAtPath<GameObject>(assetPath);
            if (asset == null)
                throw PrimitiveError.NotFound("no prefab or model at " + assetPath);
            GameObject parent = parentRef != null ? SceneObjects.ResolveGameObject(parentRef, "params.parent") : null;
            // InstantiatePrefab keeps the prefab connection; Object.Instantiate would not.
            GameObject instance = (GameObject)PrefabUtility.InstantiatePrefab(asset);
            if (instance == null)
                throw PrimitiveError.Unsupported(assetPath + " cannot be instantiated as a prefab");
            if (name != null)
                instance.name = name;
            Undo.RegisterCreatedObjectUndo(instance, "Instantiate " + asset.name);
            if (parent != null)
                Undo.SetTransformParent(instance.transform, parent.transform, "Instantiate " + asset.name);
            else
                SceneObjects.PlaceInCurrentStage(instance, "Instantiate " + asset.name);
            JObject node = SceneObjects.Node(instance);
            node["prefabAsset"] = AssetDatabase.GetAssetPath(PrefabUtility.GetCorrespondingObjectFromSource(instance));
            return new JObject { { "observed", node } };
        }
    }
}

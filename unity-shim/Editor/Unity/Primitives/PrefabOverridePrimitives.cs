// prefab.overrides.get/apply/revert, prefab.unpack and prefab.createVariant: a prefab instance's overrides
// in PrefabUtility's terms, listed in one order that apply and revert address by index (docs/pro.md).
using System;
using System.Collections.Generic;
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEditor.SceneManagement;
using UnityEngine;
using Object = UnityEngine.Object;

namespace AgentPanel.Editor.Primitives
{
    static class PrefabOverridePrimitives
    {
        // One listed override: what prefab.overrides.get answers, and how to apply it (to the prefab at a
        // path) or revert it. Every call passes InteractionMode.UserAction, so Unity records Undo.
        sealed class Entry
        {
            public JObject Listed;
            public Action<string> Apply;
            public Action Revert;
        }

        public static void Register(UnityEditorPrimitives table)
        {
            table.Add("prefab.overrides.get", parameters =>
            {
                GameObject root = InstanceRoot(parameters);
                var overrides = new JArray();
                foreach (Entry entry in List(root))
                    overrides.Add(entry.Listed);
                GameObject source = PrefabUtility.GetCorrespondingObjectFromSource(root);
                var result = new JObject
                {
                    { "instanceRoot", SceneObjects.Node(root) }, { "assetPath", AssetDatabase.GetAssetPath(source) },
                    { "assetType", AssetType(root) }, { "overrides", overrides },
                };
                GameObject basePrefab = PrefabUtility.GetCorrespondingObjectFromSource(source);
                if (PrefabUtility.GetPrefabAssetType(root) == PrefabAssetType.Variant && basePrefab != null)
                    result["basePrefab"] = AssetDatabase.GetAssetPath(basePrefab);
                return result;
            });
            table.Add("prefab.overrides.apply", parameters => Change(parameters, true));
            table.Add("prefab.overrides.revert", parameters => Change(parameters, false));
            table.Add("prefab.unpack", Unpack);
            table.Add("prefab.createVariant", CreateVariant);
        }

        static GameObject InstanceRoot(JObject parameters)
        {
            GameObject target = SceneObjects.ResolveGameObject(Params.RequiredObject(parameters, "object"), "params.object");
            if (!PrefabUtility.IsPartOfPrefabInstance(target))
                throw PrimitiveError.Conflict(target.name + " is not part of a prefab instance");
            GameObject root = PrefabUtility.GetOutermostPrefabInstanceRoot(target);
            if (PrefabUtility.IsPrefabAssetMissing(root))
                throw PrimitiveError.NotFound(root.name + "'s prefab asset is missing");
            return root;
        }

        static string AssetType(GameObject root)
        {
            switch (PrefabUtility.GetPrefabAssetType(root))
            {
                case PrefabAssetType.Model: return "Model";
                case PrefabAssetType.Variant: return "Variant";
                default: return "Regular";
            }
        }

        static JObject Change(JObject parameters, bool apply)
        {
            GameObject root = InstanceRoot(parameters);
            string assetPath = AssetDatabase.GetAssetPath(PrefabUtility.GetCorrespondingObjectFromSource(root));
            if (apply && PrefabUtility.IsPartOfModelPrefab(root))
                throw PrimitiveError.Conflict("cannot apply to a model prefab (" + assetPath + "): Unity imports it from the model file; revert the override, unpack the instance, or make a prefab variant of the model and apply to that");
            List<Entry> entries = List(root);
            int count;
            if (parameters["index"] != null)
            {
                Entry entry = Chosen(entries, parameters);
                if (apply)
                    entry.Apply(assetPath);
                else
                    entry.Revert();
                count = 1;
            }
            else
            {
                if (apply)
                    PrefabUtility.ApplyPrefabInstance(root, InteractionMode.UserAction);
                else
                    PrefabUtility.RevertPrefabInstance(root, InteractionMode.UserAction);
                count = entries.Count;
            }
            return new JObject
            {
                { "observed", new JObject { { apply ? "applied" : "reverted", count }, { "assetPath", assetPath }, { "remaining", List(root).Count } } },
            };
        }

        // The entry params name by index, when each member of "expect" equals the listed entry's.
        static Entry Chosen(List<Entry> entries, JObject parameters)
        {
            long index = Params.RequiredInteger(parameters, "index");
            if (index < 0 || index >= entries.Count)
                throw PrimitiveError.NotFound("override index " + index + " does not exist; the instance has " + entries.Count + " override(s)");
            Entry entry = entries[(int)index];
            JObject expect = Params.OptionalObject(parameters, "expect");
            if (expect != null)
                foreach (JProperty member in expect.Properties())
                    if (!JToken.DeepEquals(entry.Listed[member.Name], member.Value))
                        throw PrimitiveError.Conflict("override " + index + " is not the one expected (its '" + member.Name + "' differs); the overrides changed since they were listed: " + entry.Listed.ToString(Newtonsoft.Json.Formatting.None));
            return entry;
        }

        static List<Entry> List(GameObject root)
        {
            var entries = new List<Entry>();
            AddPropertyOverrides(root, entries);
            foreach (AddedComponent added in PrefabUtility.GetAddedComponents(root))
            {
                Component component = added.instanceComponent;
                JObject listed = Listed(root, "addedComponent", component.gameObject);
                DescribeComponent(listed, component);
                entries.Add(new Entry
                {
                    Listed = listed,
                    Apply = path => PrefabUtility.ApplyAddedComponent(component, path, InteractionMode.UserAction),
                    Revert = () => PrefabUtility.RevertAddedComponent(component, InteractionMode.UserAction),
                });
            }
            foreach (RemovedComponent removed in PrefabUtility.GetRemovedComponents(root))
            {
                GameObject owner = removed.containingInstanceGameObject;
                Component assetComponent = removed.assetComponent;
                JObject listed = Listed(root, "removedComponent", owner);
                DescribeComponent(listed, assetComponent);
                entries.Add(new Entry
                {
                    Listed = listed,
                    Apply = path => PrefabUtility.ApplyRemovedComponent(owner, assetComponent, InteractionMode.UserAction),
                    Revert = () => PrefabUtility.RevertRemovedComponent(owner, assetComponent, InteractionMode.UserAction),
                });
            }
            foreach (AddedGameObject added in PrefabUtility.GetAddedGameObjects(root))
            {
                GameObject gameObject = added.instanceGameObject;
                entries.Add(new Entry
                {
                    Listed = Listed(root, "addedGameObject", gameObject),
                    Apply = path => PrefabUtility.ApplyAddedGameObject(gameObject, path, InteractionMode.UserAction),
                    Revert = () => PrefabUtility.RevertAddedGameObject(gameObject, InteractionMode.UserAction),
                });
            }
            foreach (RemovedGameObject removed in PrefabUtility.GetRemovedGameObjects(root))
            {
                GameObject parent = removed.parentOfRemovedGameObjectInInstance;
                GameObject assetGameObject = removed.assetGameObject;
                JObject listed = Listed(root, "removedGameObject", parent);
                listed["name"] = assetGameObject.name;
                entries.Add(new Entry
                {
                    Listed = listed,
                    Apply = path => PrefabUtility.ApplyRemovedGameObject(parent, assetGameObject, InteractionMode.UserAction),
                    Revert = () => PrefabUtility.RevertRemovedGameObject(parent, assetGameObject, InteractionMode.UserAction),
                });
            }
            for (int index = 0; index < entries.Count; index++)
                entries[index].Listed["index"] = index;
            return entries;
        }

        // Property modifications of the instance's objects, without Unity's default overrides (the root's
        // name, position and rotation) and without those whose value no longer differs (prefabOverride).
        static void AddPropertyOverrides(GameObject root, List<Entry> entries)
        {
            var instanceOf = new Dictionary<Object, Object>();
            foreach (Transform transform in root.GetComponentsInChildren<Transform>(true))
            {
                GameObject gameObject = transform.gameObject;
                GameObject sourceObject = PrefabUtility.GetCorrespondingObjectFromSource(gameObject);
                if (sourceObject != null)
                    instanceOf[sourceObject] = gameObject;
                foreach (Component component in gameObject.GetComponents<Component>())
                {
                    Component sourceComponent = component == null ? null : PrefabUtility.GetCorrespondingObjectFromSource(component);
                    if (sourceComponent != null)
                        instanceOf[sourceComponent] = component;
                }
            }
            PropertyModification[] modifications = PrefabUtility.GetPropertyModifications(root) ?? new PropertyModification[0];
            var seen = new HashSet<string>();
            foreach (PropertyModification modification in modifications)
            {
                Object instanceObject;
                if (modification.target == null || PrefabUtility.IsDefaultOverride(modification) || !instanceOf.TryGetValue(modification.target, out instanceObject))
                    continue;
                string propertyPath = modification.propertyPath;
                if (!seen.Add(ObjectIds.Of(instanceObject) + "/" + propertyPath))
                    continue;
                JObject listed;
                using (var instance = new SerializedObject(instanceObject))
                using (var asset = new SerializedObject(modification.target))
                {
                    SerializedProperty property = instance.FindProperty(propertyPath);
                    SerializedProperty assetProperty = asset.FindProperty(propertyPath);
                    if (property == null || !property.prefabOverride)
                        continue;
                    var component = instanceObject as Component;
                    listed = Listed(root, "property", component != null ? component.gameObject : (GameObject)instanceObject);
                    if (component != null)
                        DescribeComponent(listed, component);
                    JObject described = TypedValues.Describe(property);
                    listed["propertyPath"] = propertyPath;
                    listed["type"] = described["type"];
                    listed["value"] = described["value"] ?? modification.value;
                    listed["assetValue"] = assetProperty != null ? TypedValues.Describe(assetProperty)["value"] : null;
                }
                Object target = instanceObject;
                entries.Add(new Entry
                {
                    Listed = listed,
                    Apply = path => WithProperty(target, propertyPath, found => PrefabUtility.ApplyPropertyOverride(found, path, InteractionMode.UserAction)),
                    Revert = () => WithProperty(target, propertyPath, found => PrefabUtility.RevertPropertyOverride(found, InteractionMode.UserAction)),
                });
            }
        }

        static void WithProperty(Object target, string propertyPath, Action<SerializedProperty> action)
        {
            using (var serialized = new SerializedObject(target))
            {
                SerializedProperty property = serialized.FindProperty(propertyPath);
                if (property == null)
                    throw PrimitiveError.NotFound("the instance no longer has the property " + propertyPath);
                action(property);
            }
        }

        static JObject Listed(GameObject root, string kind, GameObject gameObject)
        {
            return new JObject { { "kind", kind }, { "objectPath", RelativePath(root, gameObject.transform) }, { "instanceId", ObjectIds.Of(gameObject) } };
        }

        static void DescribeComponent(JObject listed, Component component)
        {
            Type type = component.GetType();
            int index = 0;
            foreach (Component other in component.gameObject.GetComponents(type))
            {
                if (other == component)
                    break;
                if (other.GetType() == type)
                    index++;
            }
            listed["componentType"] = type.FullName;
            listed["componentIndex"] = index;
        }

        static string RelativePath(GameObject root, Transform transform)
        {
            string path = "";
            for (Transform current = transform; current != null && current != root.transform; current = current.parent)
                path = path.Length == 0 ? current.name : current.name + "/" + path;
            return path;
        }

        static JObject Unpack(JObject parameters)
        {
            GameObject target = SceneObjects.ResolveGameObject(Params.RequiredObject(parameters, "object"), "params.object");
            if (!PrefabUtility.IsPartOfPrefabInstance(target))
                throw PrimitiveError.Conflict(target.name + " is not part of a prefab instance");
            if (!PrefabUtility.IsOutermostPrefabInstanceRoot(target))
                throw PrimitiveError.Conflict(target.name + " is not an outermost prefab instance root; unpack " + PrefabUtility.GetOutermostPrefabInstanceRoot(target).name + " first");
            PrefabUnpackMode mode = Params.RequiredString(parameters, "mode") == "completely" ? PrefabUnpackMode.Completely : PrefabUnpackMode.OutermostRoot;
            PrefabUtility.UnpackPrefabInstance(target, mode, InteractionMode.UserAction);
            return new JObject { { "observed", SceneObjects.Node(target) } };
        }

        // An instance of the base in a preview scene saved with SaveAsPrefabAsset is a variant of it; the
        // preview scene keeps the open scenes untouched and goes with its instance.
        static JObject CreateVariant(JObject parameters)
        {
            string basePath = Params.RequiredString(parameters, "base");
            string path = Params.RequiredString(parameters, "path");
            if (AssetDatabase.LoadMainAssetAtPath(basePath) == null)
                throw PrimitiveError.NotFound("no prefab at " + basePath);
            var basePrefab = AssetDatabase.LoadAssetAtPath<GameObject>(basePath);
            if (basePrefab == null || AssetDatabase.GetMainAssetTypeAtPath(basePath) != typeof(GameObject))
                throw PrimitiveError.TypeMismatch(basePath + " is a " + AssetDatabase.GetMainAssetTypeAtPath(basePath).Name + ", not a prefab or model; only those have variants");
            if (!path.StartsWith("Assets/", StringComparison.Ordinal) || !path.EndsWith(".prefab", StringComparison.Ordinal))
                throw PrimitiveError.InvalidParams("a prefab variant's path starts with 'Assets/' and ends in '.prefab'");
            string folder = path.Substring(0, path.LastIndexOf('/'));
            if (!AssetDatabase.IsValidFolder(folder))
                throw PrimitiveError.NotFound("folder '" + folder + "' does not exist; create it first");
            string unique = AssetDatabase.GenerateUniqueAssetPath(path);
            UnityEngine.SceneManagement.Scene preview = EditorSceneManager.NewPreviewScene();
            try
            {
                var instance = (GameObject)PrefabUtility.InstantiatePrefab(basePrefab, preview);
                bool success;
                PrefabUtility.SaveAsPrefabAsset(instance, unique, out success);
                if (!success)
                    throw PrimitiveError.Conflict("Unity could not save a variant of " + basePath + " at " + unique);
            }
            finally
            {
                EditorSceneManager.ClosePreviewScene(preview);
            }
            return new JObject { { "observed", new JObject { { "assetPath", unique }, { "basePrefab", basePath }, { "renamed", unique != path } } } };
        }
    }
}

// scene.digest: a stable hash over every loaded scene (root order, and per object its instance id,
// parent, name, activeSelf, prefab asset, then per component its type and every serialized value in
// iteration order), taken before and after a batch to prove that a revert restored everything.
using System.Collections.Generic;
using System.Globalization;
using System.Text;
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;
using UnityEngine.SceneManagement;
using Object = UnityEngine.Object;

namespace AgentPanel.Editor.Primitives
{
    static class SceneDigest
    {
        public static void Register(UnityEditorPrimitives table)
        {
            table.Add("scene.digest", Digest);
        }

        // 64-bit FNV-1a over UTF-8, with a separator byte after every field so "ab"+"c" differs from
        // "a"+"bc". The simulator hashes the same fields eight bytes a step, so the two numbers differ;
        // only equality within one editor is meaningful.
        sealed class Fnv
        {
            ulong m_hash = 14695981039346656037UL;
            const ulong Prime = 1099511628211UL;

            public void Add(string text)
            {
                foreach (byte item in Encoding.UTF8.GetBytes(text ?? ""))
                {
                    m_hash ^= item;
                    m_hash *= Prime;
                }
                m_hash ^= 0xff;
                m_hash *= Prime;
            }

            public void Add(long number) { Add(number.ToString(CultureInfo.InvariantCulture)); }

            public string Hex { get { return m_hash.ToString("x16", CultureInfo.InvariantCulture); } }
        }

        static JObject Digest(JObject parameters)
        {
            var digest = new Fnv();
            long count = 0;
            var pending = new Stack<Transform>();
            foreach (Scene scene in SceneObjects.AddressedScenes())
            {
                digest.Add(scene.path);
                digest.Add(scene.name);
                GameObject[] roots = scene.GetRootGameObjects();
                for (int index = roots.Length - 1; index >= 0; --index)
                    pending.Push(roots[index].transform);
                // Depth-first with an explicit stack, children in sibling order.
                while (pending.Count > 0)
                {
                    Transform transform = pending.Pop();
                    ++count;
                    AddObject(digest, transform.gameObject);
                    for (int index = transform.childCount - 1; index >= 0; --index)
                        pending.Push(transform.GetChild(index));
                }
            }
            return new JObject { { "digest", digest.Hex }, { "objectCount", count } };
        }

        static void AddObject(Fnv digest, GameObject gameObject)
        {
            Transform parent = gameObject.transform.parent;
            digest.Add(ObjectIds.Of(gameObject));
            digest.Add(parent != null ? ObjectIds.Of(parent.gameObject) : 0);
            digest.Add(gameObject.name);
            digest.Add(gameObject.activeSelf ? "1" : "0");
            digest.Add(PrefabUtility.GetPrefabAssetPathOfNearestInstanceRoot(gameObject));
            // The GameObject's own serialized state (layer, tag, static flags) then each component's.
            AddSerialized(digest, gameObject);
            foreach (Component component in gameObject.GetComponents<Component>())
            {
                if (component == null)
                {
                    digest.Add("missing script");
                    continue;
                }
                digest.Add(component.GetType().FullName);
                AddSerialized(digest, component);
            }
        }

        // Every serialized property, hidden ones included, down to the leaves: a leaf of a plain type adds
        // its path and value; any other leaf (curves, gradients, hashes) adds Unity's own contentHash.
        static void AddSerialized(Fnv digest, Object target)
        {
            using (var serialized = new SerializedObject(target))
            {
                SerializedProperty property = serialized.GetIterator();
                for (bool enter = true; property.Next(enter); enter = property.hasChildren && property.propertyType != SerializedPropertyType.String)
                {
                    if (property.hasChildren && property.propertyType != SerializedPropertyType.String)
                        continue;
                    digest.Add(property.propertyPath);
                    digest.Add(LeafValue(property));
                }
            }
        }

        static string LeafValue(SerializedProperty property)
        {
            switch (property.propertyType)
            {
                case SerializedPropertyType.Integer:
                    return property.longValue.ToString(CultureInfo.InvariantCulture);
                case SerializedPropertyType.ArraySize:
                case SerializedPropertyType.Character:
                case SerializedPropertyType.Enum:
                case SerializedPropertyType.LayerMask:
                    return property.intValue.ToString(CultureInfo.InvariantCulture);
                case SerializedPropertyType.Boolean:
                    return property.boolValue ? "1" : "0";
                case SerializedPropertyType.Float:
                    return property.doubleValue.ToString("R", CultureInfo.InvariantCulture);
                case SerializedPropertyType.String:
                    return property.stringValue;
                case SerializedPropertyType.ObjectReference:
                    return "ref:" + ObjectIds.OfReference(property).ToString(CultureInfo.InvariantCulture);
                default:
                    return "hash:" + property.contentHash.ToString(CultureInfo.InvariantCulture);
            }
        }
    }
}

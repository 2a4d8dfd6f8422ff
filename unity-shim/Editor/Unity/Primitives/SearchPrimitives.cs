// search.query: scene objects (open scenes, depth-first) and assets whose name contains the query's
// words, optionally filtered by t:Type, as AssetDatabase's own search syntax does. The host falls back
// to it where Unity Search (search.unity, UnitySearchPrimitive.cs) is unavailable.
using System;
using System.Collections.Generic;
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;
using UnityEngine.SceneManagement;

namespace AgentPanel.Editor.Primitives
{
    static class SearchPrimitives
    {
        public static void Register(UnityEditorPrimitives table)
        {
            table.Add("search.query", Query);
        }

        static JObject Query(JObject parameters)
        {
            string query = Params.RequiredString(parameters, "query");
            string scope = Params.OptionalString(parameters, "scope", "all");
            int limit = (int)Params.OptionalInteger(parameters, "limit", 100, 1, 1000);
            if (scope != "scene" && scope != "assets" && scope != "all")
                throw PrimitiveError.InvalidParams("params.scope must be scene, assets or all");
            var words = new List<string>();
            string typeName = null;
            foreach (string word in query.Split(new[] { ' ' }, StringSplitOptions.RemoveEmptyEntries))
                if (word.StartsWith("t:", StringComparison.OrdinalIgnoreCase))
                    typeName = word.Substring(2);
                else
                    words.Add(word);
            var results = new JArray();
            bool truncated = false;
            if (scope != "assets")
                truncated = SearchScenes(words, typeName, limit, results);
            if (scope != "scene" && !truncated)
                foreach (string guid in AssetDatabase.FindAssets(query))
                {
                    if (results.Count == limit)
                    {
                        truncated = true;
                        break;
                    }
                    string path = AssetDatabase.GUIDToAssetPath(guid);
                    Type type = AssetDatabase.GetMainAssetTypeAtPath(path);
                    results.Add(new JObject { { "kind", "asset" }, { "assetPath", path }, { "name", System.IO.Path.GetFileNameWithoutExtension(path) },
                                              { "type", type != null ? type.FullName : "unknown" } });
                }
            return new JObject { { "results", results }, { "truncated", truncated } };
        }

        static bool Matches(GameObject gameObject, List<string> words, string typeName)
        {
            foreach (string word in words)
                if (gameObject.name.IndexOf(word, StringComparison.OrdinalIgnoreCase) < 0)
                    return false;
            if (typeName == null)
                return true;
            if (string.Equals(typeName, "GameObject", StringComparison.OrdinalIgnoreCase))
                return true;
            foreach (Component component in gameObject.GetComponents<Component>())
                if (component != null && string.Equals(component.GetType().Name, typeName, StringComparison.OrdinalIgnoreCase))
                    return true;
            return false;
        }

        // True when the limit cut the results short.
        static bool SearchScenes(List<string> words, string typeName, int limit, JArray results)
        {
            var stack = new Stack<Transform>();
            foreach (Scene scene in SceneObjects.AddressedScenes())
            {
                GameObject[] roots = scene.GetRootGameObjects();
                for (int index = roots.Length - 1; index >= 0; --index)
                    stack.Push(roots[index].transform);
            }
            while (stack.Count > 0)
            {
                Transform next = stack.Pop();
                if (Matches(next.gameObject, words, typeName))
                {
                    if (results.Count == limit)
                        return true;
                    JObject node = SceneObjects.Node(next.gameObject);
                    node["kind"] = "scene";
                    results.Add(node);
                }
                for (int index = next.childCount - 1; index >= 0; --index)
                    stack.Push(next.GetChild(index));
            }
            return false;
        }
    }
}

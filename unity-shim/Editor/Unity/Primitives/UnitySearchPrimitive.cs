// search.unity: runs a Unity Search query (UnityEditor.Search) synchronously on the main thread with
// the providers the host names, and answers each item with the path the other primitives address it by.
using System;
using System.Collections.Generic;
using System.Reflection;
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEditor.Search;
using UnityEngine;

namespace AgentPanel.Editor.Primitives
{
    static class UnitySearchPrimitive
    {
        const string SceneProviderId = "scene";
        const string AssetDatabaseProviderId = "adb";

        public static void Register(UnityEditorPrimitives table)
        {
            table.Add("search.unity", Query);
        }

        static JObject Query(JObject parameters)
        {
            string query = Params.RequiredString(parameters, "query");
            int limit = (int)Params.OptionalInteger(parameters, "limit", 50, 1, 1000);
            List<string> providers = ProviderIds(parameters);
            if (providers.Contains(SceneProviderId))
                RefreshSceneProvider();
            // A context per call: one shared context whose text is swapped answered nothing from adb.
            using (SearchContext context = SearchService.CreateContext(providers, query, SearchFlags.None))
            {
                // Synchronous cannot be interrupted, so only the number of items written bounds the answer.
                ISearchList found;
                try
                {
                    found = SearchService.Request(context, SearchFlags.Synchronous);
                }
                catch (Exception exception)
                {
                    throw PrimitiveError.Unsupported("Unity Search could not run the query: " + exception.Message);
                }
                using (found)
                {
                    var items = new JArray();
                    foreach (SearchItem item in found)
                    {
                        if (items.Count == limit)
                            break;
                        items.Add(Describe(item, context));
                    }
                    return new JObject { { "items", items }, { "total", found.Count }, { "truncated", found.Count > items.Count } };
                }
            }
        }

        static List<string> ProviderIds(JObject parameters)
        {
            var providers = new List<string>();
            JArray listed = parameters["providers"] as JArray;
            if (listed == null || listed.Count == 0)
                throw PrimitiveError.InvalidParams("params.providers must list \"adb\", \"scene\" or both");
            foreach (JToken provider in listed)
            {
                string id = provider.Type == JTokenType.String ? (string)provider : null;
                if (id != AssetDatabaseProviderId && id != SceneProviderId)
                    throw PrimitiveError.InvalidParams("params.providers may hold only \"adb\" and \"scene\"");
                if (!providers.Contains(id))
                    providers.Add(id);
            }
            return providers;
        }

        // The scene provider keeps the hierarchy it read first and misses objects created since; its
        // private InvalidateScene drops that cache. A Unity without the method keeps its own behaviour.
        static void RefreshSceneProvider()
        {
            SearchProvider scene = SearchService.GetProvider(SceneProviderId);
            if (scene == null)
                return;
            MethodInfo invalidate = scene.GetType().GetMethod("InvalidateScene", BindingFlags.Instance | BindingFlags.NonPublic | BindingFlags.Public,
                                                              null, Type.EmptyTypes, null);
            if (invalidate != null)
                invalidate.Invoke(scene, null);
        }

        // Items are classified by what they are, not by their provider's id: adb answers with items
        // whose provider id is "asset" (or a resources group), never "adb".
        static JObject Describe(SearchItem item, SearchContext context)
        {
            UnityEngine.Object target = item.ToObject();
            var described = new JObject
            {
                { "id", item.id },
                { "label", item.GetLabel(context, true) },
                { "description", item.GetDescription(context, true) },
                { "type", target != null ? target.GetType().Name : "unknown" },
            };
            GameObject gameObject = target as GameObject;
            if (gameObject == null && target is Component)
                gameObject = ((Component)target).gameObject;
            string assetPath = target != null ? AssetDatabase.GetAssetPath(target) : "";
            if (gameObject != null && string.IsNullOrEmpty(assetPath))
            {
                described["provider"] = SceneProviderId;
                described["scenePath"] = SceneObjects.PathOf(gameObject.transform);
                described["instanceId"] = ObjectIds.Of(gameObject);
            }
            else
            {
                described["provider"] = AssetDatabaseProviderId;
                described["assetPath"] = assetPath ?? "";
            }
            return described;
        }
    }
}

// selection.get/set and menu.execute.
using System.Collections.Generic;
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;

namespace AgentPanel.Editor.Primitives
{
    static class SelectionAndMenuPrimitives
    {
        public static void Register(UnityEditorPrimitives table)
        {
            table.Add("selection.get", parameters => new JObject { { "objects", Describe(Selection.objects) } });
            table.Add("selection.set", parameters =>
            {
                var objects = new List<Object>();
                foreach (JToken item in Params.RequiredArray(parameters, "objects"))
                    objects.Add(SceneObjects.Resolve(item as JObject, "params.objects[]"));
                Selection.objects = objects.ToArray();
                return new JObject { { "observed", new JObject { { "objects", Describe(Selection.objects) } } } };
            });
            table.Add("menu.execute", parameters =>
            {
                string path = Params.RequiredString(parameters, "path");
                int before = Undo.GetCurrentGroup();
                bool executed = EditorApplication.ExecuteMenuItem(path);
                if (!executed)
                    throw PrimitiveError.NotFound("no menu item '" + path + "' could be executed (it does not exist or is disabled now)");
                return new JObject
                {
                    { "executed", true },
                    { "observed", new JObject { { "undoGroupBefore", before }, { "undoGroupAfter", Undo.GetCurrentGroup() }, { "selection", Describe(Selection.objects) } } },
                };
            });
        }

        // The first limit objects (the selectionChanged event lists a bounded number; the answers all).
        internal static JArray Describe(Object[] objects, int limit = int.MaxValue)
        {
            var described = new JArray();
            foreach (Object item in objects)
            {
                if (item == null)
                    continue;
                if (described.Count == limit)
                    break;
                var entry = new JObject { { "instanceId", ObjectIds.Of(item) }, { "name", item.name }, { "type", item.GetType().FullName } };
                GameObject gameObject = item as GameObject;
                string assetPath = AssetDatabase.GetAssetPath(item);
                if (!string.IsNullOrEmpty(assetPath))
                    entry["assetPath"] = assetPath;
                else if (gameObject != null)
                    entry["path"] = SceneObjects.PathOf(gameObject.transform);
                described.Add(entry);
            }
            return described;
        }
    }
}

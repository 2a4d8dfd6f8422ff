// Which primitives are known to leave every name, parent, child list, root list, open scene and the
// stage as they found them, so the scene path index survives them. Any other primitive, a new one
// included, drops the index after it runs: forgetting one here costs a rebuild, never a wrong answer.
using System;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Editor.Primitives
{
    static class IndexKeeping
    {
        // Reads, and writes of values that are not names or parents (transforms, properties, components,
        // active flags, selection, the console, Undo group brackets, views): the simulator's list
        // (tools/editor-sim/src/object_index.cpp). A component that replaces the Transform (RectTransform)
        // leaves a destroyed Transform in the index, which every lookup checks for and rebuilds past.
        static readonly string[] Methods =
        {
            "asset.find", "camera.get", "component.add", "component.list", "component.remove", "console.clear", "console.read",
            "editor.info", "editor.state", "gameView.get", "gameView.set", "hierarchy.roots", "hierarchy.subtree",
            "markers.clear", "markers.draw", "markers.list", "menu.list", "object.setActive", "ping", "property.get",
            "property.list", "property.set", "request.status", "scene.digest", "search.query", "selection.get",
            "selection.set", "transform.get", "transform.set", "type.find", "undo.beginGroup", "undo.endGroup",
        };

        // Serialized properties of a Transform that hold its place in the hierarchy: a property.set of one of
        // them would be a move the simulator cannot make, so it drops the index here.
        static readonly string[] HierarchyProperties = { "m_Father", "m_Children", "m_RootOrder", "m_Name" };

        public static bool KeepsHierarchy(string method, JObject parameters)
        {
            if (Array.IndexOf(Methods, method) < 0)
                return false;
            if (method != "property.set")
                return true;
            // Runs after the primitive, also after one that refused malformed params: nothing here may throw.
            var values = parameters != null ? parameters["values"] as JArray : null;
            if (values == null)
                return true;
            foreach (JToken value in values)
            {
                var path = value is JObject ? value["path"] as JValue : null;
                if (path != null && path.Type == JTokenType.String && Array.IndexOf(HierarchyProperties, ((string)path).Split('.')[0]) >= 0)
                    return false;
            }
            return true;
        }
    }
}

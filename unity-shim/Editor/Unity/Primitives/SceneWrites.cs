// Which requests change scene objects: the play-mode guard refuses them in play mode, and each one
// outside an explicit undo group starts an Edit > Undo step of its own.
using System;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Editor.Primitives
{
    static class SceneWrites
    {
        // Asset writes (a material's properties, asset.create) keep their effect after play mode and are
        // not Undo-tracked scene changes. The simulator keeps the same list (play_mode_guard.cpp).
        static readonly string[] Methods =
        {
            "object.create", "object.destroy", "object.rename", "object.reparent", "object.setActive", "object.duplicate",
            "object.instantiate", "transform.set", "component.add", "component.remove", "property.set",
        };

        public static bool Contains(string method, JObject parameters)
        {
            if (Array.IndexOf(Methods, method) < 0)
                return false;
            // property.set writes an asset, which keeps the change, unless its target is a component.
            if (method == "property.set")
                return parameters["target"] is JObject target && target["component"] != null;
            return true;
        }
    }
}

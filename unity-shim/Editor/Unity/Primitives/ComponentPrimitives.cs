// component.list/add/remove and type.find: component types by short or full name, through Undo.
using System;
using System.Collections.Generic;
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;

namespace AgentPanel.Editor.Primitives
{
    static class ComponentPrimitives
    {
        public static void Register(UnityEditorPrimitives table)
        {
            table.Add("component.list", List);
            table.Add("component.add", AddComponent);
            table.Add("component.remove", Remove);
            table.Add("type.find", FindTypes);
        }

        public static JArray TypeNames(GameObject gameObject)
        {
            var names = new JArray();
            foreach (Component component in gameObject.GetComponents<Component>())
                names.Add(component == null ? "(missing script)" : component.GetType().FullName);
            return names;
        }

        static JObject List(JObject parameters)
        {
            GameObject target = SceneObjects.ResolveGameObject(Params.RequiredObject(parameters, "object"), "params.object");
            var components = new JArray();
            var perType = new Dictionary<string, int>();
            foreach (Component component in target.GetComponents<Component>())
            {
                if (component == null)
                {
                    components.Add(new JObject { { "type", "(missing script)" }, { "missing", true } });
                    continue;
                }
                string type = component.GetType().FullName;
                int index;
                perType.TryGetValue(type, out index);
                perType[type] = index + 1;
                components.Add(new JObject { { "type", type }, { "name", component.GetType().Name }, { "index", index }, { "instanceId", ObjectIds.Of(component) } });
            }
            return new JObject { { "components", components } };
        }

        // Every loaded type deriving from baseType whose short or full name matches.
        static List<Type> TypesNamed(string name, Type baseType)
        {
            var matches = new List<Type>();
            foreach (Type type in TypeCache.GetTypesDerivedFrom(baseType))
                if (!type.IsAbstract && (type.FullName == name || type.Name == name))
                    matches.Add(type);
            return matches;
        }

        public static Type ComponentType(string name)
        {
            List<Type> matches = TypesNamed(name, typeof(Component));
            if (matches.Count == 0)
                throw PrimitiveError.NotFound("no component type named " + name + " (type.find lists what exists)");
            if (matches.Count > 1)
            {
                var names = new List<string>();
                foreach (Type type in matches)
                    names.Add(type.FullName);
                throw PrimitiveError.Conflict("several component types are named " + name + ": " + string.Join(", ", names.ToArray()) + "; give the full name");
            }
            return matches[0];
        }

        static JObject AddComponent(JObject parameters)
        {
            GameObject target = SceneObjects.ResolveGameObject(Params.RequiredObject(parameters, "object"), "params.object");
            Type type = ComponentType(Params.RequiredString(parameters, "type"));
            Component added = Undo.AddComponent(target, type);
            if (added == null)
                throw PrimitiveError.Conflict(type.FullName + " could not be added to " + target.name + " (a duplicate of a single-instance component, or a missing requirement; read the Console)");
            return new JObject { { "observed", new JObject { { "type", added.GetType().FullName }, { "instanceId", ObjectIds.Of(added) }, { "components", TypeNames(target) } } } };
        }

        static JObject Remove(JObject parameters)
        {
            GameObject target = SceneObjects.ResolveGameObject(Params.RequiredObject(parameters, "object"), "params.object");
            Type type = ComponentType(Params.RequiredString(parameters, "type"));
            int index = (int)Params.OptionalInteger(parameters, "index", 0, 0, int.MaxValue);
            Component[] found = target.GetComponents(type);
            if (index >= found.Length)
                throw PrimitiveError.NotFound(target.name + " has " + found.Length + " " + type.Name + " component(s); index " + index + " does not exist");
            if (found[index] is Transform)
                throw PrimitiveError.Conflict("a Transform cannot be removed; destroy the object instead (object.destroy)");
            int before = target.GetComponents<Component>().Length;
            Undo.DestroyObjectImmediate(found[index]);
            int after = target.GetComponents<Component>().Length;
            return new JObject { { "observed", new JObject { { "countBefore", before }, { "countAfter", after }, { "components", TypeNames(target) } } } };
        }

        static JObject FindTypes(JObject parameters)
        {
            string query = Params.OptionalString(parameters, "query", string.Empty);
            string kind = Params.OptionalString(parameters, "kind", "any");
            int limit = (int)Params.OptionalInteger(parameters, "limit", 100, 1, 1000);
            var types = new JArray();
            var bases = new List<KeyValuePair<string, Type>>();
            if (kind != "scriptableObject")
                bases.Add(new KeyValuePair<string, Type>("component", typeof(Component)));
            if (kind != "component")
                bases.Add(new KeyValuePair<string, Type>("scriptableObject", typeof(ScriptableObject)));
            foreach (KeyValuePair<string, Type> basis in bases)
                foreach (Type type in TypeCache.GetTypesDerivedFrom(basis.Value))
                {
                    if (types.Count >= limit)
                        break;
                    if (!type.IsAbstract && type.FullName.IndexOf(query, StringComparison.OrdinalIgnoreCase) >= 0)
                        types.Add(new JObject { { "name", type.Name }, { "fullName", type.FullName }, { "kind", basis.Key }, { "assembly", type.Assembly.GetName().Name } });
                }
            return new JObject { { "types", types } };
        }
    }
}

// property.list/get/set through SerializedObject and SerializedProperty, so any component or asset
// works without type-specific code. A write checks every value before writing any, records Undo,
// and answers with the values as stored.
using System;
using System.Collections.Generic;
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;
using Object = UnityEngine.Object;

namespace AgentPanel.Editor.Primitives
{
    static class PropertyPrimitives
    {
        public static void Register(UnityEditorPrimitives table)
        {
            table.Add("property.list", List);
            table.Add("property.get", Get);
            table.Add("property.set", Set);
        }

        public static Object Target(JObject parameters)
        {
            JObject target = Params.RequiredObject(parameters, "target");
            JObject asset = Params.OptionalObject(target, "asset");
            if (asset != null)
                return SceneObjects.Resolve(asset, "params.target.asset");
            JObject component = Params.OptionalObject(target, "component");
            if (component == null)
                throw PrimitiveError.InvalidParams("params.target needs component or asset");
            GameObject owner = SceneObjects.ResolveGameObject(Params.RequiredObject(component, "object"), "params.target.component.object");
            Type type = ComponentPrimitives.ComponentType(Params.RequiredString(component, "type"));
            int index = (int)Params.OptionalInteger(component, "index", 0, 0, int.MaxValue);
            Component[] found = owner.GetComponents(type);
            if (index >= found.Length)
                throw PrimitiveError.NotFound(owner.name + " has no " + type.Name + " at index " + index);
            return found[index];
        }

        static JObject List(JObject parameters)
        {
            Object target = Target(parameters);
            int limit = (int)Params.OptionalInteger(parameters, "limit", 200, 1, 5000);
            string cursor = Params.OptionalString(parameters, "cursor", null);
            int offset = 0;
            if (cursor != null && (!int.TryParse(cursor, out offset) || offset < 0))
                throw PrimitiveError.InvalidParams("params.cursor must be a cursor returned as nextCursor");
            var properties = new JArray();
            int seen = 0;
            bool more = false;
            using (var serialized = new SerializedObject(target))
            {
                SerializedProperty iterator = serialized.GetIterator();
                for (bool enter = true; iterator.NextVisible(enter); enter = iterator.propertyType == SerializedPropertyType.Generic)
                {
                    if (seen++ < offset)
                        continue;
                    if (properties.Count == limit)
                    {
                        more = true;
                        break;
                    }
                    properties.Add(TypedValues.Describe(iterator));
                }
            }
            var result = new JObject { { "properties", properties } };
            if (more)
                result["nextCursor"] = (offset + properties.Count).ToString();
            return result;
        }

        static JObject Get(JObject parameters)
        {
            Object target = Target(parameters);
            var properties = new JArray();
            using (var serialized = new SerializedObject(target))
            {
                foreach (JToken path in Params.RequiredArray(parameters, "paths"))
                {
                    if (path.Type != JTokenType.String)
                        throw PrimitiveError.InvalidParams("params.paths must hold strings");
                    SerializedProperty property = serialized.FindProperty((string)path);
                    if (property == null)
                        throw PrimitiveError.NotFound(target.GetType().Name + " has no serialized property '" + (string)path + "' (property.list shows the paths)");
                    properties.Add(TypedValues.Describe(property));
                }
            }
            return new JObject { { "properties", properties } };
        }

        static JObject Set(JObject parameters)
        {
            Object target = Target(parameters);
            return new JObject { { "observed", new JObject { { "properties", Write(target, Params.RequiredArray(parameters, "values"), UndoRecording.Record) } } } };
        }

        public enum UndoRecording { Record, NotUndoable }

        // Checks every {path, type, value} first (a wrong-shaped value leaves the object untouched),
        // then writes them all and answers with the values as stored.
        public static JArray Write(Object target, JArray values, UndoRecording undo)
        {
            using (var serialized = new SerializedObject(target))
            {
                var writes = new List<Action>();
                var paths = new List<string>();
                foreach (JToken item in values)
                {
                    JObject write = item as JObject;
                    if (write == null)
                        throw PrimitiveError.InvalidParams("params.values must hold {path, type, value} objects");
                    string path = Params.RequiredString(write, "path");
                    string type = Params.RequiredString(write, "type");
                    SerializedProperty property = serialized.FindProperty(path);
                    if (property == null)
                        throw PrimitiveError.NotFound(target.GetType().Name + " has no serialized property '" + path + "' (list them first)");
                    if (!property.editable)
                        throw PrimitiveError.Conflict("the property '" + path + "' is not editable");
                    writes.Add(TypedValues.PrepareWrite(property, type, write["value"]));
                    paths.Add(path);
                }
                if (undo == UndoRecording.Record)
                    Undo.RecordObject(target, "Set " + string.Join(", ", paths.ToArray()));
                foreach (Action apply in writes)
                    apply();
                // ApplyModifiedProperties registers an Undo step of its own (natively; Unity documents it, and
                // SerializedObject.bindings.cs offers ApplyModifiedPropertiesWithoutUndo beside it), so
                // a write declared not undoable (importer settings) uses the variant that does not.
                if (undo == UndoRecording.Record)
                    serialized.ApplyModifiedProperties();
                else
                    serialized.ApplyModifiedPropertiesWithoutUndo();
                serialized.Update();
                var observed = new JArray();
                foreach (string path in paths)
                    observed.Add(TypedValues.Describe(serialized.FindProperty(path)));
                return observed;
            }
        }
    }
}

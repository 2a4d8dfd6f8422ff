// The protocol's typed values (integer, float, boolean, string, vectors, quaternion, color, enum,
// layerMask, objectReference) read from and checked against a SerializedProperty's own type.
using System;
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;
using Object = UnityEngine.Object;

namespace AgentPanel.Editor.Primitives
{
    static class TypedValues
    {
        public static string TypeName(SerializedProperty property)
        {
            switch (property.propertyType)
            {
                case SerializedPropertyType.Integer: return "integer";
                case SerializedPropertyType.Float: return "float";
                case SerializedPropertyType.Boolean: return "boolean";
                case SerializedPropertyType.String: return "string";
                case SerializedPropertyType.Vector2: return "vector2";
                case SerializedPropertyType.Vector3: return "vector3";
                case SerializedPropertyType.Vector4: return "vector4";
                case SerializedPropertyType.Quaternion: return "quaternion";
                case SerializedPropertyType.Color: return "color";
                case SerializedPropertyType.Enum: return "enum";
                case SerializedPropertyType.LayerMask: return "layerMask";
                case SerializedPropertyType.ObjectReference: return "objectReference";
                default: return "unsupported:" + property.propertyType;
            }
        }

        public static JObject Describe(SerializedProperty property)
        {
            var described = new JObject
            {
                { "path", property.propertyPath }, { "type", TypeName(property) }, { "displayName", property.displayName },
                { "depth", property.depth },
            };
            JToken value = Read(property);
            if (value != null)
                described["value"] = value;
            if (property.isArray && property.propertyType == SerializedPropertyType.Generic)
                described["arraySize"] = property.arraySize;
            return described;
        }

        static JToken Read(SerializedProperty property)
        {
            switch (property.propertyType)
            {
                case SerializedPropertyType.Integer: return property.longValue;
                case SerializedPropertyType.Float: return property.doubleValue;
                case SerializedPropertyType.Boolean: return property.boolValue;
                case SerializedPropertyType.String: return property.stringValue;
                case SerializedPropertyType.Vector2: { Vector2 v = property.vector2Value; return new JArray(v.x, v.y); }
                case SerializedPropertyType.Vector3: { Vector3 v = property.vector3Value; return new JArray(v.x, v.y, v.z); }
                case SerializedPropertyType.Vector4: { Vector4 v = property.vector4Value; return new JArray(v.x, v.y, v.z, v.w); }
                case SerializedPropertyType.Quaternion: { Quaternion q = property.quaternionValue; return new JArray(q.x, q.y, q.z, q.w); }
                case SerializedPropertyType.Color: { Color c = property.colorValue; return new JObject { { "r", c.r }, { "g", c.g }, { "b", c.b }, { "a", c.a } }; }
                case SerializedPropertyType.Enum:
                    int index = property.enumValueIndex;
                    string[] names = property.enumNames;
                    return index >= 0 && index < names.Length ? (JToken)names[index] : index;
                case SerializedPropertyType.LayerMask: return property.intValue;
                case SerializedPropertyType.ObjectReference:
                    Object referenced = property.objectReferenceValue;
                    if (referenced == null)
                        return JValue.CreateNull();
                    var reference = new JObject { { "instanceId", ObjectIds.Of(referenced) }, { "name", referenced.name }, { "type", referenced.GetType().FullName } };
                    string assetPath = AssetDatabase.GetAssetPath(referenced);
                    if (!string.IsNullOrEmpty(assetPath))
                        reference["assetPath"] = assetPath;
                    return reference;
                default: return null;
            }
        }

        static TypeMismatch Mismatch(SerializedProperty property, string expected)
        {
            return new TypeMismatch(property.propertyPath + " takes " + expected);
        }

        sealed class TypeMismatch : Exception
        {
            public TypeMismatch(string message) : base(message) { }
        }

        static float Number(JToken token, SerializedProperty property, string expected)
        {
            if (token == null || (token.Type != JTokenType.Integer && token.Type != JTokenType.Float))
                throw Mismatch(property, expected);
            return (float)token;
        }

        static float[] Numbers(JToken value, SerializedProperty property, string[] fields)
        {
            string expected = fields.Length + " numbers ([" + string.Join(", ", fields) + "] or {" + string.Join(", ", fields) + "})";
            var numbers = new float[fields.Length];
            JArray array = value as JArray;
            JObject named = value as JObject;
            if (array != null && array.Count == fields.Length)
                for (int index = 0; index < fields.Length; ++index)
                    numbers[index] = Number(array[index], property, expected);
            else if (named != null)
                for (int index = 0; index < fields.Length; ++index)
                    numbers[index] = Number(named[fields[index]], property, expected);
            else
                throw Mismatch(property, expected);
            return numbers;
        }

        // Checks the value now; the returned action writes it later, once every value has been checked.
        public static Action PrepareWrite(SerializedProperty original, string declaredType, JToken value)
        {
            SerializedProperty property = original.Copy();
            string actual = TypeName(property);
            if (declaredType != actual)
                throw PrimitiveError.TypeMismatch(property.propertyPath + " is " + actual + ", not " + declaredType + "; nothing was written");
            try
            {
                return Prepare(property, value);
            }
            catch (TypeMismatch mismatch)
            {
                throw PrimitiveError.TypeMismatch(mismatch.Message + "; nothing was written");
            }
        }

        static Action Prepare(SerializedProperty property, JToken value)
        {
            switch (property.propertyType)
            {
                case SerializedPropertyType.Integer:
                    if (value == null || value.Type != JTokenType.Integer) throw Mismatch(property, "an integer");
                    long integer = (long)value;
                    return () => property.longValue = integer;
                case SerializedPropertyType.Float:
                    double number = Number(value, property, "a number");
                    return () => property.doubleValue = number;
                case SerializedPropertyType.Boolean:
                    if (value == null || value.Type != JTokenType.Boolean) throw Mismatch(property, "true or false");
                    bool flag = (bool)value;
                    return () => property.boolValue = flag;
                case SerializedPropertyType.String:
                    if (value == null || value.Type != JTokenType.String) throw Mismatch(property, "a string");
                    string text = (string)value;
                    return () => property.stringValue = text;
                case SerializedPropertyType.Vector2:
                    { float[] n = Numbers(value, property, new[] { "x", "y" }); return () => property.vector2Value = new Vector2(n[0], n[1]); }
                case SerializedPropertyType.Vector3:
                    { float[] n = Numbers(value, property, new[] { "x", "y", "z" }); return () => property.vector3Value = new Vector3(n[0], n[1], n[2]); }
                case SerializedPropertyType.Vector4:
                    { float[] n = Numbers(value, property, new[] { "x", "y", "z", "w" }); return () => property.vector4Value = new Vector4(n[0], n[1], n[2], n[3]); }
                case SerializedPropertyType.Quaternion:
                    {
                        JArray array = value as JArray;
                        JObject named = value as JObject;
                        bool euler = (array != null && array.Count == 3) || (named != null && named["w"] == null);
                        if (euler)
                        {
                            float[] e = Numbers(value, property, new[] { "x", "y", "z" });
                            return () => property.quaternionValue = Quaternion.Euler(e[0], e[1], e[2]);
                        }
                        float[] q = Numbers(value, property, new[] { "x", "y", "z", "w" });
                        return () => property.quaternionValue = new Quaternion(q[0], q[1], q[2], q[3]);
                    }
                case SerializedPropertyType.Color:
                    {
                        JArray array = value as JArray;
                        float[] c = array != null && array.Count == 3 ? Numbers(value, property, new[] { "r", "g", "b" }) : null;
                        float[] rgba = c != null ? new[] { c[0], c[1], c[2], 1f } : Numbers(value, property, new[] { "r", "g", "b", "a" });
                        return () => property.colorValue = new Color(rgba[0], rgba[1], rgba[2], rgba[3]);
                    }
                case SerializedPropertyType.Enum:
                    {
                        string[] names = property.enumNames;
                        int index = -1;
                        if (value != null && value.Type == JTokenType.String)
                            index = Array.IndexOf(names, (string)value);
                        else if (value != null && value.Type == JTokenType.Integer && (long)value >= 0 && (long)value < names.Length)
                            index = (int)(long)value;
                        if (index < 0)
                            throw Mismatch(property, "one of " + string.Join(", ", names) + " (or its index)");
                        return () => property.enumValueIndex = index;
                    }
                case SerializedPropertyType.LayerMask:
                    {
                        int bits = 0;
                        if (value != null && value.Type == JTokenType.Integer)
                            bits = (int)(long)value;
                        else if (value is JArray)
                            foreach (JToken layer in (JArray)value)
                            {
                                int found = layer.Type == JTokenType.String ? LayerMask.NameToLayer((string)layer) : -1;
                                if (found < 0)
                                    throw Mismatch(property, "a bit mask, -1 for Everything, or an array of existing layer names");
                                bits |= 1 << found;
                            }
                        else
                            throw Mismatch(property, "a bit mask, -1 for Everything, or an array of layer names");
                        return () => property.intValue = bits;
                    }
                case SerializedPropertyType.ObjectReference:
                    {
                        if (value == null || value.Type == JTokenType.Null)
                            return () => property.objectReferenceValue = null;
                        JObject reference = value as JObject;
                        if (reference == null)
                            throw Mismatch(property, "null or an objectRef");
                        Object referenced = SceneObjects.Resolve(reference, property.propertyPath);
                        // Assign to a copy first: Unity silently refuses a reference of the wrong type, which reads back as null.
                        SerializedProperty probe = property.Copy();
                        probe.objectReferenceValue = referenced;
                        bool accepted = probe.objectReferenceValue == referenced;
                        if (!accepted)
                            throw Mismatch(property, "a reference of its own field type (" + property.type + "), not " + referenced.GetType().Name);
                        return () => property.objectReferenceValue = referenced;
                    }
            }
            throw PrimitiveError.Unsupported(property.propertyPath + " is a " + property.propertyType + " property, which property.set cannot write yet");
        }
    }
}

// The JSON schemas of a project tool: its input schema, derived from its parameters' types (string,
// bool, int/long, float/double, enums as string enums, arrays of those; other types are unsupported),
// and its output schema, derived from what it returns.
using System;
using System.Collections.Generic;
using AgentPanel.Tools;
using Newtonsoft.Json.Linq;

namespace AgentPanel.ProjectTools
{
    public static class ToolSchema
    {
        // Null when the type can be a parameter; otherwise why not, naming the type.
        public static string Unsupported(Type type)
        {
            if (type == null)
                return "a parameter without a type";
            if (type.IsArray)
                return type.GetArrayRank() == 1 && !type.GetElementType().IsArray && Unsupported(type.GetElementType()) == null
                    ? null
                    : "the type " + type.FullName + " (arrays of string, bool, int, long, float, double or an enum only)";
            if (IsScalar(type))
                return null;
            return "the type " + type.FullName + " (parameters may be string, bool, int, long, float, double, an enum, or an array of those)";
        }

        public static JObject For(IList<AgentToolParameter> parameters)
        {
            var properties = new JObject();
            var required = new JArray();
            foreach (AgentToolParameter parameter in parameters)
            {
                JObject property = ForType(parameter.Type);
                if (!string.IsNullOrEmpty(parameter.Description))
                    property["description"] = parameter.Description;
                if (parameter.Optional)
                    property["default"] = parameter.DefaultValue == null ? JValue.CreateNull() : JToken.FromObject(DefaultForJson(parameter.DefaultValue));
                else
                    required.Add(parameter.Name);
                properties[parameter.Name] = property;
            }
            var schema = new JObject { { "type", "object" }, { "properties", properties }, { "additionalProperties", false } };
            if (required.Count > 0)
                schema["required"] = required;
            return schema;
        }

        public static JObject ForType(Type type)
        {
            if (type.IsArray)
                return new JObject { { "type", "array" }, { "items", ForType(type.GetElementType()) } };
            if (type.IsEnum)
                return new JObject { { "type", "string" }, { "enum", new JArray(Enum.GetNames(type)) } };
            if (type == typeof(string))
                return new JObject { { "type", "string" } };
            if (type == typeof(bool))
                return new JObject { { "type", "boolean" } };
            if (type == typeof(int))
                return new JObject { { "type", "integer" }, { "minimum", int.MinValue }, { "maximum", int.MaxValue } };
            if (type == typeof(long))
                return new JObject { { "type", "integer" } };
            return new JObject { { "type", "number" } };
        }

        // The result object's schema (ProjectToolRegistry.Call builds that object): void is always {};
        // a parameter type travels as {"value": ...}, absent when a string or an array is null; any
        // other type is serialised by Newtonsoft into a shape no type check here can promise.
        public static JObject ForResult(Type type)
        {
            if (type == typeof(void))
                return new JObject { { "type", "object" }, { "properties", new JObject() }, { "additionalProperties", false } };
            if (type == null || Unsupported(type) != null)
                return new JObject { { "type", "object" } };
            var schema = new JObject
            {
                { "type", "object" }, { "properties", new JObject { { "value", ResultValue(type) } } }, { "additionalProperties", false },
            };
            if (type.IsValueType)
                schema["required"] = new JArray("value");
            return schema;
        }

        // An enum result travels by name, like an enum argument, but an undefined or [Flags]
        // combination has a name outside the list, so the output schema promises a string only.
        static JObject ResultValue(Type type)
        {
            if (type.IsArray)
                return new JObject { { "type", "array" }, { "items", ResultValue(type.GetElementType()) } };
            return type.IsEnum ? new JObject { { "type", "string" } } : ForType(type);
        }

        static bool IsScalar(Type type)
        {
            return type.IsEnum || type == typeof(string) || type == typeof(bool) || type == typeof(int) || type == typeof(long) ||
                   type == typeof(float) || type == typeof(double);
        }

        // An enum's default travels by name, as the agent passes it.
        static object DefaultForJson(object value)
        {
            return value.GetType().IsEnum ? value.ToString() : value;
        }
    }
}

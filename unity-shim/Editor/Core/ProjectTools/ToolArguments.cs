// Converts a call's JSON arguments to a project tool's parameter values, refusing anything that
// does not fit (a wrong type, a missing required argument, an unknown one, an oversize string) with
// the parameter's name and what it takes, before the tool runs.
using System;
using System.Collections.Generic;
using AgentPanel.Bridge;
using AgentPanel.Tools;
using Newtonsoft.Json.Linq;

namespace AgentPanel.ProjectTools
{
    public static class ToolArguments
    {
        // A string argument past this many characters is refused: no tool needs a megabyte of text.
        public const int MaxStringLength = 100000;
        public const int MaxArrayLength = 10000;

        public static object[] Convert(AgentToolDefinition tool, JObject arguments)
        {
            arguments = arguments ?? new JObject();
            var known = new HashSet<string>();
            var values = new object[tool.Parameters.Count];
            for (int index = 0; index < tool.Parameters.Count; index++)
            {
                AgentToolParameter parameter = tool.Parameters[index];
                known.Add(parameter.Name);
                JToken given = arguments[parameter.Name];
                if (given == null)
                {
                    if (!parameter.Optional)
                        throw Refuse(tool, "needs the argument '" + parameter.Name + "' (" + Describe(parameter.Type) + ")");
                    values[index] = parameter.DefaultValue;
                    continue;
                }
                values[index] = Value(tool, parameter.Name, parameter.Type, given);
            }
            foreach (JProperty property in arguments.Properties())
                if (!known.Contains(property.Name))
                    throw Refuse(tool, "has no parameter '" + Clip(property.Name) + "'; its parameters are: " + string.Join(", ", Names(tool)));
            return values;
        }

        static object Value(AgentToolDefinition tool, string name, Type type, JToken given)
        {
            if (type.IsArray)
                return ArrayValue(tool, name, type.GetElementType(), given);
            if (type == typeof(string))
            {
                if (given.Type != JTokenType.String)
                    throw Mismatch(tool, name, type, given);
                string text = (string)given;
                if (text.Length > MaxStringLength)
                    throw Refuse(tool, "got " + text.Length + " characters for '" + name + "', over the limit of " + MaxStringLength);
                return text;
            }
            if (type == typeof(bool))
            {
                if (given.Type != JTokenType.Boolean)
                    throw Mismatch(tool, name, type, given);
                return (bool)given;
            }
            if (type.IsEnum)
                return EnumValue(tool, name, type, given);
            return NumberValue(tool, name, type, given);
        }

        static object ArrayValue(AgentToolDefinition tool, string name, Type element, JToken given)
        {
            var items = given as JArray;
            if (items == null)
                throw Mismatch(tool, name, element.MakeArrayType(), given);
            if (items.Count > MaxArrayLength)
                throw Refuse(tool, "got " + items.Count + " items for '" + name + "', over the limit of " + MaxArrayLength);
            Array array = Array.CreateInstance(element, items.Count);
            for (int index = 0; index < items.Count; index++)
                array.SetValue(Value(tool, name + "[" + index + "]", element, items[index]), index);
            return array;
        }

        static object EnumValue(AgentToolDefinition tool, string name, Type type, JToken given)
        {
            string text = given.Type == JTokenType.String ? (string)given : null;
            foreach (string choice in Enum.GetNames(type))
                if (choice == text)
                    return Enum.Parse(type, choice);
            throw Refuse(tool, "takes one of " + string.Join(", ", Enum.GetNames(type)) + " for '" + name + "', not " + Clip(given.ToString()));
        }

        static object NumberValue(AgentToolDefinition tool, string name, Type type, JToken given)
        {
            bool integral = type == typeof(int) || type == typeof(long);
            if (given.Type != JTokenType.Integer && (integral || given.Type != JTokenType.Float))
                throw Mismatch(tool, name, type, given);
            try
            {
                if (type == typeof(int))
                    return checked((int)(long)given);
                if (type == typeof(long))
                    return (long)given;
                if (type == typeof(float))
                    return (float)(double)given;
                return (double)given;
            }
            catch (Exception exception) when (exception is OverflowException || exception is InvalidCastException)
            {
                throw Refuse(tool, "got " + Clip(given.ToString()) + " for '" + name + "', outside the range of " + Describe(type));
            }
        }

        static PrimitiveError Mismatch(AgentToolDefinition tool, string name, Type type, JToken given)
        {
            return Refuse(tool, "takes " + Describe(type) + " for '" + name + "', not a JSON " + given.Type.ToString().ToLowerInvariant());
        }

        static PrimitiveError Refuse(AgentToolDefinition tool, string what)
        {
            return PrimitiveError.InvalidParams("project tool " + tool.Name + " " + what + "; nothing was run. Call it again with arguments its inputSchema allows");
        }

        public static string Describe(Type type)
        {
            if (type.IsArray)
                return "an array of " + Describe(type.GetElementType());
            if (type.IsEnum)
                return "one of " + string.Join(", ", Enum.GetNames(type));
            if (type == typeof(string)) return "a string";
            if (type == typeof(bool)) return "a boolean";
            if (type == typeof(int)) return "a 32-bit integer";
            if (type == typeof(long)) return "a 64-bit integer";
            return "a number";
        }

        static IEnumerable<string> Names(AgentToolDefinition tool)
        {
            foreach (AgentToolParameter parameter in tool.Parameters)
                yield return parameter.Name;
        }

        static string Clip(string text)
        {
            return text.Length <= 80 ? text : text.Substring(0, 80) + "...";
        }
    }
}

// Reading a request's params: every accessor names the missing or wrong-shaped member in an
// invalid_params refusal, so no primitive writes a default in place of a bad value.
using System;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Bridge
{
    public static class Params
    {
        public static string RequiredString(JObject parameters, string name)
        {
            JToken value = parameters[name];
            if (value == null || value.Type != JTokenType.String || ((string)value).Length == 0)
                throw PrimitiveError.InvalidParams("params." + name + " must be a non-empty string");
            return (string)value;
        }

        public static string OptionalString(JObject parameters, string name, string fallback)
        {
            JToken value = parameters[name];
            if (value == null || value.Type == JTokenType.Null)
                return fallback;
            if (value.Type != JTokenType.String)
                throw PrimitiveError.InvalidParams("params." + name + " must be a string");
            return (string)value;
        }

        public static long OptionalInteger(JObject parameters, string name, long fallback, long minimum, long maximum)
        {
            JToken value = parameters[name];
            if (value == null || value.Type == JTokenType.Null)
                return fallback;
            if (value.Type != JTokenType.Integer)
                throw PrimitiveError.InvalidParams("params." + name + " must be an integer");
            long number = (long)value;
            if (number < minimum || number > maximum)
                throw PrimitiveError.InvalidParams("params." + name + " must be from " + minimum + " to " + maximum);
            return number;
        }

        public static long RequiredInteger(JObject parameters, string name)
        {
            JToken value = parameters[name];
            if (value == null || value.Type != JTokenType.Integer)
                throw PrimitiveError.InvalidParams("params." + name + " must be an integer");
            return (long)value;
        }

        public static bool RequiredBoolean(JObject parameters, string name)
        {
            JToken value = parameters[name];
            if (value == null || value.Type != JTokenType.Boolean)
                throw PrimitiveError.InvalidParams("params." + name + " must be true or false");
            return (bool)value;
        }

        public static bool OptionalBoolean(JObject parameters, string name, bool fallback)
        {
            JToken value = parameters[name];
            if (value == null || value.Type == JTokenType.Null)
                return fallback;
            if (value.Type != JTokenType.Boolean)
                throw PrimitiveError.InvalidParams("params." + name + " must be true or false");
            return (bool)value;
        }

        public static JObject RequiredObject(JObject parameters, string name)
        {
            JObject value = parameters[name] as JObject;
            if (value == null)
                throw PrimitiveError.InvalidParams("params." + name + " must be an object");
            return value;
        }

        public static JObject OptionalObject(JObject parameters, string name)
        {
            JToken value = parameters[name];
            if (value == null || value.Type == JTokenType.Null)
                return null;
            JObject found = value as JObject;
            if (found == null)
                throw PrimitiveError.InvalidParams("params." + name + " must be an object");
            return found;
        }

        // A protocol vector3 ({"x","y","z"} and nothing else), each a finite number that fits a 32-bit float
        // (what Unity stores); null when absent.
        public static double[] OptionalVector3(JObject parameters, string name)
        {
            JToken token = parameters[name];
            if (token == null || token.Type == JTokenType.Null)
                return null;
            JObject vector = token as JObject;
            string expected = "params." + name + " must be {\"x\": number, \"y\": number, \"z\": number} with finite 32-bit float values";
            if (vector == null || vector.Count != 3)
                throw PrimitiveError.InvalidParams(expected);
            var values = new double[3];
            string[] axes = { "x", "y", "z" };
            for (int index = 0; index < axes.Length; ++index)
            {
                JToken value = vector[axes[index]];
                if (value == null || (value.Type != JTokenType.Integer && value.Type != JTokenType.Float))
                    throw PrimitiveError.InvalidParams(expected);
                double number = (double)value;
                if (double.IsNaN(number) || double.IsInfinity(number) || Math.Abs(number) > float.MaxValue)
                    throw PrimitiveError.InvalidParams(expected);
                values[index] = number;
            }
            return values;
        }

        public static JArray RequiredArray(JObject parameters, string name)
        {
            JArray value = parameters[name] as JArray;
            if (value == null)
                throw PrimitiveError.InvalidParams("params." + name + " must be an array");
            return value;
        }
    }
}

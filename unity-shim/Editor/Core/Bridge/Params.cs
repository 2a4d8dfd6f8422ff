// Reading a request's params: every accessor names the missing or wrong-shaped member in an
// invalid_params refusal, so no primitive writes a default in place of a bad value.
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

        public static JArray RequiredArray(JObject parameters, string name)
        {
            JArray value = parameters[name] as JArray;
            if (value == null)
                throw PrimitiveError.InvalidParams("params." + name + " must be an array");
            return value;
        }
    }
}

// transform.get/set on Unity's Transform: local and world position, rotation (quaternion and Euler
// angles) and scale; a write checks every value first, records Undo, and answers with the read-back.
using System;
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;

namespace AgentPanel.Editor.Primitives
{
    static class TransformPrimitives
    {
        public static void Register(UnityEditorPrimitives table)
        {
            table.Add("transform.get", Get);
            table.Add("transform.set", Set);
        }

        enum Space { Local, World }

        static JObject Get(JObject parameters)
        {
            GameObject target = SceneObjects.ResolveGameObject(Params.RequiredObject(parameters, "object"), "params.object");
            return new JObject { { "transform", Describe(target.transform) } };
        }

        static JObject Set(JObject parameters)
        {
            GameObject target = SceneObjects.ResolveGameObject(Params.RequiredObject(parameters, "object"), "params.object");
            string spaceName = Params.OptionalString(parameters, "space", "local");
            if (spaceName != "local" && spaceName != "world")
                throw PrimitiveError.InvalidParams("params.space must be \"local\" or \"world\"; nothing was changed");
            Space space = spaceName == "world" ? Space.World : Space.Local;
            // Every value is read and checked before anything is written.
            Vector3? position = OptionalVector(parameters, "position");
            Vector3? rotation = OptionalVector(parameters, "rotation");
            Vector3? scale = OptionalVector(parameters, "scale");
            if (position == null && rotation == null && scale == null)
                throw PrimitiveError.InvalidParams("transform.set needs at least one of position, rotation, scale; nothing was changed");
            Transform transform = target.transform;
            Undo.RecordObject(transform, "Set Transform of " + target.name);
            if (space == Space.World)
            {
                if (position != null)
                    transform.position = position.Value;
                if (rotation != null)
                    transform.eulerAngles = rotation.Value;
            }
            else
            {
                if (position != null)
                    transform.localPosition = position.Value;
                if (rotation != null)
                    transform.localEulerAngles = rotation.Value;
            }
            // Scale is always local: Unity's lossyScale has no setter.
            if (scale != null)
                transform.localScale = scale.Value;
            return new JObject { { "observed", Describe(transform) } };
        }

        static Vector3? OptionalVector(JObject parameters, string name)
        {
            double[] values = Params.OptionalVector3(parameters, name);
            if (values == null)
                return null;
            return new Vector3((float)values[0], (float)values[1], (float)values[2]);
        }

        public static JObject Describe(Transform transform)
        {
            return new JObject
            {
                { "instanceId", ObjectIds.Of(transform.gameObject) },
                { "path", SceneObjects.PathOf(transform) },
                { "local", new JObject
                    {
                        { "position", Vector(transform.localPosition) }, { "rotation", Rotation(transform.localRotation) },
                        { "eulerAngles", Vector(transform.localEulerAngles) }, { "scale", Vector(transform.localScale) },
                    } },
                { "world", new JObject
                    {
                        { "position", Vector(transform.position) }, { "rotation", Rotation(transform.rotation) },
                        { "eulerAngles", Vector(transform.eulerAngles) }, { "lossyScale", Vector(transform.lossyScale) },
                    } },
            };
        }

        static JObject Vector(Vector3 vector)
        {
            return new JObject { { "x", Tidy(vector.x) }, { "y", Tidy(vector.y) }, { "z", Tidy(vector.z) } };
        }

        static JObject Rotation(Quaternion rotation)
        {
            return new JObject { { "x", Tidy(rotation.x) }, { "y", Tidy(rotation.y) }, { "z", Tidy(rotation.z) }, { "w", Tidy(rotation.w) } };
        }

        // Rounds away 32-bit float noise (0.1f reads as 0.100000001) so answers show the values a user
        // typed; the simulator rounds the same way.
        static double Tidy(float value)
        {
            double rounded = Math.Round((double)value * 1e6) / 1e6;
            return rounded == 0 ? 0.0 : rounded;
        }
    }
}

// animation.clip.write and animation.clip.read through AnimationUtility; the controller primitives are in
// AnimatorPrimitives.cs. A write reads and checks every curve, key, asset and event before the clip changes,
// so a refused request leaves the asset as it was. Asset writes are not undoable.
using System;
using System.Collections.Generic;
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;
using Object = UnityEngine.Object;

namespace AgentPanel.Editor.Primitives
{
    static class AnimationPrimitives
    {
        public static void Register(UnityEditorPrimitives table)
        {
            table.Add("animation.clip.write", WriteClip);
            table.Add("animation.clip.read", ReadClip);
            AnimatorPrimitives.Register(table);
        }

        // A path under Assets/ ending in extension, in a folder that exists.
        public static void CheckAssetPath(string path, string extension)
        {
            if (!path.StartsWith("Assets/", StringComparison.Ordinal) || path.Contains(".."))
                throw PrimitiveError.InvalidParams("asset paths lie under Assets/ (got " + path + ")");
            if (!path.EndsWith(extension, StringComparison.Ordinal))
                throw PrimitiveError.InvalidParams("the path must end in " + extension + " (got " + path + ")");
            string folder = path.Substring(0, path.LastIndexOf('/'));
            if (!AssetDatabase.IsValidFolder(folder))
                throw PrimitiveError.NotFound("folder '" + folder + "' does not exist; create it first");
        }

        // A JSON number as Unity stores it, refused when a float cannot hold it.
        public static float FloatOf(JToken token, string where, float fallback)
        {
            if (token == null)
                return fallback;
            if (token.Type != JTokenType.Float && token.Type != JTokenType.Integer)
                throw PrimitiveError.InvalidParams(where + " must be a number");
            double value = (double)token;
            if (double.IsNaN(value) || double.IsInfinity(value) || Math.Abs(value) > float.MaxValue)
                throw PrimitiveError.InvalidParams(where + " is outside the range of a float");
            return (float)value;
        }

        static Type BindingType(string name, string where)
        {
            if (name == "GameObject" || name == "UnityEngine.GameObject")
                return typeof(GameObject);
            try
            {
                return ComponentPrimitives.ComponentType(name);
            }
            catch (PrimitiveError error)
            {
                throw new PrimitiveError(error.Code, where + ".type: " + error.Message);
            }
        }

        static EditorCurveBinding Binding(JObject curve, string where, bool objectReference)
        {
            string path = Params.OptionalString(curve, "path", string.Empty);
            string property = Params.RequiredString(curve, "propertyName");
            Type type = BindingType(Params.RequiredString(curve, "type"), where);
            return objectReference ? EditorCurveBinding.PPtrCurve(path, type, property) : EditorCurveBinding.FloatCurve(path, type, property);
        }

        // Key times must rise strictly: Unity would sort them, or merge two keys at one time, without saying so.
        static float KeyTime(JObject key, string where, float previous, bool first)
        {
            float time = FloatOf(key["time"], where + ".time", 0);
            if (time < 0 || (!first && time <= previous))
                throw PrimitiveError.InvalidParams(where + ".time must be 0 or more and greater than the key before it");
            return time;
        }

        // The asset (or its named sub-asset, such as a Sprite in a texture) a key references.
        static Object Referenced(JObject key, string where)
        {
            string path = Params.RequiredString(key, "assetPath");
            string subAsset = Params.OptionalString(key, "subAsset", null);
            if (subAsset == null)
            {
                Object main = AssetDatabase.LoadMainAssetAtPath(path);
                if (main == null)
                    throw PrimitiveError.NotFound(where + ".assetPath: no asset at '" + path + "'");
                return main;
            }
            foreach (Object candidate in AssetDatabase.LoadAllAssetsAtPath(path))
                if (candidate != null && candidate.name == subAsset && !AssetDatabase.IsMainAsset(candidate))
                    return candidate;
            throw PrimitiveError.NotFound(where + ".subAsset: '" + path + "' has no sub-asset named '" + subAsset + "'");
        }

        sealed class ClipContent
        {
            public readonly List<KeyValuePair<EditorCurveBinding, AnimationCurve>> Curves = new List<KeyValuePair<EditorCurveBinding, AnimationCurve>>();
            public readonly List<KeyValuePair<EditorCurveBinding, ObjectReferenceKeyframe[]>> ObjectCurves =
                new List<KeyValuePair<EditorCurveBinding, ObjectReferenceKeyframe[]>>();
            public readonly List<AnimationEvent> Events = new List<AnimationEvent>();
        }

        static ClipContent ReadContent(JObject parameters)
        {
            var content = new ClipContent();
            JArray curves = parameters["curves"] as JArray ?? new JArray();
            for (int index = 0; index < curves.Count; ++index)
            {
                string where = "curves[" + index + "]";
                JObject curve = (JObject)curves[index];
                EditorCurveBinding binding = Binding(curve, where, false);
                JArray keys = Params.RequiredArray(curve, "keys");
                var frames = new Keyframe[keys.Count];
                for (int key = 0; key < keys.Count; ++key)
                {
                    string keyWhere = where + ".keys[" + key + "]";
                    JObject input = (JObject)keys[key];
                    float time = KeyTime(input, keyWhere, key > 0 ? frames[key - 1].time : 0, key == 0);
                    frames[key] = new Keyframe(time, FloatOf(input["value"], keyWhere + ".value", 0), FloatOf(input["inTangent"], keyWhere + ".inTangent", 0),
                                               FloatOf(input["outTangent"], keyWhere + ".outTangent", 0));
                }
                content.Curves.Add(new KeyValuePair<EditorCurveBinding, AnimationCurve>(binding, new AnimationCurve(frames)));
            }
            JArray objectCurves = parameters["objectCurves"] as JArray ?? new JArray();
            for (int index = 0; index < objectCurves.Count; ++index)
            {
                string where = "objectCurves[" + index + "]";
                JObject curve = (JObject)objectCurves[index];
                EditorCurveBinding binding = Binding(curve, where, true);
                JArray keys = Params.RequiredArray(curve, "keys");
                var frames = new ObjectReferenceKeyframe[keys.Count];
                for (int key = 0; key < keys.Count; ++key)
                {
                    string keyWhere = where + ".keys[" + key + "]";
                    JObject input = (JObject)keys[key];
                    frames[key].time = KeyTime(input, keyWhere, key > 0 ? frames[key - 1].time : 0, key == 0);
                    frames[key].value = Referenced(input, keyWhere);
                }
                content.ObjectCurves.Add(new KeyValuePair<EditorCurveBinding, ObjectReferenceKeyframe[]>(binding, frames));
            }
            JArray events = parameters["events"] as JArray ?? new JArray();
            for (int index = 0; index < events.Count; ++index)
            {
                string where = "events[" + index + "]";
                JObject input = (JObject)events[index];
                content.Events.Add(new AnimationEvent
                {
                    time = FloatOf(input["time"], where + ".time", 0), functionName = Params.RequiredString(input, "functionName"),
                    stringParameter = Params.OptionalString(input, "stringParameter", string.Empty),
                    floatParameter = FloatOf(input["floatParameter"], where + ".floatParameter", 0),
                    intParameter = (int)Params.OptionalInteger(input, "intParameter", 0, int.MinValue, int.MaxValue),
                });
            }
            // Unity keeps a clip's events in time order; sorting here keeps equal times in the request's order.
            var sorted = new List<AnimationEvent>();
            foreach (AnimationEvent animationEvent in content.Events)
            {
                int at = sorted.Count;
                while (at > 0 && sorted[at - 1].time > animationEvent.time)
                    --at;
                sorted.Insert(at, animationEvent);
            }
            content.Events.Clear();
            content.Events.AddRange(sorted);
            return content;
        }

        static JObject Observed(string path, bool created)
        {
            return new JObject { { "observed", new JObject { { "path", path }, { "guid", AssetDatabase.AssetPathToGUID(path) }, { "created", created } } } };
        }

        static JObject WriteClip(JObject parameters)
        {
            string path = Params.RequiredString(parameters, "path");
            CheckAssetPath(path, ".anim");
            bool overwrite = Params.OptionalBoolean(parameters, "overwrite", false);
            Object existing = AssetDatabase.LoadMainAssetAtPath(path);
            if (existing != null && !(existing is AnimationClip))
                throw PrimitiveError.Conflict("'" + path + "' is a " + existing.GetType().Name + ", not an AnimationClip");
            if (existing != null && !overwrite)
                throw PrimitiveError.Conflict("an AnimationClip already exists at '" + path + "'; pass overwrite to replace it");
            float frameRate = FloatOf(parameters["frameRate"], "frameRate", 60);
            bool loopTime = Params.OptionalBoolean(parameters, "loopTime", false);
            ClipContent content = ReadContent(parameters);

            var clip = existing as AnimationClip;
            bool created = clip == null;
            if (created)
                clip = new AnimationClip();
            else
            {
                // Overwrite keeps the asset (and its GUID, so controllers using it keep it) and replaces its content.
                foreach (EditorCurveBinding binding in AnimationUtility.GetCurveBindings(clip))
                    AnimationUtility.SetEditorCurve(clip, binding, null);
                foreach (EditorCurveBinding binding in AnimationUtility.GetObjectReferenceCurveBindings(clip))
                    AnimationUtility.SetObjectReferenceCurve(clip, binding, null);
            }
            clip.frameRate = frameRate;
            foreach (KeyValuePair<EditorCurveBinding, AnimationCurve> curve in content.Curves)
                AnimationUtility.SetEditorCurve(clip, curve.Key, curve.Value);
            foreach (KeyValuePair<EditorCurveBinding, ObjectReferenceKeyframe[]> curve in content.ObjectCurves)
                AnimationUtility.SetObjectReferenceCurve(clip, curve.Key, curve.Value);
            AnimationUtility.SetAnimationEvents(clip, content.Events.ToArray());
            AnimationClipSettings settings = AnimationUtility.GetAnimationClipSettings(clip);
            settings.loopTime = loopTime;
            AnimationUtility.SetAnimationClipSettings(clip, settings);
            if (created)
                AssetDatabase.CreateAsset(clip, path);
            else
                EditorUtility.SetDirty(clip);
            AssetDatabase.SaveAssets();
            if (AssetDatabase.LoadAssetAtPath<AnimationClip>(path) == null)
                throw new PrimitiveError(ErrorCodes.InternalError, "no AnimationClip was found at " + path + " after writing it");
            return Observed(path, created);
        }

        static JObject Binding(EditorCurveBinding binding, int keyCount, JArray keys)
        {
            return new JObject
            {
                { "path", binding.path }, { "type", binding.type != null ? binding.type.FullName : "unknown" }, { "propertyName", binding.propertyName },
                { "keyCount", keyCount }, { "keys", keys },
            };
        }

        static JObject ReadClip(JObject parameters)
        {
            string path = Params.RequiredString(parameters, "path");
            int keyLimit = (int)Params.OptionalInteger(parameters, "keyLimit", 100, 0, 1000);
            var clip = AssetDatabase.LoadAssetAtPath<AnimationClip>(path);
            if (clip == null)
                throw PrimitiveError.NotFound("no AnimationClip at '" + path + "'");
            var curves = new JArray();
            foreach (EditorCurveBinding binding in AnimationUtility.GetCurveBindings(clip))
            {
                AnimationCurve curve = AnimationUtility.GetEditorCurve(clip, binding);
                Keyframe[] frames = curve != null ? curve.keys : new Keyframe[0];
                var keys = new JArray();
                for (int index = 0; index < frames.Length && index < keyLimit; ++index)
                    keys.Add(new JObject
                    {
                        { "time", frames[index].time }, { "value", frames[index].value }, { "inTangent", frames[index].inTangent },
                        { "outTangent", frames[index].outTangent },
                    });
                curves.Add(Binding(binding, frames.Length, keys));
            }
            var objectCurves = new JArray();
            foreach (EditorCurveBinding binding in AnimationUtility.GetObjectReferenceCurveBindings(clip))
            {
                ObjectReferenceKeyframe[] frames = AnimationUtility.GetObjectReferenceCurve(clip, binding) ?? new ObjectReferenceKeyframe[0];
                var keys = new JArray();
                for (int index = 0; index < frames.Length && index < keyLimit; ++index)
                {
                    Object value = frames[index].value;
                    var key = new JObject { { "time", frames[index].time } };
                    key["assetPath"] = value != null ? AssetDatabase.GetAssetPath(value) : null;
                    if (value != null && !AssetDatabase.IsMainAsset(value))
                        key["subAsset"] = value.name;
                    key["objectType"] = value != null ? value.GetType().Name : null;
                    keys.Add(key);
                }
                objectCurves.Add(Binding(binding, frames.Length, keys));
            }
            var events = new JArray();
            foreach (AnimationEvent animationEvent in AnimationUtility.GetAnimationEvents(clip))
                events.Add(new JObject
                {
                    { "time", animationEvent.time }, { "functionName", animationEvent.functionName }, { "stringParameter", animationEvent.stringParameter ?? string.Empty },
                    { "floatParameter", animationEvent.floatParameter }, { "intParameter", animationEvent.intParameter },
                });
            return new JObject
            {
                { "path", path }, { "guid", AssetDatabase.AssetPathToGUID(path) }, { "frameRate", clip.frameRate }, { "length", clip.length },
                { "loopTime", AnimationUtility.GetAnimationClipSettings(clip).loopTime }, { "curves", curves }, { "objectCurves", objectCurves },
                { "events", events },
            };
        }
    }
}

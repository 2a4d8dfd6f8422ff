// lighting.bake.start/status/cancel: a lightmap bake that never blocks the main thread. Start calls
// Lightmapping.BakeAsync (or Bakery's render entry point, found by reflection) and answers at once;
// status reports Lightmapping.isRunning and buildProgress, and the finished bake as the editor observed
// it: the bakeCompleted event, the lightmaps in LightmapSettings.lightmaps, and the console's warnings
// and errors logged while it ran; with reflectionProbes, the probes baked after the lightmaps
// (ReflectionProbeBaking).
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Reflection;
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;

namespace AgentPanel.Editor.Primitives
{
    static class LightingPrimitives
    {
        const int MaxWarnings = 20;
        const string BakeryType = "ftRenderLightmap";

        sealed class Bake
        {
            public int Id;
            public string Engine;
            public Stopwatch Clock;
            public bool Completed;
            public bool CancelRequested;
            public bool ReflectionProbes;
            public readonly List<string> Warnings = new List<string>();
        }

        static readonly object s_lock = new object();
        static int s_nextId = 1;
        static Bake s_running;
        static JObject s_last;

        public static void Register(UnityEditorPrimitives table)
        {
            table.Add("lighting.bake.start", Start);
            table.Add("lighting.bake.status", Status);
            table.Add("lighting.bake.cancel", Cancel);
        }

        // Bakery's editor window class, when Bakery is in the project (it has no namespace).
        static Type FindBakery()
        {
            foreach (Assembly assembly in AppDomain.CurrentDomain.GetAssemblies())
            {
                Type type = assembly.GetType(BakeryType, false);
                if (type != null)
                    return type;
            }
            return null;
        }

        static bool BakeryRunning(Type bakery)
        {
            FieldInfo field = bakery.GetField("bakeInProgress", BindingFlags.Static | BindingFlags.Public | BindingFlags.NonPublic);
            return field != null && field.FieldType == typeof(bool) && (bool)field.GetValue(null);
        }

        static bool Running(Bake bake)
        {
            if (bake.Engine == "bakery")
            {
                Type bakery = FindBakery();
                return bakery != null && BakeryRunning(bakery);
            }
            return Lightmapping.isRunning;
        }

        static JObject Start(JObject parameters)
        {
            string engine = Params.OptionalString(parameters, "engine", "unity");
            if (engine != "unity" && engine != "bakery")
                throw PrimitiveError.InvalidParams("params.engine must be unity or bakery");
            if (EditorApplication.isPlayingOrWillChangePlaymode)
                throw PrimitiveError.Conflict("lightmaps cannot be baked in play mode; stop it first (playmode.set edit)");
            Finish();
            lock (s_lock)
            {
                if (s_running != null || Lightmapping.isRunning)
                    throw PrimitiveError.Conflict("a bake is running; wait for it (lighting.bake.status) or cancel it (lighting.bake.cancel)");
            }
            bool reflectionProbes = Params.OptionalBoolean(parameters, "reflectionProbes", false);
            var bake = new Bake { Id = s_nextId++, Engine = engine, Clock = Stopwatch.StartNew(), ReflectionProbes = reflectionProbes };
            if (engine == "bakery")
                StartBakery();
            else
            {
                Lightmapping.bakeCompleted -= OnBakeCompleted;
                Lightmapping.bakeCompleted += OnBakeCompleted;
                if (!Lightmapping.BakeAsync())
                    throw PrimitiveError.Conflict("Lightmapping.BakeAsync refused to start a bake (another bake or a scene without lighting settings); see the console");
            }
            lock (s_lock)
                s_running = bake;
            Application.logMessageReceivedThreaded -= OnLog;
            Application.logMessageReceivedThreaded += OnLog;
            return new JObject { { "started", true }, { "engine", engine }, { "bakeId", bake.Id } };
        }

        // Bakery's own Render button: the window's RenderButton method, as its menu item Bakery/Render lightmap... opens it.
        static void StartBakery()
        {
            Type bakery = FindBakery();
            if (bakery == null)
                throw PrimitiveError.Unsupported("Bakery is not installed in this project (no " + BakeryType + " type); bake with engine unity");
            MethodInfo render = bakery.GetMethod("RenderButton", BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic);
            if (render == null)
                throw PrimitiveError.Unsupported("Bakery's " + BakeryType + " has no RenderButton method in this Bakery version; bake from Bakery/Render lightmap... or with engine unity");
            EditorWindow window = EditorWindow.GetWindow(bakery);
            ParameterInfo[] parameters = render.GetParameters();
            var arguments = new object[parameters.Length];
            for (int index = 0; index < parameters.Length; ++index)
                arguments[index] = parameters[index].ParameterType == typeof(bool) ? (object)false : (parameters[index].HasDefaultValue ? parameters[index].DefaultValue : null);
            render.Invoke(window, arguments);
        }

        static void OnBakeCompleted()
        {
            lock (s_lock)
                if (s_running != null)
                    s_running.Completed = true;
        }

        static void OnLog(string condition, string stackTrace, LogType type)
        {
            if (type == LogType.Log)
                return;
            lock (s_lock)
                if (s_running != null && s_running.Warnings.Count < MaxWarnings)
                    s_running.Warnings.Add(condition.Length > 500 ? condition.Substring(0, 500) : condition);
        }

        // A bake that is no longer running becomes the last bake, with what the editor observed of it.
        static void Finish()
        {
            Bake bake;
            lock (s_lock)
                bake = s_running;
            if (bake == null || Running(bake))
                return;
            Application.logMessageReceivedThreaded -= OnLog;
            string outcome;
            lock (s_lock)
            {
                bool completed = bake.Completed || (bake.Engine == "bakery" && !bake.CancelRequested);
                outcome = completed ? "completed" : bake.CancelRequested ? "cancelled" : "failed";
                if (outcome == "failed")
                    bake.Warnings.Add("the bake stopped without Unity's bakeCompleted event: cancelled in the Lighting window, or failed (see the console)");
                s_running = null;
            }
            s_last = new JObject
            {
                { "bakeId", bake.Id }, { "engine", bake.Engine }, { "outcome", outcome }, { "elapsedMs", bake.Clock.ElapsedMilliseconds },
                { "lightmapCount", LightmapCount() }, { "warnings", new JArray(bake.Warnings.ToArray()) },
            };
            if (outcome == "completed" && bake.ReflectionProbes)
                s_last["reflectionProbes"] = ReflectionProbeBaking.BakeAll();
        }

        static int LightmapCount()
        {
            LightmapData[] lightmaps = LightmapSettings.lightmaps;
            return lightmaps != null ? lightmaps.Length : 0;
        }

        static JObject Status(JObject parameters)
        {
            Finish();
            Type bakery = FindBakery();
            var engines = new JObject { { "unity", true }, { "bakery", bakery != null } };
            if (bakery != null)
                engines["bakeryType"] = bakery.FullName;
            Bake bake;
            lock (s_lock)
                bake = s_running;
            var result = new JObject
            {
                { "running", bake != null }, { "progress", bake == null ? 1.0 : bake.Engine == "unity" ? (double)Lightmapping.buildProgress : 0.0 },
                { "lightmapCount", LightmapCount() }, { "engines", engines },
            };
            if (bake != null)
            {
                result["engine"] = bake.Engine;
                result["bakeId"] = bake.Id;
            }
            if (s_last != null)
                result["lastBake"] = s_last;
            return result;
        }

        static JObject Cancel(JObject parameters)
        {
            Finish();
            Bake bake;
            lock (s_lock)
            {
                bake = s_running;
                if (bake != null)
                    bake.CancelRequested = true;
            }
            if (bake != null)
            {
                if (bake.Engine == "unity")
                    Lightmapping.Cancel();
                else
                    CancelBakery();
            }
            Finish();
            lock (s_lock)
                return new JObject { { "wasRunning", bake != null }, { "running", s_running != null } };
        }

        static void CancelBakery()
        {
            Type bakery = FindBakery();
            FieldInfo field = bakery != null ? bakery.GetField("userCanceled", BindingFlags.Static | BindingFlags.Public | BindingFlags.NonPublic) : null;
            if (field == null || field.FieldType != typeof(bool))
                throw PrimitiveError.Unsupported("this Bakery version offers no cancel flag to set; cancel the bake in Bakery's progress bar");
            field.SetValue(null, true);
        }
    }
}

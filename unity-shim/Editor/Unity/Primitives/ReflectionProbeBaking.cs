// The reflection-probe step of lighting.bake.start's bake (reflectionProbes: true): after the lightmaps,
// each active, enabled probe in Baked mode is baked with Lightmapping.BakeReflectionProbe into
// ReflectionProbe-N.exr (.png without HDR) in the folder named after its scene, where Unity's own bake
// writes them; the texture counts as baked only when AssetDatabase loads it afterwards.
using System.IO;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;
using UnityEngine.Rendering;
using UnityEngine.SceneManagement;

namespace AgentPanel.Editor.Primitives
{
    static class ReflectionProbeBaking
    {
        // Lightmapping.BakeReflectionProbe renders the cubemap and writes the file before it returns, on
        // the main thread; this runs from the lighting.bake.status call that first sees the lightmaps done.
        public static JObject BakeAll()
        {
            var baked = new JArray();
            var skipped = new JArray();
            for (int sceneIndex = 0; sceneIndex < SceneManager.sceneCount; ++sceneIndex)
            {
                Scene scene = SceneManager.GetSceneAt(sceneIndex);
                if (!scene.isLoaded)
                    continue;
                int nextIndex = 0;
                foreach (GameObject root in scene.GetRootGameObjects())
                    foreach (ReflectionProbe probe in root.GetComponentsInChildren<ReflectionProbe>(true))
                        BakeOne(probe, scene, ref nextIndex, baked, skipped);
            }
            return new JObject { { "baked", baked }, { "skipped", skipped } };
        }

        static void BakeOne(ReflectionProbe probe, Scene scene, ref int nextIndex, JArray baked, JArray skipped)
        {
            string objectPath = SceneObjects.PathOf(probe.gameObject.transform);
            string mode = probe.mode.ToString();
            string reason = SkipReason(probe, scene);
            if (reason == null)
            {
                string folder = ProbeFolder(scene.path);
                string texture = folder + "/ReflectionProbe-" + nextIndex++ + (probe.hdr ? ".exr" : ".png");
                if (!Lightmapping.BakeReflectionProbe(probe, texture))
                    reason = "Lightmapping.BakeReflectionProbe failed for " + texture + " (see the console)";
                else if (AssetDatabase.LoadAssetAtPath<Texture>(texture) == null)
                    reason = "Lightmapping.BakeReflectionProbe reported success, but no texture can be loaded from " + texture;
                else
                {
                    baked.Add(new JObject { { "object", objectPath }, { "mode", mode }, { "texture", texture } });
                    return;
                }
            }
            skipped.Add(new JObject { { "object", objectPath }, { "mode", mode }, { "reason", reason } });
        }

        // Why Unity would not bake this probe here, or null when it is baked.
        static string SkipReason(ReflectionProbe probe, Scene scene)
        {
            if (!probe.isActiveAndEnabled)
                return "disabled: its GameObject is inactive or the component is off, and Unity bakes only active, enabled probes " +
                       "(activate it, or set m_Enabled true with uap_property_set)";
            if (probe.mode == ReflectionProbeMode.Realtime)
                return "mode Realtime: Unity renders it at run time, there is nothing to bake (set m_Mode to Baked to bake it)";
            if (probe.mode == ReflectionProbeMode.Custom)
                return "mode Custom: it shows the cubemap in m_CustomBakedTexture, which the user bakes from its Inspector " +
                       "to a file they pick (set m_Mode to Baked to bake it here)";
            if (string.IsNullOrEmpty(scene.path))
                return "its scene is not saved, and Unity writes a probe's texture into a folder named after the scene " +
                       "(save it with uap_scene_save, then bake again)";
            return null;
        }

        // Assets/Scenes/Main.unity → Assets/Scenes/Main, made with AssetDatabase.CreateFolder when missing.
        static string ProbeFolder(string scenePath)
        {
            string parent = Path.GetDirectoryName(scenePath).Replace('\\', '/');
            string name = Path.GetFileNameWithoutExtension(scenePath);
            string folder = parent + "/" + name;
            if (!AssetDatabase.IsValidFolder(folder))
                AssetDatabase.CreateFolder(parent, name);
            return folder;
        }
    }
}

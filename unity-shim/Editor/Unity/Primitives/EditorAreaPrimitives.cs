// editor.info, editor.state, playmode.get/set, scene.list/open/save.
using System;
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEditor.SceneManagement;
using UnityEngine;
using UnityEngine.SceneManagement;

namespace AgentPanel.Editor.Primitives
{
    static class EditorAreaPrimitives
    {
        public static void Register(UnityEditorPrimitives table)
        {
            table.Add("editor.info", parameters => new JObject
            {
                { "unityVersion", table.Identity.UnityVersion }, { "projectPath", table.Identity.ProjectPath },
                { "editorPid", table.Identity.EditorPid }, { "editorSessionId", table.Identity.EditorSessionId },
                { "platform", Application.platform.ToString() },
            });
            table.Add("editor.state", parameters => new JObject
            {
                { "playMode", PlayMode() }, { "compiling", EditorApplication.isCompiling }, { "importing", EditorApplication.isUpdating },
                { "scenes", OpenScenes() }, { "selectionCount", Selection.objects.Length },
                { "autoRefresh", TurnPrimitives.AutoRefreshState() }, { "prefabStage", PrefabStagePrimitives.Current() },
            });
            table.Add("playmode.get", parameters => new JObject { { "state", PlayMode() } });
            table.Add("playmode.set", SetPlayMode);
            table.Add("scene.list", parameters => new JObject { { "open", OpenScenes() } });
            table.Add("scene.open", OpenScene);
            table.Add("scene.save", SaveScene);
        }

        public static string PlayMode()
        {
            if (!EditorApplication.isPlaying)
                return "edit";
            return EditorApplication.isPaused ? "paused" : "playing";
        }

        static JArray OpenScenes()
        {
            var scenes = new JArray();
            Scene active = SceneManager.GetActiveScene();
            foreach (Scene scene in SceneObjects.OpenScenes())
                scenes.Add(new JObject
                {
                    { "name", scene.name }, { "path", scene.path }, { "dirty", scene.isDirty },
                    { "active", scene == active }, { "rootCount", scene.rootCount },
                });
            return scenes;
        }

        static JObject SetPlayMode(JObject parameters)
        {
            string state = Params.RequiredString(parameters, "state");
            if (state != "edit" && state != "playing" && state != "paused")
                throw PrimitiveError.InvalidParams("params.state must be edit, playing or paused");
            // Entering play mode happens on a later editor frame; observed says what is requested now.
            EditorApplication.isPlaying = state != "edit";
            EditorApplication.isPaused = state == "paused";
            return new JObject { { "observed", new JObject { { "state", PlayMode() }, { "requested", state }, { "isPlayingOrWillChangePlaymode", EditorApplication.isPlayingOrWillChangePlaymode } } } };
        }

        static JObject OpenScene(JObject parameters)
        {
            string path = Params.RequiredString(parameters, "path");
            string mode = Params.OptionalString(parameters, "mode", "single");
            bool discard = Params.OptionalBoolean(parameters, "discardChanges", false);
            if (EditorApplication.isPlaying)
                throw PrimitiveError.Conflict("scenes cannot be opened in play mode; call playmode.set {\"state\":\"edit\"} first");
            if (AssetDatabase.LoadAssetAtPath<SceneAsset>(path) == null)
                throw PrimitiveError.NotFound("no scene asset at " + path);
            if (mode == "single" && !discard)
                foreach (Scene scene in SceneObjects.OpenScenes())
                    if (scene.isDirty)
                        throw PrimitiveError.Conflict("the open scene " + scene.path + " has unsaved changes; save it (scene.save) or pass discardChanges: true");
            Scene opened = EditorSceneManager.OpenScene(path, mode == "additive" ? OpenSceneMode.Additive : OpenSceneMode.Single);
            return new JObject { { "observed", new JObject { { "path", opened.path }, { "loaded", opened.isLoaded }, { "open", OpenScenes() } } } };
        }

        static JObject SaveScene(JObject parameters)
        {
            string name = Params.OptionalString(parameters, "scene", null);
            string saveAs = Params.OptionalString(parameters, "saveAs", null);
            Scene target = SceneManager.GetActiveScene();
            if (name != null)
            {
                bool found = false;
                foreach (Scene scene in SceneObjects.OpenScenes())
                    if (scene.path == name || scene.name == name)
                    {
                        target = scene;
                        found = true;
                    }
                if (!found)
                    throw PrimitiveError.NotFound("no open scene named " + name);
            }
            if (string.IsNullOrEmpty(target.path) && saveAs == null)
                throw PrimitiveError.InvalidParams("the scene was never saved; give params.saveAs (for example \"Assets/Scenes/New.unity\")");
            bool saved = saveAs == null ? EditorSceneManager.SaveScene(target) : EditorSceneManager.SaveScene(target, saveAs, false);
            if (!saved)
                throw new PrimitiveError(ErrorCodes.Conflict, "Unity did not save the scene (read the Console for why)");
            return new JObject { { "observed", new JObject { { "path", target.path }, { "dirty", target.isDirty } } } };
        }
    }
}

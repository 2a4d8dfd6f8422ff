// Tells the host when a scene is opened and when play mode changes (events sceneChanged with
// opened: true, playModeChanged), so modules such as the markers pack can react.
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEditor.SceneManagement;
using UnityEngine.SceneManagement;

namespace AgentPanel.Editor.Markers
{
    [InitializeOnLoad]
    static class EditorEventsRelay
    {
        static string s_state = EditorApplication.isPlaying ? (EditorApplication.isPaused ? "paused" : "playing") : "edit";

        static EditorEventsRelay()
        {
            EditorSceneManager.sceneOpened += OnSceneOpened;
            EditorApplication.playModeStateChanged += OnPlayModeStateChanged;
        }

        static void OnSceneOpened(Scene scene, OpenSceneMode mode)
        {
            BridgeService.SendEditorEvent("sceneChanged", new JObject { { "scene", scene.name }, { "path", scene.path }, { "opened", true } });
        }

        static void OnPlayModeStateChanged(PlayModeStateChange change)
        {
            string state = change == PlayModeStateChange.EnteredPlayMode ? "playing" : change == PlayModeStateChange.EnteredEditMode ? "edit" : null;
            if (state == null || state == s_state)
                return;
            BridgeService.SendEditorEvent("playModeChanged", new JObject { { "state", state }, { "previous", s_state } });
            s_state = state;
        }
    }
}

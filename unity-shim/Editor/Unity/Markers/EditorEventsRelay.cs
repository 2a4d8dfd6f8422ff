// Tells the host when a scene is opened and when play mode is entered, paused, resumed or left
// (events sceneChanged with opened: true, playModeChanged), so the host and modules can react.
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
            EditorApplication.pauseStateChanged += OnPauseStateChanged;
        }

        static void OnSceneOpened(Scene scene, OpenSceneMode mode)
        {
            BridgeService.SendEditorEvent("sceneChanged", new JObject { { "scene", scene.name }, { "path", scene.path }, { "opened", true } });
        }

        static void OnPlayModeStateChanged(PlayModeStateChange change)
        {
            if (change == PlayModeStateChange.EnteredPlayMode)
                Send(EditorApplication.isPaused ? "paused" : "playing");
            else if (change == PlayModeStateChange.EnteredEditMode)
                Send("edit");
        }

        // The Pause button in edit mode only arms the pause for the next play; it is no play-mode state.
        static void OnPauseStateChanged(PauseState pause)
        {
            if (EditorApplication.isPlaying)
                Send(pause == PauseState.Paused ? "paused" : "playing");
        }

        static void Send(string state)
        {
            if (state == s_state)
                return;
            BridgeService.SendEditorEvent("playModeChanged", new JObject { { "state", state }, { "previous", s_state } });
            s_state = state;
        }
    }
}

// The play-mode guard of the scene writes: Unity restores the scenes when play mode ends, so a write
// in (or while entering) play mode is refused with the command that stops it, unless the caller asks.
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;
using UnityEditor;

namespace AgentPanel.Editor.Primitives
{
    // What a guarded write may do: go ahead and last, or go ahead and be lost when play mode ends.
    enum PlayModeWriteOutcome { Persistent, RevertsOnExit }

    static class PlayModeGuard
    {
        public static PlayModeWriteOutcome Check(string method, JObject parameters)
        {
            // isPlayingOrWillChangePlaymode is already true while play mode is being entered
            // (EditorApplication.bindings.cs), when a write would be lost just the same.
            if (!EditorApplication.isPlayingOrWillChangePlaymode || !SceneWrites.Contains(method, parameters))
                return PlayModeWriteOutcome.Persistent;
            if (Params.OptionalString(parameters, "playModeWrite", "refuse") == "revertOnExit")
                return PlayModeWriteOutcome.RevertsOnExit;
            string state = !EditorApplication.isPlaying ? "entering play mode" : EditorApplication.isPaused ? "paused" : "playing";
            throw PrimitiveError.Conflict(
                method + " refused: the editor is in play mode (" + state + "), and Unity restores the scene when play mode ends, " +
                "so this change would be lost. Stop play mode first with the tool uap_play_mode, action \"stop\" " +
                "(bridge: playmode.set with state \"edit\"; in Unity: Edit > Play), or send playModeWrite \"revertOnExit\" " +
                "to make a change that lasts only until play mode ends");
        }

        public static JObject Mark(JObject result, PlayModeWriteOutcome outcome)
        {
            if (outcome == PlayModeWriteOutcome.RevertsOnExit && result != null)
                result["willRevertOnExitPlayMode"] = true;
            return result;
        }
    }
}

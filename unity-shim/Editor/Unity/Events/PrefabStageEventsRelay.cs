// Tells the host when a prefab is opened in prefab mode and when its stage closes (event
// prefabStageChanged), since the objects the editor shows are then the prefab's, not the scene's.
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEditor.SceneManagement;

namespace AgentPanel.Editor.Events
{
    [InitializeOnLoad]
    static class PrefabStageEventsRelay
    {
        static PrefabStageEventsRelay()
        {
            PrefabStage.prefabStageOpened += stage => Send(stage, true);
            PrefabStage.prefabStageClosing += stage => Send(stage, false);
        }

        static void Send(PrefabStage stage, bool opened)
        {
            BridgeService.SendEditorEvent("prefabStageChanged", new JObject { { "opened", opened }, { "assetPath", stage.assetPath ?? "" } });
        }
    }
}

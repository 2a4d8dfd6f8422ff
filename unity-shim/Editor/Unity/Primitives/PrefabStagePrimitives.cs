// prefabStage.open / prefabStage.close, and which prefab is open for editor.state: the tools refuse
// writes while prefab mode shows another asset than the one they write.
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEditor.SceneManagement;
using UnityEngine;

namespace AgentPanel.Editor.Primitives
{
    static class PrefabStagePrimitives
    {
        public static void Register(UnityEditorPrimitives table)
        {
            table.Add("prefabStage.open", parameters =>
            {
                string path = Params.RequiredString(parameters, "assetPath");
                if (AssetDatabase.LoadMainAssetAtPath(path) == null)
                    throw PrimitiveError.NotFound("no asset at " + path);
                if (AssetDatabase.GetMainAssetTypeAtPath(path) != typeof(GameObject))
                    throw PrimitiveError.TypeMismatch(path + " is not a prefab; only prefabs open in prefab mode");
                PrefabStageUtility.OpenPrefab(path);
                return new JObject { { "observed", new JObject { { "prefabStage", Current() } } } };
            });
            table.Add("prefabStage.close", parameters =>
            {
                StageUtility.GoToMainStage();
                return new JObject { { "observed", new JObject { { "prefabStage", Current() } } } };
            });
        }

        // {"assetPath"} of the prefab open in prefab mode, or null on the main stage.
        public static JToken Current()
        {
            PrefabStage stage = PrefabStageUtility.GetCurrentPrefabStage();
            if (stage == null)
                return JValue.CreateNull();
            return new JObject { { "assetPath", stage.assetPath } };
        }
    }
}

// Drops the scene path index whenever Unity says the hierarchy may have changed: objects created,
// renamed, reparented or destroyed (hierarchyChanged; undoing or redoing one is such a change too),
// scenes opened or closed, prefab mode entered or left, and play mode changes; the index then rebuilds
// lazily on the next lookup.
using UnityEditor;
using UnityEditor.SceneManagement;

namespace AgentPanel.Editor.Primitives
{
    [InitializeOnLoad]
    static class SceneObjectIndexNotices
    {
        static SceneObjectIndexNotices()
        {
            EditorApplication.hierarchyChanged += SceneObjectIndex.Invalidate;
            EditorSceneManager.sceneOpened += (scene, mode) => SceneObjectIndex.Invalidate();
            EditorSceneManager.sceneClosed += scene => SceneObjectIndex.Invalidate();
            PrefabStage.prefabStageOpened += stage => SceneObjectIndex.Invalidate();
            PrefabStage.prefabStageClosing += stage => SceneObjectIndex.Invalidate();
            EditorApplication.playModeStateChanged += change => SceneObjectIndex.Invalidate();
        }
    }
}

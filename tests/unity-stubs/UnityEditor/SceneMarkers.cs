// Stubs of the UnityEditor types the Scene-view markers, pins and sketches use (never run).
// Derived from Unity-Technologies/UnityCsReference, branch 2022.3: Editor/Mono/Handles.cs, Handles.bindings.cs,
// HandleUtility.cs, SceneView/SceneView.cs, EditorApplication.cs + .bindings.cs (playModeStateChanged,
// PlayModeStateChange, timeSinceStartup), EditorGUIUtility.bindings.cs (SessionState.SetInt/GetInt),
// SceneManagement/EditorSceneManager.cs (sceneOpened), Overlays/Overlay.cs, Overlays/OverlayAttribute.cs.
using System;
using UnityEngine;
using UnityEngine.UIElements;

namespace UnityEditor
{
    public sealed partial class Handles
    {
        public static Color color { get { throw new NotImplementedException(); } set { } }
        public static void Label(Vector3 position, string text) { }
        public static void DrawWireDisc(Vector3 center, Vector3 normal, float radius) { }
        public static void DrawWireCube(Vector3 center, Vector3 size) { }
        public static void DrawLine(Vector3 p1, Vector3 p2) { }
        public static void ConeHandleCap(int controlID, Vector3 position, Quaternion rotation, float size, EventType eventType) { }
        public static void SphereHandleCap(int controlID, Vector3 position, Quaternion rotation, float size, EventType eventType) { }
    }

    public sealed partial class HandleUtility
    {
        public static Ray GUIPointToWorldRay(Vector2 position) { throw new NotImplementedException(); }
        public static void AddDefaultControl(int controlId) { }
        public static float GetHandleSize(Vector3 position) { throw new NotImplementedException(); }
    }

    public partial class SceneView
    {
        public static event Action<SceneView> duringSceneGui { add { } remove { } }
        public static void RepaintAll() { }
    }

    public enum PlayModeStateChange { EnteredEditMode, ExitingEditMode, EnteredPlayMode, ExitingPlayMode }

    // EditorApplication.cs (the same on 2022.3 to 6000.5).
    public enum PauseState { Paused, Unpaused }

    public sealed partial class EditorApplication
    {
        public static event Action<PlayModeStateChange> playModeStateChanged { add { } remove { } }
        public static event Action<PauseState> pauseStateChanged { add { } remove { } }
        public static double timeSinceStartup { get { throw new NotImplementedException(); } }
    }
}

namespace UnityEditor.SceneManagement
{
    public sealed partial class EditorSceneManager
    {
        public delegate void SceneOpenedCallback(UnityEngine.SceneManagement.Scene scene, OpenSceneMode mode);
        public static event SceneOpenedCallback sceneOpened { add { } remove { } }
    }
}

namespace UnityEditor.Overlays
{
    public abstract partial class Overlay
    {
        public abstract VisualElement CreatePanelContent();
    }

    [AttributeUsage(AttributeTargets.Class)]
    public sealed class OverlayAttribute : Attribute
    {
        public OverlayAttribute(Type editorWindowType, string id, string displayName, bool defaultDisplay = false) { }
    }
}

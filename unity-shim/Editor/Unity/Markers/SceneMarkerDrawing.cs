// Draws the markers twice: with Handles in the Scene view (on screen, numbered labels), and as
// meshes submitted to a camera with Graphics.DrawMesh so that camera captures include them.
using UnityEditor;
using UnityEngine;

namespace AgentPanel.Editor.Markers
{
    [InitializeOnLoad]
    static class SceneMarkerDrawing
    {
        static Material s_material;

        static SceneMarkerDrawing()
        {
            SceneView.duringSceneGui += OnSceneGui;
        }

        static void OnSceneGui(SceneView view)
        {
            if (Event.current.type != EventType.Repaint)
                return;
            SceneMarkerStore.Expire();
            foreach (var pair in SceneMarkerStore.Markers)
            {
                DrawnMarker marker = pair.Value;
                Vector3 position;
                SceneMarkerStore.TryCurrentPosition(marker, out position);
                Handles.color = marker.Color;
                if (marker.Kind == "box")
                    Handles.DrawWireCube(position, new Vector3(marker.Size, marker.Size, marker.Size));
                else if (marker.Kind == "arrow" && marker.To.HasValue)
                {
                    Vector3 tip = marker.To.Value;
                    Handles.DrawLine(position, tip);
                    var direction = new Vector3(tip.x - position.x, tip.y - position.y, tip.z - position.z);
                    Handles.ConeHandleCap(0, tip, Quaternion.LookRotation(direction), marker.Size * 0.5f, EventType.Repaint);
                }
                else
                    Handles.SphereHandleCap(0, position, Quaternion.identity, marker.Size, EventType.Repaint);
                Handles.Label(position, pair.Key + (marker.Label.Length > 0 ? " " + marker.Label : ""));
            }
            foreach (DrawnPin pin in SceneMarkerStore.Pins)
            {
                Handles.color = new Color(0.2f, 0.8f, 1f, 1f);
                Handles.SphereHandleCap(0, pin.Position, Quaternion.identity, HandleUtility.GetHandleSize(pin.Position) * 0.15f, EventType.Repaint);
                Handles.Label(pin.Position, pin.Id + (pin.Label.Length > 0 ? " " + pin.Label : ""));
            }
            SceneSketchTools.DrawStrokes();
            SubmitMeshes(view.camera);
        }

        // Queues one mesh per marker for camera's next render: the Scene view's own, and the off-screen
        // render of screenshot.capture (which calls this just before Camera.Render).
        public static void SubmitMeshes(Camera camera)
        {
            if (s_material == null)
                s_material = new Material(Shader.Find("Hidden/Internal-Colored"));
            Mesh sphere = Resources.GetBuiltinResource<Mesh>("Sphere.fbx");
            Mesh cube = Resources.GetBuiltinResource<Mesh>("Cube.fbx");
            foreach (var pair in SceneMarkerStore.Markers)
            {
                DrawnMarker marker = pair.Value;
                Vector3 position;
                SceneMarkerStore.TryCurrentPosition(marker, out position);
                s_material.SetColor("_Color", marker.Color);
                float size = marker.Kind == "box" ? marker.Size : marker.Size * 0.5f;
                Graphics.DrawMesh(marker.Kind == "box" ? cube : sphere, Matrix4x4.TRS(position, Quaternion.identity, new Vector3(size, size, size)),
                                  s_material, 0, camera);
            }
            foreach (DrawnPin pin in SceneMarkerStore.Pins)
                Graphics.DrawMesh(sphere, Matrix4x4.TRS(pin.Position, Quaternion.identity, new Vector3(0.2f, 0.2f, 0.2f)), s_material, 0, camera);
        }
    }
}

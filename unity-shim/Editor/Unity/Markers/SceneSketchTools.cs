// The "Agent Tools" Scene-view overlay: Pin places a numbered pin (P1, P2, ...) where the user clicks,
// Sketch records a stroke (S1, ...) while the mouse is dragged, on surfaces (a physics hit) or else on
// the ground plane y = 0; Shift closes the stroke. Each is sent to the host as an editor event
// (userPin, strokeFinished), which the markers pack keeps and the panel offers as message context.
using System.Collections.Generic;
using AgentPanel.Editor.Primitives;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEditor.Overlays;
using UnityEngine;
using UnityEngine.UIElements;

namespace AgentPanel.Editor.Markers
{
    enum SceneTool { None, Pin, Sketch }

    [Overlay(typeof(SceneView), "agent-panel-tools", "Agent Tools")]
    sealed class SceneSketchOverlay : Overlay
    {
        public override VisualElement CreatePanelContent()
        {
            var root = new VisualElement();
            root.Add(new Button(() => SceneSketchTools.Toggle(SceneTool.Pin)) { text = "Pin" });
            root.Add(new Button(() => SceneSketchTools.Toggle(SceneTool.Sketch)) { text = "Sketch" });
            return root;
        }
    }

    [InitializeOnLoad]
    static class SceneSketchTools
    {
        // Numbering survives domain reloads, so ids stay unique for the editor session.
        const string PinCounterKey = "AgentPanel.Markers.NextPin";
        const string StrokeCounterKey = "AgentPanel.Markers.NextStroke";
        const int MaxPoints = 2000;

        static SceneTool s_tool;
        static readonly List<Vector3> s_points = new List<Vector3>();
        static readonly List<Vector3> s_normals = new List<Vector3>();
        static readonly JArray s_hits = new JArray();
        static bool s_onSurface;
        static readonly List<List<Vector3>> s_finished = new List<List<Vector3>>();

        static SceneSketchTools()
        {
            SceneView.duringSceneGui += OnSceneGui;
        }

        public static void Toggle(SceneTool tool)
        {
            s_tool = s_tool == tool ? SceneTool.None : tool;
            SceneView.RepaintAll();
        }

        public static void ForgetStrokes() { s_finished.Clear(); }

        public static void DrawStrokes()
        {
            Handles.color = new Color(1f, 0.4f, 0.1f, 1f);
            foreach (List<Vector3> stroke in s_finished)
                for (int index = 1; index < stroke.Count; ++index)
                    Handles.DrawLine(stroke[index - 1], stroke[index]);
            for (int index = 1; index < s_points.Count; ++index)
                Handles.DrawLine(s_points[index - 1], s_points[index]);
        }

        static void OnSceneGui(SceneView view)
        {
            if (s_tool == SceneTool.None)
                return;
            Event current = Event.current;
            // Keep clicks from selecting objects while a tool is active.
            HandleUtility.AddDefaultControl(GUIUtility.GetControlID(FocusType.Passive));
            if (current.button != 0)
                return;
            if (current.type == EventType.MouseDown && s_tool == SceneTool.Pin)
            {
                PlacePin(view, current.mousePosition);
                current.Use();
            }
            else if (current.type == EventType.MouseDown && s_tool == SceneTool.Sketch)
            {
                s_points.Clear(); s_normals.Clear(); s_hits.Clear(); s_onSurface = false;
                AddPoint(current.mousePosition);
                current.Use();
            }
            else if (current.type == EventType.MouseDrag && s_tool == SceneTool.Sketch && s_points.Count > 0)
            {
                AddPoint(current.mousePosition);
                current.Use();
                SceneView.RepaintAll();
            }
            else if (current.type == EventType.MouseUp && s_tool == SceneTool.Sketch && s_points.Count > 0)
            {
                FinishStroke(current.shift);
                current.Use();
            }
        }

        // The surface under the mouse, or the ground plane when nothing is hit.
        static bool Locate(Vector2 mouse, out Vector3 point, out Vector3 normal, out JToken hitObject)
        {
            Ray ray = HandleUtility.GUIPointToWorldRay(mouse);
            RaycastHit hit;
            if (Physics.Raycast(ray, out hit))
            {
                point = hit.point; normal = hit.normal;
                GameObject target = hit.collider.gameObject;
                hitObject = new JObject { { "instanceId", ObjectIds.Of(target) }, { "name", target.name } };
                return true;
            }
            float enter;
            var ground = new Plane(new Vector3(0, 1, 0), new Vector3(0, 0, 0));
            hitObject = JValue.CreateNull();
            normal = new Vector3(0, 1, 0);
            if (ground.Raycast(ray, out enter))
            {
                point = ray.GetPoint(enter);
                return true;
            }
            point = new Vector3(0, 0, 0);
            return false;
        }

        static JArray Array(Vector3 vector) { return new JArray(vector.x, vector.y, vector.z); }

        static void PlacePin(SceneView view, Vector2 mouse)
        {
            Vector3 point, normal;
            JToken hitObject;
            if (!Locate(mouse, out point, out normal, out hitObject))
                return;
            int number = SessionState.GetInt(PinCounterKey, 1);
            SessionState.SetInt(PinCounterKey, number + 1);
            string id = "P" + number;
            SceneMarkerStore.Pins.Add(new DrawnPin { Id = id, Position = point });
            var data = new JObject { { "id", id }, { "position", Array(point) }, { "normal", Array(normal) }, { "object", hitObject } };
            data["camera"] = SceneMarkerPrimitives.Describe(view.camera, view.camera.pixelWidth, view.camera.pixelHeight);
            BridgeService.SendEditorEvent("userPin", data);
        }

        static void AddPoint(Vector2 mouse)
        {
            Vector3 point, normal;
            JToken hitObject;
            if (s_points.Count >= MaxPoints || !Locate(mouse, out point, out normal, out hitObject))
                return;
            s_onSurface = s_onSurface || hitObject.Type != JTokenType.Null;
            s_points.Add(point); s_normals.Add(normal); s_hits.Add(hitObject);
        }

        static void FinishStroke(bool closed)
        {
            int number = SessionState.GetInt(StrokeCounterKey, 1);
            SessionState.SetInt(StrokeCounterKey, number + 1);
            var points = new JArray();
            var normals = new JArray();
            for (int index = 0; index < s_points.Count; ++index)
            {
                points.Add(Array(s_points[index]));
                normals.Add(Array(s_normals[index]));
            }
            JToken plane = s_onSurface ? (JToken)"surface" : new JObject { { "normal", new JArray(0, 1, 0) }, { "point", new JArray(0, 0, 0) } };
            var data = new JObject { { "id", "S" + number }, { "points", points }, { "normals", normals }, { "hitObjects", new JArray(s_hits) }, { "closed", closed }, { "plane", plane } };
            s_finished.Add(new List<Vector3>(s_points));
            s_points.Clear(); s_normals.Clear(); s_hits.Clear();
            BridgeService.SendEditorEvent("strokeFinished", data);
        }
    }
}

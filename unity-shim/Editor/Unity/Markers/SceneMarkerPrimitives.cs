// markers.draw, markers.clear, markers.list and camera.get; and the "markersInView" of a capture,
// projected with the capturing camera (Camera.WorldToScreenPoint, y flipped to the image's top left).
using System;
using AgentPanel.Bridge;
using AgentPanel.Editor.Primitives;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;

namespace AgentPanel.Editor.Markers
{
    static class SceneMarkerPrimitives
    {
        public static void Register(UnityEditorPrimitives table)
        {
            table.Add("markers.draw", Draw);
            table.Add("markers.clear", Clear);
            table.Add("markers.list", List);
            table.Add("camera.get", CameraGet);
        }

        static Vector3 ToVector(JToken token)
        {
            var array = token as JArray;
            if (array == null || array.Count != 3)
                throw PrimitiveError.InvalidParams("a position must be [x, y, z]");
            return new Vector3((float)array[0], (float)array[1], (float)array[2]);
        }

        static JArray FromVector(Vector3 vector) { return new JArray(vector.x, vector.y, vector.z); }

        static JObject Draw(JObject parameters)
        {
            JArray markers = Params.RequiredArray(parameters, "markers");
            if (Params.OptionalBoolean(parameters, "replace", false))
            {
                SceneMarkerStore.Markers.Clear();
                SceneMarkerStore.Pins.Clear();
            }
            var missing = new JArray();
            foreach (JObject entry in markers)
            {
                var marker = new DrawnMarker
                {
                    Id = (int)Params.RequiredInteger(entry, "id"),
                    Kind = Params.RequiredString(entry, "kind"),
                    Label = Params.OptionalString(entry, "label", ""),
                    Position = ToVector(entry["position"]),
                };
                if (entry["to"] != null)
                    marker.To = ToVector(entry["to"]);
                JObject color = Params.OptionalObject(entry, "color");
                if (color != null)
                    marker.Color = new Color((float)color["r"], (float)color["g"], (float)color["b"], (float)color["a"]);
                if (entry["size"] != null)
                    marker.Size = (float)entry["size"];
                if (entry["expiresInMs"] != null)
                    marker.ExpiresAt = EditorApplication.timeSinceStartup + (double)entry["expiresInMs"] / 1000.0;
                JObject target = Params.OptionalObject(entry, "target");
                if (target != null)
                {
                    try { marker.TargetInstanceId = ObjectIds.Of(SceneObjects.ResolveGameObject(target, "markers[].target")); }
                    catch (PrimitiveError) { missing.Add(marker.Id); }
                }
                SceneMarkerStore.Markers[marker.Id] = marker;
            }
            var pins = parameters["pins"] as JArray;
            if (pins != null)
                foreach (JObject pin in pins)
                    SceneMarkerStore.Pins.Add(new DrawnPin { Id = Params.RequiredString(pin, "id"), Label = Params.OptionalString(pin, "label", ""), Position = ToVector(pin["position"]) });
            SceneView.RepaintAll();
            return new JObject { { "drawn", SceneMarkerStore.Markers.Count }, { "missingTargets", missing } };
        }

        static JObject Clear(JObject parameters)
        {
            int before = SceneMarkerStore.Markers.Count + SceneMarkerStore.Pins.Count;
            if (Params.OptionalBoolean(parameters, "all", false))
                SceneMarkerStore.Markers.Clear();
            var ids = parameters["ids"] as JArray;
            if (ids != null)
                foreach (JToken id in ids)
                    SceneMarkerStore.Markers.Remove((int)id);
            if (Params.OptionalBoolean(parameters, "pins", false))
            {
                SceneMarkerStore.Pins.Clear();
                SceneSketchTools.ForgetStrokes();
            }
            int after = SceneMarkerStore.Markers.Count + SceneMarkerStore.Pins.Count;
            SceneView.RepaintAll();
            return new JObject { { "removed", before - after }, { "remaining", after } };
        }

        static JObject List(JObject parameters)
        {
            SceneMarkerStore.Expire();
            var markers = new JArray();
            foreach (var pair in SceneMarkerStore.Markers)
            {
                Vector3 position;
                SceneMarkerStore.TryCurrentPosition(pair.Value, out position);
                markers.Add(new JObject { { "id", pair.Key }, { "kind", pair.Value.Kind }, { "label", pair.Value.Label }, { "position", FromVector(position) } });
            }
            var pins = new JArray();
            foreach (DrawnPin pin in SceneMarkerStore.Pins)
                pins.Add(new JObject { { "id", pin.Id }, { "position", FromVector(pin.Position) } });
            return new JObject { { "markers", markers }, { "pins", pins } };
        }

        static JObject CameraGet(JObject parameters)
        {
            Camera camera;
            JObject reference = Params.OptionalObject(parameters, "camera");
            if (reference != null)
            {
                Camera[] cameras = SceneObjects.ResolveGameObject(reference, "params.camera").GetComponents<Camera>();
                camera = cameras.Length > 0 ? cameras[0] : null;
                if (camera == null)
                    throw PrimitiveError.InvalidParams("params.camera names an object without a Camera component");
            }
            else if (Params.OptionalString(parameters, "view", "game") == "scene")
            {
                SceneView view = SceneView.lastActiveSceneView;
                if (view == null)
                    throw PrimitiveError.Conflict("no Scene view is open; open one (Window > General > Scene)");
                camera = view.camera;
            }
            else
            {
                camera = Camera.main;
                if (camera == null)
                    throw PrimitiveError.NotFound("the scene has no camera tagged MainCamera");
            }
            int width = (int)Params.OptionalInteger(parameters, "width", camera.pixelWidth, 1, 4096);
            int height = (int)Params.OptionalInteger(parameters, "height", camera.pixelHeight, 1, 4096);
            return new JObject { { "camera", Describe(camera, width, height) } };
        }

        public static JObject Describe(Camera camera, int width, int height)
        {
            Transform transform = camera.gameObject.transform;
            Quaternion rotation = transform.rotation;
            return new JObject
            {
                { "name", camera.name }, { "position", FromVector(transform.position) },
                { "rotation", new JArray(rotation.x, rotation.y, rotation.z, rotation.w) },
                { "orthographic", camera.orthographic }, { "fieldOfView", camera.fieldOfView }, { "orthographicSize", camera.orthographicSize },
                { "near", camera.nearClipPlane }, { "far", camera.farClipPlane }, { "pixelWidth", width }, { "pixelHeight", height },
            };
        }

        // The "camera" and "markersInView" of a capture, read while the camera still renders into the
        // capture's target texture: pixelWidth and pixelHeight are the image's, and WorldToScreenPoint
        // answers in its pixels (origin bottom left).
        public static void AddCaptureCamera(JObject result, Camera camera, int width, int height)
        {
            result["camera"] = Describe(camera, width, height);
            result["markersInView"] = MarkersInView(camera);
        }

        static JArray MarkersInView(Camera camera)
        {
            SceneMarkerStore.Expire();
            var seen = new JArray();
            foreach (var pair in SceneMarkerStore.Markers)
            {
                Vector3 position;
                if (SceneMarkerStore.TryCurrentPosition(pair.Value, out position))
                    AddIfVisible(seen, camera, pair.Key, pair.Value.Kind, pair.Value.Label, position);
            }
            foreach (DrawnPin pin in SceneMarkerStore.Pins)
                AddIfVisible(seen, camera, pin.Id, "pin", pin.Label, pin.Position);
            return seen;
        }

        static void AddIfVisible(JArray seen, Camera camera, JToken id, string kind, string label, Vector3 position)
        {
            Vector3 screen = camera.WorldToScreenPoint(position);
            if (screen.z < camera.nearClipPlane || screen.z > camera.farClipPlane)
                return;
            if (screen.x < 0 || screen.y < 0 || screen.x > camera.pixelWidth || screen.y > camera.pixelHeight)
                return;
            seen.Add(new JObject
            {
                { "id", id }, { "kind", kind }, { "label", label },
                { "x", Math.Round(screen.x, 1) }, { "y", Math.Round(camera.pixelHeight - screen.y, 1) }, { "depth", Math.Round(screen.z, 3) },
            });
        }
    }
}

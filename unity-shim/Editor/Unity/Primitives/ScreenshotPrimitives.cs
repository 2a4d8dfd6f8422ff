// screenshot.capture: renders the last active Scene view's camera (or the main camera for "game")
// into an off-screen texture of the requested size, scaled to params.maxEdge, and answers with the PNG
// or JPEG as base64 (ImageFitting; view "window": one editor window as drawn on screen,
// WindowPrimitives.Capture). The dispatcher refuses with result_too_large when the image exceeds the host's cap.
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;
using Object = UnityEngine.Object;

namespace AgentPanel.Editor.Primitives
{
    static class ScreenshotPrimitives
    {
        public static void Register(UnityEditorPrimitives table)
        {
            table.Add("screenshot.capture", Capture);
        }

        static JObject Capture(JObject parameters)
        {
            string view = Params.OptionalString(parameters, "view", "scene");
            if (view == "window")
                return WindowPrimitives.Capture(parameters);
            int width = (int)Params.OptionalInteger(parameters, "width", 960, 1, 4096);
            int height = (int)Params.OptionalInteger(parameters, "height", 540, 1, 4096);
            int requestedWidth = width, requestedHeight = height;
            // A camera renders at the fitted size directly: sharper than rendering large and scaling down,
            // and the markers' pixel positions are those of the returned image.
            ImageFitting.Fit(requestedWidth, requestedHeight, ImageFitting.MaxEdge(parameters), out width, out height);
            Camera camera;
            if (view == "scene")
            {
                SceneView sceneView = SceneView.lastActiveSceneView;
                if (sceneView == null)
                    throw PrimitiveError.Conflict("no Scene view is open; open one (Window > General > Scene) or capture view \"game\"");
                camera = sceneView.camera;
            }
            else if (view == "game")
            {
                camera = Camera.main;
                if (camera == null)
                    throw PrimitiveError.NotFound("the scene has no camera tagged MainCamera to render the game view from");
            }
            else
                throw PrimitiveError.InvalidParams("params.view must be scene or game");
            var target = new RenderTexture(width, height, 24);
            var image = new Texture2D(width, height, TextureFormat.RGB24, false);
            RenderTexture previousActive = RenderTexture.active;
            RenderTexture previousTarget = camera.targetTexture;
            try
            {
                camera.targetTexture = target;
                // The markers are meshes submitted for this render, so the image shows them.
                Markers.SceneMarkerDrawing.SubmitMeshes(camera);
                camera.Render();
                RenderTexture.active = target;
                image.ReadPixels(new Rect(0, 0, width, height), 0, 0);
                image.Apply();
                var result = new JObject { { "view", view } };
                ImageFitting.Encode(image, requestedWidth, requestedHeight, parameters, result);
                Markers.SceneMarkerPrimitives.AddCaptureCamera(result, camera, width, height);
                return result;
            }
            finally
            {
                camera.targetTexture = previousTarget;
                RenderTexture.active = previousActive;
                Object.DestroyImmediate(target);
                Object.DestroyImmediate(image);
            }
        }
    }
}

// Fits a capture for a model: the long edge at most params.maxEdge (scaled down, never up, aspect kept),
// then PNG when it fits params.maxBytes, otherwise JPEG, otherwise no image and the sizes that were measured.
using System;
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;
using UnityEngine;
using Object = UnityEngine.Object;

namespace AgentPanel.Editor.Primitives
{
    static class ImageFitting
    {
        // Quality 80: text in editor windows stays legible, and a 1568-pixel scene is about a tenth of its PNG.
        public const int JpegQuality = 80;

        public static int MaxEdge(JObject parameters) { return (int)Params.OptionalInteger(parameters, "maxEdge", 4096, 1, 4096); }

        // The size an image of width x height is scaled to so its long edge is at most maxEdge.
        public static void Fit(int width, int height, int maxEdge, out int fittedWidth, out int fittedHeight)
        {
            int longEdge = Math.Max(width, height);
            if (longEdge <= maxEdge)
            {
                fittedWidth = width;
                fittedHeight = height;
                return;
            }
            double scale = (double)maxEdge / longEdge;
            fittedWidth = Math.Max(1, Math.Min(maxEdge, (int)Math.Round(width * scale)));
            fittedHeight = Math.Max(1, Math.Min(maxEdge, (int)Math.Round(height * scale)));
        }

        // A copy of source at width x height, halving with bilinear blits first so a large reduction
        // averages every pixel instead of sampling a few.
        public static Texture2D Scaled(Texture2D source, int width, int height)
        {
            RenderTexture previousActive = RenderTexture.active;
            Texture current = source;
            RenderTexture temporary = null;
            try
            {
                int currentWidth = source.width, currentHeight = source.height;
                while (currentWidth / 2 >= width && currentHeight / 2 >= height)
                {
                    currentWidth /= 2;
                    currentHeight /= 2;
                    RenderTexture half = RenderTexture.GetTemporary(currentWidth, currentHeight, 0);
                    Graphics.Blit(current, half);
                    if (temporary != null)
                        RenderTexture.ReleaseTemporary(temporary);
                    temporary = half;
                    current = half;
                }
                RenderTexture target = RenderTexture.GetTemporary(width, height, 0);
                Graphics.Blit(current, target);
                if (temporary != null)
                    RenderTexture.ReleaseTemporary(temporary);
                temporary = target;
                RenderTexture.active = target;
                var scaled = new Texture2D(width, height, TextureFormat.RGB24, false);
                scaled.ReadPixels(new Rect(0, 0, width, height), 0, 0);
                scaled.Apply();
                return scaled;
            }
            finally
            {
                RenderTexture.active = previousActive;
                if (temporary != null)
                    RenderTexture.ReleaseTemporary(temporary);
            }
        }

        // Encodes image (already fitted) and writes mimeType, width, height, sourceWidth, sourceHeight,
        // bytes, pngBytes, jpegQuality and base64 into result; over maxBytes as JPEG too, base64 is left
        // out and fits is false, so the host can say what was refused and why.
        public static void Encode(Texture2D image, int sourceWidth, int sourceHeight, JObject parameters, JObject result)
        {
            long maxBytes = Params.OptionalInteger(parameters, "maxBytes", long.MaxValue / 2, 1024, long.MaxValue / 2);
            byte[] encoded = image.EncodeToPNG();
            result["pngBytes"] = encoded.Length;
            string mimeType = "image/png";
            if (encoded.Length > maxBytes)
            {
                encoded = image.EncodeToJPG(JpegQuality);
                mimeType = "image/jpeg";
                result["jpegQuality"] = JpegQuality;
            }
            result["mimeType"] = mimeType;
            result["width"] = image.width;
            result["height"] = image.height;
            result["sourceWidth"] = sourceWidth;
            result["sourceHeight"] = sourceHeight;
            result["bytes"] = encoded.Length;
            result["fits"] = encoded.Length <= maxBytes;
            if (encoded.Length <= maxBytes)
                result["base64"] = Convert.ToBase64String(encoded);
        }

        // Fits and encodes a full-size capture, destroying the scaled copy it makes.
        public static void FitAndEncode(Texture2D capture, JObject parameters, JObject result)
        {
            int width, height;
            Fit(capture.width, capture.height, MaxEdge(parameters), out width, out height);
            if (width == capture.width && height == capture.height)
            {
                Encode(capture, capture.width, capture.height, parameters, result);
                return;
            }
            Texture2D scaled = Scaled(capture, width, height);
            try
            {
                Encode(scaled, capture.width, capture.height, parameters, result);
            }
            finally
            {
                Object.DestroyImmediate(scaled);
            }
        }
    }
}

// The image rules shared by uap_editor_screenshot and uap_window_screenshot: the max_edge argument, the
// budget an image must fit to travel inside a tool result, and the structured "capture" metadata.
#pragma once

#include <rapidjson/document.h>

#include <string>

namespace uap::core {

// The long edge Claude's vision reads without downscaling; larger images cost tokens and are shrunk anyway.
inline constexpr int default_max_edge = 1568;
// The encoded image's budget: its base64 (85,336 characters) plus the result's text must stay under the
// host's default result cap (limits.maxToolResultBytes, 100,000 bytes).
inline constexpr int image_budget_bytes = 64000;

// The max_edge property of the tools' input schemas (bounds: 64 keeps a window legible at all, 4096 is
// the editor's largest capture).
#define UAP_MAX_EDGE_ARGUMENT                                                                                                    \
    R"("max_edge":{"type":"integer","minimum":64,"maximum":4096,"description":"long edge of the returned image in pixels, 64 to 4096, default 1568; never upscaled"})"

// The members add_image_result writes, for the tools' output schemas.
#define UAP_IMAGE_RESULT_PROPERTIES                                                                                              \
    R"("base64Bytes":{"type":"integer"},"image":{"type":"string"},"note":{"type":"string"},"capture":{"type":"object",)"        \
    R"("required":["format","width","height","sourceWidth","sourceHeight","bytes","maxEdge","scaled","returned"],"properties":{)" \
    R"("format":{"enum":["png","jpeg","unknown"]},"width":{"type":"integer"},"height":{"type":"integer"},)"                      \
    R"("sourceWidth":{"type":"integer"},"sourceHeight":{"type":"integer"},"bytes":{"type":"integer"},"pngBytes":{"type":"integer"},)" \
    R"("jpegQuality":{"type":"integer"},"maxEdge":{"type":"integer"},"scaled":{"type":"boolean"},"returned":{"type":"boolean"}}})"

// Adds maxEdge and maxBytes to screenshot.capture's params.
void add_image_params(rapidjson::Document& params, const rapidjson::Value& arguments);

// Adds "capture" (what the editor measured: format, width, height, sourceWidth, sourceHeight, bytes,
// pngBytes, jpegQuality, maxEdge, scaled, returned), "base64Bytes", and with return_image the image
// block ("_images") or a "note" saying what was refused, why, and which argument fixes it.
void add_image_result(rapidjson::Document& result, const rapidjson::Value& shot, const rapidjson::Value& arguments,
                      const std::string& too_large_hint);

} // namespace uap::core

// The image rules shared by the screenshot tools: params for screenshot.capture and the result's metadata.
#include "screenshot_image.hpp"

#include "editor_session.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace uap::core {

namespace {

int requested_max_edge(const rapidjson::Value& arguments) {
    const auto* value = member(arguments, "max_edge");
    return value && value->IsInt() ? value->GetInt() : default_max_edge;
}

// The binary length of base64 text (padding removed): measured from what the editor sent.
uint64_t decoded_length(const rapidjson::Value& base64) {
    std::string_view text(base64.GetString(), base64.GetStringLength());
    std::size_t padding = 0;
    while (padding < 2 && text.size() > padding && text[text.size() - 1 - padding] == '=')
        ++padding;
    return text.size() / 4 * 3 - padding;
}

std::string with_commas(uint64_t number) {
    std::string digits = std::to_string(number);
    std::string grouped;
    for (std::size_t at = 0; at < digits.size(); ++at) {
        if (at > 0 && (digits.size() - at) % 3 == 0)
            grouped.push_back(',');
        grouped.push_back(digits[at]);
    }
    return grouped;
}

// A long edge at which an image of this many bytes at this long edge should fit the budget: bytes grow
// with the pixel count, so with the square of the edge; 0.9 leaves room for images that compress worse.
int suggested_edge(int long_edge, uint64_t bytes) {
    double scale = std::sqrt(static_cast<double>(image_budget_bytes) / static_cast<double>(std::max<uint64_t>(bytes, 1))) * 0.9;
    int edge = static_cast<int>(long_edge * scale) / 16 * 16;
    return std::clamp(edge, 64, std::max(64, long_edge - 16));
}

} // namespace

void add_image_params(rapidjson::Document& params, const rapidjson::Value& arguments) {
    auto& allocator = params.GetAllocator();
    params.AddMember("maxEdge", requested_max_edge(arguments), allocator);
    params.AddMember("maxBytes", image_budget_bytes, allocator);
}

void add_image_result(rapidjson::Document& result, const rapidjson::Value& shot, const rapidjson::Value& arguments,
                      const std::string& too_large_hint) {
    auto& allocator = result.GetAllocator();
    int max_edge = requested_max_edge(arguments);
    const auto* base64 = member(shot, "base64");
    bool has_image = base64 && base64->IsString() && base64->GetStringLength() > 0;
    std::string_view mime_type = string_member(shot, "mimeType");
    int width = member(shot, "width") ? shot["width"].GetInt() : 0;
    int height = member(shot, "height") ? shot["height"].GetInt() : 0;
    uint64_t bytes = has_image ? decoded_length(*base64) : (member(shot, "bytes") ? shot["bytes"].GetUint64() : 0);

    rapidjson::Value capture(rapidjson::kObjectType);
    const char* format = mime_type == "image/jpeg" ? "jpeg" : mime_type == "image/png" ? "png" : "unknown";
    capture.AddMember("format", rapidjson::StringRef(format), allocator);
    capture.AddMember("width", width, allocator);
    capture.AddMember("height", height, allocator);
    // An editor whose package predates scaling reports no source size: then the image is the capture.
    capture.AddMember("sourceWidth", member(shot, "sourceWidth") ? shot["sourceWidth"].GetInt() : width, allocator);
    capture.AddMember("sourceHeight", member(shot, "sourceHeight") ? shot["sourceHeight"].GetInt() : height, allocator);
    capture.AddMember("bytes", bytes, allocator);
    if (const auto* png_bytes = member(shot, "pngBytes"))
        capture.AddMember("pngBytes", png_bytes->GetUint64(), allocator);
    if (const auto* quality = member(shot, "jpegQuality"))
        capture.AddMember("jpegQuality", quality->GetInt(), allocator);
    capture.AddMember("maxEdge", max_edge, allocator);
    capture.AddMember("scaled", width != capture["sourceWidth"].GetInt() || height != capture["sourceHeight"].GetInt(), allocator);
    result.AddMember("base64Bytes", has_image ? base64->GetStringLength() : 0, allocator);

    bool wanted = member(arguments, "return_image") && arguments["return_image"].GetBool();
    std::string refusal;
    int long_edge = std::max(width, height);
    if (!has_image || bytes > static_cast<uint64_t>(image_budget_bytes)) {
        std::string formats = mime_type == "image/jpeg" && member(shot, "pngBytes")
                                  ? "as JPEG (quality " + std::to_string(member(shot, "jpegQuality") ? shot["jpegQuality"].GetInt() : 0) + ", and " +
                                        with_commas(shot["pngBytes"].GetUint64()) + " bytes as PNG)"
                                  : "as " + std::string(mime_type == "image/jpeg" ? "JPEG" : "PNG");
        refusal = "the image was not returned: at " + std::to_string(width) + "x" + std::to_string(height) + " it is " + with_commas(bytes) +
                  " bytes " + formats + ", over the " + with_commas(image_budget_bytes) +
                  "-byte image budget of a tool result; call again with max_edge " + std::to_string(suggested_edge(long_edge, bytes)) + too_large_hint;
    } else if (long_edge > max_edge) {
        refusal = "the image was not returned: the editor answered " + std::to_string(width) + "x" + std::to_string(height) +
                  ", larger than max_edge " + std::to_string(max_edge) + "; its Agent Panel package predates scaling, so update it";
    }
    capture.AddMember("returned", wanted && refusal.empty(), allocator);
    result.AddMember("capture", capture, allocator);
    if (!wanted)
        return;
    if (!refusal.empty()) {
        result.AddMember("note", rapidjson::Value(refusal.c_str(), allocator), allocator);
        return;
    }
    // An MCP image block (the host moves "_images" out of the text), so the model sees the picture.
    rapidjson::Value image(rapidjson::kObjectType);
    image.AddMember("mimeType", rapidjson::Value(mime_type.data(), static_cast<rapidjson::SizeType>(mime_type.size()), allocator), allocator);
    image.AddMember("data", rapidjson::Value(*base64, allocator), allocator);
    rapidjson::Value images(rapidjson::kArrayType);
    images.PushBack(image, allocator);
    result.AddMember("_images", images, allocator);
    result.AddMember("image", "attached as an image block", allocator);
}

} // namespace uap::core

// The simulator's image encoding for screenshot.capture: scaling and PNG/JPEG through Debian's stb
// headers (libstb-dev), so the simulator answers with real, decodable images of the sizes it reports.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace uap::editor_sim {

// Tightly packed 8-bit RGB, rows top to bottom.
struct RgbImage {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> pixels;
};

RgbImage scaled_image(const RgbImage& source, int width, int height);
std::string encode_png(const RgbImage& image);
std::string encode_jpeg(const RgbImage& image, int quality);

} // namespace uap::editor_sim

// The stb implementations the simulator compiles once: stb_image_write (PNG, JPEG) and stb_image_resize.
#include "sim_image.hpp"

#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STB_IMAGE_WRITE_STATIC
#include <stb/stb_image_write.h>
#define STB_IMAGE_RESIZE_IMPLEMENTATION
#define STB_IMAGE_RESIZE_STATIC
#include <stb/stb_image_resize.h>

#include <stdexcept>

namespace uap::editor_sim {

namespace {

void append(void* context, void* data, int size) { static_cast<std::string*>(context)->append(static_cast<const char*>(data), static_cast<std::size_t>(size)); }

} // namespace

RgbImage scaled_image(const RgbImage& source, int width, int height) {
    RgbImage scaled{width, height, std::vector<std::uint8_t>(static_cast<std::size_t>(width) * height * 3)};
    // stb's default filter for a reduction averages every source pixel (Mitchell), like a mipmapped blit.
    if (!stbir_resize_uint8(source.pixels.data(), source.width, source.height, 0, scaled.pixels.data(), width, height, 0, 3))
        throw std::runtime_error("stb_image_resize failed");
    return scaled;
}

std::string encode_png(const RgbImage& image) {
    std::string png;
    if (!stbi_write_png_to_func(&append, &png, image.width, image.height, 3, image.pixels.data(), image.width * 3))
        throw std::runtime_error("stb_image_write could not encode the PNG");
    return png;
}

std::string encode_jpeg(const RgbImage& image, int quality) {
    std::string jpeg;
    if (!stbi_write_jpg_to_func(&append, &jpeg, image.width, image.height, 3, image.pixels.data(), quality))
        throw std::runtime_error("stb_image_write could not encode the JPEG");
    return jpeg;
}

} // namespace uap::editor_sim

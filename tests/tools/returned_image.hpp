// The image block of a tool result, decoded: what a client would show the model, checked by its
// magic bytes and by decoding it (stb_image), not by what the result's text claims.
#pragma once

#include "tool_stack.hpp"

#include <string>

namespace uap::testing {

struct ReturnedImage {
    bool present = false;  // The result had an MCP image content block.
    std::string mime_type; // The block's mimeType.
    std::string format;    // From the magic bytes: "png", "jpeg" or "unknown".
    std::size_t bytes = 0; // Decoded length of the block's data.
    int width = 0;         // From decoding the image; 0 when it does not decode.
    int height = 0;
};

// Calls tool with arguments through tools/call and decodes the first image content block.
ReturnedImage returned_image(ToolStack& stack, const std::string& tool, const std::string& arguments);

} // namespace uap::testing

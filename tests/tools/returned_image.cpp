// Decodes the image block of a tool result with Poco's base64 and Debian's stb_image.
#include "returned_image.hpp"

#include <Poco/Base64Decoder.h>

#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_STATIC
#define STBI_ONLY_PNG
#define STBI_ONLY_JPEG
#include <stb/stb_image.h>

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <iterator>
#include <sstream>

namespace uap::testing {

ReturnedImage returned_image(ToolStack& stack, const std::string& tool, const std::string& arguments) {
    rapidjson::Document params(rapidjson::kObjectType);
    rapidjson::Document parsed_arguments;
    parsed_arguments.Parse(arguments.c_str());
    params.AddMember("name", rapidjson::Value(tool.c_str(), params.GetAllocator()), params.GetAllocator());
    params.AddMember("arguments", rapidjson::Value(parsed_arguments, params.GetAllocator()), params.GetAllocator());
    rapidjson::StringBuffer buffer;
    rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
    params.Accept(writer);
    rapidjson::Document envelope = stack.rpc("tools/call", buffer.GetString());
    ReturnedImage image;
    if (!envelope.HasMember("result") || !envelope["result"].HasMember("content"))
        return image;
    for (const auto& block : envelope["result"]["content"].GetArray()) {
        if (std::string(block["type"].GetString()) != "image")
            continue;
        image.present = true;
        image.mime_type = block["mimeType"].GetString();
        std::istringstream text(block["data"].GetString());
        Poco::Base64Decoder decoder(text);
        std::string data((std::istreambuf_iterator<char>(decoder)), std::istreambuf_iterator<char>());
        image.bytes = data.size();
        if (data.rfind("\x89PNG\r\n\x1a\n", 0) == 0)
            image.format = "png";
        else if (data.rfind("\xff\xd8\xff", 0) == 0)
            image.format = "jpeg";
        else
            image.format = "unknown";
        int channels = 0;
        unsigned char* pixels = stbi_load_from_memory(reinterpret_cast<const stbi_uc*>(data.data()), static_cast<int>(data.size()), &image.width,
                                                      &image.height, &channels, 3);
        if (!pixels)
            image.width = image.height = 0;
        stbi_image_free(pixels);
        break;
    }
    return image;
}

} // namespace uap::testing

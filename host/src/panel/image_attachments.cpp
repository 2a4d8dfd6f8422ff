// Checks of a panel message's images: media type, canonical base64 (through Poco) and file signature.
#include "panel/image_attachments.hpp"

#include "support/json.hpp"

#include <Poco/Base64Decoder.h>
#include <Poco/Base64Encoder.h>
#include <Poco/Exception.h>

#include <array>
#include <optional>
#include <sstream>
#include <string_view>

namespace uap::panel {

namespace {

struct ImageKind {
    std::string_view media_type;
    std::string_view signature; // The first bytes of every file of the kind.
    std::size_t signature_at = 0;
};

constexpr std::array<ImageKind, 5> kinds{{
    {"image/png", std::string_view("\x89PNG\r\n\x1a\n", 8)},
    {"image/jpeg", "\xFF\xD8\xFF"},
    {"image/gif", "GIF87a"},
    {"image/gif", "GIF89a"},
    {"image/webp", "WEBP", 8}, // After "RIFF" and the length.
}};

// The bytes of standard base64 with padding, only when encoding them again gives the same text:
// this refuses a bad length, stray padding, spaces and characters outside the alphabet.
std::optional<std::string> decode_canonical_base64(std::string_view text) {
    std::string bytes;
    try {
        std::istringstream encoded{std::string(text)};
        Poco::Base64Decoder decoder(encoded);
        bytes.assign(std::istreambuf_iterator<char>(decoder), std::istreambuf_iterator<char>());
    } catch (const Poco::Exception&) {
        return std::nullopt;
    }
    std::ostringstream again;
    Poco::Base64Encoder encoder(again);
    encoder.rdbuf()->setLineLength(0);
    encoder << bytes;
    encoder.close();
    if (again.str() != text)
        return std::nullopt;
    return bytes;
}

bool matches(const ImageKind& kind, std::string_view bytes) {
    return bytes.size() >= kind.signature_at + kind.signature.size() &&
           bytes.substr(kind.signature_at, kind.signature.size()) == kind.signature &&
           (kind.media_type != "image/webp" || bytes.starts_with("RIFF"));
}

Expected<agent::ImageAttachment> parse_image(const rapidjson::Value& image, std::size_t index) {
    std::string which = "image " + std::to_string(index + 1);
    auto media_type = json::string_field(image, "media_type");
    bool known = false;
    for (const ImageKind& kind : kinds)
        known = known || (media_type && *media_type == kind.media_type);
    if (!known)
        return Error::invalid_argument(which + ": media_type must be image/png, image/jpeg, image/gif or image/webp");
    auto data = json::string_field(image, "data");
    if (!data || data->empty())
        return Error::invalid_argument(which + ": data must be the file's bytes in base64");
    auto bytes = decode_canonical_base64(*data);
    if (!bytes)
        return Error::invalid_argument(which + ": data is not standard base64 (A-Z, a-z, 0-9, + and /, padded with = to a multiple "
                                               "of 4, no spaces or line breaks)");
    for (const ImageKind& kind : kinds)
        if (kind.media_type == *media_type && matches(kind, *bytes))
            return agent::ImageAttachment{*media_type, *data};
    return Error::invalid_argument(which + ": its bytes are not a " + media_type->substr(6) +
                                   " file; attach the image again, or send it with the media_type its file has");
}

} // namespace

Expected<std::vector<agent::ImageAttachment>> parse_images(const rapidjson::Value& command) {
    std::vector<agent::ImageAttachment> images;
    auto list = command.FindMember("images");
    if (list == command.MemberEnd())
        return images;
    if (!list->value.IsArray())
        return Error::invalid_argument("images must be an array of {media_type, data}");
    for (auto& image : list->value.GetArray()) {
        if (!image.IsObject())
            return Error::invalid_argument("image " + std::to_string(images.size() + 1) + " must be an object {media_type, data}");
        UAP_ASSIGN_OR_RETURN(auto parsed, parse_image(image, images.size()));
        images.push_back(std::move(parsed));
    }
    return images;
}

} // namespace uap::panel

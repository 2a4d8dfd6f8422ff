// The images of a panel message: well-formed ones of each kind pass as sent; malformed, mislabelled,
// hostile and oversized-looking ones are refused with which image and why.
#include "panel/image_attachments.hpp"

#include "support/json.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

rapidjson::Document command_with(const std::string& images_json) {
    auto parsed = uap::json::parse(R"({"type":"send","text":"look","images":)" + images_json + "}");
    EXPECT_TRUE(parsed) << images_json;
    return std::move(parsed).value();
}

std::string image(const std::string& media_type, const std::string& data) {
    return R"({"media_type":")" + media_type + R"(","data":")" + data + R"("})";
}

// Base64 of the first bytes of each kind of file.
const std::string png = "iVBORw0KGgoAAAANSUhEUg==";    // \x89PNG\r\n\x1a\n, then the IHDR chunk's start.
const std::string jpeg = "/9j/4AAQSkZJRg==";            // FF D8 FF E0, then "JFIF".
const std::string gif = "R0lGODlhAQABAIAAAP///wAAACw="; // GIF89a and a 1x1 screen.
const std::string webp = "UklGRiQAAABXRUJQVlA4IA==";    // RIFF, a length, WEBP, then "VP8 ".

TEST(ImageAttachments, EachKindPassesAsSentAndNoImagesIsNone) {
    auto parsed = uap::panel::parse_images(command_with("[" + image("image/png", png) + "," + image("image/jpeg", jpeg) + "," +
                                                        image("image/gif", gif) + "," + image("image/webp", webp) + "]"));
    ASSERT_TRUE(parsed) << parsed.error().message();
    ASSERT_EQ(parsed->size(), 4u);
    EXPECT_EQ((*parsed)[0].media_type, "image/png");
    EXPECT_EQ((*parsed)[0].base64_data, png);
    EXPECT_EQ((*parsed)[3].base64_data, webp);
    auto none = uap::panel::parse_images(*uap::json::parse(R"({"type":"send","text":"x"})"));
    ASSERT_TRUE(none);
    EXPECT_TRUE(none->empty());
}

TEST(ImageAttachments, DataThatIsNotCanonicalBase64IsRefusedNamingTheImage) {
    for (const std::string& bad : {std::string("iVBORw0KGgo"),          // Not a multiple of 4.
                                   std::string("=VBORw0KGgoAAAANSUhEUg=="), // Padding first.
                                   std::string("iVBORw0K Ggo="),         // A space.
                                   std::string("iVBORw0KGgo\\nAAAANSUhEUg=="), // A line break.
                                   std::string("iVBORw0KGgo$AAANSUhEUg=="), // Outside the alphabet.
                                   std::string("iVBORw0KGgoAAAANSUhEUg=")}) { // Short padding.
        auto refused = uap::panel::parse_images(command_with("[" + image("image/png", png) + "," + image("image/png", bad) + "]"));
        ASSERT_FALSE(refused) << bad;
        EXPECT_EQ(refused.error().code(), uap::ErrorCode::InvalidArgument);
        EXPECT_EQ(refused.error().message().rfind("image 2: data is not standard base64", 0), 0u) << refused.error().message();
    }
}

TEST(ImageAttachments, BytesOfAnotherKindThanTheMediaTypeSaysAreRefused) {
    auto refused = uap::panel::parse_images(command_with("[" + image("image/png", jpeg) + "]"));
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().message().rfind("image 1: its bytes are not a png file", 0), 0u) << refused.error().message();
    // "PGh0bWw+" is "<html>": text posing as an image.
    EXPECT_FALSE(uap::panel::parse_images(command_with("[" + image("image/gif", "PGh0bWw+") + "]")));
    // RIFF without WEBP (a WAV file's header).
    EXPECT_FALSE(uap::panel::parse_images(command_with("[" + image("image/webp", "UklGRiQAAABXQVZFZm10IA==") + "]")));
}

TEST(ImageAttachments, WrongShapesAndUnknownTypesAreRefusedWithTheirReason) {
    struct Case {
        const char* images;
        const char* reason;
    };
    for (const Case& hostile : {Case{R"("not a list")", "images must be an array"},
                                Case{R"([42])", "image 1 must be an object"},
                                Case{R"([{"media_type":"image/svg+xml","data":"PHN2Zz4="}])", "image 1: media_type must be"},
                                Case{R"([{"media_type":"image/png"}])", "image 1: data must be"},
                                Case{R"([{"media_type":"image/png","data":""}])", "image 1: data must be"},
                                Case{R"([{"media_type":"image/png","data":7}])", "image 1: data must be"}}) {
        auto refused = uap::panel::parse_images(command_with(hostile.images));
        ASSERT_FALSE(refused) << hostile.images;
        EXPECT_EQ(refused.error().message().rfind(hostile.reason, 0), 0u) << refused.error().message();
    }
}

} // namespace

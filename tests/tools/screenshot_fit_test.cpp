// uap_editor_screenshot's image rules against the simulator: scaled to max_edge (default 1568, aspect
// kept, never up), PNG when it fits the budget and JPEG otherwise, a clear refusal past that, and the
// image block checked by decoding it against the sizes the result reports.
#include "returned_image.hpp"
#include "tool_stack.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace {

using uap::testing::number_at;
using uap::testing::returned_image;
using uap::testing::ReturnedImage;
using uap::testing::text_at;
using uap::testing::ToolReply;
using uap::testing::ToolStack;

class ScreenshotFit : public ::testing::Test {
protected:
    static void SetUpTestSuite() { stack = new ToolStack(); }
    static void TearDownTestSuite() { delete stack; }
    static ToolReply ok(const std::string& arguments) {
        ToolReply reply = stack->call("uap_editor_screenshot", arguments);
        EXPECT_FALSE(reply.is_error) << reply.text;
        return reply;
    }
    static std::string refused(const std::string& arguments) {
        ToolReply reply = stack->call("uap_editor_screenshot", arguments);
        EXPECT_TRUE(reply.is_error) << "accepted " << arguments << ": " << reply.text;
        return reply.text;
    }
    static void print(const std::string& what, const ToolReply& reply) {
        const auto& capture = reply.value["capture"];
        std::cout << what << ": " << text_at(reply.value, "/capture/format") << " " << capture["width"].GetInt() << "x" << capture["height"].GetInt()
                  << " from " << capture["sourceWidth"].GetInt() << "x" << capture["sourceHeight"].GetInt() << ", " << capture["bytes"].GetUint64()
                  << " bytes (PNG " << capture["pngBytes"].GetUint64() << ")" << std::endl;
    }
    static inline ToolStack* stack = nullptr;
};

TEST_F(ScreenshotFit, ALargeCaptureComesBackWithItsLongEdgeAt1568ByDefault) {
    const std::string arguments = R"({"width":3200,"height":1800,"return_image":true})";
    ToolReply reply = ok(arguments);
    print("3200x1800 by default", reply);
    const auto& capture = reply.value["capture"];
    EXPECT_EQ(capture["width"].GetInt(), 1568);
    EXPECT_EQ(capture["height"].GetInt(), 882) << "1800 * 1568 / 3200 = 882: the aspect ratio is kept";
    EXPECT_EQ(capture["sourceWidth"].GetInt(), 3200);
    EXPECT_EQ(capture["sourceHeight"].GetInt(), 1800);
    EXPECT_TRUE(capture["scaled"].GetBool());
    EXPECT_EQ(capture["maxEdge"].GetInt(), 1568);
    EXPECT_TRUE(capture["returned"].GetBool()) << reply.text;
    ReturnedImage image = returned_image(*stack, "uap_editor_screenshot", arguments);
    ASSERT_TRUE(image.present) << reply.text;
    EXPECT_EQ(image.width, 1568);
    EXPECT_EQ(image.height, 882);
    EXPECT_EQ(static_cast<double>(image.bytes), number_at(reply.value, "/capture/bytes")) << "bytes are the image's, measured";
    EXPECT_EQ("image/" + image.format, image.mime_type) << "the block's mimeType matches its magic bytes";
    EXPECT_EQ(image.format, text_at(reply.value, "/capture/format"));
}

TEST_F(ScreenshotFit, MaxEdgeChangesTheSizeKeepsTheAspectAndNeverUpscales) {
    ToolReply small = ok(R"({"width":1280,"height":720,"max_edge":640})");
    EXPECT_EQ(small.value["capture"]["width"].GetInt(), 640);
    EXPECT_EQ(small.value["capture"]["height"].GetInt(), 360);
    // Portrait: the long edge is the height.
    const std::string portrait = R"({"width":600,"height":1000,"max_edge":300,"return_image":true})";
    ToolReply tall = ok(portrait);
    EXPECT_EQ(tall.value["capture"]["width"].GetInt(), 180);
    EXPECT_EQ(tall.value["capture"]["height"].GetInt(), 300);
    ReturnedImage image = returned_image(*stack, "uap_editor_screenshot", portrait);
    ASSERT_TRUE(image.present) << tall.text;
    EXPECT_EQ(image.width, 180);
    EXPECT_EQ(image.height, 300);
    // Smaller than max_edge: returned as captured, not enlarged.
    ToolReply as_is = ok(R"({"width":320,"height":200,"max_edge":2000})");
    EXPECT_EQ(as_is.value["capture"]["width"].GetInt(), 320);
    EXPECT_EQ(as_is.value["capture"]["height"].GetInt(), 200);
    EXPECT_FALSE(as_is.value["capture"]["scaled"].GetBool());
    // An odd aspect: 4096x100 at 1000 keeps 100/4096 within a pixel.
    ToolReply wide = ok(R"({"width":4096,"height":100,"max_edge":1000})");
    EXPECT_EQ(wide.value["capture"]["width"].GetInt(), 1000);
    EXPECT_NEAR(wide.value["capture"]["height"].GetInt(), 1000.0 * 100 / 4096, 1.0);
}

TEST_F(ScreenshotFit, PngWhenItFitsJpegWhenThePngWouldExceedTheBudget) {
    const std::string small = R"({"width":160,"height":90,"return_image":true})";
    ToolReply png = ok(small);
    print("160x90", png);
    EXPECT_EQ(text_at(png.value, "/capture/format"), "png");
    EXPECT_FALSE(png.value["capture"].HasMember("jpegQuality"));
    ReturnedImage png_image = returned_image(*stack, "uap_editor_screenshot", small);
    EXPECT_EQ(png_image.format, "png");
    EXPECT_EQ(png_image.mime_type, "image/png");
    EXPECT_EQ(png_image.width, 160);
    EXPECT_EQ(png_image.height, 90);

    const std::string large = R"({"width":960,"height":540,"return_image":true})";
    ToolReply jpeg = ok(large);
    print("960x540", jpeg);
    EXPECT_EQ(text_at(jpeg.value, "/capture/format"), "jpeg");
    EXPECT_GT(number_at(jpeg.value, "/capture/pngBytes"), 64000.0) << "JPEG only because the PNG was over the budget";
    EXPECT_LE(number_at(jpeg.value, "/capture/bytes"), 64000.0);
    EXPECT_EQ(number_at(jpeg.value, "/capture/jpegQuality"), 80.0);
    EXPECT_EQ(text_at(jpeg.value, "/mimeType"), "image/jpeg");
    ReturnedImage jpeg_image = returned_image(*stack, "uap_editor_screenshot", large);
    EXPECT_EQ(jpeg_image.format, "jpeg");
    EXPECT_EQ(jpeg_image.mime_type, "image/jpeg");
    EXPECT_EQ(jpeg_image.width, 960);
    EXPECT_EQ(jpeg_image.height, 540);
}

TEST_F(ScreenshotFit, AnImageOverTheBudgetAsJpegTooIsRefusedWithTheArgumentThatFixesIt) {
    const std::string arguments = R"({"width":2048,"height":2048,"max_edge":2048,"return_image":true})";
    ToolReply reply = ok(arguments);
    print("2048x2048 at max_edge 2048", reply);
    const auto& capture = reply.value["capture"];
    EXPECT_EQ(text_at(reply.value, "/capture/format"), "jpeg");
    EXPECT_GT(capture["bytes"].GetUint64(), 64000u);
    EXPECT_FALSE(capture["returned"].GetBool());
    std::string note = text_at(reply.value, "/note");
    std::cout << "note: " << note << std::endl;
    EXPECT_NE(note.find("was not returned"), std::string::npos) << note;
    EXPECT_NE(note.find("64,000-byte image budget"), std::string::npos) << note;
    EXPECT_NE(note.find("as JPEG (quality 80"), std::string::npos) << note;
    auto at = note.find("max_edge ");
    ASSERT_NE(at, std::string::npos) << note;
    int suggested = std::stoi(note.substr(at + 9));
    EXPECT_LT(suggested, 2048);
    EXPECT_FALSE(returned_image(*stack, "uap_editor_screenshot", arguments).present);
    // The suggested max_edge does fit.
    ToolReply retried = ok(R"({"width":2048,"height":2048,"return_image":true,"max_edge":)" + std::to_string(suggested) + "}");
    print("2048x2048 at the suggested max_edge", retried);
    EXPECT_TRUE(retried.value["capture"]["returned"].GetBool()) << retried.text;
}

TEST_F(ScreenshotFit, ABadMaxEdgeIsRefusedWithItsBounds) {
    for (const char* bad : {R"({"max_edge":10})", R"({"max_edge":5000})", R"({"max_edge":"big"})", R"({"max_edge":800.5})"}) {
        std::string message = refused(bad);
        std::cout << bad << ": " << message << std::endl;
        EXPECT_NE(message.find("max_edge"), std::string::npos) << message;
        EXPECT_NE(message.find("64 to 4096"), std::string::npos) << "names the bounds: " << message;
    }
}

} // namespace

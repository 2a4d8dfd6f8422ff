// uap_window_screenshot's image rules against the simulator: a window captured at its size on screen,
// scaled down to max_edge with its aspect kept, PNG or JPEG by size, checked by decoding the image block.
#include "returned_image.hpp"
#include "window_stack.hpp"

namespace {

using namespace uap::testing;

class WindowScreenshotFit : public WindowStack {};

TEST_F(WindowScreenshotFit, AWindowIsScaledToMaxEdgeWithItsAspectKept) {
    rapidjson::Document windows = editor_json("window.list", "{}");
    const auto& position = windows["windows"][scene_index]["position"];
    int on_screen_width = static_cast<int>(position["width"].GetDouble());
    int on_screen_height = static_cast<int>(position["height"].GetDouble());
    ASSERT_GT(on_screen_width, 400);
    const std::string arguments = R"({"window":"Scene","max_edge":400,"return_image":true})";
    ToolReply reply = ok("uap_window_screenshot", arguments);
    const auto& capture = reply.value["capture"];
    EXPECT_EQ(capture["sourceWidth"].GetInt(), on_screen_width);
    EXPECT_EQ(capture["sourceHeight"].GetInt(), on_screen_height);
    EXPECT_EQ(capture["width"].GetInt(), 400);
    EXPECT_NEAR(capture["height"].GetInt(), 400.0 * on_screen_height / on_screen_width, 1.0);
    EXPECT_TRUE(capture["scaled"].GetBool());
    EXPECT_EQ(text_at(reply.value, "/window/title"), "Scene");
    std::cout << "Scene window " << on_screen_width << "x" << on_screen_height << " at max_edge 400: " << text_at(reply.value, "/capture/format")
              << " " << capture["width"].GetInt() << "x" << capture["height"].GetInt() << ", " << capture["bytes"].GetUint64() << " bytes (PNG "
              << capture["pngBytes"].GetUint64() << ")" << std::endl;
    ReturnedImage image = returned_image(*stack, "uap_window_screenshot", arguments);
    ASSERT_TRUE(image.present) << reply.text;
    EXPECT_EQ(image.width, capture["width"].GetInt());
    EXPECT_EQ(image.height, capture["height"].GetInt());
    EXPECT_EQ(image.format, text_at(reply.value, "/capture/format"));
    EXPECT_EQ("image/" + image.format, image.mime_type);
    EXPECT_EQ(image.bytes, capture["bytes"].GetUint64());
}

TEST_F(WindowScreenshotFit, AWindowSmallerThanMaxEdgeIsReturnedAtItsSizeAsPngOrJpegBySize) {
    const std::string arguments = R"({"window":"VRChat SDK","return_image":true})";
    ToolReply reply = ok("uap_window_screenshot", arguments);
    const auto& capture = reply.value["capture"];
    EXPECT_FALSE(capture["scaled"].GetBool());
    EXPECT_EQ(capture["maxEdge"].GetInt(), 1568);
    std::cout << "VRChat SDK window by default: " << text_at(reply.value, "/capture/format") << " " << capture["width"].GetInt() << "x"
              << capture["height"].GetInt() << ", " << capture["bytes"].GetUint64() << " bytes (PNG " << capture["pngBytes"].GetUint64() << ")"
              << std::endl;
    // JPEG exactly when the PNG was over the budget.
    EXPECT_EQ(text_at(reply.value, "/capture/format") == "jpeg", capture["pngBytes"].GetUint64() > 64000u) << reply.text;
    ReturnedImage image = returned_image(*stack, "uap_window_screenshot", arguments);
    ASSERT_TRUE(image.present) << reply.text;
    EXPECT_EQ(image.width, capture["width"].GetInt());
    EXPECT_EQ(image.height, capture["height"].GetInt());
    EXPECT_EQ(image.format, text_at(reply.value, "/capture/format"));
    // A tiny max_edge gives a small PNG.
    ToolReply small = ok("uap_window_screenshot", R"({"window":"VRChat SDK","max_edge":64})");
    EXPECT_EQ(text_at(small.value, "/capture/format"), "png");
    EXPECT_EQ(std::max(small.value["capture"]["width"].GetInt(), small.value["capture"]["height"].GetInt()), 64);
}

TEST_F(WindowScreenshotFit, ABadMaxEdgeIsRefusedWithItsBounds) {
    std::string message = refused("uap_window_screenshot", R"({"window":"Scene","max_edge":0})");
    EXPECT_NE(message.find("max_edge"), std::string::npos) << message;
    EXPECT_NE(message.find("64 to 4096"), std::string::npos) << message;
}

} // namespace

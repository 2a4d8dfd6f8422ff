// uap_rect_transform_set through MCP on the simulator: anchors by preset, pivot and size land and
// are checked by a separate property.get; redundant or contradictory combinations and bad values
// are refused before any write (the serialized values stay as they were).
#include "tool_stack.hpp"

#include <gtest/gtest.h>

namespace {

using uap::testing::number_at;
using uap::testing::ToolReply;
using uap::testing::ToolStack;

class RectTransformTool : public ::testing::Test {
protected:
    void SetUp() override {
        stack = std::make_unique<ToolStack>();
        ASSERT_FALSE(stack->call("uap_scene_create_object", R"({"name":"Panel"})").is_error);
        ToolReply added = stack->call("uap_component_add", R"({"path":"/Panel","componentType":"RectTransform"})");
        ASSERT_FALSE(added.is_error) << added.text;
    }
    // The RectTransform's serialized values as the editor holds them, read without the tool.
    rapidjson::Document stored() {
        rapidjson::Document document;
        document.Parse(stack->editor("property.get", R"({"target":{"component":{"object":{"scenePath":"/Panel"},"type":"RectTransform"}},)"
                                                     R"("paths":["m_AnchorMin","m_AnchorMax","m_Pivot","m_SizeDelta"]})")
                           .c_str());
        return document;
    }
    std::string refused(const std::string& arguments) {
        ToolReply reply = stack->call("uap_rect_transform_set", arguments);
        EXPECT_TRUE(reply.is_error) << "accepted " << arguments << ": " << reply.text;
        return reply.text;
    }
    std::unique_ptr<ToolStack> stack;
};

TEST_F(RectTransformTool, APresetPivotAndSizeLandAndReadBackSeparately) {
    ToolReply reply = stack->call("uap_rect_transform_set",
                                  R"({"path":"/Panel","anchorPreset":"top-left","pivot":{"x":0,"y":1},"size":{"x":320,"y":48}})");
    ASSERT_FALSE(reply.is_error) << reply.text;
    auto values = stored();
    EXPECT_EQ(number_at(values, "/properties/0/value/x"), 0.0);
    EXPECT_EQ(number_at(values, "/properties/0/value/y"), 1.0);
    EXPECT_EQ(number_at(values, "/properties/1/value/x"), 0.0);
    EXPECT_EQ(number_at(values, "/properties/1/value/y"), 1.0);
    EXPECT_EQ(number_at(values, "/properties/2/value/y"), 1.0);
    EXPECT_EQ(number_at(values, "/properties/3/value/x"), 320.0);
    EXPECT_EQ(number_at(values, "/properties/3/value/y"), 48.0);
    EXPECT_EQ(number_at(reply.value, "/rectTransform/size/x"), 320.0) << "the reply reports what was read back";

    // Stretching horizontally with a height only: the width is left to the parent.
    ToolReply stretched = stack->call("uap_rect_transform_set", R"({"path":"/Panel","anchorPreset":"top-stretch","size":{"y":60}})");
    ASSERT_FALSE(stretched.is_error) << stretched.text;
    values = stored();
    EXPECT_EQ(number_at(values, "/properties/1/value/x"), 1.0);
    EXPECT_EQ(number_at(values, "/properties/3/value/y"), 60.0);
    EXPECT_EQ(number_at(values, "/properties/3/value/x"), 320.0) << "a missing axis keeps its value";

    // No values: a read that changes nothing.
    ToolReply read = stack->call("uap_rect_transform_set", R"({"path":"/Panel"})");
    ASSERT_FALSE(read.is_error) << read.text;
    EXPECT_EQ(number_at(read.value, "/rectTransform/anchorMax/x"), 1.0);
}

TEST_F(RectTransformTool, RedundantOrContradictoryInputIsRefusedBeforeAnyWrite) {
    std::string before = stack->editor("property.get", R"({"target":{"component":{"object":{"scenePath":"/Panel"},"type":"RectTransform"}},)"
                                                       R"("paths":["m_AnchorMin","m_AnchorMax","m_Pivot","m_SizeDelta"]})");
    EXPECT_NE(refused(R"({"path":"/Panel","anchorPreset":"top-left","anchorMin":{"x":0}})").find("either the preset or the anchors"), std::string::npos);
    EXPECT_NE(refused(R"({"path":"/Panel","anchorPreset":"stretch-stretch","size":{"x":10}})").find("follows the parent"), std::string::npos);
    EXPECT_NE(refused(R"({"path":"/Panel","anchorPreset":"upper-left"})").find("top-left, top-center"), std::string::npos);
    EXPECT_NE(refused(R"({"path":"/Panel","anchorMin":{"x":0.8},"anchorMax":{"x":0.2}})").find("must not exceed"), std::string::npos);
    EXPECT_NE(refused(R"({"path":"/Panel","anchorMax":{"x":1.5}})").find("within 0..1"), std::string::npos);
    EXPECT_NE(refused(R"({"path":"/Panel","pivot":{"x":0,"z":1}})").find("x and y only"), std::string::npos);
    EXPECT_NE(refused(R"({"path":"/Panel","size":{"x":"wide"}})").find("size"), std::string::npos);
    EXPECT_NE(refused(R"({"path":"/Panel","anchor":"top-left"})").find("unknown argument 'anchor'"), std::string::npos);
    std::string no_rect = refused(R"({"path":"/Main Camera","size":{"x":10}})");
    EXPECT_NE(no_rect.find("uap_component_add"), std::string::npos) << no_rect;
    EXPECT_EQ(stack->editor("property.get", R"({"target":{"component":{"object":{"scenePath":"/Panel"},"type":"RectTransform"}},)"
                                            R"("paths":["m_AnchorMin","m_AnchorMax","m_Pivot","m_SizeDelta"]})"),
              before);
}

} // namespace

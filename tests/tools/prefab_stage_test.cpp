// Writes while prefab mode is open on another asset are refused before anything changes (the user
// would not see them); reads still work, and the same write works once prefab mode is closed.
#include "tool_stack.hpp"

#include <gtest/gtest.h>

namespace {

using uap::testing::text_at;
using uap::testing::ToolReply;
using uap::testing::ToolStack;

TEST(PrefabStage, WritesAreRefusedWhilePrefabModeShowsAnotherAssetAndWorkAfterItCloses) {
    ToolStack stack;
    std::string opened = stack.editor("prefabStage.open", R"({"assetPath":"Assets/Prefabs/Crate.prefab"})");
    ASSERT_NE(opened.find("Crate.prefab"), std::string::npos) << opened;
    std::string before = stack.editor("scene.digest", "{}");
    for (auto [tool, arguments] : {std::pair{"uap_scene_create_object", R"({"name":"Hidden"})"},
                                   std::pair{"uap_transform_set", R"({"path":"/Player","position":{"x":9}})"},
                                   std::pair{"uap_batch", R"({"calls":[{"tool":"uap_scene_rename","arguments":{"path":"/Player","newName":"P"}}]})"},
                                   std::pair{"uap_property_set", R"({"assetPath":"Assets/Materials/Red.mat","propertyPath":"_Metallic","value":1})"}}) {
        ToolReply reply = stack.call(tool, arguments);
        EXPECT_TRUE(reply.is_error) << tool << " was not refused: " << reply.text;
        EXPECT_NE(reply.text.find("prefab mode is open on Assets/Prefabs/Crate.prefab"), std::string::npos) << reply.text;
        EXPECT_NE(reply.text.find("Close prefab mode"), std::string::npos) << "says how to go on";
    }
    EXPECT_EQ(stack.editor("scene.digest", "{}"), before) << "nothing changed";
    ToolReply read = stack.call("uap_query_hierarchy", "{}");
    EXPECT_FALSE(read.is_error) << "reads still work: " << read.text;

    stack.editor("prefabStage.close", "{}");
    ToolReply created = stack.call("uap_scene_create_object", R"({"name":"Visible"})");
    EXPECT_FALSE(created.is_error) << created.text;
    EXPECT_NE(stack.editor("hierarchy.roots", "{}").find("Visible"), std::string::npos);
}

TEST(PrefabStage, OpeningSomethingThatIsNotAPrefabIsRefused) {
    ToolStack stack;
    EXPECT_NE(stack.editor("prefabStage.open", R"({"assetPath":"Assets/Materials/Red.mat"})").find("type_mismatch"), std::string::npos);
    EXPECT_NE(stack.editor("prefabStage.open", R"({"assetPath":"Assets/None.prefab"})").find("not_found"), std::string::npos);
    EXPECT_EQ(text_at(stack.editor("editor.state", "{}"), "/prefabStage"), "null");
}

} // namespace

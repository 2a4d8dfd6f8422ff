// The first scene an agent builds, through MCP only: a floor, three cubes in a row under one
// parent, a light, a new red material (through the pipeline's own colour property) on the cubes,
// the parent moved, the scene saved; then everything read back through tools.
#include "tool_stack.hpp"

#include <gtest/gtest.h>

namespace {

using uap::testing::number_at;
using uap::testing::text_at;
using uap::testing::ToolReply;
using uap::testing::ToolStack;

TEST(Scenario, ThreeRedCubesInARowUnderAMovedParentSaved) {
    ToolStack stack;
    auto ok = [&](const std::string& tool, const std::string& arguments) {
        ToolReply reply = stack.call(tool, arguments);
        EXPECT_FALSE(reply.is_error) << tool << ": " << reply.text;
        return reply;
    };
    ok("uap_scene_create_object", R"({"name":"Floor","primitiveType":"Plane","scale":{"x":2,"y":1,"z":2}})");
    ok("uap_scene_create_object", R"({"name":"Row","position":{"x":0,"y":0.5,"z":0}})");
    for (int index = 0; index < 3; ++index)
        ok("uap_scene_create_object", R"({"name":"Cube)" + std::to_string(index) + R"(","primitiveType":"Cube","parentPath":"/Row","position":{"x":)" +
                                          std::to_string(index * 2) + "}}");
    ok("uap_scene_create_object", R"({"name":"Key Light","position":{"x":0,"y":5,"z":-3},"rotation":{"x":50}})");
    ok("uap_component_add", R"({"path":"/Key Light","componentType":"Light"})");
    ok("uap_property_set", R"({"path":"/Key Light","componentType":"Light","propertyPath":"m_Type","value":"Directional"})");

    ToolReply material = ok("uap_asset_create", R"({"assetType":"Material","path":"Assets/Materials/CubeRed.mat"})");
    std::string material_path = text_at(material.value, "/created/path");
    // The colour property depends on the render pipeline: _BaseColor (URP/HDRP) or _Color (built-in).
    ToolReply properties = ok("uap_object_inspect", R"({"assetPath":")" + material_path + R"(","maxResults":100})");
    std::string colour = properties.text.find("\"_BaseColor\"") != std::string::npos ? "_BaseColor" : "_Color";
    ok("uap_property_set", R"({"assetPath":")" + material_path + R"(","propertyPath":")" + colour + R"(","value":{"r":1,"g":0,"b":0,"a":1}})");
    for (int index = 0; index < 3; ++index)
        ok("uap_property_set", R"({"path":"/Row/Cube)" + std::to_string(index) +
                                   R"(","componentType":"MeshRenderer","propertyPath":"m_Materials.Array.data[0]","value":")" + material_path + "\"}");
    ok("uap_transform_set", R"({"path":"/Row","position":{"x":10,"z":5}})");
    ok("uap_scene_save", R"({"path":"Assets/Scenes/Demo.unity"})");

    // Read it all back, through tools.
    std::string tree = ok("uap_query_hierarchy", R"({"maxDepth":3})").value["hierarchy"].GetString();
    for (const char* expected : {"Floor [Transform, MeshFilter, MeshRenderer, MeshCollider]", "Row [Transform] (3 children)",
                                 "  Cube0 [Transform, MeshFilter, MeshRenderer, BoxCollider]", "  Cube2 [", "Key Light [Transform, Light]"})
        EXPECT_NE(tree.find(expected), std::string::npos) << expected << " in\n" << tree;
    for (int index = 0; index < 3; ++index) {
        std::string path = "/Row/Cube" + std::to_string(index);
        ToolReply transform = ok("uap_transform_set", R"({"path":")" + path + "\"}");
        EXPECT_NEAR(number_at(transform.value, "/transform/world/position/x"), 10.0 + index * 2, 1e-5) << path;
        EXPECT_NEAR(number_at(transform.value, "/transform/world/position/y"), 0.5, 1e-5) << path;
        EXPECT_NEAR(number_at(transform.value, "/transform/world/position/z"), 5.0, 1e-5) << path;
        ToolReply renderer = ok("uap_object_inspect", R"({"path":")" + path + R"(","componentType":"MeshRenderer"})");
        EXPECT_EQ(text_at(renderer.value, "/properties/2/path"), "m_Materials.Array.data[0]");
        EXPECT_EQ(text_at(renderer.value, "/properties/2/value/assetPath"), material_path) << path;
    }
    ToolReply red = ok("uap_object_inspect", R"({"assetPath":")" + material_path + R"(","maxResults":100})");
    bool found = false;
    for (const auto& property : red.value["properties"].GetArray())
        if (property["path"].GetString() == colour) {
            found = true;
            EXPECT_EQ(property["value"]["r"].GetDouble(), 1.0);
            EXPECT_EQ(property["value"]["g"].GetDouble(), 0.0);
            EXPECT_EQ(property["value"]["b"].GetDouble(), 0.0);
        }
    EXPECT_TRUE(found) << colour << " read back from " << material_path;
    ToolReply light = ok("uap_object_inspect", R"({"path":"/Key Light","componentType":"Light"})");
    EXPECT_EQ(text_at(uap::testing::element_where(light.text, "/properties", "/path", "m_Type"), "/value/name"), "Directional")
        << light.text;
    ToolReply scenes = ok("uap_asset_find", R"({"query":"t:Scene Demo"})");
    EXPECT_NE(scenes.text.find("Assets/Scenes/Demo.unity"), std::string::npos) << scenes.text;
    ToolReply saved_again = ok("uap_scene_save", R"({"scene":"Demo"})");
    EXPECT_EQ(text_at(saved_again.value, "/saved/dirty"), "false");
    EXPECT_GE(number_at(saved_again.value, "/savedObjects"), 6.0);
}

} // namespace

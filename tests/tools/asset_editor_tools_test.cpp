// Asset, scene-file, search and editor-pack tools through MCP against the simulator: each happy
// path checked by a separate read, each bad input by its message.
#include "tool_stack.hpp"

#include <gtest/gtest.h>

namespace {

using uap::testing::element_where;
using uap::testing::number_at;
using uap::testing::text_at;
using uap::testing::ToolReply;
using uap::testing::ToolStack;

class AssetEditorTools : public ::testing::Test {
protected:
    static void SetUpTestSuite() { stack = new ToolStack(); }
    static void TearDownTestSuite() { delete stack; }
    static ToolReply ok(const std::string& tool, const std::string& arguments) {
        ToolReply reply = stack->call(tool, arguments);
        EXPECT_FALSE(reply.is_error) << tool << ": " << reply.text;
        return reply;
    }
    static std::string refused(const std::string& tool, const std::string& arguments) {
        ToolReply reply = stack->call(tool, arguments);
        EXPECT_TRUE(reply.is_error) << tool << " accepted " << arguments << ": " << reply.text;
        return reply.text;
    }
    static std::string editor(const std::string& method, const std::string& params = "{}") { return stack->editor(method, params); }
    static inline ToolStack* stack = nullptr;
};

TEST_F(AssetEditorTools, UnknownArgumentsAndAxesAreRefusedNotIgnored) {
    std::string misspelt = refused("uap_scene_create_object", R"({"name":"Typo","parent":"/Player"})");
    EXPECT_NE(misspelt.find("unknown argument 'parent'"), std::string::npos) << misspelt;
    EXPECT_NE(misspelt.find("parentPath"), std::string::npos) << "the message lists the real names";
    EXPECT_NE(refused("uap_transform_set", R"({"path":"/Player","position":{"w":1}})").find("axis 'w'"), std::string::npos);
    EXPECT_EQ(editor("transform.get", R"({"object":{"scenePath":"/Typo"}})").find("instanceId"), std::string::npos);
}

TEST_F(AssetEditorTools, AssetFindListsByTypeAndPages) {
    ToolReply found = ok("uap_asset_find", R"({"query":"t:Material","maxResults":1})");
    EXPECT_EQ(found.value["assets"].Size(), 1u);
    EXPECT_GE(number_at(found.value, "/totalMatches"), 1.0);
    EXPECT_NE(editor("asset.find", R"({"filter":"t:Material"})").find(text_at(found.value, "/assets/0/path")), std::string::npos);
}

TEST_F(AssetEditorTools, AssetFindRefusesAForeignCursor) {
    EXPECT_NE(refused("uap_asset_find", R"({"query":"t:Material","cursor":"zz"})").find("cursor"), std::string::npos);
}

TEST_F(AssetEditorTools, AssetCreateMakesAMaterialAndAPrefabFromASceneObject) {
    ToolReply material = ok("uap_asset_create", R"({"assetType":"Material","path":"Assets/Materials/Green.mat"})");
    EXPECT_EQ(text_at(material.value, "/created/path"), "Assets/Materials/Green.mat");
    EXPECT_NE(editor("property.list", R"({"target":{"asset":{"assetPath":"Assets/Materials/Green.mat"}}})").find("_Color"), std::string::npos);
    ok("uap_scene_create_object", R"({"name":"Barrel","primitiveType":"Cylinder"})");
    ok("uap_asset_create", R"({"assetType":"Prefab","path":"Assets/Prefabs/Barrel.prefab","sourcePath":"/Barrel"})");
    EXPECT_EQ(text_at(element_where(editor("hierarchy.roots", R"({"limit":100})"), "/nodes", "/name", "Barrel"), "/prefabAsset"),
              "Assets/Prefabs/Barrel.prefab");
}

TEST_F(AssetEditorTools, AssetCreateRefusesPathsOutsideAssetsAndAMissingFolder) {
    EXPECT_NE(refused("uap_asset_create", R"({"assetType":"Material","path":"Library/x.mat"})").find("is not under Assets/"), std::string::npos);
    std::string folder = refused("uap_asset_create", R"({"assetType":"Material","path":"Assets/Nowhere/x.mat"})");
    EXPECT_NE(folder.find("does not exist"), std::string::npos) << folder;
    EXPECT_EQ(editor("asset.find", R"({"filter":"x"})").find("Nowhere"), std::string::npos);
}

TEST_F(AssetEditorTools, AssetDeleteNeedsConfirmPreviewsWithDryRunAndDeletes) {
    ok("uap_asset_create", R"({"assetType":"Folder","path":"Assets/Old"})");
    ok("uap_asset_create", R"({"assetType":"Material","path":"Assets/Old/A.mat"})");
    std::string refusal = refused("uap_asset_delete", R"({"path":"Assets/Old"})");
    EXPECT_NE(refusal.find("confirm: true"), std::string::npos) << refusal;
    ToolReply preview = ok("uap_asset_delete", R"({"path":"Assets/Old","dry_run":true})");
    EXPECT_EQ(number_at(preview.value, "/wouldDelete"), 2.0);
    EXPECT_NE(editor("asset.find", R"({"filter":"A","folders":["Assets/Old"]})").find("Assets/Old/A.mat"), std::string::npos)
        << "a dry run deletes nothing";
    ok("uap_asset_delete", R"({"path":"Assets/Old","confirm":true})");
    EXPECT_EQ(editor("asset.find", R"({"filter":""})").find("Assets/Old"), std::string::npos);
}

TEST_F(AssetEditorTools, AssetDeleteRefusesAMissingAsset) {
    EXPECT_NE(refused("uap_asset_delete", R"({"path":"Assets/None.mat","confirm":true})").find("no asset at 'Assets/None.mat'"),
              std::string::npos);
}

TEST_F(AssetEditorTools, PlaceAssetKeepsThePrefabLinkAndPosition) {
    ok("uap_scene_place_asset", R"({"assetPath":"Assets/Prefabs/Crate.prefab","name":"Placed Crate","position":{"x":4}})");
    std::string roots = editor("hierarchy.roots", R"({"limit":100})");
    rapidjson::Document transform;
    transform.Parse(editor("transform.get", R"({"object":{"scenePath":"/Placed Crate"}})").c_str());
    EXPECT_NEAR(number_at(transform, "/transform/world/position/x"), 4.0, 1e-6);
    EXPECT_EQ(text_at(element_where(roots, "/nodes", "/name", "Placed Crate"), "/prefabAsset"), "Assets/Prefabs/Crate.prefab") << roots;
}

TEST_F(AssetEditorTools, PlaceAssetRefusesAMaterial) {
    std::string message = refused("uap_scene_place_asset", R"({"assetPath":"Assets/Materials/Red.mat"})");
    EXPECT_NE(message.find("only prefab and model assets"), std::string::npos) << message;
}

TEST_F(AssetEditorTools, SceneSaveWritesAndClearsTheDirtyFlag) {
    ok("uap_scene_create_object", R"({"name":"Unsaved"})");
    ok("uap_scene_save", "{}");
    std::string scenes = editor("scene.list");
    EXPECT_NE(element_where(scenes, "/open", "/dirty", "false"), "<missing>") << scenes;
    EXPECT_EQ(element_where(scenes, "/open", "/dirty", "true"), "<missing>") << scenes;
}

TEST_F(AssetEditorTools, SceneSaveRefusesABadPath) {
    EXPECT_NE(refused("uap_scene_save", R"({"path":"Assets/Scenes/Main.txt"})").find(".unity"), std::string::npos);
}

TEST_F(AssetEditorTools, SceneOpenRefusesUnsavedChangesThenOpensWithDiscard) {
    ok("uap_scene_save", R"({"path":"Assets/Scenes/Second.unity"})");
    ok("uap_scene_create_object", R"({"name":"Dirtier"})");
    std::string refusal = refused("uap_scene_open", R"({"path":"Assets/Scenes/SampleScene.unity"})");
    EXPECT_NE(refusal.find("discardUnsaved"), std::string::npos) << refusal;
    EXPECT_NE(editor("scene.list").find("Second"), std::string::npos);
    ok("uap_scene_open", R"({"path":"Assets/Scenes/SampleScene.unity","discardUnsaved":true})");
    EXPECT_NE(element_where(editor("scene.list"), "/open", "/path", "Assets/Scenes/SampleScene.unity"), "<missing>");
}

TEST_F(AssetEditorTools, SearchFindsObjectsAndAssetsAndRefusesUnknownProviders) {
    ToolReply found = ok("uap_search", R"({"query":"Player"})");
    EXPECT_NE(found.text.find("/Player"), std::string::npos);
    ToolReply assets = ok("uap_search", R"({"query":"t:Material","providers":["asset"]})");
    EXPECT_NE(assets.text.find("Red.mat"), std::string::npos);
    EXPECT_NE(refused("uap_search", R"({"query":"x","providers":["web"]})").find("providers"), std::string::npos);
}

TEST_F(AssetEditorTools, ScreenshotReturnsAPngWhenAsked) {
    ToolReply shot = ok("uap_editor_screenshot", R"({"width":64,"height":32,"return_image":true})");
    EXPECT_EQ(number_at(shot.value, "/width"), 64.0);
    EXPECT_EQ(text_at(shot.value, "/image"), "attached as an image block");
    EXPECT_EQ(shot.text.find("iVBORw0KGgo"), std::string::npos) << "the image is not repeated in the text";
    // The MCP result: text first, then one image content block with the PNG.
    auto envelope = stack->rpc("tools/call", R"({"name":"uap_editor_screenshot","arguments":{"width":64,"height":32,"return_image":true}})");
    const auto& content = envelope["result"]["content"];
    ASSERT_EQ(content.Size(), 2u);
    EXPECT_EQ(text_at(content[1], "/type"), "image");
    EXPECT_EQ(text_at(content[1], "/mimeType"), "image/png");
    EXPECT_EQ(text_at(content[1], "/data").rfind("iVBORw0KGgo", 0), 0u) << "PNG signature in base64";
    // Without return_image: no image block.
    auto plain = stack->rpc("tools/call", R"({"name":"uap_editor_screenshot","arguments":{"width":64,"height":32}})");
    EXPECT_EQ(plain["result"]["content"].Size(), 1u);
    EXPECT_NE(refused("uap_editor_screenshot", R"({"width":8})").find("width"), std::string::npos);
}

TEST_F(AssetEditorTools, GameViewSizeSetsAndReadsBack) {
    ok("uap_game_view_size", R"({"action":"set","width":1280,"height":720})");
    rapidjson::Document size;
    size.Parse(editor("gameView.get").c_str());
    EXPECT_EQ(number_at(size, "/width"), 1280.0);
    EXPECT_NE(refused("uap_game_view_size", R"({"action":"set","width":1280})").find("both width and height"), std::string::npos);
}

TEST_F(AssetEditorTools, ExecuteMenuRunsAnItemAndRefusesModalOnes) {
    ok("uap_editor_execute_menu", R"({"menuPath":"GameObject/Create Empty"})");
    EXPECT_NE(element_where(editor("hierarchy.roots", R"({"limit":200})"), "/nodes", "/name", "GameObject"), "<missing>");
    EXPECT_NE(refused("uap_editor_execute_menu", R"({"menuPath":"File/Save As..."})").find("modal dialog"), std::string::npos);
    EXPECT_NE(refused("uap_editor_execute_menu", R"({"menuPath":"Tools/Nope"})").find("case-sensitive"), std::string::npos);
}

TEST_F(AssetEditorTools, SelectSetsTheSelectionAndRefusesAllIfOneIsMissing) {
    ok("uap_editor_select", R"({"paths":["/Player","/Main Camera"]})");
    EXPECT_NE(editor("selection.get").find("/Main Camera"), std::string::npos);
    std::string message = refused("uap_editor_select", R"({"paths":["/Ground","/Ghost"]})");
    EXPECT_NE(message.find("/Ghost"), std::string::npos) << message;
    EXPECT_EQ(editor("selection.get").find("/Ground"), std::string::npos) << "nothing changed";
}

TEST_F(AssetEditorTools, PlayModeStartsAndStopsAndRefusesResumeFromEdit) {
    EXPECT_NE(refused("uap_play_mode", R"({"action":"resume"})").find("use action start"), std::string::npos);
    ok("uap_play_mode", R"({"action":"start"})");
    EXPECT_NE(editor("playmode.get").find("playing"), std::string::npos);
    ok("uap_play_mode", R"({"action":"stop"})");
    EXPECT_NE(editor("playmode.get").find("edit"), std::string::npos);
}

TEST_F(AssetEditorTools, ConsoleLogsFiltersAndClearEmpties) {
    ok("uap_editor_execute_menu", R"({"menuPath":"Tools/Log Hello"})");
    ToolReply logs = ok("uap_console_logs", R"({"contains":"Log Hello"})");
    EXPECT_GE(logs.value["entries"].Size(), 1u);
    EXPECT_NE(refused("uap_console_logs", R"({"types":["verbose"]})").find("types"), std::string::npos);
    ok("uap_console_clear", "{}");
    EXPECT_EQ(text_at(editor("console.read"), "/entries"), "[]");
    EXPECT_NE(refused("uap_console_clear", R"({"all":true})").find("unknown argument 'all'"), std::string::npos);
}

} // namespace

// Unit tests of the @PACK_ID@ pack with the SDK's test kit: the module is loaded as the host loads
// it, and its editor calls reach the in-process editor simulator's sample scene.
#include <uap/testkit/module_harness.hpp>

#include <gtest/gtest.h>

namespace {

TEST(Pack, ListsItsTools) {
    uap::testkit::ModuleHarness module(UAP_MODULE_LIBRARY);
    EXPECT_EQ(module.tool_names(), (std::vector<std::string>{"@TOOL_PREFIX@_echo", "@TOOL_PREFIX@_scene_roots"}));
}

TEST(Pack, EchoAnswersWithTheTextAndRefusesArgumentsOutsideItsSchema) {
    uap::testkit::ModuleHarness module(UAP_MODULE_LIBRARY);
    auto echoed = module.call("@TOOL_PREFIX@_echo", R"({"text":"hello"})");
    ASSERT_TRUE(echoed.ok()) << echoed.text;
    EXPECT_EQ(echoed.text, R"({"text":"hello","bytes":5})");
    auto refused = module.call("@TOOL_PREFIX@_echo", R"({"words":"hello"})");
    EXPECT_EQ(refused.status, UAP_STATUS_INVALID_ARGUMENT) << refused.text;
}

TEST(Pack, SceneRootsListsWhatTheEditorHolds) {
    uap::testkit::ModuleHarness module(UAP_MODULE_LIBRARY);
    // Create a root object through the editor, then expect the tool to report it.
    auto created = module.editor().call("object.create", R"({"name":"Made By The Test"})");
    ASSERT_TRUE(created.ok()) << created.json;
    auto listed = module.call("@TOOL_PREFIX@_scene_roots");
    ASSERT_TRUE(listed.ok()) << listed.text;
    EXPECT_NE(listed.text.find("\"Made By The Test\""), std::string::npos) << listed.text;
}

TEST(Pack, SceneRootsOfAnEmptySceneIsAnEmptyList) {
    uap::testkit::ModuleHarness module(UAP_MODULE_LIBRARY, {.scene = uap::testkit::StartingScene::Empty});
    auto listed = module.call("@TOOL_PREFIX@_scene_roots");
    ASSERT_TRUE(listed.ok()) << listed.text;
    EXPECT_NE(listed.text.find(R"("roots":[])"), std::string::npos) << listed.text;
}

} // namespace

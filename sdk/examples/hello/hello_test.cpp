// Unit tests of the example module with the SDK's test kit: the module is loaded as the host
// would load it, and its editor calls reach the in-process editor simulator.
#include <uap/testkit/module_harness.hpp>

#include <gtest/gtest.h>

namespace {

TEST(HelloModule, ListsItsTools) {
    uap::testkit::ModuleHarness module(UAP_MODULE_LIBRARY);
    EXPECT_EQ(module.tool_names(), (std::vector<std::string>{"hello_greet", "hello_count_words", "hello_place_sign"}));
}

TEST(HelloModule, GreetsAndRefusesArgumentsOutsideItsSchema) {
    uap::testkit::ModuleHarness module(UAP_MODULE_LIBRARY);
    auto greeting = module.call("hello_greet", R"({"name":"Unity"})");
    ASSERT_TRUE(greeting.ok()) << greeting.text;
    EXPECT_EQ(greeting.text, R"({"greeting":"Hello, Unity!"})");
    auto refused = module.call("hello_greet", R"({"name":""})");
    EXPECT_EQ(refused.status, UAP_STATUS_INVALID_ARGUMENT);
    EXPECT_NE(refused.text.find("minLength"), std::string::npos) << refused.text;
}

TEST(HelloModule, CountingStopsWhenTheCallIsCancelled) {
    uap::testkit::ModuleHarness module(UAP_MODULE_LIBRARY);
    module.cancel_after_polls(2);
    auto counted = module.call("hello_count_words", R"({"text":"one two three four"})");
    EXPECT_EQ(counted.status, UAP_STATUS_TOOL_ERROR);
    EXPECT_NE(counted.text.find("cancelled after 2 words"), std::string::npos) << counted.text;
}

TEST(HelloModule, PlacingASignCreatesTheObjectInTheEditor) {
    uap::testkit::ModuleHarness module(UAP_MODULE_LIBRARY);
    auto roots = module.editor().call("hierarchy.roots", "{}");
    ASSERT_EQ(roots.json.find("\"Hello World\""), std::string::npos) << "the sample scene has no sign yet";
    auto placed = module.call("hello_place_sign", R"({"name":"World"})");
    ASSERT_TRUE(placed.ok()) << placed.text;
    // Read the scene back through the editor, not through the tool's own answer.
    auto after = module.editor().call("hierarchy.roots", "{}");
    ASSERT_TRUE(after.ok()) << after.json;
    EXPECT_NE(after.json.find("\"Hello World\""), std::string::npos) << after.json;
}

} // namespace

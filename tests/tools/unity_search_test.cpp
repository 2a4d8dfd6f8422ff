// uap_search through MCP against the simulator's Unity Search: each query's items are checked
// against a separate read (the hierarchy, components, asset lists), truncation, refusals, and the
// fallback scan where Unity Search is unavailable.
#include "tool_stack.hpp"

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>

namespace {

using uap::testing::number_at;
using uap::testing::text_at;
using uap::testing::ToolReply;
using uap::testing::ToolStack;

std::set<std::string> item_paths(const ToolReply& reply) {
    std::set<std::string> paths;
    for (const auto& item : reply.value["items"].GetArray())
        paths.insert(item["path"].GetString());
    return paths;
}

std::set<std::string> asset_paths_in(const std::string& asset_find_json) {
    rapidjson::Document found;
    found.Parse(asset_find_json.c_str());
    std::set<std::string> paths;
    for (const auto& asset : found["assets"].GetArray())
        paths.insert(asset["path"].GetString());
    return paths;
}

class UnitySearch : public ::testing::Test {
protected:
    // The sample scene plus two lights (one static), a prefab holding an instance of Crate.prefab,
    // and an instance of Crate.prefab at the root.
    static void SetUpTestSuite() {
        stack = new ToolStack();
        for (auto [tool, arguments] : std::initializer_list<std::pair<const char*, const char*>>{
                 {"uap_scene_create_object", R"({"name":"Lamp"})"},
                 {"uap_component_add", R"({"path":"/Lamp","componentType":"Light"})"},
                 {"uap_scene_create_object", R"({"name":"Baked Lamp"})"},
                 {"uap_component_add", R"({"path":"/Baked Lamp","componentType":"Light"})"},
                 {"uap_scene_create_object", R"({"name":"Stack"})"},
                 {"uap_scene_place_asset", R"({"assetPath":"Assets/Prefabs/Crate.prefab","parentPath":"/Stack"})"},
                 {"uap_asset_create", R"({"assetType":"Prefab","path":"Assets/Prefabs/Stack.prefab","sourcePath":"/Stack"})"},
                 {"uap_scene_place_asset", R"({"assetPath":"Assets/Prefabs/Crate.prefab"})"}}) {
            ToolReply reply = stack->call(tool, arguments);
            if (reply.is_error)
                throw std::runtime_error(std::string(tool) + " failed while setting up: " + reply.text);
        }
        std::string refused = stack->load_fixture(R"({"static":["/Baked Lamp"]})");
        if (!refused.empty())
            throw std::runtime_error("the static fixture was refused: " + refused);
    }
    static void TearDownTestSuite() { delete stack; }
    static ToolReply ok(const std::string& arguments) {
        ToolReply reply = stack->call("uap_search", arguments);
        EXPECT_FALSE(reply.is_error) << arguments << ": " << reply.text;
        EXPECT_EQ(text_at(reply.value, "/engine"), "unity-search");
        return reply;
    }
    static std::string refused(const std::string& arguments) {
        ToolReply reply = stack->call("uap_search", arguments);
        EXPECT_TRUE(reply.is_error) << "uap_search accepted " << arguments << ": " << reply.text;
        return reply.text;
    }
    static std::string editor(const std::string& method, const std::string& params) { return stack->editor(method, params); }
    static bool has_component(const std::string& path, const std::string& type) {
        ToolReply listed = stack->call("uap_component_list", R"({"path":")" + path + R"("})");
        EXPECT_FALSE(listed.is_error) << listed.text;
        if (listed.is_error)
            return false;
        for (const auto& component : listed.value["components"].GetArray())
            if (component["type"].GetString() == "UnityEngine." + type)
                return true;
        return false;
    }
    static inline ToolStack* stack = nullptr;
};

TEST_F(UnitySearch, MaterialTypeFindsExactlyTheMaterialsTheAssetDatabaseLists) {
    ToolReply found = ok(R"({"query":"t:Material"})");
    std::set<std::string> expected = asset_paths_in(editor("asset.find", R"({"filter":"t:Material","limit":500})"));
    ASSERT_FALSE(expected.empty());
    EXPECT_EQ(item_paths(found), expected);
    for (const auto& item : found.value["items"].GetArray()) {
        EXPECT_STREQ(item["provider"].GetString(), "asset");
        EXPECT_STREQ(item["type"].GetString(), "Material");
        // Read back: the asset there is a material (it has a colour property).
        std::string properties = editor("property.list", R"({"target":{"asset":{"assetPath":")" + std::string(item["path"].GetString()) + R"("}}})");
        EXPECT_NE(properties.find("_Color"), std::string::npos) << properties;
    }
    EXPECT_EQ(number_at(found.value, "/totalMatches"), static_cast<double>(expected.size()));
    EXPECT_FALSE(found.value["truncated"].GetBool());
}

TEST_F(UnitySearch, AJustCreatedMaterialIsFoundThroughTheAssetProvider) {
    ASSERT_FALSE(stack->call("uap_asset_create", R"({"assetType":"Material","path":"Assets/Materials/Fresh.mat"})").is_error);
    ToolReply found = ok(R"({"query":"t:Material Fresh","providers":["asset"]})");
    EXPECT_EQ(item_paths(found), std::set<std::string>{"Assets/Materials/Fresh.mat"});
}

TEST_F(UnitySearch, PrefabsReferencingAPrefabAreTheOnesHoldingAnInstanceOfIt) {
    ToolReply found = ok(R"({"query":"t:prefab ref:Crate.prefab"})");
    EXPECT_EQ(item_paths(found), std::set<std::string>{"Assets/Prefabs/Stack.prefab"});
    EXPECT_STREQ(found.value["items"][0]["type"].GetString(), "GameObject");
    // Read back: Stack.prefab is a prefab, and the object it was saved from holds a Crate instance.
    EXPECT_EQ(asset_paths_in(editor("asset.find", R"({"filter":"t:Prefab Stack"})")), std::set<std::string>{"Assets/Prefabs/Stack.prefab"});
    std::string subtree = editor("hierarchy.subtree", R"({"root":{"scenePath":"/Stack"}})");
    EXPECT_EQ(text_at(uap::testing::element_where(subtree, "/nodes", "/path", "/Stack/Crate"), "/prefabAsset"),
              "Assets/Prefabs/Crate.prefab")
        << subtree;
    // Without t:prefab the scene's instances reference it too; Crate.prefab does not reference itself.
    ToolReply everything = ok(R"({"query":"ref:Crate.prefab"})");
    EXPECT_EQ(item_paths(everything), (std::set<std::string>{"/Stack/Crate", "/Crate", "Assets/Prefabs/Stack.prefab"}));
}

TEST_F(UnitySearch, HierarchyLightsThatAreNotStaticLeaveTheStaticOneOut) {
    ToolReply found = ok(R"({"query":"h: t:Light -isstatic"})");
    EXPECT_EQ(item_paths(found), (std::set<std::string>{"/Directional Light", "/Lamp"}));
    for (const auto& item : found.value["items"].GetArray()) {
        EXPECT_STREQ(item["provider"].GetString(), "scene") << "h: keeps the asset provider out";
        EXPECT_TRUE(has_component(item["path"].GetString(), "Light")) << item["path"].GetString();
    }
    ToolReply statics = ok(R"({"query":"h: t:Light isstatic"})");
    EXPECT_EQ(item_paths(statics), std::set<std::string>{"/Baked Lamp"});
    EXPECT_TRUE(has_component("/Baked Lamp", "Light"));
    EXPECT_EQ(item_paths(ok(R"({"query":"h: t:Light is:static"})")), std::set<std::string>{"/Baked Lamp"}) << "Unity's own spelling";
}

TEST_F(UnitySearch, ANameQueryFindsObjectsAndAssetsWithThatName) {
    ToolReply found = ok(R"({"query":"crate"})");
    EXPECT_EQ(item_paths(found), (std::set<std::string>{"/Stack/Crate", "/Crate", "Assets/Prefabs/Crate.prefab"}));
    for (const auto& item : found.value["items"].GetArray()) {
        if (std::string_view(item["provider"].GetString()) != "scene")
            continue;
        // Read back: the path names that object (the same instance id).
        std::string transform = editor("transform.get", R"({"object":{"scenePath":")" + std::string(item["path"].GetString()) + R"("}})");
        EXPECT_EQ(number_at(transform, "/transform/instanceId"), item["instanceId"].GetInt()) << transform;
    }
    EXPECT_EQ(item_paths(ok(R"({"query":"crate -t:Rigidbody","providers":["scene"]})")), std::set<std::string>{})
        << "both instances carry the prefab's Rigidbody";
    EXPECT_TRUE(has_component("/Crate", "Rigidbody"));
}

TEST_F(UnitySearch, MaxResultsTruncatesAndSaysSo) {
    ToolReply all = ok(R"({"query":"t:GameObject","providers":["scene"],"maxResults":500})");
    double total = number_at(all.value, "/totalMatches");
    ASSERT_GT(total, 3.0);
    EXPECT_EQ(static_cast<double>(all.value["items"].Size()), total);
    EXPECT_FALSE(all.value["truncated"].GetBool());
    ToolReply cut = ok(R"({"query":"t:GameObject","providers":["scene"],"maxResults":2})");
    EXPECT_EQ(cut.value["items"].Size(), 2u);
    EXPECT_TRUE(cut.value["truncated"].GetBool());
    EXPECT_EQ(number_at(cut.value, "/totalMatches"), total);
}

TEST_F(UnitySearch, UnknownProvidersAreRefusedWithTheList) {
    std::string message = refused(R"({"query":"t:Material","providers":["web"]})");
    EXPECT_NE(message.find("providers"), std::string::npos) << message;
    EXPECT_NE(message.find(R"("asset")"), std::string::npos) << message;
    EXPECT_NE(message.find(R"("scene")"), std::string::npos) << message;
    EXPECT_NE(refused(R"({"query":"t:Material","providers":["adb"]})").find("enum"), std::string::npos)
        << "Unity's own ids are not the tool's vocabulary";
}

TEST_F(UnitySearch, BadInputGetsAClearRefusal) {
    EXPECT_NE(refused(R"({"query":""})").find("minLength"), std::string::npos);
    EXPECT_NE(refused(R"({"query":"   "})").find("only spaces"), std::string::npos);
    EXPECT_NE(refused(R"({"query":")" + std::string(2001, 'a') + R"("})").find("maxLength"), std::string::npos);
    EXPECT_NE(refused(R"({"query":5})").find("'type'"), std::string::npos);
    EXPECT_NE(refused(R"({"query":"t:Material","maxResults":501})").find("maximum"), std::string::npos);
    EXPECT_NE(refused(R"({"query":"t:Material","maxResults":0})").find("minimum"), std::string::npos);
    std::string not_a_list = refused(R"({"query":"t:Material","providers":"asset"})");
    EXPECT_NE(not_a_list.find("/providers"), std::string::npos) << not_a_list;
    EXPECT_NE(not_a_list.find(R"(violates "type")"), std::string::npos) << not_a_list;
    EXPECT_NE(refused(R"({"query":"t:Material","providers":[]})").find("minItems"), std::string::npos);
    EXPECT_NE(refused(R"({"text":"t:Material"})").find("required"), std::string::npos);
    std::string unsupported = refused(R"({"query":"layer:5"})");
    EXPECT_NE(unsupported.find("layer:5"), std::string::npos) << unsupported;
}

TEST(UnitySearchUnavailable, FallsBackToTheNameScanAndSaysSo) {
    ToolStack stack;
    ASSERT_EQ(stack.load_fixture(R"({"unitySearch":"unavailable"})"), "");
    ToolReply found = stack.call("uap_search", R"({"query":"Player"})");
    ASSERT_FALSE(found.is_error) << found.text;
    EXPECT_EQ(text_at(found.value, "/engine"), "name-and-type scan");
    EXPECT_NE(text_at(found.value, "/fallback").find("Unity Search is unavailable"), std::string::npos);
    EXPECT_EQ(item_paths(found).count("/Player"), 1u) << found.text;
    ToolReply materials = stack.call("uap_search", R"({"query":"t:Material","providers":["asset"]})");
    ASSERT_FALSE(materials.is_error) << materials.text;
    EXPECT_EQ(item_paths(materials), asset_paths_in(stack.editor("asset.find", R"({"filter":"t:Material","limit":500})")));
}

} // namespace

// Scene, component, property, transform and query tools through MCP against the simulator: each
// happy path is checked by a separate read (another tool or the editor itself), each bad input by
// its message; and the default tools/list stays within its 12 KB budget.
#include "tool_stack.hpp"

#include "fakes/json_at.hpp"
#include "support/json.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <set>
#include <fstream>
#include <iostream>

namespace {

using uap::testing::number_at;
using uap::testing::text_at;
using uap::testing::ToolReply;
using uap::testing::ToolStack;

class SceneTools : public ::testing::Test {
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
    // The transform as the editor reports it, independent of any tool.
    static rapidjson::Document transform_of(const std::string& path) {
        rapidjson::Document document;
        document.Parse(stack->editor("transform.get", R"({"object":{"scenePath":")" + path + R"("}})").c_str());
        return document;
    }
    static std::string hierarchy() { return stack->call("uap_query_hierarchy", R"({"maxDepth":10,"maxNodes":2000})").value["hierarchy"].GetString(); }

    static inline ToolStack* stack = nullptr;
};

// The default packs list only core and the discovery tools; the editor and markers packs are found
// through uap_tool_search (tool_discovery_test.cpp holds the budget with every pack enabled).
TEST_F(SceneTools, DefaultToolsListStaysWithinTwelveKilobytes) {
    std::string body = stack->rpc_body("tools/list", "{}");
    std::cout << "tools/list of the default packs: " << body.size() << " bytes" << std::endl;
    if (const char* dump = std::getenv("UAP_TOOLS_LIST_DUMP"))
        std::ofstream(dump) << body;
    for (const char* tool : {"uap_scene_create_object", "uap_tool_search", "uap_tool_call"})
        EXPECT_NE(body.find(tool), std::string::npos) << tool;
    for (const char* tool : {"uap_editor_screenshot", "uap_marker_add"})
        EXPECT_EQ(body.find(tool), std::string::npos) << tool << " is found by search, not listed";
    EXPECT_LE(body.size(), 12u * 1024u);
}

TEST_F(SceneTools, MetadataIsExact) {
    auto listed = stack->rpc("tools/list", "{}");
    std::map<std::string, std::string> hints;
    for (const auto& tool : listed["result"]["tools"].GetArray())
        hints[tool["name"].GetString()] = text_at(tool, "/annotations/readOnlyHint") + "," + text_at(tool, "/annotations/destructiveHint") +
                                           "," + text_at(tool, "/annotations/idempotentHint");
    EXPECT_EQ(hints["uap_query_hierarchy"], "true,false,true");
    EXPECT_EQ(hints["uap_object_inspect"], "true,false,true");
    EXPECT_EQ(hints["uap_scene_create_object"], "false,false,false");
    EXPECT_EQ(hints["uap_transform_set"], "false,false,true");
}

TEST_F(SceneTools, CreateObjectMakesAPrimitiveUnderAParentWithItsTransform) {
    ok("uap_scene_create_object", R"({"name":"Shelf","position":{"x":1,"y":0,"z":0}})");
    ToolReply created = ok("uap_scene_create_object",
                           R"({"name":"Box","primitiveType":"Cube","parentPath":"Shelf","position":{"x":0,"y":2},"rotation":{"y":90},"scale":{"x":2,"y":2,"z":2}})");
    auto transform = transform_of("/Shelf/Box");
    EXPECT_NEAR(number_at(transform, "/transform/world/position/x"), 1.0, 1e-5);
    EXPECT_NEAR(number_at(transform, "/transform/world/position/y"), 2.0, 1e-5);
    EXPECT_NEAR(number_at(transform, "/transform/local/eulerAngles/y"), 90.0, 1e-3);
    EXPECT_NEAR(number_at(transform, "/transform/local/scale/z"), 2.0, 1e-6);
    ToolReply components = ok("uap_component_list", R"({"path":"/Shelf/Box"})");
    EXPECT_EQ(text_at(components.value, "/components/3/type"), "UnityEngine.BoxCollider");
}

TEST_F(SceneTools, CreateObjectRefusesAMissingParentAndAnUnknownPrimitive) {
    EXPECT_NE(refused("uap_scene_create_object", R"({"name":"Orphan","parentPath":"/No/Such"})").find("no scene object at path '/No/Such'"),
              std::string::npos);
    EXPECT_NE(refused("uap_scene_create_object", R"({"name":"Blob","primitiveType":"Blob"})").find("primitiveType"), std::string::npos);
    EXPECT_EQ(hierarchy().find("Orphan"), std::string::npos);
}

TEST_F(SceneTools, DestroyObjectRemovesTheObjectAndItsChildren) {
    ok("uap_scene_create_object", R"({"name":"Doomed"})");
    ok("uap_scene_create_object", R"({"name":"DoomedChild","parentPath":"/Doomed"})");
    ToolReply destroyed = ok("uap_scene_destroy_object", R"({"path":"/Doomed"})");
    EXPECT_EQ(text_at(destroyed.value, "/verifiedGone"), "true");
    std::string tree = hierarchy();
    EXPECT_EQ(tree.find("Doomed"), std::string::npos) << tree;
}

TEST_F(SceneTools, DestroyObjectRefusesAssetPathsAndMissingObjects) {
    EXPECT_NE(refused("uap_scene_destroy_object", R"({"path":"Assets/Materials/Red.mat"})").find("uap_asset_delete"), std::string::npos);
    std::string missing = refused("uap_scene_destroy_object", R"({"path":"/Nothing Here"})");
    EXPECT_NE(missing.find("not_found"), std::string::npos) << missing;
    EXPECT_NE(missing.find("uap_query_hierarchy"), std::string::npos) << "the message says how to find the right path";
    EXPECT_NE(refused("uap_scene_destroy_object", R"({"path":"#abc"})").find("#12345"), std::string::npos);
}

TEST_F(SceneTools, ReparentKeepsTheWorldPositionByDefault) {
    ok("uap_scene_create_object", R"({"name":"Holder","position":{"x":10,"y":0,"z":0}})");
    ok("uap_scene_create_object", R"({"name":"Loose","position":{"x":3,"y":4,"z":5}})");
    ok("uap_scene_reparent", R"({"path":"/Loose","newParentPath":"/Holder"})");
    auto kept = transform_of("/Holder/Loose");
    EXPECT_NEAR(number_at(kept, "/transform/world/position/x"), 3.0, 1e-5);
    EXPECT_NEAR(number_at(kept, "/transform/local/position/x"), -7.0, 1e-5);
    ok("uap_scene_reparent", R"({"path":"/Holder/Loose","newParentPath":"","worldPositionStays":false})");
    auto local = transform_of("/Loose");
    EXPECT_NEAR(number_at(local, "/transform/world/position/x"), -7.0, 1e-5) << "local values kept at the root";
}

TEST_F(SceneTools, ReparentRefusesCycles) {
    ok("uap_scene_create_object", R"({"name":"Outer"})");
    ok("uap_scene_create_object", R"({"name":"Inner","parentPath":"/Outer"})");
    std::string message = refused("uap_scene_reparent", R"({"path":"/Outer","newParentPath":"/Outer/Inner"})");
    EXPECT_NE(message.find("descendant"), std::string::npos) << message;
    EXPECT_NE(hierarchy().find("Outer"), std::string::npos);
    EXPECT_EQ(text_at(transform_of("/Outer/Inner"), "/transform/path"), "/Outer/Inner");
}

TEST_F(SceneTools, RenameChangesTheName) {
    ok("uap_scene_create_object", R"({"name":"OldName"})");
    ok("uap_scene_rename", R"({"path":"/OldName","newName":"NewName"})");
    std::string tree = hierarchy();
    EXPECT_NE(tree.find("NewName"), std::string::npos);
    EXPECT_EQ(tree.find("OldName"), std::string::npos);
}

TEST_F(SceneTools, RenameRefusesAnEmptyName) {
    std::string message = refused("uap_scene_rename", R"({"path":"/Player","newName":""})");
    EXPECT_NE(message.find("newName"), std::string::npos) << message;
    EXPECT_NE(hierarchy().find("Player"), std::string::npos);
}

TEST_F(SceneTools, DuplicateMakesCountCopiesSpacedByTheOffset) {
    ok("uap_scene_create_object", R"({"name":"Post","primitiveType":"Cylinder","position":{"x":0,"y":0,"z":1}})");
    ToolReply copies = ok("uap_scene_duplicate", R"({"path":"/Post","count":3,"offset":{"x":2}})");
    EXPECT_EQ(text_at(copies.value, "/count"), "3");
    int id = static_cast<int>(number_at(copies.value, "/created/2/instanceId"));
    rapidjson::Document third;
    third.Parse(stack->editor("transform.get", R"({"object":{"instanceId":)" + std::to_string(id) + "}}").c_str());
    EXPECT_NEAR(number_at(third, "/transform/local/position/x"), 6.0, 1e-5);
    EXPECT_NEAR(number_at(third, "/transform/local/position/z"), 1.0, 1e-5);
}

TEST_F(SceneTools, DuplicateRefusesACountOverOneHundred) {
    std::string before = hierarchy();
    std::string message = refused("uap_scene_duplicate", R"({"path":"/Player","count":101})");
    EXPECT_NE(message.find("count"), std::string::npos) << message;
    EXPECT_EQ(hierarchy(), before);
}

TEST_F(SceneTools, ComponentAddAndRemoveAreVisibleInAFreshList) {
    ok("uap_scene_create_object", R"({"name":"Speaker"})");
    ok("uap_component_add", R"({"path":"/Speaker","componentType":"AudioSource"})");
    ok("uap_component_add", R"({"path":"/Speaker","componentType":"UnityEngine.AudioSource"})");
    std::string listed = stack->editor("component.list", R"({"object":{"scenePath":"/Speaker"}})");
    EXPECT_EQ(text_at(uap::testing::element_where(listed, "/components", "/index", "1"), "/shortName"), "AudioSource") << listed;
    ok("uap_component_remove", R"({"path":"/Speaker","componentType":"AudioSource","componentIndex":1})");
    ToolReply after = ok("uap_component_list", R"({"path":"/Speaker"})");
    EXPECT_EQ(after.value["components"].Size(), 2u);
    EXPECT_EQ(text_at(after.value, "/components/1/type"), "UnityEngine.AudioSource");
}

TEST_F(SceneTools, ComponentAddRefusesUnknownTypesAndRemoveRefusesAMissingIndex) {
    ok("uap_scene_create_object", R"({"name":"Plain"})");
    std::string unknown = refused("uap_component_add", R"({"path":"/Plain","componentType":"Rigidbodyy"})");
    EXPECT_NE(unknown.find("no type named 'Rigidbodyy'"), std::string::npos) << unknown;
    EXPECT_NE(refused("uap_component_add", R"({"path":"/Plain","componentType":"Transform"})").find("exactly one"), std::string::npos);
    std::string index = refused("uap_component_remove", R"({"path":"/Plain","componentType":"Transform","componentIndex":3})");
    EXPECT_NE(index.find("index 3 does not exist"), std::string::npos) << index;
    EXPECT_EQ(ok("uap_component_list", R"({"path":"/Plain"})").value["components"].Size(), 1u);
}

TEST_F(SceneTools, ComponentAddRefusesAbstractTypesAndAddsUserTypesByShortName) {
    ASSERT_EQ(stack->load_fixture(R"({"types":[{"name":"EnemyBase","namespace":"Game","abstract":true},
        {"name":"Goblin","namespace":"Game","properties":[{"path":"speed","type":"float"}]}]})"), "");
    ok("uap_scene_create_object", R"({"name":"Monster"})");
    std::string message = refused("uap_component_add", R"({"path":"/Monster","componentType":"EnemyBase"})");
    EXPECT_NE(message.find("Game.EnemyBase is abstract"), std::string::npos) << message;
    ok("uap_component_add", R"({"path":"/Monster","componentType":"Goblin"})");
    ToolReply listed = ok("uap_component_list", R"({"path":"/Monster"})");
    EXPECT_EQ(text_at(listed.value, "/components/1/type"), "Game.Goblin");
    EXPECT_EQ(listed.value["components"].Size(), 2u) << "the abstract type was not added";
}

TEST_F(SceneTools, ComponentListRefusesAnAmbiguousPathAndAcceptsIndexedSegments) {
    ok("uap_scene_create_object", R"({"name":"Same","primitiveType":"Sphere"})");
    ok("uap_scene_create_object", R"({"name":"Same"})");
    std::string message = refused("uap_component_list", R"({"path":"/Same"})");
    EXPECT_NE(message.find("2 objects match"), std::string::npos) << message;
    EXPECT_EQ(ok("uap_component_list", R"({"path":"/Same[0]"})").value["components"].Size(), 4u);
    EXPECT_EQ(ok("uap_component_list", R"({"path":"/Same[1]"})").value["components"].Size(), 1u);
}

TEST_F(SceneTools, InspectShowsComponentsAndPagesProperties) {
    ToolReply summary = ok("uap_object_inspect", R"({"path":"/Directional Light"})");
    EXPECT_NE(summary.text.find("UnityEngine.Light"), std::string::npos);
    ToolReply first = ok("uap_object_inspect", R"({"path":"/Directional Light","componentType":"Light","maxResults":2})");
    EXPECT_EQ(first.value["properties"].Size(), 2u);
    ASSERT_TRUE(first.value.HasMember("nextCursor"));
    ToolReply second = ok("uap_object_inspect", std::string(R"({"path":"/Directional Light","componentType":"Light","maxResults":10,"cursor":")") +
                                                    first.value["nextCursor"].GetString() + "\"}");
    EXPECT_EQ(text_at(second.value, "/properties/0/path"), "m_Color");
}

TEST_F(SceneTools, InspectRefusesABadCursorAndAMissingTarget) {
    EXPECT_NE(refused("uap_object_inspect", R"({"path":"/Player","componentType":"Transform","cursor":"x9"})").find("cursor"), std::string::npos);
    EXPECT_NE(refused("uap_object_inspect", "{}").find("needs path"), std::string::npos);
}

TEST_F(SceneTools, PropertySetWritesTypedValuesAndReferencesByPath) {
    ok("uap_scene_create_object", R"({"name":"Lamp"})");
    ok("uap_component_add", R"({"path":"/Lamp","componentType":"Light"})");
    ok("uap_property_set", R"({"path":"/Lamp","componentType":"Light","values":[
        {"propertyPath":"m_Color","value":"#ff8000"},{"propertyPath":"m_Type","value":"Point"},
        {"propertyPath":"m_Intensity","value":3.5},{"propertyPath":"m_CullingMask","value":["Default","Water"]}]})");
    ok("uap_scene_create_object", R"({"name":"Gun","primitiveType":"Cube"})");
    ok("uap_property_set", R"({"path":"/Gun","componentType":"MeshRenderer","propertyPath":"m_Materials.Array.data[0]","value":"Assets/Materials/Red.mat"})");
    rapidjson::Document light;
    light.Parse(stack->editor("property.get", R"({"target":{"component":{"object":{"scenePath":"/Lamp"},"type":"Light"}},"paths":["m_Color","m_Type","m_Intensity"]})").c_str());
    EXPECT_NEAR(number_at(light, "/properties/0/value/g"), 128.0 / 255.0, 1e-6);
    EXPECT_EQ(text_at(light, "/properties/1/value/name"), "Point");
    EXPECT_NEAR(number_at(light, "/properties/2/value"), 3.5, 1e-9);
    ToolReply renderer = ok("uap_object_inspect", R"({"path":"/Gun","componentType":"MeshRenderer"})");
    EXPECT_EQ(text_at(renderer.value, "/properties/2/value/assetPath"), "Assets/Materials/Red.mat");
}

TEST_F(SceneTools, PropertySetChecksEveryValueBeforeWritingAny) {
    ok("uap_scene_create_object", R"({"name":"Lamp2"})");
    ok("uap_component_add", R"({"path":"/Lamp2","componentType":"Light"})");
    std::string message = refused("uap_property_set", R"({"path":"/Lamp2","componentType":"Light","values":[
        {"propertyPath":"m_Intensity","value":9},{"propertyPath":"m_Type","value":"Laser"}]})");
    EXPECT_NE(message.find("nothing was written"), std::string::npos) << message;
    EXPECT_NE(message.find("Laser"), std::string::npos) << message;
    rapidjson::Document light;
    light.Parse(stack->editor("property.get", R"({"target":{"component":{"object":{"scenePath":"/Lamp2"},"type":"Light"}},"paths":["m_Intensity"]})").c_str());
    EXPECT_NEAR(number_at(light, "/properties/0/value"), 1.0, 1e-9) << "the valid first value was not written either";
    EXPECT_NE(refused("uap_property_set", R"({"path":"/Lamp2","assetPath":"Assets/Materials/Red.mat","propertyPath":"_Color","value":"#ff0000"})")
                  .find("exactly one of path"),
              std::string::npos);
    EXPECT_NE(refused("uap_property_set", R"({"path":"/Lamp2","componentType":"Light","propertyPath":"m_Nope","value":1})").find("m_Nope"),
              std::string::npos);
}

TEST_F(SceneTools, TransformSetWritesWorldValuesAndKeepsMissingAxes) {
    ok("uap_scene_create_object", R"({"name":"Arm","position":{"x":0,"y":5,"z":0},"rotation":{"z":90}})");
    ok("uap_scene_create_object", R"({"name":"Hand","parentPath":"/Arm","position":{"x":1,"y":0,"z":0}})");
    ok("uap_transform_set", R"({"path":"/Arm/Hand","space":"world","position":{"x":0,"y":8}})");
    auto hand = transform_of("/Arm/Hand");
    EXPECT_NEAR(number_at(hand, "/transform/world/position/y"), 8.0, 1e-5);
    EXPECT_NEAR(number_at(hand, "/transform/world/position/z"), 0.0, 1e-5) << "z kept";
    EXPECT_NEAR(number_at(hand, "/transform/local/position/x"), 3.0, 1e-5) << "the arm is turned 90 degrees: world up is its local +x";
    ToolReply read = ok("uap_transform_set", R"({"path":"/Arm/Hand"})");
    EXPECT_NEAR(number_at(read.value, "/transform/world/position/y"), 8.0, 1e-5) << "omitting everything reads";
}

TEST_F(SceneTools, TransformSetRefusesNonNumbersAndUnknownSpaces) {
    EXPECT_NE(refused("uap_transform_set", R"({"path":"/Player","position":{"x":"far"}})").find("position"), std::string::npos);
    EXPECT_NE(refused("uap_transform_set", R"({"path":"/Player","space":"screen","position":{"x":1}})").find("space"), std::string::npos);
    EXPECT_NEAR(number_at(transform_of("/Player"), "/transform/local/position/x"), 0.0, 1e-6);
}

TEST_F(SceneTools, QueryHierarchyPagesWithACursor) {
    ToolReply first = ok("uap_query_hierarchy", R"({"maxNodes":3})");
    EXPECT_EQ(text_at(first.value, "/count"), "3");
    ASSERT_TRUE(first.value.HasMember("nextCursor"));
    ToolReply next = ok("uap_query_hierarchy", std::string(R"({"maxNodes":3,"cursor":")") + first.value["nextCursor"].GetString() + "\"}");
    EXPECT_NE(std::string(first.value["hierarchy"].GetString()), std::string(next.value["hierarchy"].GetString()));
    ToolReply player = ok("uap_query_hierarchy", R"({"path":"/Player","maxDepth":1})");
    EXPECT_NE(std::string(player.value["hierarchy"].GetString()).find("  Weapon ["), std::string::npos) << player.text;
}

TEST_F(SceneTools, QueryHierarchyRefusesAForeignCursorAndTooManyNodes) {
    EXPECT_NE(refused("uap_query_hierarchy", R"({"cursor":"abc"})").find("cursor"), std::string::npos);
    EXPECT_NE(refused("uap_query_hierarchy", R"({"maxNodes":100000})").find("maxNodes"), std::string::npos);
}

TEST_F(SceneTools, QueryComponentTypesFindsBySubstring) {
    ToolReply found = ok("uap_query_component_types", R"({"query":"collider","kind":"component"})");
    EXPECT_GE(found.value["types"].Size(), 4u);
    EXPECT_NE(found.text.find("UnityEngine.BoxCollider"), std::string::npos);
}

TEST_F(SceneTools, QueryComponentTypesRefusesAMissingQuery) {
    EXPECT_NE(refused("uap_query_component_types", R"({"maxResults":5})").find("query"), std::string::npos);
}

} // namespace

#include "agent/steering.hpp"

#include <regex>

namespace {

TEST_F(SceneTools, SteeringNamesOnlyToolsThatExistAndTheScriptRule) {
    // Served: listed, or found through uap_tool_search in the default packs.
    auto listed = stack->rpc("tools/list", "{}");
    std::set<std::string> names;
    for (const auto& tool : listed["result"]["tools"].GetArray())
        names.insert(tool["name"].GetString());
    for (const char* pack : {"uap.core", "uap.editor", "uap.markers"}) // Core lists only some of its tools.
        for (auto& name : stack->pack_tools(pack))
            names.insert(name);
    const std::string& text = uap::agent::steering_text();
    EXPECT_NE(text.find("uap_tool_search"), std::string::npos);
    EXPECT_NE(text.find("uap_tool_call"), std::string::npos);
    std::regex wire_name("uap_[a-z_]+");
    int mentioned = 0;
    for (auto match = std::sregex_iterator(text.begin(), text.end(), wire_name); match != std::sregex_iterator(); ++match, ++mentioned)
        EXPECT_TRUE(names.count(match->str())) << "the steering text names " << match->str() << ", which no default pack serves";
    EXPECT_GE(mentioned, 20);
    EXPECT_NE(text.find("UapStaging/"), std::string::npos);
    EXPECT_NE(text.find("dry_run:true"), std::string::npos);
    EXPECT_TRUE(std::all_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 128; })) << "ASCII only";
    EXPECT_EQ(text.find('\n'), std::string::npos) << "one line: sections are separated from it by blank lines";
    EXPECT_EQ(uap::agent::appended_system_prompt({}, "Be brief.").substr(text.size()), "\n\nBe brief.");
}

TEST(AppendedSystemPrompt, SectionsFollowTheSteeringInOrderAndEmptyOnesAreLeftOut) {
    std::vector<uap::agent::InstructionSection> sections = {
        {"First heading", "rule one\nrule two"}, {"Empty heading", ""}, {"Second heading", "rule three"}};
    auto text = uap::agent::appended_system_prompt(sections, "");
    const std::string& steering = uap::agent::steering_text();
    ASSERT_EQ(text.substr(0, steering.size()), steering);
    EXPECT_EQ(text.substr(steering.size()), "\n\nFirst heading\nrule one\nrule two\n\nSecond heading\nrule three");
    EXPECT_EQ(uap::agent::appended_system_prompt(sections, "Mine.").substr(text.size()), "\n\nMine.");
}

} // namespace

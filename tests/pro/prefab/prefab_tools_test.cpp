// The Pro prefab pack through MCP on the serve-shaped host with the simulator: each tool's happy path
// checked by a separate read (another tool, or a primitive sent straight to the editor), and its refusals
// of bad input, which change nothing.
#include "tool_stack.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace {

using uap::testing::number_at;
using uap::testing::text_at;
using uap::testing::ToolReply;
using uap::testing::ToolStack;
using uap::testing::ToolStackOptions;

ToolStackOptions with_prefab_pack() {
    ToolStackOptions options;
    options.plugin_folders = {UAP_PRO_PLUGINS};
    return options;
}

class PrefabTools : public ::testing::Test {
protected:
    ToolStack stack{with_prefab_pack()};

    ToolReply ok(const std::string& tool, const std::string& arguments) {
        ToolReply reply = stack.call(tool, arguments);
        EXPECT_FALSE(reply.is_error) << tool << " " << arguments << ": " << reply.text;
        return reply;
    }
    ToolReply refused(const std::string& tool, const std::string& arguments) {
        ToolReply reply = stack.call(tool, arguments);
        EXPECT_TRUE(reply.is_error) << tool << " " << arguments << " was not refused: " << reply.text;
        return reply;
    }
    // Two instances of the sample Crate prefab at the scene root.
    void place_two_crates() {
        ok("uap_scene_place_asset", R"({"assetPath":"Assets/Prefabs/Crate.prefab","name":"CrateA"})");
        ok("uap_scene_place_asset", R"({"assetPath":"Assets/Prefabs/Crate.prefab","name":"CrateB","position":{"x":3}})");
    }
    double mass_of(const std::string& path) {
        rapidjson::Document read;
        read.Parse(stack.editor("property.get", R"({"target":{"component":{"object":{"scenePath":")" + path +
                                                    R"("},"type":"Rigidbody"}},"paths":["m_Mass"]})")
                       .c_str());
        return number_at(read, "/properties/0/value");
    }
    void set_mass(const std::string& path, double mass) {
        ok("uap_property_set", R"({"path":")" + path + R"(","componentType":"Rigidbody","propertyPath":"m_Mass","value":)" +
                                   std::to_string(mass) + "}");
    }
};

TEST_F(PrefabTools, PackIsLoadedWithItsSixTools) {
    auto tools = stack.pack_tools("uap.pro.prefab");
    EXPECT_EQ(tools.size(), 6u);
    for (const char* name : {"uap_prefab_create", "uap_prefab_get_overrides", "uap_prefab_apply_overrides", "uap_prefab_revert_overrides",
                             "uap_prefab_unpack", "uap_prefab_stage"})
        EXPECT_NE(std::find(tools.begin(), tools.end(), name), tools.end()) << name;
    // Listed by search, in English and in Japanese.
    EXPECT_NE(ok("uap_tool_search", R"({"query":"apply prefab overrides"})").text.find("uap_prefab_apply_overrides"), std::string::npos);
    EXPECT_NE(ok("uap_tool_search", R"({"query":"プレハブのオーバーライドを適用"})").text.find("uap_prefab_apply_overrides"), std::string::npos);
    EXPECT_NE(ok("uap_tool_search", R"({"query":"プレハブをアンパック"})").text.find("uap_prefab_unpack"), std::string::npos);
}

TEST_F(PrefabTools, AFreshInstanceHasNoOverridesAndAPropertySetThroughCoreIsListed) {
    place_two_crates();
    ToolReply fresh = ok("uap_prefab_get_overrides", R"({"path":"/CrateB"})");
    EXPECT_EQ(number_at(fresh.value, "/overrideCount"), 0) << "the root's position is a default override, left out: " << fresh.text;
    EXPECT_EQ(text_at(fresh.value, "/assetPath"), "Assets/Prefabs/Crate.prefab");
    EXPECT_EQ(text_at(fresh.value, "/assetType"), "Regular");

    set_mass("/CrateA", 5);
    ok("uap_component_add", R"({"path":"/CrateA","componentType":"AudioSource"})");
    ok("uap_component_remove", R"({"path":"/CrateA","componentType":"BoxCollider"})");
    ok("uap_scene_create_object", R"({"name":"Lid","parentPath":"/CrateA"})");
    ToolReply listed = ok("uap_prefab_get_overrides", R"({"path":"/CrateA"})");
    ASSERT_EQ(number_at(listed.value, "/overrideCount"), 4) << listed.text;
    EXPECT_EQ(text_at(listed.value, "/overrides/0/kind"), "property");
    EXPECT_EQ(text_at(listed.value, "/overrides/0/componentType"), "UnityEngine.Rigidbody");
    EXPECT_EQ(text_at(listed.value, "/overrides/0/propertyPath"), "m_Mass");
    EXPECT_EQ(number_at(listed.value, "/overrides/0/value"), 5);
    EXPECT_EQ(number_at(listed.value, "/overrides/0/assetValue"), 1);
    EXPECT_EQ(text_at(listed.value, "/overrides/1/kind"), "addedComponent");
    EXPECT_EQ(text_at(listed.value, "/overrides/1/componentType"), "UnityEngine.AudioSource");
    EXPECT_EQ(text_at(listed.value, "/overrides/2/kind"), "removedComponent");
    EXPECT_EQ(text_at(listed.value, "/overrides/2/componentType"), "UnityEngine.BoxCollider");
    EXPECT_EQ(text_at(listed.value, "/overrides/3/kind"), "addedGameObject");
    EXPECT_EQ(text_at(listed.value, "/overrides/3/objectPath"), "Lid");

    ToolReply page = ok("uap_prefab_get_overrides", R"({"path":"/CrateA","offset":1,"limit":2})");
    EXPECT_EQ(page.value["overrides"].Size(), 2u);
    EXPECT_EQ(text_at(page.value, "/overrides/0/kind"), "addedComponent");
    EXPECT_EQ(number_at(page.value, "/nextOffset"), 3);
    EXPECT_EQ(number_at(ok("uap_prefab_get_overrides", R"({"path":"/CrateB"})").value, "/overrideCount"), 0) << "the other instance is untouched";
}

TEST_F(PrefabTools, ApplyOnePropertyWritesTheAssetAndAnotherInstanceWithoutItsOwnOverrideFollows) {
    place_two_crates();
    ok("uap_scene_place_asset", R"({"assetPath":"Assets/Prefabs/Crate.prefab","name":"CrateC"})");
    set_mass("/CrateC", 9); // CrateC's own override survives the apply from CrateA.
    set_mass("/CrateA", 5);
    ok("uap_property_set", R"({"path":"/CrateA","componentType":"Rigidbody","propertyPath":"m_UseGravity","value":false})");
    ToolReply applied = ok("uap_prefab_apply_overrides", R"({"path":"/CrateA","overrideIndex":0})");
    EXPECT_EQ(text_at(applied.value, "/applied/0/propertyPath"), "m_Mass");
    EXPECT_EQ(number_at(applied.value, "/remainingOverrides"), 1) << applied.text;
    EXPECT_EQ(text_at(applied.value, "/undoable"), "false");

    // Separate reads: the applied override is gone, the other stays; the asset has the value, so a
    // new instance and the instance without an override of its own read 5; CrateC keeps its 9.
    ToolReply after = ok("uap_prefab_get_overrides", R"({"path":"/CrateA"})");
    ASSERT_EQ(number_at(after.value, "/overrideCount"), 1);
    EXPECT_EQ(text_at(after.value, "/overrides/0/propertyPath"), "m_UseGravity");
    EXPECT_EQ(mass_of("/CrateB"), 5);
    EXPECT_EQ(mass_of("/CrateC"), 9);
    ok("uap_scene_place_asset", R"({"assetPath":"Assets/Prefabs/Crate.prefab","name":"CrateD"})");
    EXPECT_EQ(mass_of("/CrateD"), 5) << "the prefab asset itself holds the applied value";
    EXPECT_EQ(number_at(ok("uap_prefab_get_overrides", R"({"path":"/CrateB"})").value, "/overrideCount"), 0);
}

TEST_F(PrefabTools, ApplyAllCarriesAddedAndRemovedComponentsAndChildrenToTheOtherInstances) {
    place_two_crates();
    set_mass("/CrateA", 2);
    ok("uap_component_add", R"({"path":"/CrateA","componentType":"AudioSource"})");
    ok("uap_component_remove", R"({"path":"/CrateA","componentType":"BoxCollider"})");
    ok("uap_scene_create_object", R"({"name":"Lid","parentPath":"/CrateA"})");
    ToolReply applied = ok("uap_prefab_apply_overrides", R"({"path":"/CrateA"})");
    EXPECT_EQ(applied.value["applied"].Size(), 4u) << applied.text;
    EXPECT_EQ(number_at(applied.value, "/remainingOverrides"), 0);
    EXPECT_EQ(number_at(ok("uap_prefab_get_overrides", R"({"path":"/CrateA"})").value, "/overrideCount"), 0);

    std::string components = stack.editor("component.list", R"({"object":{"scenePath":"/CrateB"}})");
    EXPECT_NE(components.find("UnityEngine.AudioSource"), std::string::npos) << components;
    EXPECT_EQ(components.find("UnityEngine.BoxCollider"), std::string::npos) << components;
    EXPECT_NE(stack.editor("transform.get", R"({"object":{"scenePath":"/CrateB/Lid"}})").find("instanceId"), std::string::npos)
        << "the applied child appears in the other instance";
    EXPECT_EQ(mass_of("/CrateB"), 2);
    EXPECT_EQ(number_at(ok("uap_prefab_get_overrides", R"({"path":"/CrateB"})").value, "/overrideCount"), 0)
        << "what the other instance took is the prefab's, not an override";
}

TEST_F(PrefabTools, RevertOneAndAllRewindTheInstanceAndUndoBringsTheOverrideBack) {
    place_two_crates();
    set_mass("/CrateA", 7);
    ok("uap_component_add", R"({"path":"/CrateA","componentType":"AudioSource"})");
    ToolReply one = ok("uap_prefab_revert_overrides", R"({"path":"/CrateA","overrideIndex":0})");
    EXPECT_EQ(text_at(one.value, "/valuesReadBack/0"), "m_Mass") << one.text;
    EXPECT_EQ(mass_of("/CrateA"), 1) << "the instance's value equals the prefab's again";
    EXPECT_EQ(number_at(ok("uap_prefab_get_overrides", R"({"path":"/CrateA"})").value, "/overrideCount"), 1);

    // Undo is the editor's: the revert records a step, so reverting its group brings the override back.
    rapidjson::Document group;
    group.Parse(stack.editor("undo.beginGroup", R"({"name":"revert all"})").c_str());
    ok("uap_prefab_revert_overrides", R"({"path":"/CrateA"})");
    stack.editor("undo.endGroup", "{}");
    EXPECT_EQ(stack.editor("component.list", R"({"object":{"scenePath":"/CrateA"}})").find("AudioSource"), std::string::npos);
    stack.editor("undo.revertGroup", R"({"group":)" + std::to_string(group["group"].GetInt()) + "}");
    EXPECT_NE(stack.editor("component.list", R"({"object":{"scenePath":"/CrateA"}})").find("AudioSource"), std::string::npos)
        << "Undo restored the added component";
    ToolReply all = ok("uap_prefab_revert_overrides", R"({"path":"/CrateA"})");
    EXPECT_EQ(number_at(all.value, "/remainingOverrides"), 0) << all.text;
    EXPECT_EQ(number_at(ok("uap_prefab_get_overrides", R"({"path":"/CrateA"})").value, "/overrideCount"), 0);
    EXPECT_EQ(stack.editor("component.list", R"({"object":{"scenePath":"/CrateA"}})").find("AudioSource"), std::string::npos);
    EXPECT_EQ(mass_of("/CrateB"), 1) << "the prefab asset is not touched";
}

TEST_F(PrefabTools, ARemovedChildIsListedRevertedAndAppliedToTheOtherInstance) {
    ok("uap_scene_create_object", R"({"name":"Cart"})");
    ok("uap_scene_create_object", R"({"name":"Wheel","parentPath":"/Cart"})");
    ok("uap_prefab_create", R"({"sourcePath":"/Cart","assetPath":"Assets/Prefabs/Cart.prefab"})");
    ok("uap_scene_place_asset", R"({"assetPath":"Assets/Prefabs/Cart.prefab","name":"CartB"})");
    ok("uap_scene_destroy_object", R"({"path":"/Cart/Wheel"})");
    ToolReply listed = ok("uap_prefab_get_overrides", R"({"path":"/Cart"})");
    ASSERT_EQ(number_at(listed.value, "/overrideCount"), 1) << listed.text;
    EXPECT_EQ(text_at(listed.value, "/overrides/0/kind"), "removedGameObject");
    EXPECT_EQ(text_at(listed.value, "/overrides/0/name"), "Wheel");
    ok("uap_prefab_revert_overrides", R"({"path":"/Cart","overrideIndex":0})");
    EXPECT_EQ(stack.editor("transform.get", R"({"object":{"scenePath":"/Cart/Wheel"}})").find("not_found"), std::string::npos)
        << "the revert brought the child back";
    ok("uap_scene_destroy_object", R"({"path":"/Cart/Wheel"})");
    ok("uap_prefab_apply_overrides", R"({"path":"/Cart"})");
    EXPECT_NE(stack.editor("transform.get", R"({"object":{"scenePath":"/CartB/Wheel"}})").find("not_found"), std::string::npos)
        << "the other instance lost the child with the prefab";
    EXPECT_EQ(number_at(ok("uap_prefab_get_overrides", R"({"path":"/CartB"})").value, "/overrideCount"), 0);
}

TEST_F(PrefabTools, UnpackLeavesPlainObjectsThatAreNoLongerInstances) {
    place_two_crates();
    ToolReply unpacked = ok("uap_prefab_unpack", R"({"path":"/CrateA","mode":"completely"})");
    EXPECT_EQ(text_at(unpacked.value, "/wasInstanceOf"), "Assets/Prefabs/Crate.prefab");
    EXPECT_EQ(text_at(unpacked.value, "/unpacked/prefabAsset"), "<missing>") << unpacked.text;
    ToolReply after = refused("uap_prefab_get_overrides", R"({"path":"/CrateA"})");
    EXPECT_NE(after.text.find("not part of a prefab instance"), std::string::npos) << after.text;
    rapidjson::Document roots;
    roots.Parse(stack.editor("hierarchy.roots", "{}").c_str());
    bool seen = false;
    for (const auto& node : roots["nodes"].GetArray())
        if (std::string(node["name"].GetString()) == "CrateA") {
            seen = true;
            EXPECT_FALSE(node.HasMember("prefabAsset")) << "the hierarchy no longer shows a prefab link";
        }
    EXPECT_TRUE(seen);
    ok("uap_prefab_unpack", R"({"path":"/CrateB"})"); // outermostRoot by default
    ToolReply again = refused("uap_prefab_unpack", R"({"path":"/CrateB"})");
    EXPECT_NE(again.text.find("not part of a prefab instance"), std::string::npos) << again.text;
}

TEST_F(PrefabTools, CreateSavesAConnectedPrefabAndAVariantThatFollowsItsBase) {
    ok("uap_scene_create_object", R"({"name":"Barrel","primitiveType":"Cylinder"})");
    ToolReply created = ok("uap_prefab_create", R"({"sourcePath":"/Barrel","assetPath":"Assets/Prefabs/Barrel.prefab"})");
    EXPECT_EQ(text_at(created.value, "/created"), "Assets/Prefabs/Barrel.prefab");
    EXPECT_EQ(text_at(created.value, "/connected"), "true");
    EXPECT_EQ(text_at(created.value, "/assetType"), "Regular");
    EXPECT_EQ(text_at(ok("uap_prefab_get_overrides", R"({"path":"/Barrel"})").value, "/assetPath"), "Assets/Prefabs/Barrel.prefab");

    ToolReply variant = ok("uap_prefab_create", R"({"basePrefab":"Assets/Prefabs/Crate.prefab","assetPath":"Assets/Prefabs/Heavy Crate.prefab"})");
    EXPECT_EQ(text_at(variant.value, "/assetType"), "Variant");
    EXPECT_NE(ok("uap_asset_find", R"({"query":"Heavy","folders":["Assets/Prefabs"]})").text.find("Heavy Crate.prefab"), std::string::npos);
    ok("uap_scene_place_asset", R"({"assetPath":"Assets/Prefabs/Heavy Crate.prefab","name":"Heavy"})");
    ToolReply heavy = ok("uap_prefab_get_overrides", R"({"path":"/Heavy"})");
    EXPECT_EQ(text_at(heavy.value, "/assetType"), "Variant");
    EXPECT_EQ(text_at(heavy.value, "/basePrefab"), "Assets/Prefabs/Crate.prefab");
    // The base changes through an instance of it; the variant (and its instance) follow.
    place_two_crates();
    set_mass("/CrateA", 4);
    ok("uap_prefab_apply_overrides", R"({"path":"/CrateA"})");
    EXPECT_EQ(mass_of("/Heavy"), 4) << "the variant's instance follows its base";
    // Saving an instance root as a prefab makes a variant of its prefab, as Unity does.
    ToolReply from_instance = ok("uap_prefab_create", R"({"sourcePath":"/CrateB","assetPath":"Assets/Prefabs/Crate B.prefab"})");
    EXPECT_EQ(text_at(from_instance.value, "/assetType"), "Variant") << from_instance.text;
    EXPECT_EQ(text_at(from_instance.value, "/basePrefab"), "Assets/Prefabs/Crate.prefab");
}

TEST_F(PrefabTools, StageOpensAndClosesAndAnEditInPrefabModeReachesTheInstances) {
    place_two_crates();
    ToolReply opened = ok("uap_prefab_stage", R"({"action":"open","assetPath":"Assets/Prefabs/Crate.prefab"})");
    EXPECT_EQ(text_at(opened.value, "/prefabStage/assetPath"), "Assets/Prefabs/Crate.prefab");
    EXPECT_EQ(text_at(stack.editor("editor.state", "{}"), "/prefabStage"), R"({"assetPath":"Assets/Prefabs/Crate.prefab"})");
    // The user edits the prefab in prefab mode (core's writing tools are refused there).
    std::string edited = stack.editor("property.set", R"({"target":{"component":{"object":{"scenePath":"/Crate"},"type":"Rigidbody"}},"values":[{"path":"m_Mass","type":"float","value":3}]})");
    ASSERT_EQ(edited.find("\"code\""), std::string::npos) << edited;
    // Writes on instances are refused while prefab mode is open (core's convention).
    ToolReply blocked = refused("uap_prefab_apply_overrides", R"({"path":"/Crate"})");
    EXPECT_NE(blocked.text.find("prefab mode is open on Assets/Prefabs/Crate.prefab"), std::string::npos) << blocked.text;
    ToolReply closed = ok("uap_prefab_stage", R"({"action":"close"})");
    EXPECT_EQ(text_at(closed.value, "/prefabStage"), "null") << closed.text;
    EXPECT_EQ(text_at(stack.editor("editor.state", "{}"), "/prefabStage"), "null");
    EXPECT_EQ(mass_of("/CrateA"), 3) << "prefab mode saved the prefab and the instances follow";
    EXPECT_EQ(number_at(ok("uap_prefab_get_overrides", R"({"path":"/CrateA"})").value, "/overrideCount"), 0);
}

TEST_F(PrefabTools, ModelInstancesCannotBeAppliedToButCanBeReverted) {
    ok("uap_scene_place_asset", R"({"assetPath":"Assets/Models/Rock.fbx","name":"Rock"})");
    ok("uap_property_set", R"({"path":"/Rock","componentType":"SphereCollider","propertyPath":"m_Radius","value":2})");
    ToolReply listed = ok("uap_prefab_get_overrides", R"({"path":"/Rock"})");
    EXPECT_EQ(text_at(listed.value, "/assetType"), "Model");
    ASSERT_EQ(number_at(listed.value, "/overrideCount"), 1) << listed.text;
    std::string before = stack.scene_dump();
    ToolReply apply = refused("uap_prefab_apply_overrides", R"({"path":"/Rock"})");
    EXPECT_NE(apply.text.find("model prefab"), std::string::npos) << apply.text;
    EXPECT_NE(apply.text.find("uap_prefab_revert_overrides"), std::string::npos) << "names what to do instead";
    EXPECT_EQ(stack.scene_dump(), before);
    ok("uap_prefab_revert_overrides", R"({"path":"/Rock"})");
    EXPECT_EQ(number_at(ok("uap_prefab_get_overrides", R"({"path":"/Rock"})").value, "/overrideCount"), 0);
}

TEST_F(PrefabTools, BadInputIsRefusedAndChangesNothing) {
    place_two_crates();
    set_mass("/CrateA", 5);
    std::string scene = stack.scene_dump();
    struct Case {
        const char* tool;
        std::string arguments;
        const char* says;
    };
    const std::string huge(200000, 'x');
    const Case cases[] = {
        // Missing, wrong-typed, unknown and hostile arguments.
        {"uap_prefab_get_overrides", "{}", "path"},
        {"uap_prefab_get_overrides", R"({"path":42})", "type"},
        {"uap_prefab_get_overrides", R"({"path":"/CrateA","limit":501})", "maximum"},
        {"uap_prefab_apply_overrides", R"({"path":"/CrateA","overrideIndex":-1})", "minimum"},
        {"uap_prefab_apply_overrides", R"({"path":"/CrateA","overrideIndex":"0"})", "type"},
        {"uap_prefab_apply_overrides", R"({"path":"/CrateA","all":true})", "unknown argument 'all'"},
        {"uap_prefab_revert_overrides", R"({"path":"/CrateA","propertyPaths":["m_Mass"]})", "unknown argument"},
        {"uap_prefab_unpack", R"({"path":"/CrateA","mode":"partly"})", "enum"},
        {"uap_prefab_stage", R"({"action":"toggle"})", "enum"},
        {"uap_prefab_create", R"({"assetPath":"Assets/Prefabs/X.prefab"})", "exactly one of sourcePath"},
        {"uap_prefab_create", R"({"sourcePath":"/CrateA","basePrefab":"Assets/Prefabs/Crate.prefab","assetPath":"Assets/Prefabs/X.prefab"})", "exactly one"},
        {"uap_prefab_create", R"({"sourcePath":"/CrateA","assetPath":"Assets/../../etc/passwd.prefab"})", "assetPath"},
        {"uap_prefab_create", R"({"sourcePath":"/CrateA","assetPath":"Assets/Prefabs/X.mat"})", "must end in .prefab"},
        {"uap_prefab_get_overrides", R"({"path":")" + huge + R"("})", "maxLength"},
        {"uap_prefab_create", R"({"basePrefab":")" + huge + R"(","assetPath":"Assets/Prefabs/X.prefab"})", "maxLength"},
        // Targets that are not what the tool needs.
        {"uap_prefab_get_overrides", R"({"path":"/Player"})", "not part of a prefab instance"},
        {"uap_prefab_apply_overrides", R"({"path":"/Player"})", "not part of a prefab instance"},
        {"uap_prefab_revert_overrides", R"({"path":"/Nobody"})", "no scene object"},
        {"uap_prefab_unpack", R"({"path":"/Player"})", "not part of a prefab instance"},
        {"uap_prefab_apply_overrides", R"({"path":"/CrateA","overrideIndex":1})", "overrideIndex 1 is out of range; the instance has 1 override(s) (indexes 0 to 0)"},
        {"uap_prefab_revert_overrides", R"({"path":"/CrateB","overrideIndex":0})", "out of range"},
        {"uap_prefab_apply_overrides", R"({"path":"/CrateB"})", "no overrides to apply"},
        {"uap_prefab_create", R"({"basePrefab":"Assets/Prefabs/Missing.prefab","assetPath":"Assets/Prefabs/X.prefab"})", "no prefab at Assets/Prefabs/Missing.prefab"},
        {"uap_prefab_create", R"({"basePrefab":"Assets/Materials/Red.mat","assetPath":"Assets/Prefabs/X.prefab"})", "not a prefab"},
        {"uap_prefab_create", R"({"sourcePath":"/CrateA","assetPath":"Assets/Nowhere/X.prefab"})", "does not exist"},
        {"uap_prefab_stage", R"({"action":"open"})", "needs assetPath"},
        {"uap_prefab_stage", R"({"action":"open","assetPath":"Assets/Prefabs/Missing.prefab"})", "no asset at"},
        {"uap_prefab_stage", R"({"action":"close","assetPath":"Assets/Prefabs/Crate.prefab"})", "takes no assetPath"},
    };
    for (const auto& item : cases) {
        ToolReply reply = refused(item.tool, item.arguments);
        EXPECT_NE(reply.text.find(item.says), std::string::npos) << item.tool << " " << item.arguments.substr(0, 120) << ": " << reply.text.substr(0, 400);
    }
    EXPECT_EQ(stack.scene_dump(), scene) << "no refusal changed the scene";
    EXPECT_EQ(number_at(ok("uap_prefab_get_overrides", R"({"path":"/CrateA"})").value, "/overrideCount"), 1);
    EXPECT_EQ(text_at(stack.editor("asset.find", R"({"filter":"X","folders":["Assets/Prefabs"]})"), "/total"), "0")
        << "no refusal created an asset";
}

TEST_F(PrefabTools, AnOverrideIndexFromAnOlderListingIsRefusedByTheEditor) {
    place_two_crates();
    set_mass("/CrateA", 5);
    // The listing said index 0 is m_Mass; meanwhile the instance changed so index 0 is another override.
    std::string reply = stack.editor("prefab.overrides.apply",
                                     R"({"object":{"scenePath":"/CrateA"},"index":0,"expect":{"kind":"property","propertyPath":"m_Drag"}})");
    EXPECT_NE(reply.find("conflict"), std::string::npos) << reply;
    EXPECT_NE(reply.find("not the one expected"), std::string::npos) << reply;
    EXPECT_EQ(mass_of("/CrateB"), 1) << "nothing was applied";
}

} // namespace

// rig_setup composed from core tools as docs/pro.md describes: with com.unity.animation.rigging in the
// project's manifest, a two-bone IK rig (RigBuilder, Rig, TwoBoneIKConstraint and their serialized
// fields) is built with uap_scene_create_object, uap_component_add and uap_property_set and read back
// with uap_object_inspect; without the package the component add is refused, naming the package.
#include "tool_stack.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

using uap::testing::number_at;
using uap::testing::text_at;
using uap::testing::ToolReply;
using uap::testing::ToolStack;

constexpr const char* rigging_package = "com.unity.animation.rigging";

void install_rigging(ToolStack& stack) {
    uap::testing::write_project_file(stack.project() / "Packages" / "manifest.json",
                                     std::string(R"({"dependencies":{")") + rigging_package + R"(":"1.3.0","com.unity.ugui":"2.0.0"}})");
}

ToolReply ok(ToolStack& stack, const std::string& tool, const std::string& arguments) {
    ToolReply reply = stack.call(tool, arguments);
    EXPECT_FALSE(reply.is_error) << tool << " " << arguments << ": " << reply.text;
    return reply;
}

// The value of one serialized property in a uap_object_inspect answer, as JSON text ("<missing>" when absent).
std::string inspected(const ToolReply& inspect, const std::string& path) {
    if (!inspect.value.IsObject() || !inspect.value.HasMember("properties"))
        return "<missing>";
    for (const auto& property : inspect.value["properties"].GetArray())
        if (text_at(property, "/path") == path) {
            const auto& value = property["value"];
            if (value.IsObject() && value.HasMember("instanceId"))
                return "#" + std::to_string(value["instanceId"].GetInt());
            return text_at(property, "/value");
        }
    return "<missing>";
}

std::string instance_of(ToolStack& stack, const std::string& path) {
    rapidjson::Document found;
    found.Parse(stack.editor("component.list", R"({"object":{"scenePath":")" + path + R"("}})").c_str());
    return "#" + std::to_string(static_cast<int>(number_at(found, "/instanceId")));
}

// A character with an arm of three bones and a rig object holding the IK and its target.
void build_character(ToolStack& stack) {
    ok(stack, "uap_scene_create_object", R"({"name":"Character"})");
    ok(stack, "uap_scene_create_object", R"({"name":"Shoulder","parentPath":"/Character"})");
    ok(stack, "uap_scene_create_object", R"({"name":"Elbow","parentPath":"/Character/Shoulder"})");
    ok(stack, "uap_scene_create_object", R"({"name":"Hand","parentPath":"/Character/Shoulder/Elbow"})");
    ok(stack, "uap_scene_create_object", R"({"name":"Rig 1","parentPath":"/Character"})");
    ok(stack, "uap_scene_create_object", R"({"name":"ArmIK","parentPath":"/Character/Rig 1"})");
    ok(stack, "uap_scene_create_object", R"({"name":"ArmIK_target","parentPath":"/Character/Rig 1/ArmIK"})");
}

TEST(RigSetup, ATwoBoneIKRigComposedFromCoreToolsReadsBackAsWritten) {
    ToolStack stack;
    install_rigging(stack);
    build_character(stack);
    ok(stack, "uap_component_add", R"({"path":"/Character","componentType":"UnityEngine.Animations.Rigging.RigBuilder"})");
    ok(stack, "uap_component_add", R"({"path":"/Character/Rig 1","componentType":"UnityEngine.Animations.Rigging.Rig"})");
    ok(stack, "uap_component_add", R"({"path":"/Character/Rig 1/ArmIK","componentType":"UnityEngine.Animations.Rigging.TwoBoneIKConstraint"})");
    ok(stack, "uap_property_set",
       R"({"path":"/Character","componentType":"RigBuilder","propertyPath":"m_RigLayers.Array.data[0].m_Rig","value":"/Character/Rig 1"})");
    ok(stack, "uap_property_set", R"({"path":"/Character/Rig 1/ArmIK","componentType":"TwoBoneIKConstraint","values":[
        {"propertyPath":"m_Data.m_Root","value":"/Character/Shoulder"},
        {"propertyPath":"m_Data.m_Mid","value":"/Character/Shoulder/Elbow"},
        {"propertyPath":"m_Data.m_Tip","value":"/Character/Shoulder/Elbow/Hand"},
        {"propertyPath":"m_Data.m_Target","value":"/Character/Rig 1/ArmIK/ArmIK_target"},
        {"propertyPath":"m_Weight","value":0.75}]})");

    // Read back with a separate tool, against each object's own instance id.
    ToolReply builder = ok(stack, "uap_object_inspect", R"({"path":"/Character","componentType":"RigBuilder"})");
    EXPECT_EQ(inspected(builder, "m_RigLayers.Array.data[0].m_Rig"), instance_of(stack, "/Character/Rig 1")) << builder.text;
    EXPECT_EQ(inspected(builder, "m_RigLayers.Array.data[0].m_Active"), "true");
    ToolReply rig = ok(stack, "uap_object_inspect", R"({"path":"/Character/Rig 1","componentType":"Rig"})");
    EXPECT_DOUBLE_EQ(std::stod(inspected(rig, "m_Weight")), 1.0) << rig.text;
    ToolReply ik = ok(stack, "uap_object_inspect", R"({"path":"/Character/Rig 1/ArmIK","componentType":"TwoBoneIKConstraint"})");
    EXPECT_EQ(inspected(ik, "m_Data.m_Root"), instance_of(stack, "/Character/Shoulder")) << ik.text;
    EXPECT_EQ(inspected(ik, "m_Data.m_Mid"), instance_of(stack, "/Character/Shoulder/Elbow"));
    EXPECT_EQ(inspected(ik, "m_Data.m_Tip"), instance_of(stack, "/Character/Shoulder/Elbow/Hand"));
    EXPECT_EQ(inspected(ik, "m_Data.m_Target"), instance_of(stack, "/Character/Rig 1/ArmIK/ArmIK_target"));
    EXPECT_EQ(inspected(ik, "m_Data.m_Hint"), "null") << "no hint was set";
    EXPECT_DOUBLE_EQ(std::stod(inspected(ik, "m_Weight")), 0.75);
    EXPECT_DOUBLE_EQ(std::stod(inspected(ik, "m_Data.m_TargetPositionWeight")), 1.0) << "the package's SetDefaultValues";
    EXPECT_EQ(inspected(ik, "m_Data.m_MaintainTargetPositionOffset"), "false");
}

TEST(RigSetup, WithoutThePackageTheComponentAddIsRefusedNamingThePackageToInstall) {
    ToolStack stack;
    build_character(stack);
    std::string before = stack.scene_dump();
    ToolReply refused = stack.call("uap_component_add", R"({"path":"/Character","componentType":"UnityEngine.Animations.Rigging.RigBuilder"})");
    ASSERT_TRUE(refused.is_error) << refused.text;
    EXPECT_NE(refused.text.find(std::string("install it")), std::string::npos) << refused.text;
    EXPECT_NE(refused.text.find(rigging_package), std::string::npos) << refused.text;
    EXPECT_EQ(stack.scene_dump(), before) << "nothing was added";
    EXPECT_EQ(stack.editor("type.find", R"({"query":"Rigging"})").find("RigBuilder"), std::string::npos)
        << "the editor knows no Animation Rigging type without the package";

    install_rigging(stack);
    EXPECT_NE(stack.editor("type.find", R"({"query":"Rigging"})").find("UnityEngine.Animations.Rigging.RigBuilder"), std::string::npos)
        << "the same search finds the types once the manifest lists the package";
    ok(stack, "uap_component_add", R"({"path":"/Character","componentType":"UnityEngine.Animations.Rigging.RigBuilder"})");
}

TEST(RigSetup, AReferenceToAnAssetOrAWeightThatIsNotANumberIsRefusedAndLeavesTheConstraintAlone) {
    ToolStack stack;
    install_rigging(stack);
    build_character(stack);
    ok(stack, "uap_component_add", R"({"path":"/Character/Rig 1/ArmIK","componentType":"UnityEngine.Animations.Rigging.TwoBoneIKConstraint"})");
    std::string before = stack.scene_dump();
    ToolReply asset = stack.call("uap_property_set", R"({"path":"/Character/Rig 1/ArmIK","componentType":"TwoBoneIKConstraint","values":[
        {"propertyPath":"m_Data.m_Root","value":"/Character/Shoulder"},
        {"propertyPath":"m_Data.m_Tip","value":"Assets/Materials/Red.mat"}]})");
    ASSERT_TRUE(asset.is_error) << asset.text;
    EXPECT_NE(asset.text.find("Transform"), std::string::npos) << "says what the field accepts: " << asset.text;
    ToolReply weight = stack.call("uap_property_set",
                                  R"({"path":"/Character/Rig 1/ArmIK","componentType":"TwoBoneIKConstraint","propertyPath":"m_Weight","value":"heavy"})");
    EXPECT_TRUE(weight.is_error) << weight.text;
    EXPECT_EQ(stack.scene_dump(), before) << "neither call wrote anything, not even the valid first value";
}

} // namespace

// uap_avatar_configure and uap_avatar_inspect on model assets the simulator imports from a fixture: a
// Humanoid by automatic and by explicit mapping, each read back straight from the editor; the failures
// that name bones (required bones left unmapped, one transform given to two bones); and the refusals of
// paths, bone and transform names, oversized and unknown arguments, each leaving the model as it was.
#include "animation_stack.hpp"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <string>
#include <utility>
#include <vector>

namespace {

using uap::testing::text_at;

// (transform, parent transform); the first is the model's root.
using Hierarchy = std::vector<std::pair<std::string, std::string>>;

const Hierarchy hero_bones{{"Hero", ""},          {"Hips", "Hero"},          {"LeftUpperLeg", "Hips"},      {"LeftLowerLeg", "LeftUpperLeg"},
                           {"LeftFoot", "LeftLowerLeg"}, {"RightUpperLeg", "Hips"}, {"RightLowerLeg", "RightUpperLeg"}, {"RightFoot", "RightLowerLeg"},
                           {"Spine", "Hips"},     {"Chest", "Spine"},        {"Neck", "Chest"},             {"Head", "Neck"},
                           {"LeftUpperArm", "Chest"}, {"LeftLowerArm", "LeftUpperArm"}, {"LeftHand", "LeftLowerArm"},
                           {"RightUpperArm", "Chest"}, {"RightLowerArm", "RightUpperArm"}, {"RightHand", "RightLowerArm"}};

// Named as Unreal rigs name them, which no automatic mapping by name finds (except the head).
const Hierarchy robot_bones{{"Robot", ""},          {"pelvis", "Robot"},      {"thigh_l", "pelvis"},   {"calf_l", "thigh_l"},   {"foot_l", "calf_l"},
                            {"thigh_r", "pelvis"},  {"calf_r", "thigh_r"},    {"foot_r", "calf_r"},    {"spine_01", "pelvis"},  {"neck_01", "spine_01"},
                            {"head", "neck_01"},    {"upperarm_l", "spine_01"}, {"lowerarm_l", "upperarm_l"}, {"hand_l", "lowerarm_l"},
                            {"upperarm_r", "spine_01"}, {"lowerarm_r", "upperarm_r"}, {"hand_r", "lowerarm_r"}};

// Every required human bone of the robot, with the left hand left for the caller.
constexpr const char* robot_body = R"("Hips":"pelvis","LeftUpperLeg":"thigh_l","LeftLowerLeg":"calf_l","LeftFoot":"foot_l",
"RightUpperLeg":"thigh_r","RightLowerLeg":"calf_r","RightFoot":"foot_r","Spine":"spine_01","Head":"head",
"LeftUpperArm":"upperarm_l","LeftLowerArm":"lowerarm_l","RightUpperArm":"upperarm_r","RightLowerArm":"lowerarm_r","RightHand":"hand_r")";

// A fixture that builds the hierarchy with object.create and imports it as the model at path.
std::string model_fixture(const std::string& path, const Hierarchy& hierarchy) {
    rapidjson::StringBuffer buffer;
    rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
    std::vector<std::pair<std::string, std::string>> scene_paths; // transform → its scene path.
    auto scene_path = [&](const std::string& name) {
        for (const auto& [known, path_of] : scene_paths)
            if (known == name)
                return path_of;
        return std::string();
    };
    writer.StartObject();
    writer.Key("calls");
    writer.StartArray();
    for (const auto& [name, parent] : hierarchy) {
        writer.StartObject();
        writer.Key("method");
        writer.String("object.create");
        writer.Key("params");
        writer.StartObject();
        writer.Key("name");
        writer.String(name.c_str());
        if (!parent.empty()) {
            writer.Key("parent");
            writer.StartObject();
            writer.Key("scenePath");
            writer.String(scene_path(parent).c_str());
            writer.EndObject();
        }
        writer.EndObject();
        writer.EndObject();
        scene_paths.emplace_back(name, scene_path(parent) + "/" + name);
    }
    writer.EndArray();
    writer.Key("models");
    writer.StartArray();
    writer.StartObject();
    writer.Key("path");
    writer.String(path.c_str());
    writer.Key("source");
    writer.String(("/" + hierarchy.front().first).c_str());
    writer.EndObject();
    writer.EndArray();
    writer.EndObject();
    return buffer.GetString();
}

constexpr const char* hero_path = R"({"path":"Assets/Models/Hero.fbx"})";
constexpr const char* robot_path = R"({"path":"Assets/Models/Robot.fbx"})";

class HumanoidAvatars : public uap::testing::AnimationStack {
protected:
    void SetUp() override {
        AnimationStack::SetUp();
        ASSERT_EQ(stack->load_fixture(model_fixture("Assets/Models/Hero.fbx", hero_bones)), "");
        ASSERT_EQ(stack->load_fixture(model_fixture("Assets/Models/Robot.fbx", robot_bones)), "");
    }
    // The transform the editor reads a human bone as mapped to ("null" when unmapped).
    std::string mapped(const rapidjson::Value& read, const std::string& bone) {
        for (const auto& entry : read["bones"].GetArray())
            if (entry["humanBone"].GetString() == bone)
                return entry["transform"].IsString() ? entry["transform"].GetString() : "null";
        return "no such bone";
    }
};

TEST_F(HumanoidAvatars, AutomaticMappingMakesAValidHumanoidThatTheEditorReadsBack) {
    auto before = editor("model.avatar.read", hero_path);
    ASSERT_TRUE(before.HasMember("animationType")) << editor_text("model.avatar.read", hero_path);
    EXPECT_EQ(text_at(before, "/animationType"), "Generic");
    EXPECT_EQ(before["missingRequired"].Size(), 15u);

    auto reply = ok("uap_avatar_configure", R"({"assetPath":"Assets/Models/Hero.fbx"})");
    EXPECT_EQ(text_at(reply.value, "/undoable"), "false");
    EXPECT_EQ(text_at(reply.value, "/mapping/LeftFoot"), "LeftFoot");

    auto model = editor("model.avatar.read", hero_path);
    EXPECT_EQ(text_at(model, "/animationType"), "Human");
    EXPECT_EQ(text_at(model, "/avatar/isValid"), "true");
    EXPECT_EQ(text_at(model, "/avatar/isHuman"), "true");
    EXPECT_EQ(model["missingRequired"].Size(), 0u);
    EXPECT_EQ(mapped(model, "Hips"), "Hips");
    EXPECT_EQ(mapped(model, "Neck"), "Neck");
    EXPECT_EQ(mapped(model, "Jaw"), "null");

    auto inspected = ok("uap_avatar_inspect", R"({"assetPath":"Assets/Models/Hero.fbx"})");
    EXPECT_EQ(text_at(inspected.value, "/avatar/isValid"), "true");
    EXPECT_EQ(inspected.value["transformCount"].GetInt(), static_cast<int>(hero_bones.size()));
}

TEST_F(HumanoidAvatars, AnExplicitMappingIsImportedAndEveryBoneReadsBack) {
    // Human bone names are matched without case or separators, as HumanTrait spells finger bones with spaces.
    auto reply = ok("uap_avatar_configure", std::string(R"({"assetPath":"Assets/Models/Robot.fbx","mapping":{)") + robot_body +
                                                R"(,"left_hand":"hand_l","Neck":"neck_01"}})");
    auto model = editor("model.avatar.read", robot_path);
    EXPECT_EQ(text_at(model, "/animationType"), "Human");
    EXPECT_EQ(text_at(model, "/avatar/isValid"), "true");
    EXPECT_EQ(text_at(model, "/avatar/isHuman"), "true");
    EXPECT_EQ(model["missingRequired"].Size(), 0u);
    EXPECT_EQ(mapped(model, "Hips"), "pelvis");
    EXPECT_EQ(mapped(model, "LeftHand"), "hand_l");
    EXPECT_EQ(mapped(model, "Neck"), "neck_01");
    EXPECT_EQ(mapped(model, "Chest"), "null");
    EXPECT_EQ(text_at(reply.value, "/mapping/RightLowerLeg"), "calf_r");
}

TEST_F(HumanoidAvatars, AutomaticMappingThatFindsNoRequiredBonesFailsNamingThem) {
    std::string text = refused("uap_avatar_configure", R"({"assetPath":"Assets/Models/Robot.fbx"})");
    for (const char* bone : {"Hips", "LeftUpperLeg", "RightHand", "Spine"})
        EXPECT_NE(text.find(bone), std::string::npos) << bone << " not named in: " << text;
    EXPECT_EQ(text.find("Head,"), std::string::npos) << "Head was mapped by name, yet named missing: " << text;
    EXPECT_NE(text.find("not undoable"), std::string::npos) << text;
    // The failure is reported, not hidden: the importer did change, and the Avatar it made is invalid.
    auto model = editor("model.avatar.read", robot_path);
    EXPECT_EQ(text_at(model, "/animationType"), "Human");
    EXPECT_EQ(text_at(model, "/avatar/isValid"), "false");
    EXPECT_EQ(mapped(model, "Head"), "head");
}

TEST_F(HumanoidAvatars, OneTransformGivenToTwoBonesIsRejectedByTheImportAndNamed) {
    std::string text = refused("uap_avatar_configure", std::string(R"({"assetPath":"Assets/Models/Robot.fbx","mapping":{)") + robot_body +
                                                           R"(,"LeftHand":"hand_l","Chest":"spine_01"}})");
    EXPECT_NE(text.find("'spine_01' is mapped to Spine, Chest"), std::string::npos) << text;
    EXPECT_NE(text.find("isValid false"), std::string::npos) << text;
    EXPECT_EQ(text_at(editor("model.avatar.read", robot_path), "/avatar/isValid"), "false");
}

TEST_F(HumanoidAvatars, ReplacingAnExistingHumanMappingNeedsOverwrite) {
    ok("uap_avatar_configure", R"({"assetPath":"Assets/Models/Hero.fbx"})");
    std::string text = refused("uap_avatar_configure", R"({"assetPath":"Assets/Models/Hero.fbx"})");
    EXPECT_NE(text.find("overwrite: true"), std::string::npos) << text;
    auto remapped = std::string(R"({"assetPath":"Assets/Models/Hero.fbx","overwrite":true,"mapping":{"Hips":"Hips","LeftUpperLeg":"LeftUpperLeg",
        "LeftLowerLeg":"LeftLowerLeg","LeftFoot":"LeftFoot","RightUpperLeg":"RightUpperLeg","RightLowerLeg":"RightLowerLeg","RightFoot":"RightFoot",
        "Spine":"Spine","Head":"Head","LeftUpperArm":"LeftUpperArm","LeftLowerArm":"LeftLowerArm","LeftHand":"LeftHand","RightUpperArm":"RightUpperArm",
        "RightLowerArm":"RightLowerArm","RightHand":"RightHand","UpperChest":"Chest"}})");
    ok("uap_avatar_configure", remapped);
    auto model = editor("model.avatar.read", hero_path);
    EXPECT_EQ(mapped(model, "UpperChest"), "Chest");
    EXPECT_EQ(mapped(model, "Chest"), "null"); // The automatic mapping was replaced, not merged.
    EXPECT_EQ(text_at(model, "/avatar/isValid"), "true");
}

TEST_F(HumanoidAvatars, BadRequestsAreRefusedAndTheModelIsUnchanged) {
    std::string before = editor_text("model.avatar.read", robot_path);
    struct Case {
        std::string arguments;
        const char* expected;
    };
    const std::string robot = R"({"assetPath":"Assets/Models/Robot.fbx","mapping":{)";
    const Case cases[] = {
        {robot + robot_body + "}}", "required human bones unmapped: LeftHand"},
        {robot + robot_body + R"(,"LeftHand":"hand_l","LeftElbow":"lowerarm_l"}})", "'LeftElbow', which is not a human bone"},
        {robot + robot_body + R"(,"LeftHand":"hand_L"}})", "'hand_L', which the model does not have (close matches: 'hand_l'"},
        {robot + robot_body + R"(,"LeftHand":"hand_l","lefthand":"hand_l"}})", "LeftHand twice"},
        {robot + R"("Hips":""}})", "minLength"},
        {robot + R"("Hips":7}})", "mapping"},
        {R"({"assetPath":"Assets/Models/Robot.fbx","rig":"Human"})", "'/rig' breaks the rule 'additionalProperties'"},
        {R"({"assetPath":"Assets/Materials/Red.mat"})", "is not a model file"},
        {R"({"assetPath":"Assets/Models/Ghost.fbx"})", "no asset at 'Assets/Models/Ghost.fbx'"},
        {R"({"assetPath":"Assets/../Robot.fbx"})", "assetPath"},
        {R"({"assetPath":"Packages/com.acme/Robot.fbx"})", "assetPath"},
        {R"({"mapping":{"Hips":"pelvis"}})", "assetPath"},
    };
    for (const auto& each : cases) {
        std::string text = refused("uap_avatar_configure", each.arguments);
        EXPECT_NE(text.find(each.expected), std::string::npos) << each.arguments << " -> " << text;
        EXPECT_EQ(editor_text("model.avatar.read", robot_path), before) << each.arguments;
    }
    std::string oversized = R"({"assetPath":"Assets/Models/Robot.fbx","mapping":{)";
    for (int index = 0; index < 65; ++index)
        oversized += (index ? "," : "") + std::string(R"("Bone)") + std::to_string(index) + R"(":"pelvis")";
    std::string text = refused("uap_avatar_configure", oversized + "}}");
    EXPECT_NE(text.find("maxProperties"), std::string::npos) << text.substr(0, 300);
    EXPECT_EQ(editor_text("model.avatar.read", robot_path), before);
}

TEST_F(HumanoidAvatars, ThePrimitivesRefuseWhatTheToolWouldHaveCaught) {
    std::string before = editor_text("model.avatar.read", robot_path);
    EXPECT_NE(editor_text("model.avatar.configure", R"({"path":"Assets/Materials/Red.mat"})").find("type_mismatch"), std::string::npos);
    EXPECT_NE(editor_text("model.avatar.configure", R"({"path":"Assets/Models/Robot.fbx","mapping":[{"humanBone":"Tail","transform":"pelvis"}]})")
                  .find("not a human bone"),
              std::string::npos);
    EXPECT_NE(editor_text("model.avatar.configure", R"({"path":"Assets/Models/Robot.fbx","mapping":[{"humanBone":"Hips","transform":"Pelvis"}]})")
                  .find("no transform named 'Pelvis'"),
              std::string::npos);
    EXPECT_EQ(editor_text("model.avatar.read", robot_path), before);
}

TEST_F(HumanoidAvatars, InspectReadsAGenericModelWithEveryRequiredBoneMissing) {
    auto inspected = ok("uap_avatar_inspect", R"({"assetPath":"Assets/Models/Rock.fbx"})");
    EXPECT_EQ(text_at(inspected.value, "/animationType"), "Generic");
    EXPECT_EQ(text_at(inspected.value, "/avatar/isHuman"), "false");
    EXPECT_EQ(inspected.value["bones"].Size(), 55u);
    EXPECT_EQ(inspected.value["missingRequired"].Size(), 15u);
    EXPECT_EQ(text_at(inspected.value, "/transforms/0"), "Rock");
    EXPECT_NE(refused("uap_avatar_inspect", R"({"assetPath":"Assets/Animations/Rock.anim"})").find("not a model file"), std::string::npos);
}

} // namespace

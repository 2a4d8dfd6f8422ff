// uap_anim_create_clip and uap_anim_inspect_clip: a clip with float curves, an object-reference curve,
// settings and events written and read back straight from the editor; overwrite keeping the GUID; and
// the refusals (unsorted or duplicate key times, values a float cannot hold, unknown component types,
// paths outside Assets/ or of another kind, existing clips, oversized and wrong-typed input), each of
// which leaves the project's assets as they were.
#include "animation_stack.hpp"

#include <string>

namespace {

using uap::testing::number_at;
using uap::testing::text_at;

constexpr const char* walk_clip = R"({"assetPath":"Assets/Animations/Bob.anim","frameRate":30,"loopTime":true,
"curves":[
  {"path":"","type":"Transform","propertyName":"m_LocalPosition.y","keys":[{"time":0,"value":1,"inTangent":0,"outTangent":2},{"time":0.5,"value":2},{"time":1,"value":1.25}]},
  {"path":"Lamp","type":"UnityEngine.Light","propertyName":"m_Intensity","keys":[{"time":0,"value":0.1},{"time":2,"value":3.5}]}],
"objectCurves":[
  {"path":"Body","type":"MeshRenderer","propertyName":"m_Materials.Array.data[0]","keys":[{"time":0,"assetPath":"Assets/Materials/Red.mat"},{"time":0.75,"assetPath":"Assets/Materials/Red.mat"}]}],
"events":[{"time":0.9,"functionName":"Footstep","intParameter":2},{"time":0.2,"functionName":"Footstep","stringParameter":"left","floatParameter":0.5}]})";

class AnimationClips : public uap::testing::AnimationStack {};

TEST_F(AnimationClips, CreateClipWritesCurvesSettingsAndEventsThatTheEditorReadsBack) {
    auto reply = ok("uap_anim_create_clip", walk_clip);
    EXPECT_EQ(text_at(reply.value, "/created"), "true");
    EXPECT_EQ(text_at(reply.value, "/undoable"), "false");

    // The separate read: the editor's own answer, not the tool's.
    auto clip = editor("animation.clip.read", R"({"path":"Assets/Animations/Bob.anim"})");
    ASSERT_TRUE(clip.HasMember("curves")) << editor_text("animation.clip.read", R"({"path":"Assets/Animations/Bob.anim"})");
    EXPECT_EQ(number_at(clip, "/frameRate"), 30);
    EXPECT_EQ(text_at(clip, "/loopTime"), "true");
    EXPECT_EQ(number_at(clip, "/length"), 2); // The last key of any curve.
    ASSERT_EQ(clip["curves"].Size(), 2u);
    EXPECT_EQ(text_at(clip, "/curves/0/type"), "UnityEngine.Transform");
    EXPECT_EQ(text_at(clip, "/curves/0/propertyName"), "m_LocalPosition.y");
    EXPECT_EQ(number_at(clip, "/curves/0/keyCount"), 3);
    EXPECT_EQ(number_at(clip, "/curves/0/keys/0/outTangent"), 2);
    EXPECT_EQ(number_at(clip, "/curves/0/keys/2/value"), 1.25);
    EXPECT_EQ(text_at(clip, "/curves/1/path"), "Lamp");
    EXPECT_FLOAT_EQ(static_cast<float>(number_at(clip, "/curves/1/keys/0/value")), 0.1f);
    ASSERT_EQ(clip["objectCurves"].Size(), 1u);
    EXPECT_EQ(text_at(clip, "/objectCurves/0/keys/1/assetPath"), "Assets/Materials/Red.mat");
    EXPECT_EQ(text_at(clip, "/objectCurves/0/keys/1/objectType"), "Material");
    // Events come back in time order, as Unity keeps them.
    ASSERT_EQ(clip["events"].Size(), 2u);
    EXPECT_EQ(text_at(clip, "/events/0/stringParameter"), "left");
    EXPECT_EQ(number_at(clip, "/events/0/floatParameter"), 0.5);
    EXPECT_EQ(number_at(clip, "/events/1/intParameter"), 2);
    EXPECT_EQ(animation_assets("AnimationClip"), 1);
    EXPECT_EQ(text_at(reply.value, "/guid"), text_at(clip, "/guid"));
}

TEST_F(AnimationClips, InspectClipReportsWhatTheEditorStores) {
    ok("uap_anim_create_clip", walk_clip);
    auto inspected = ok("uap_anim_inspect_clip", R"({"assetPath":"Assets/Animations/Bob.anim","keyLimit":1})");
    auto stored = editor("animation.clip.read", R"({"path":"Assets/Animations/Bob.anim","keyLimit":1})");
    for (const char* pointer : {"/guid", "/frameRate", "/length", "/loopTime", "/curves/0/keyCount", "/curves/0/keys/0/value", "/events/1/functionName"})
        EXPECT_EQ(text_at(inspected.value, pointer), text_at(stored, pointer)) << pointer;
    // keyLimit bounds the keys listed, never the count.
    EXPECT_EQ(inspected.value["curves"][0]["keys"].Size(), 1u);
    EXPECT_EQ(number_at(inspected.value, "/curves/0/keyCount"), 3);

    auto missing = refused("uap_anim_inspect_clip", R"({"assetPath":"Assets/Animations/Nope.anim"})");
    EXPECT_NE(missing.find("no AnimationClip at 'Assets/Animations/Nope.anim'"), std::string::npos) << missing;
    auto wrong_kind = refused("uap_anim_inspect_clip", R"({"assetPath":"Assets/Materials/Red.mat"})");
    EXPECT_NE(wrong_kind.find("must end in .anim"), std::string::npos) << wrong_kind;
}

TEST_F(AnimationClips, OverwriteReplacesTheClipAndKeepsItsGuidOnlyWhenAsked) {
    auto first = ok("uap_anim_create_clip", walk_clip);
    std::string replacement = R"({"assetPath":"Assets/Animations/Bob.anim","curves":[{"path":"","type":"Transform","propertyName":"m_LocalScale.x","keys":[{"time":0,"value":1}]}]})";
    auto text = refused("uap_anim_create_clip", replacement);
    EXPECT_NE(text.find("already exists"), std::string::npos) << text;
    EXPECT_NE(text.find("overwrite: true"), std::string::npos) << text;
    EXPECT_NE(text.find("nothing was changed"), std::string::npos) << text;
    auto kept = editor("animation.clip.read", R"({"path":"Assets/Animations/Bob.anim"})");
    EXPECT_EQ(kept["curves"].Size(), 2u);

    replacement.insert(replacement.size() - 1, R"(,"overwrite":true)");
    auto second = ok("uap_anim_create_clip", replacement);
    EXPECT_EQ(text_at(second.value, "/created"), "false");
    auto replaced = editor("animation.clip.read", R"({"path":"Assets/Animations/Bob.anim"})");
    ASSERT_EQ(replaced["curves"].Size(), 1u);
    EXPECT_EQ(text_at(replaced, "/curves/0/propertyName"), "m_LocalScale.x");
    EXPECT_EQ(replaced["events"].Size(), 0u);
    EXPECT_EQ(text_at(replaced, "/loopTime"), "false");
    EXPECT_EQ(text_at(replaced, "/guid"), text_at(first.value, "/guid"));
    EXPECT_EQ(animation_assets("AnimationClip"), 1);
}

// Each refusal names what was refused and what fixes it, and no clip appears.
TEST_F(AnimationClips, BadCurvesAreRefusedAndNothingIsWritten) {
    struct Case {
        const char* arguments;
        const char* expected;
    };
    const Case cases[] = {
        {R"({"assetPath":"Assets/Animations/A.anim","curves":[{"path":"","type":"Transform","propertyName":"m_LocalPosition.x","keys":[{"time":1,"value":0},{"time":0.5,"value":1}]}]})",
         "curves[0].keys[1].time (0.500000) must be greater than curves[0].keys[0].time"},
        {R"({"assetPath":"Assets/Animations/A.anim","curves":[{"path":"","type":"Transform","propertyName":"m_LocalPosition.x","keys":[{"time":0,"value":0},{"time":0,"value":1}]}]})",
         "one key per time"},
        {R"({"assetPath":"Assets/Animations/A.anim","curves":[{"path":"","type":"Transform","propertyName":"m_LocalPosition.x","keys":[{"time":0,"value":1e39}]}]})",
         "curves[0].keys[0].value"},
        {R"({"assetPath":"Assets/Animations/A.anim","curves":[{"path":"","type":"Transform","propertyName":"m_LocalPosition.x","keys":[{"time":0,"value":0,"outTangent":-1e300}]}]})",
         "does not fit a 32-bit float"},
        {R"({"assetPath":"Assets/Animations/A.anim","curves":[{"path":"","type":"Hovercraft","propertyName":"m_Lift","keys":[{"time":0,"value":0}]}]})",
         "no component type named 'Hovercraft'"},
        {R"({"assetPath":"Assets/Animations/A.anim","curves":[{"path":"","type":"Transform","propertyName":"m_LocalPosition.x","keys":[{"time":0,"value":0}]},{"path":"","type":"Transform","propertyName":"m_LocalPosition.x","keys":[{"time":1,"value":0}]}]})",
         "a second time"},
        {R"({"assetPath":"Assets/Animations/A.anim","objectCurves":[{"path":"","type":"MeshRenderer","propertyName":"m_Materials.Array.data[0]","keys":[{"time":0,"assetPath":"Assets/Materials/Gone.mat"}]}]})",
         "no asset at 'Assets/Materials/Gone.mat'"},
        {R"({"assetPath":"Assets/Animations/A.anim","events":[{"time":0,"functionName":"Hit","floatParameter":1e39}]})", "events[0].floatParameter"},
        {R"({"assetPath":"Assets/Animations/A.anim","frameRate":0})", "minimum"},
        {R"({"assetPath":"Assets/Animations/A.anim","curves":[{"path":"","type":"Transform","propertyName":"m_LocalPosition.x","keys":[{"time":-1,"value":0}]}]})", "minimum"},
        {R"({"assetPath":"Assets/Animations/A.anim","curves":[{"path":"","type":"Transform","propertyName":"m_LocalPosition.x","keys":[]}]})", "minItems"},
        {R"({"assetPath":"Assets/Animations/A.anim","curves":"all of them"})", "curves"},
        {R"({"assetPath":"Assets/Animations/A.anim","curves":[{"path":"","type":"Transform","propertyName":"x","keys":[{"time":0,"value":"1"}]}]})", "value"},
        {R"({"assetPath":"Assets/Animations/A.anim","speed":2})", "speed"},
        {R"({"curves":[]})", "assetPath"},
        {R"({"assetPath":7})", "assetPath"},
        {R"({"assetPath":"Assets/Animations/A.controller"})", "must end in .anim"},
        {R"({"assetPath":"Assets/../../outside.anim"})", "assetPath"},
        {R"({"assetPath":"/etc/passwd.anim"})", "assetPath"},
        {R"({"assetPath":"Packages/com.x/A.anim"})", "assetPath"},
        {R"({"assetPath":"Assets/NoSuchFolder/A.anim"})", "folder 'Assets/NoSuchFolder' does not exist"},
    };
    for (const auto& each : cases) {
        std::string text = refused("uap_anim_create_clip", each.arguments);
        EXPECT_NE(text.find(each.expected), std::string::npos) << each.arguments << " -> " << text;
    }
    EXPECT_EQ(animation_assets("AnimationClip"), 0);
    EXPECT_EQ(editor("asset.find", R"({"filter":"t:AnimationClip"})")["total"].GetInt(), 0);
}

TEST_F(AnimationClips, OversizedClipsAreRefusedWithTheBound) {
    // One curve over the 1,000 keys a curve may have.
    std::string keys;
    for (int index = 0; index < 1001; ++index)
        keys += (index ? "," : "") + std::string(R"({"time":)") + std::to_string(index) + R"(,"value":0})";
    std::string one_curve = R"({"assetPath":"Assets/Animations/Big.anim","curves":[{"path":"","type":"Transform","propertyName":"m_LocalPosition.x","keys":[)" + keys + "]}]}";
    auto text = refused("uap_anim_create_clip", one_curve);
    EXPECT_NE(text.find("maxItems"), std::string::npos) << text.substr(0, 300);

    // 21 curves of 1,000 keys: each within its bound, the clip over the 20,000 keys one call may write.
    keys = keys.substr(0, keys.rfind(",{"));
    std::string curves;
    for (int index = 0; index < 21; ++index)
        curves += (index ? "," : "") + std::string(R"({"path":"Bone)") + std::to_string(index) +
                  R"(","type":"Transform","propertyName":"m_LocalPosition.x","keys":[)" + keys + "]}";
    text = refused("uap_anim_create_clip", R"({"assetPath":"Assets/Animations/Big.anim","curves":[)" + curves + "]}");
    EXPECT_NE(text.find("21000 keys, more than the 20000"), std::string::npos) << text.substr(0, 300);
    EXPECT_EQ(animation_assets("AnimationClip"), 0);
}

TEST_F(AnimationClips, TheToolsAreFoundBySearchWithTheirTraits) {
    auto found = ok("uap_tool_search", R"({"query":"アニメーション クリップ"})");
    bool create_found = false;
    for (const auto& match : found.value["matches"].GetArray()) {
        if (std::string(match["tool"].GetString()) != "uap_anim_create_clip")
            continue;
        create_found = true;
        EXPECT_EQ(std::string(match["area"].GetString()), "uap.pro.animation");
        EXPECT_FALSE(match["traits"]["undoable"].GetBool());
        EXPECT_FALSE(match["traits"]["readOnly"].GetBool());
        EXPECT_TRUE(match["traits"]["destructive"].GetBool());
    }
    EXPECT_TRUE(create_found) << found.text.substr(0, 600);

    // "パラメーター" is in no keyword of the pack: it is found through the animator tools' descriptions.
    auto by_description = ok("uap_tool_search", R"({"query":"パラメーター"})");
    bool edit_found = false;
    for (const auto& match : by_description.value["matches"].GetArray())
        edit_found = edit_found || std::string(match["tool"].GetString()) == "uap_animator_edit";
    EXPECT_TRUE(edit_found) << by_description.text.substr(0, 600);
}

} // namespace

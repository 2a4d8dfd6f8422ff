// uap_animator_edit and uap_animator_inspect: a controller created with parameters, clip states, a 1D
// blend tree, transitions with conditions and a default state, then a second edit adding a layer and
// an Any State transition, all read back straight from the editor; and the refusals (unknown states and
// parameters, conditions that do not fit their parameter, motions that are not clips, create and
// overwrite misuse, paths of another kind, oversized input), each leaving the controller as it was.
#include "animation_stack.hpp"

#include <string>

namespace {

using uap::testing::number_at;
using uap::testing::text_at;

constexpr const char* controller_path = R"({"path":"Assets/Animations/Hero.controller"})";

constexpr const char* hero = R"({"assetPath":"Assets/Animations/Hero.controller","create":true,
"parameters":[{"name":"Speed","type":"Float","default":0.5},{"name":"Grounded","type":"Bool","default":true},{"name":"Jump","type":"Trigger"},{"name":"Combo","type":"Int","default":2}],
"states":[{"name":"Idle","motion":"Assets/Animations/Idle.anim"},
          {"name":"Locomotion","blendTree":{"blendType":"Simple1D","parameter":"Speed","children":[{"motion":"Assets/Animations/Walk.anim","threshold":0},{"motion":"Assets/Animations/Run.anim","threshold":1}]}},
          {"name":"Jump","motion":"Assets/Animations/Jump.anim","speed":1.5}],
"transitions":[{"from":"Idle","to":"Locomotion","duration":0.1,"conditions":[{"mode":"Greater","parameter":"Speed","threshold":0.1}]},
               {"from":"Locomotion","to":"Idle","hasExitTime":true,"exitTime":0.9,"conditions":[{"mode":"Less","parameter":"Speed","threshold":0.1},{"mode":"If","parameter":"Grounded"}]},
               {"from":"Any","to":"Jump","conditions":[{"mode":"If","parameter":"Jump"}]}]})";

class AnimatorControllers : public uap::testing::AnimationStack {
protected:
    void SetUp() override {
        AnimationStack::SetUp();
        for (const char* name : {"Idle", "Walk", "Run", "Jump"})
            ok("uap_anim_create_clip", std::string(R"({"assetPath":"Assets/Animations/)") + name +
                                           R"(.anim","loopTime":true,"curves":[{"path":"","type":"Transform","propertyName":"m_LocalPosition.y","keys":[{"time":0,"value":0},{"time":1,"value":0}]}]})");
    }
};

TEST_F(AnimatorControllers, EditCreatesParametersStatesBlendTreeAndTransitionsThatTheEditorReadsBack) {
    auto reply = ok("uap_animator_edit", hero);
    EXPECT_EQ(text_at(reply.value, "/created"), "true");
    EXPECT_EQ(text_at(reply.value, "/undoable"), "false");

    auto controller = editor("animator.read", controller_path);
    ASSERT_TRUE(controller.HasMember("layers")) << editor_text("animator.read", controller_path);
    ASSERT_EQ(controller["parameters"].Size(), 4u);
    EXPECT_EQ(text_at(controller, "/parameters/0/type"), "Float");
    EXPECT_EQ(number_at(controller, "/parameters/0/default"), 0.5);
    EXPECT_EQ(text_at(controller, "/parameters/1/default"), "true");
    EXPECT_EQ(text_at(controller, "/parameters/2/type"), "Trigger");
    EXPECT_EQ(number_at(controller, "/parameters/3/default"), 2);
    ASSERT_EQ(controller["layers"].Size(), 1u);
    EXPECT_EQ(text_at(controller, "/layers/0/name"), "Base Layer");
    // The first state added becomes the default, as in Unity.
    EXPECT_EQ(text_at(controller, "/layers/0/defaultState"), "Idle");
    ASSERT_EQ(controller["layers"][0]["states"].Size(), 3u);
    EXPECT_EQ(text_at(controller, "/layers/0/states/0/motion"), "Assets/Animations/Idle.anim");
    EXPECT_EQ(text_at(controller, "/layers/0/states/1/blendTree/blendType"), "Simple1D");
    EXPECT_EQ(text_at(controller, "/layers/0/states/1/blendTree/children/1/motion"), "Assets/Animations/Run.anim");
    EXPECT_EQ(number_at(controller, "/layers/0/states/1/blendTree/children/1/threshold"), 1);
    EXPECT_EQ(number_at(controller, "/layers/0/states/2/speed"), 1.5);
    EXPECT_EQ(text_at(controller, "/layers/0/states/0/transitions/0/to"), "Locomotion");
    EXPECT_EQ(text_at(controller, "/layers/0/states/0/transitions/0/conditions/0/mode"), "Greater");
    EXPECT_FLOAT_EQ(static_cast<float>(number_at(controller, "/layers/0/states/0/transitions/0/duration")), 0.1f);
    EXPECT_EQ(text_at(controller, "/layers/0/states/1/transitions/0/hasExitTime"), "true");
    EXPECT_EQ(text_at(controller, "/layers/0/states/1/transitions/0/conditions/1/parameter"), "Grounded");
    EXPECT_EQ(text_at(controller, "/layers/0/anyStateTransitions/0/to"), "Jump");
    EXPECT_EQ(animation_assets("AnimatorController"), 1);
}

TEST_F(AnimatorControllers, ASecondEditAddsALayerAndChangesTheDefaultStateKeepingTheRest) {
    ok("uap_animator_edit", hero);
    ok("uap_animator_edit", R"({"assetPath":"Assets/Animations/Hero.controller","layers":[{"name":"Upper Body"}],
        "parameters":[{"name":"Speed","type":"Float"},{"name":"Aim","type":"Float"}],
        "states":[{"layer":"Upper Body","name":"Wave","motion":"Assets/Animations/Idle.anim"},{"name":"Jump","default":true},
                  {"layer":"Upper Body","name":"Strafe","blendTree":{"blendType":"SimpleDirectional2D","parameter":"Speed","parameterY":"Aim",
                   "children":[{"motion":"Assets/Animations/Walk.anim","position":[0,1]},{"motion":"Assets/Animations/Run.anim","position":[1,0]}]}}],
        "transitions":[{"layer":"Upper Body","from":"Wave","to":"Strafe","conditions":[{"mode":"Greater","parameter":"Aim","threshold":0.5}]}]})");
    auto controller = editor("animator.read", controller_path);
    ASSERT_EQ(controller["layers"].Size(), 2u);
    EXPECT_EQ(controller["parameters"].Size(), 5u); // Speed kept once, Aim added.
    EXPECT_EQ(text_at(controller, "/layers/0/defaultState"), "Jump");
    EXPECT_EQ(controller["layers"][0]["states"].Size(), 3u);
    EXPECT_EQ(number_at(controller, "/layers/0/states/2/speed"), 1.5); // Jump's speed kept.
    EXPECT_EQ(text_at(controller, "/layers/1/name"), "Upper Body");
    EXPECT_EQ(text_at(controller, "/layers/1/defaultState"), "Wave");
    EXPECT_EQ(number_at(controller, "/layers/1/states/1/blendTree/children/0/position/1"), 1);
    EXPECT_EQ(text_at(controller, "/layers/1/states/0/transitions/0/to"), "Strafe");

    auto inspected = ok("uap_animator_inspect", R"({"assetPath":"Assets/Animations/Hero.controller"})");
    for (const char* pointer : {"/guid", "/layers/1/states/1/blendTree/parameterY", "/layers/0/anyStateTransitions/0/to", "/parameters/4/name"})
        EXPECT_EQ(text_at(inspected.value, pointer), text_at(controller, pointer)) << pointer;
}

TEST_F(AnimatorControllers, BadEditsAreRefusedAndTheControllerIsUnchanged) {
    ok("uap_animator_edit", hero);
    std::string before = editor_text("animator.read", controller_path);
    struct Case {
        const char* arguments;
        const char* expected;
    };
    const Case cases[] = {
        {R"({"assetPath":"Assets/Animations/Hero.controller","states":[{"name":"Fall"}],"transitions":[{"from":"Idle","to":"Flying"}]})",
         "transitions[0].to: layer 'Base Layer' has no state named 'Flying'"},
        {R"({"assetPath":"Assets/Animations/Hero.controller","transitions":[{"from":"Nowhere","to":"Idle"}]})", "transitions[0].from"},
        {R"({"assetPath":"Assets/Animations/Hero.controller","transitions":[{"from":"Idle","to":"Jump","conditions":[{"mode":"If","parameter":"Crouch"}]}]})",
         "no parameter named 'Crouch'"},
        {R"({"assetPath":"Assets/Animations/Hero.controller","transitions":[{"from":"Idle","to":"Jump","conditions":[{"mode":"Greater","parameter":"Grounded","threshold":1}]}]})",
         "Greater does not fit the Bool parameter 'Grounded'"},
        {R"({"assetPath":"Assets/Animations/Hero.controller","transitions":[{"from":"Idle","to":"Jump","conditions":[{"mode":"Equals","parameter":"Speed","threshold":1}]}]})",
         "Equals does not fit the Float parameter 'Speed'"},
        {R"({"assetPath":"Assets/Animations/Hero.controller","transitions":[{"from":"Idle","to":"Jump","conditions":[{"mode":"Above","parameter":"Speed"}]}]})", "mode"},
        {R"({"assetPath":"Assets/Animations/Hero.controller","states":[{"name":"Shiny","motion":"Assets/Materials/Red.mat"}]})", "not an AnimationClip"},
        {R"({"assetPath":"Assets/Animations/Hero.controller","states":[{"name":"Ghost","motion":"Assets/Animations/Ghost.anim"}]})", "no asset at 'Assets/Animations/Ghost.anim'"},
        {R"({"assetPath":"Assets/Animations/Hero.controller","states":[{"name":"Blend","blendTree":{"blendType":"Simple1D","parameter":"Combo","children":[{"motion":"Assets/Animations/Run.anim"}]}}]})",
         "blend trees take Float parameters"},
        {R"({"assetPath":"Assets/Animations/Hero.controller","states":[{"name":"Blend","blendTree":{"blendType":"FreeformCartesian2D","parameter":"Speed","children":[{"motion":"Assets/Animations/Run.anim","position":[0,0]}]}}]})",
         "parameterY is needed"},
        {R"({"assetPath":"Assets/Animations/Hero.controller","states":[{"layer":"Legs","name":"Kick"}]})", "no layer named 'Legs'"},
        {R"({"assetPath":"Assets/Animations/Hero.controller","parameters":[{"name":"Speed","type":"Int"}]})", "exists as a Float parameter"},
        {R"({"assetPath":"Assets/Animations/Hero.controller","parameters":[{"name":"Run","type":"Bool","default":3}]})", "default does not fit"},
        {R"({"assetPath":"Assets/Animations/Hero.controller","create":true})", "Leave out create"},
        {R"({"assetPath":"Assets/Animations/Hero.controller","overwrite":true})", "pass create: true"},
        {R"({"assetPath":"Assets/Animations/Hero.controller","states":"Idle"})", "states"},
        {R"({"assetPath":"Assets/Animations/Hero.controller","states":[{"name":"Idle","motion":"Assets/Animations/Idle.anim","loop":true}]})", "loop"},
        {R"({"assetPath":"Assets/Animations/Hero.anim"})", "must end in .controller"},
        {R"({"assetPath":"Assets/../Hero.controller"})", "assetPath"},
        {R"({"create":true})", "assetPath"},
    };
    for (const auto& each : cases) {
        std::string text = refused("uap_animator_edit", each.arguments);
        EXPECT_NE(text.find(each.expected), std::string::npos) << each.arguments << " -> " << text;
        EXPECT_EQ(editor_text("animator.read", controller_path), before) << each.arguments;
    }
    std::string states;
    for (int index = 0; index < 65; ++index)
        states += (index ? "," : "") + std::string(R"({"name":"S)") + std::to_string(index) + R"("})";
    std::string text = refused("uap_animator_edit", R"({"assetPath":"Assets/Animations/Hero.controller","states":[)" + states + "]}");
    EXPECT_NE(text.find("maxItems"), std::string::npos) << text.substr(0, 300);
    EXPECT_EQ(editor_text("animator.read", controller_path), before);
}

TEST_F(AnimatorControllers, CreateNeedsOverwriteToResetAndAMissingControllerNeedsCreate) {
    auto missing = refused("uap_animator_edit", R"({"assetPath":"Assets/Animations/Hero.controller","parameters":[{"name":"Speed","type":"Float"}]})");
    EXPECT_NE(missing.find("pass create"), std::string::npos) << missing;
    EXPECT_EQ(animation_assets("AnimatorController"), 0);
    ok("uap_animator_edit", hero);
    std::string guid = text_at(editor("animator.read", controller_path), "/guid");
    ok("uap_animator_edit", R"({"assetPath":"Assets/Animations/Hero.controller","create":true,"overwrite":true,"states":[{"name":"Rest"}]})");
    auto controller = editor("animator.read", controller_path);
    EXPECT_EQ(controller["parameters"].Size(), 0u);
    ASSERT_EQ(controller["layers"][0]["states"].Size(), 1u);
    EXPECT_EQ(text_at(controller, "/layers/0/states/0/motion"), "null");
    EXPECT_EQ(text_at(controller, "/layers/0/defaultState"), "Rest");
    EXPECT_EQ(text_at(controller, "/guid"), guid);

    auto inspect_missing = refused("uap_animator_inspect", R"({"assetPath":"Assets/Animations/None.controller"})");
    EXPECT_NE(inspect_missing.find("no AnimatorController"), std::string::npos) << inspect_missing;
    auto inspect_unknown = refused("uap_animator_inspect", R"({"assetPath":"Assets/Animations/Hero.controller","layer":"Base"})");
    EXPECT_NE(inspect_unknown.find("layer"), std::string::npos) << inspect_unknown;
}

} // namespace

// The simulator's model of animation assets: an AnimationClip's curves, settings and events, and an
// AnimatorController's parameters, layers, states, blend trees and transitions, stored on their Asset.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace uap::editor_sim {

// Unity stores curve keys, settings and event parameters as 32-bit floats; so does the model, so a value
// read back is the value Unity would read back.
struct CurveBinding {
    std::string path;          // Relative to the animated root; empty for the root itself.
    std::string type;          // Full type name ("UnityEngine.Transform", "UnityEngine.GameObject").
    std::string property_name; // "m_LocalPosition.x".
};

struct FloatKey {
    float time = 0;
    float value = 0;
    float in_tangent = 0;
    float out_tangent = 0;
};

struct ObjectKey {
    float time = 0;
    std::string asset_path;
    std::string sub_asset;   // Empty: the asset's main object.
    std::string object_type; // What the key references (the asset's kind or the sub-asset's type).
};

struct FloatCurve {
    CurveBinding binding;
    std::vector<FloatKey> keys;
};

struct ObjectCurve {
    CurveBinding binding;
    std::vector<ObjectKey> keys;
};

struct ClipEvent {
    float time = 0;
    std::string function_name;
    std::string string_parameter;
    float float_parameter = 0;
    int int_parameter = 0;
};

struct AnimationClipData {
    float frame_rate = 60; // new AnimationClip()'s frame rate.
    bool loop_time = false;
    std::vector<FloatCurve> curves;
    std::vector<ObjectCurve> object_curves;
    std::vector<ClipEvent> events;

    // The time of the last key of any curve, as AnimationClip.length reports it (0 without keys).
    float length() const;
};

struct ControllerParameter {
    std::string name;
    std::string type; // Float, Int, Bool, Trigger.
    float default_float = 0;
    int default_int = 0;
    bool default_bool = false;
};

struct TransitionCondition {
    std::string mode; // If, IfNot, Greater, Less, Equals, NotEqual.
    std::string parameter;
    float threshold = 0;
};

struct StateTransition {
    std::string destination;
    bool has_exit_time = false;
    float exit_time = 0.75f;
    float duration = 0.25f;
    std::vector<TransitionCondition> conditions;
};

struct BlendChild {
    std::string motion; // An AnimationClip asset path.
    float threshold = 0;
    float x = 0;
    float y = 0;
};

struct BlendTreeData {
    std::string blend_type; // Simple1D, SimpleDirectional2D, FreeformDirectional2D, FreeformCartesian2D.
    std::string parameter;
    std::string parameter_y;
    std::vector<BlendChild> children;
};

struct ControllerState {
    std::string name;
    std::string motion; // An AnimationClip asset path; empty with a blend tree or no motion.
    std::optional<BlendTreeData> blend_tree;
    float speed = 1;
    std::vector<StateTransition> transitions;
};

struct ControllerLayer {
    std::string name;
    std::vector<ControllerState> states;
    std::string default_state; // Empty: none.
    std::vector<StateTransition> any_state_transitions;

    ControllerState* find_state(const std::string& state_name);
};

struct AnimatorControllerData {
    std::vector<ControllerParameter> parameters;
    std::vector<ControllerLayer> layers;

    const ControllerParameter* find_parameter(const std::string& name) const;
    ControllerLayer* find_layer(const std::string& name);
};

// A model's rig as its ModelImporter holds it (model.avatar.*): the animation type, the human bone map
// the importer's humanDescription holds, and the Avatar sub-asset the last import made from them.
struct ModelRig {
    std::string animation_type = "Generic"; // ModelImporterAnimationType: None, Legacy, Generic, Human.
    std::vector<std::pair<std::string, std::string>> human_bones; // (human bone, model transform), as requested.
    bool has_avatar = true; // A Generic import makes a generic Avatar.
    bool avatar_valid = true;
    bool avatar_human = false;
};

// Whether a condition mode fits a parameter type, as the Animator window offers them: Float takes
// Greater and Less, Int also Equals and NotEqual, Bool If and IfNot, Trigger only If.
bool condition_fits(const std::string& mode, const std::string& parameter_type);

} // namespace uap::editor_sim

// Lookups and rules of the simulator's animation asset model (animation_assets.hpp).
#include "animation_assets.hpp"

#include <algorithm>

namespace uap::editor_sim {

float AnimationClipData::length() const {
    float last = 0;
    for (const auto& curve : curves)
        if (!curve.keys.empty())
            last = std::max(last, curve.keys.back().time);
    for (const auto& curve : object_curves)
        if (!curve.keys.empty())
            last = std::max(last, curve.keys.back().time);
    return last;
}

ControllerState* ControllerLayer::find_state(const std::string& state_name) {
    auto found = std::find_if(states.begin(), states.end(), [&](const ControllerState& state) { return state.name == state_name; });
    return found == states.end() ? nullptr : &*found;
}

const ControllerParameter* AnimatorControllerData::find_parameter(const std::string& name) const {
    auto found = std::find_if(parameters.begin(), parameters.end(), [&](const ControllerParameter& parameter) { return parameter.name == name; });
    return found == parameters.end() ? nullptr : &*found;
}

ControllerLayer* AnimatorControllerData::find_layer(const std::string& name) {
    auto found = std::find_if(layers.begin(), layers.end(), [&](const ControllerLayer& layer) { return layer.name == name; });
    return found == layers.end() ? nullptr : &*found;
}

bool condition_fits(const std::string& mode, const std::string& parameter_type) {
    if (parameter_type == "Float")
        return mode == "Greater" || mode == "Less";
    if (parameter_type == "Int")
        return mode == "Greater" || mode == "Less" || mode == "Equals" || mode == "NotEqual";
    if (parameter_type == "Bool")
        return mode == "If" || mode == "IfNot";
    return parameter_type == "Trigger" && mode == "If";
}

} // namespace uap::editor_sim

// Humanoid rules of the simulator (avatar_rules.hpp), taken from Unity's C# reference source.
#include "avatar_rules.hpp"

#include <algorithm>
#include <cctype>
#include <map>

namespace uap::editor_sim {

namespace {

// Lower-case letters and digits only, after any "prefix:" or "prefix|" (as in "mixamorig:LeftArm"), so
// "Left_Upper_Leg" and "mixamorig:LeftUpperLeg" both match the human bone LeftUpperLeg.
std::string bone_key(std::string_view name) {
    auto separator = name.find_last_of(":|");
    if (separator != std::string_view::npos)
        name.remove_prefix(separator + 1);
    std::string key;
    for (char character : name)
        if (std::isalnum(static_cast<unsigned char>(character)))
            key.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(character))));
    return key;
}

} // namespace

// The names and their order are the HumanBodyBones enum of Modules/Animation/ScriptBindings/Avatar.bindings.cs
// (UnityCsReference, identical on 2022.3 and 6000.0 to 6000.5), by value. HumanTrait.RequiredBone is native;
// the required ones are the items Editor/Mono/Inspector/Avatar/AvatarAutoMapper.cs's s_MappingDataBody does
// not mark optional, mirrored for the left side: the 15 that file's "There are 15 required bones" counts.
const std::vector<HumanBoneSpec>& human_bone_specs() {
    static const std::vector<HumanBoneSpec> specs{
        {"Hips", true}, {"LeftUpperLeg", true}, {"RightUpperLeg", true}, {"LeftLowerLeg", true}, {"RightLowerLeg", true},
        {"LeftFoot", true}, {"RightFoot", true}, {"Spine", true}, {"Chest", false}, {"Neck", false}, {"Head", true},
        {"LeftShoulder", false}, {"RightShoulder", false}, {"LeftUpperArm", true}, {"RightUpperArm", true},
        {"LeftLowerArm", true}, {"RightLowerArm", true}, {"LeftHand", true}, {"RightHand", true}, {"LeftToes", false},
        {"RightToes", false}, {"LeftEye", false}, {"RightEye", false}, {"Jaw", false},
        {"LeftThumbProximal", false}, {"LeftThumbIntermediate", false}, {"LeftThumbDistal", false},
        {"LeftIndexProximal", false}, {"LeftIndexIntermediate", false}, {"LeftIndexDistal", false},
        {"LeftMiddleProximal", false}, {"LeftMiddleIntermediate", false}, {"LeftMiddleDistal", false},
        {"LeftRingProximal", false}, {"LeftRingIntermediate", false}, {"LeftRingDistal", false},
        {"LeftLittleProximal", false}, {"LeftLittleIntermediate", false}, {"LeftLittleDistal", false},
        {"RightThumbProximal", false}, {"RightThumbIntermediate", false}, {"RightThumbDistal", false},
        {"RightIndexProximal", false}, {"RightIndexIntermediate", false}, {"RightIndexDistal", false},
        {"RightMiddleProximal", false}, {"RightMiddleIntermediate", false}, {"RightMiddleDistal", false},
        {"RightRingProximal", false}, {"RightRingIntermediate", false}, {"RightRingDistal", false},
        {"RightLittleProximal", false}, {"RightLittleIntermediate", false}, {"RightLittleDistal", false},
        {"UpperChest", false}};
    return specs;
}

const HumanBoneSpec* find_human_bone(std::string_view name) {
    for (const auto& spec : human_bone_specs())
        if (name == spec.name)
            return &spec;
    return nullptr;
}

std::vector<std::string> model_transforms(const Asset& model) {
    std::vector<std::string> names;
    std::vector<int> pending(model.stored.roots.rbegin(), model.stored.roots.rend());
    while (!pending.empty()) {
        const GameObject& object = model.stored.objects.at(pending.back());
        pending.pop_back();
        names.push_back(object.name);
        pending.insert(pending.end(), object.children.rbegin(), object.children.rend());
    }
    return names;
}

// Unity's AvatarAutoMapper scores transforms by names, directions and lengths; the simulator maps a
// human bone to the first transform whose name is the bone's (case, separators and a rig prefix aside).
void import_humanoid(Asset& model) {
    ModelRig& rig = model.rig;
    if (rig.human_bones.empty()) {
        std::map<std::string, std::string> by_key;
        for (const auto& name : model_transforms(model))
            by_key.emplace(bone_key(name), name);
        for (const auto& spec : human_bone_specs()) {
            auto found = by_key.find(bone_key(spec.name));
            if (found != by_key.end())
                rig.human_bones.emplace_back(spec.name, found->second);
        }
    }
    rig.has_avatar = true;
    rig.avatar_valid = humanoid_problem(model).empty();
    rig.avatar_human = rig.avatar_valid;
}

std::string humanoid_problem(const Asset& model) {
    const auto transforms = model_transforms(model);
    std::map<std::string, std::string> owner; // transform → the human bone that took it first.
    for (const auto& [bone, transform] : model.rig.human_bones) {
        if (std::find(transforms.begin(), transforms.end(), transform) == transforms.end())
            return bone + " is mapped to '" + transform + "', which the model does not have";
        auto [taken, inserted] = owner.emplace(transform, bone);
        if (!inserted)
            return bone + " is also assigned to " + taken->second;
    }
    std::string missing;
    for (const auto& spec : human_bone_specs())
        if (spec.required && std::none_of(model.rig.human_bones.begin(), model.rig.human_bones.end(),
                                          [&](const auto& entry) { return entry.first == spec.name; }))
            missing += (missing.empty() ? "" : ", ") + std::string(spec.name);
    return missing.empty() ? std::string() : "required human bones are not mapped: " + missing;
}

} // namespace uap::editor_sim

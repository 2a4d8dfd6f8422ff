// The simulator's Humanoid rules (model.avatar.*): Unity's human bones in HumanTrait's order, which are
// required, how an import maps and validates them, and the transform names a model asset holds.
#pragma once

#include "world.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace uap::editor_sim {

struct HumanBoneSpec {
    const char* name;
    bool required;
};

// Every human bone, indexed as HumanBodyBones (so as HumanTrait.BoneName is ordered).
const std::vector<HumanBoneSpec>& human_bone_specs();
const HumanBoneSpec* find_human_bone(std::string_view name);

// The model's transform names, depth first from its root in child order (GetComponentsInChildren<Transform>).
std::vector<std::string> model_transforms(const Asset& model);

// What an import with animationType Human makes of the rig: without a requested map, Unity's automatic
// mapping (modelled by name, see below); then the Avatar's validity by the Avatar Mapping editor's rules.
void import_humanoid(Asset& model);

// Why the rig's human map cannot build a valid Avatar ("" when it can): a required bone unmapped, a
// transform the model lacks, or one transform given to two human bones.
std::string humanoid_problem(const Asset& model);

} // namespace uap::editor_sim

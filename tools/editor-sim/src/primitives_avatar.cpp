// Simulator primitives for a model's Humanoid set-up: model.avatar.configure and model.avatar.read, over
// the rig stored on the model asset and the rules of avatar_rules.hpp. A configure is checked whole before
// the importer changes; whether the Avatar it imports is valid is what model.avatar.read reports.
#include "avatar_rules.hpp"

#include <algorithm>

namespace uap::editor_sim {

namespace {

constexpr std::size_t transform_limit = 2000;

// The model at params.path, or the reply refusing it.
Asset* model_at(Simulation& simulation, const rapidjson::Value& params, Reply& error) {
    std::string path = params["path"].GetString();
    Asset* asset = simulation.find_asset(path);
    if (!asset) {
        error = error_reply("not_found", "no asset at '" + path + "'");
        return nullptr;
    }
    if (asset->kind != "Model" || asset->importer != "ModelImporter") {
        error = error_reply("type_mismatch", "'" + path + "' is a " + asset->kind + ", not a model imported by a ModelImporter (.fbx, .obj, ...)");
        return nullptr;
    }
    return asset;
}

std::string bone_names() {
    std::string names;
    for (const auto& spec : human_bone_specs())
        names += (names.empty() ? "" : ", ") + std::string(spec.name);
    return names;
}

// The requested map, checked against HumanTrait's bones and the model's transforms; nothing changes on a refusal.
std::optional<Reply> read_mapping(const Asset& model, const rapidjson::Value& mapping, std::vector<std::pair<std::string, std::string>>& bones) {
    const auto transforms = model_transforms(model);
    for (rapidjson::SizeType index = 0; index < mapping.Size(); ++index) {
        std::string where = std::string("mapping") + '[' + std::to_string(index) + ']';
        std::string bone = mapping[index]["humanBone"].GetString();
        std::string transform = mapping[index]["transform"].GetString();
        if (!find_human_bone(bone))
            return error_reply("invalid_params", where + ".humanBone: '" + bone + "' is not a human bone; HumanTrait.BoneName lists " + bone_names());
        if (std::any_of(bones.begin(), bones.end(), [&](const auto& entry) { return entry.first == bone; }))
            return error_reply("invalid_params", where + ".humanBone: '" + bone + "' is mapped twice");
        if (std::find(transforms.begin(), transforms.end(), transform) == transforms.end())
            return error_reply("not_found", where + ".transform: the model has no transform named '" + transform + "'");
        bones.emplace_back(bone, transform);
    }
    return std::nullopt;
}

Reply avatar_configure(Simulation& simulation, const rapidjson::Value& params) {
    Reply error;
    Asset* model = model_at(simulation, params, error);
    if (!model)
        return error;
    std::vector<std::pair<std::string, std::string>> bones;
    if (params.HasMember("mapping"))
        if (auto refused = read_mapping(*model, params["mapping"], bones))
            return *refused;
    model->rig.animation_type = "Human";
    model->rig.human_bones = std::move(bones);
    import_humanoid(*model);
    if (!model->rig.avatar_valid)
        simulation.add_console(ConsoleKind::Error, "Avatar creation failed for '" + model->path + "': " + humanoid_problem(*model));
    Output out;
    auto& writer = out.writer;
    writer.StartObject();
    writer.Key("observed");
    writer.StartObject();
    writer.Key("path");
    writer.String(model->path.c_str());
    writer.Key("guid");
    writer.String(model->guid.c_str());
    writer.Key("animationType");
    writer.String(model->rig.animation_type.c_str());
    writer.EndObject();
    writer.EndObject();
    return out.reply();
}

void write_avatar(JsonWriter& writer, const Asset& model) {
    if (!model.rig.has_avatar) {
        writer.Null();
        return;
    }
    writer.StartObject();
    writer.Key("name");
    writer.String((file_stem(model.path) + "Avatar").c_str());
    writer.Key("isValid");
    writer.Bool(model.rig.avatar_valid);
    writer.Key("isHuman");
    writer.Bool(model.rig.avatar_human);
    writer.EndObject();
}

Reply avatar_read(Simulation& simulation, const rapidjson::Value& params) {
    Reply error;
    const Asset* model = model_at(simulation, params, error);
    if (!model)
        return error;
    const bool human = model->rig.animation_type == "Human";
    Output out;
    auto& writer = out.writer;
    writer.StartObject();
    writer.Key("path");
    writer.String(model->path.c_str());
    writer.Key("guid");
    writer.String(model->guid.c_str());
    writer.Key("animationType");
    writer.String(model->rig.animation_type.c_str());
    writer.Key("avatar");
    write_avatar(writer, *model);
    std::vector<std::string> missing;
    writer.Key("bones");
    writer.StartArray();
    for (const auto& spec : human_bone_specs()) {
        auto mapped = std::find_if(model->rig.human_bones.begin(), model->rig.human_bones.end(), [&](const auto& entry) { return entry.first == spec.name; });
        bool is_mapped = human && mapped != model->rig.human_bones.end();
        writer.StartObject();
        writer.Key("humanBone");
        writer.String(spec.name);
        writer.Key("required");
        writer.Bool(spec.required);
        writer.Key("transform");
        if (is_mapped)
            writer.String(mapped->second.c_str());
        else
            writer.Null();
        writer.EndObject();
        if (spec.required && !is_mapped)
            missing.emplace_back(spec.name);
    }
    writer.EndArray();
    writer.Key("missingRequired");
    writer.StartArray();
    for (const auto& name : missing)
        writer.String(name.c_str());
    writer.EndArray();
    const auto transforms = model_transforms(*model);
    writer.Key("transforms");
    writer.StartArray();
    for (std::size_t index = 0; index < transforms.size() && index < transform_limit; ++index)
        writer.String(transforms[index].c_str());
    writer.EndArray();
    writer.Key("transformCount");
    writer.Uint64(transforms.size());
    writer.EndObject();
    return out.reply();
}

} // namespace

void register_avatar_primitives(std::map<std::string, Primitive, std::less<>>& table) {
    table["model.avatar.configure"] = &avatar_configure;
    table["model.avatar.read"] = &avatar_read;
}

} // namespace uap::editor_sim

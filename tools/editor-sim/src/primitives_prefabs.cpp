// Simulator primitives for prefab overrides, unpacking and variants (prefab.*), on the links and the
// computed overrides of prefab_links.hpp.
#include "prefab_links.hpp"

namespace uap::editor_sim {

namespace {

// The instance the params' object belongs to, with its overrides; or the error.
struct Addressed {
    PrefabInstance instance;
    std::vector<PrefabOverride> overrides;
};

std::optional<Addressed> address(Simulation& simulation, const rapidjson::Value& params, Reply& error) {
    GameObject* object = simulation.find_object(params["object"], error);
    if (!object)
        return std::nullopt;
    PrefabInstance instance = find_prefab_instance(simulation, *object, error);
    if (!instance.asset)
        return std::nullopt;
    return Addressed{instance, compute_overrides(simulation, instance.root, *instance.asset)};
}

std::string_view asset_type(const Asset& asset) {
    if (asset.kind == "Model")
        return "Model";
    return asset.variant_of.empty() ? "Regular" : "Variant";
}

std::string override_json(const Simulation& simulation, const Addressed& addressed, std::size_t index) {
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    write_override(writer, simulation, addressed.instance.root, *addressed.instance.asset, addressed.overrides[index], index);
    return buffer.GetString();
}

// The one override params name by index, checked against what the caller expects it to be (each member
// of "expect" must equal the listed entry's), so an index from an older listing cannot hit another one.
std::optional<std::size_t> chosen_override(const Simulation& simulation, const Addressed& addressed, const rapidjson::Value& params,
                                           Reply& error) {
    std::size_t index = params["index"].GetUint64();
    if (index >= addressed.overrides.size()) {
        error = error_reply("not_found", "override index " + std::to_string(index) + " does not exist; the instance has " +
                                             std::to_string(addressed.overrides.size()) + " override(s)");
        return std::nullopt;
    }
    if (params.HasMember("expect")) {
        rapidjson::Document listed;
        listed.Parse(override_json(simulation, addressed, index).c_str());
        for (const auto& member : params["expect"].GetObject()) {
            auto found = listed.FindMember(member.name);
            if (found == listed.MemberEnd() || found->value != member.value) {
                error = error_reply("conflict", "override " + std::to_string(index) + " is not the one expected (its '" +
                                                    member.name.GetString() + "' differs); the overrides changed since they were listed: " +
                                                    override_json(simulation, addressed, index));
                return std::nullopt;
            }
        }
    }
    return index;
}

Reply overrides_get(Simulation& simulation, const rapidjson::Value& params) {
    Reply error;
    auto addressed = address(simulation, params, error);
    if (!addressed)
        return error;
    const Asset& asset = *addressed->instance.asset;
    Output out;
    out.writer.StartObject();
    out.writer.Key("instanceRoot");
    simulation.write_node(out.writer, simulation.world.objects.at(addressed->instance.root), false);
    out.writer.Key("assetPath");
    out.writer.String(asset.path.c_str());
    out.writer.Key("assetType");
    std::string_view type = asset_type(asset);
    out.writer.String(type.data(), static_cast<rapidjson::SizeType>(type.size()));
    if (!asset.variant_of.empty()) {
        out.writer.Key("basePrefab");
        out.writer.String(asset.variant_of.c_str());
    }
    out.writer.Key("overrides");
    out.writer.StartArray();
    for (std::size_t index = 0; index < addressed->overrides.size(); ++index)
        write_override(out.writer, simulation, addressed->instance.root, asset, addressed->overrides[index], index);
    out.writer.EndArray();
    out.writer.EndObject();
    return out.reply();
}

enum class OverrideAction { Apply, Revert };

Reply change_overrides(Simulation& simulation, const rapidjson::Value& params, OverrideAction action) {
    Reply error;
    auto addressed = address(simulation, params, error);
    if (!addressed)
        return error;
    PrefabInstance instance = addressed->instance;
    if (action == OverrideAction::Apply && instance.asset->kind == "Model")
        return error_reply("conflict", "cannot apply to a model prefab (" + instance.asset->path +
                                           "): Unity imports it from the model file; revert the override, unpack the instance, or make a prefab variant of the model and apply to that");
    std::size_t count = 0;
    if (params.HasMember("index")) {
        auto index = chosen_override(simulation, *addressed, params, error);
        if (!index)
            return error;
        if (action == OverrideAction::Revert)
            simulation.record_undo("Revert Prefab Override");
        const PrefabOverride& item = addressed->overrides[*index];
        int scene = simulation.world.objects.at(instance.root).scene;
        action == OverrideAction::Apply ? apply_override(simulation, instance, item) : revert_override(simulation, instance, item);
        simulation.mark_dirty(scene);
        count = 1;
    } else {
        if (action == OverrideAction::Revert)
            simulation.record_undo("Revert Prefab Instance");
        // One at a time from a fresh listing: each apply or revert changes what the next one is compared with.
        std::size_t limit = addressed->overrides.size();
        for (; count < limit; ++count) {
            auto current = compute_overrides(simulation, instance.root, *instance.asset);
            if (current.empty())
                break;
            action == OverrideAction::Apply ? apply_override(simulation, instance, current.front())
                                            : revert_override(simulation, instance, current.front());
        }
        simulation.mark_dirty(simulation.world.objects.at(instance.root).scene);
    }
    std::size_t remaining = compute_overrides(simulation, instance.root, *instance.asset).size();
    Output out;
    out.writer.StartObject();
    out.writer.Key("observed");
    out.writer.StartObject();
    out.writer.Key(action == OverrideAction::Apply ? "applied" : "reverted");
    out.writer.Uint64(count);
    out.writer.Key("assetPath");
    out.writer.String(instance.asset->path.c_str());
    out.writer.Key("remaining");
    out.writer.Uint64(remaining);
    out.writer.EndObject();
    out.writer.EndObject();
    return out.reply();
}

Reply overrides_apply(Simulation& simulation, const rapidjson::Value& params) { return change_overrides(simulation, params, OverrideAction::Apply); }

Reply overrides_revert(Simulation& simulation, const rapidjson::Value& params) { return change_overrides(simulation, params, OverrideAction::Revert); }

Reply unpack(Simulation& simulation, const rapidjson::Value& params) {
    Reply error;
    GameObject* object = simulation.find_object(params["object"], error);
    if (!object)
        return error;
    if (object->prefab_asset.empty())
        return error_reply("conflict", object->name + " is not a prefab instance root; only an outermost instance root can be unpacked");
    for (int parent = object->parent; parent != 0; parent = simulation.world.objects.at(parent).parent)
        if (!simulation.world.objects.at(parent).prefab_asset.empty())
            return error_reply("conflict", object->name + " is nested in the prefab instance " + simulation.world.objects.at(parent).name +
                                               "; unpack that outermost instance root first");
    int id = object->id;
    UnpackDepth depth = std::string_view(params["mode"].GetString()) == "completely" ? UnpackDepth::Completely : UnpackDepth::OutermostRoot;
    simulation.record_undo("Unpack Prefab");
    unlink_objects(simulation, id, depth);
    simulation.mark_dirty(simulation.world.objects.at(id).scene);
    Output out;
    out.writer.StartObject();
    out.writer.Key("observed");
    simulation.write_node(out.writer, simulation.world.objects.at(id), false);
    out.writer.EndObject();
    return out.reply();
}

// A prefab variant of base at path: its objects link to the base's, so it follows the base where it
// does not override it (PrefabUtility.SaveAsPrefabAsset of an instance of the base, as the package does).
Reply create_variant(Simulation& simulation, const rapidjson::Value& params) {
    std::string base_path = params["base"].GetString();
    std::string requested = params["path"].GetString();
    const Asset* base = simulation.find_asset(base_path);
    if (!base)
        return error_reply("not_found", "no prefab at " + base_path);
    if ((base->kind != "Prefab" && base->kind != "Model") || base->stored.roots.empty())
        return error_reply("type_mismatch", base_path + " is a " + base->kind + ", not a prefab or model; only those have variants");
    if (requested.rfind("Assets/", 0) != 0 || requested.size() < 15 || requested.compare(requested.size() - 7, 7, ".prefab") != 0)
        return error_reply("invalid_params", "a prefab variant's path starts with 'Assets/' and ends in '.prefab'");
    std::string folder = requested.substr(0, requested.rfind('/'));
    const Asset* parent = simulation.find_asset(folder);
    if (!parent || parent->kind != "Folder")
        return error_reply("not_found", "folder '" + folder + "' does not exist; create it first");
    Asset variant;
    variant.kind = "Prefab";
    variant.path = unique_asset_path(simulation, requested);
    variant.guid = "sim" + std::to_string(simulation.world.next_id++);
    variant.variant_of = base_path;
    variant.stored = base->stored;
    for (auto& [key, object] : variant.stored.objects) {
        object.prefab_source = key;
        for (auto& component : object.components)
            component.source_component = component.local_id;
    }
    std::string path = variant.path;
    simulation.world.assets[path] = std::move(variant);
    Output out;
    out.writer.StartObject();
    out.writer.Key("observed");
    out.writer.StartObject();
    out.writer.Key("assetPath");
    out.writer.String(path.c_str());
    out.writer.Key("basePrefab");
    out.writer.String(base_path.c_str());
    out.writer.Key("renamed");
    out.writer.Bool(path != requested);
    out.writer.EndObject();
    out.writer.EndObject();
    return out.reply();
}

} // namespace

void register_prefab_primitives(std::map<std::string, Primitive, std::less<>>& table) {
    table["prefab.overrides.get"] = &overrides_get;
    table["prefab.overrides.apply"] = &overrides_apply;
    table["prefab.overrides.revert"] = &overrides_revert;
    table["prefab.unpack"] = &unpack;
    table["prefab.createVariant"] = &create_variant;
}

} // namespace uap::editor_sim

// Simulator primitives for serialized properties (by propertyPath, typed values) and type discovery.
#include "world.hpp"
#include "support/json_writer.hpp"

#include <algorithm>

namespace uap::editor_sim {

namespace {

// The properties a target names: a component's or an asset's (material, scriptable object).
std::vector<Property>* find_properties(Simulation& simulation, const rapidjson::Value& target, int& scene, Reply& error) {
    scene = 0;
    if (target.HasMember("component")) {
        GameObject* owner = nullptr;
        Component* component = simulation.find_component(target["component"], owner, error);
        if (!component)
            return nullptr;
        scene = owner->scene;
        return &component->properties;
    }
    const auto& reference = target["asset"];
    if (!reference.HasMember("assetPath")) {
        error = error_reply("invalid_params", "target.asset needs an assetPath");
        return nullptr;
    }
    Asset* asset = simulation.find_asset(reference["assetPath"].GetString());
    if (!asset) {
        error = error_reply("not_found", std::string("no asset at '") + reference["assetPath"].GetString() + "'");
        return nullptr;
    }
    if (!asset->type) {
        error = error_reply("unsupported", "asset '" + asset->path + "' (" + asset->kind +
                                               ") has no serialized properties in the simulator; use asset.importSettings.*");
        return nullptr;
    }
    return &asset->properties;
}

void write_property(JsonWriter& writer, const Property& property, bool with_enum_names) {
    writer.StartObject();
    writer.Key("path");
    writer.String(property.spec->path.c_str());
    writer.Key("type");
    auto type = type_name(property.spec->type);
    writer.String(type.data(), static_cast<rapidjson::SizeType>(type.size()));
    writer.Key("value");
    writer.RawValue(property.value_json.data(), property.value_json.size(), rapidjson::kObjectType);
    if (with_enum_names && !property.spec->enum_names.empty()) {
        writer.Key("enumNames");
        writer.StartArray();
        for (const auto& name : property.spec->enum_names)
            writer.String(name.c_str());
        writer.EndArray();
    }
    if (with_enum_names && !property.spec->reference_type.empty()) {
        writer.Key("referenceType");
        writer.String(property.spec->reference_type.c_str());
    }
    writer.EndObject();
}

Property* find_property(std::vector<Property>& properties, std::string_view path) {
    for (auto& property : properties)
        if (property.spec->path == path)
            return &property;
    return nullptr;
}

bool has_type(const GameObject& object, const std::string& type) {
    return type == "GameObject" || std::any_of(object.components.begin(), object.components.end(), [&](const Component& component) {
               return component.type->short_name == type || component.type->full_name == type;
           });
}

// Resolves an object reference into its canonical stored form, checking the accepted type.
std::string resolve_reference(Simulation& simulation, const rapidjson::Value& reference, const std::string& accepted,
                              std::string& canonical) {
    if (reference.HasMember("assetPath")) {
        std::string path = reference["assetPath"].GetString();
        Asset* asset = simulation.find_asset(path);
        if (!asset)
            return "no asset at '" + path + "'";
        std::string type = asset->kind;
        std::string sub_asset = reference.HasMember("subAsset") ? reference["subAsset"].GetString() : "";
        if (!sub_asset.empty()) {
            auto found = std::find_if(asset->sub_assets.begin(), asset->sub_assets.end(),
                                      [&](const auto& entry) { return entry.first == sub_asset; });
            if (found == asset->sub_assets.end())
                return "asset '" + path + "' has no sub-asset '" + sub_asset + "'";
            type = found->second;
        }
        if (!accepted.empty() && type != accepted)
            return "the property accepts " + accepted + ", but '" + path + (sub_asset.empty() ? "" : ":" + sub_asset) + "' is a " + type;
        rapidjson::StringBuffer buffer;
        JsonWriter writer(buffer);
        writer.StartObject();
        writer.Key("assetPath");
        writer.String(path.c_str());
        if (!sub_asset.empty()) {
            writer.Key("subAsset");
            writer.String(sub_asset.c_str());
        }
        writer.EndObject();
        canonical = buffer.GetString();
        return {};
    }
    Reply error;
    GameObject* object = simulation.find_object(reference, error);
    if (!object) {
        rapidjson::Document parsed;
        parsed.Parse(error.json.c_str());
        return parsed["message"].GetString();
    }
    if (!accepted.empty() && !has_type(*object, accepted))
        return "the property accepts " + accepted + ", and '" + object->name + "' has none";
    canonical = json::TextWriter().begin_object().field("instanceId", object->id).end_object().text();
    return {};
}

Reply property_list(Simulation& simulation, const rapidjson::Value& params) {
    Reply error;
    int scene = 0;
    auto* properties = find_properties(simulation, params["target"], scene, error);
    if (!properties)
        return error;
    auto offset = parse_cursor(params);
    if (!offset)
        return error_reply("invalid_params", "cursor is not one this editor issued");
    std::size_t limit = params.HasMember("limit") ? static_cast<std::size_t>(params["limit"].GetInt()) : 200;
    std::size_t end = std::min(properties->size(), *offset + limit);
    Output out;
    out.writer.StartObject();
    out.writer.Key("properties");
    out.writer.StartArray();
    for (std::size_t index = *offset; index < end; ++index)
        write_property(out.writer, (*properties)[index], true);
    out.writer.EndArray();
    out.writer.Key("total");
    out.writer.Uint64(properties->size());
    if (end < properties->size()) {
        out.writer.Key("nextCursor");
        out.writer.String(std::to_string(end).c_str());
    }
    out.writer.EndObject();
    return out.reply();
}

Reply property_get(Simulation& simulation, const rapidjson::Value& params) {
    Reply error;
    int scene = 0;
    auto* properties = find_properties(simulation, params["target"], scene, error);
    if (!properties)
        return error;
    Output out;
    out.writer.StartObject();
    out.writer.Key("properties");
    out.writer.StartArray();
    for (auto& path : params["paths"].GetArray()) {
        Property* property = find_property(*properties, path.GetString());
        if (!property)
            return error_reply("not_found", std::string("no serialized property '") + path.GetString() + "' on the target");
        write_property(out.writer, *property, false);
    }
    out.writer.EndArray();
    out.writer.EndObject();
    return out.reply();
}

Reply property_set(Simulation& simulation, const rapidjson::Value& params) {
    Reply error;
    int scene = 0;
    auto* properties = find_properties(simulation, params["target"], scene, error);
    if (!properties)
        return error;
    ReferenceResolver resolver = [&simulation](const rapidjson::Value& reference, const std::string& accepted, std::string& canonical) {
        return resolve_reference(simulation, reference, accepted, canonical);
    };
    // Every value is checked before anything is written, so a bad value leaves the target untouched.
    std::vector<std::pair<std::size_t, std::string>> writes;
    for (auto& entry : params["values"].GetArray()) {
        std::string path = entry["path"].GetString();
        Property* property = find_property(*properties, path);
        if (!property)
            return error_reply("not_found", "no serialized property '" + path + "' on the target; nothing was written");
        auto declared = type_name(property->spec->type);
        if (declared != entry["type"].GetString())
            return error_reply("type_mismatch", "property '" + path + "' is " + std::string(declared) + ", not " +
                                                    entry["type"].GetString() + "; nothing was written");
        std::string reason;
        ValueRules rules{property->spec->type, &property->spec->enum_names, &property->spec->reference_type, &resolver};
        auto canonical = canonical_value(rules, entry["value"], reason);
        if (!canonical)
            return error_reply("type_mismatch", "property '" + path + "': " + reason + "; nothing was written");
        writes.emplace_back(static_cast<std::size_t>(property - properties->data()), *canonical);
    }
    simulation.record_undo("Set Properties");
    properties = find_properties(simulation, params["target"], scene, error);
    for (auto& [index, value] : writes)
        (*properties)[index].value_json = value;
    if (scene != 0)
        simulation.mark_dirty(scene);
    Output out;
    out.writer.StartObject();
    out.writer.Key("observed");
    out.writer.StartArray();
    for (auto& [index, value] : writes)
        write_property(out.writer, (*properties)[index], false);
    out.writer.EndArray();
    out.writer.EndObject();
    return out.reply();
}

Reply type_find(Simulation& simulation, const rapidjson::Value& params) {
    std::string kind = params.HasMember("kind") ? params["kind"].GetString() : "any";
    auto found = simulation.types.search(params["query"].GetString(),
                                         kind == "scriptableObject" ? TypeKind::ScriptableObject : TypeKind::Component, kind == "any");
    std::size_t limit = params.HasMember("limit") ? static_cast<std::size_t>(params["limit"].GetInt()) : 100;
    Output out;
    out.writer.StartObject();
    out.writer.Key("types");
    out.writer.StartArray();
    for (std::size_t index = 0; index < found.size() && index < limit; ++index) {
        out.writer.StartObject();
        out.writer.Key("fullName");
        out.writer.String(found[index]->full_name.c_str());
        out.writer.Key("shortName");
        out.writer.String(found[index]->short_name.c_str());
        out.writer.Key("kind");
        out.writer.String(found[index]->kind == TypeKind::ScriptableObject ? "scriptableObject" : "component");
        out.writer.Key("userDefined");
        out.writer.Bool(found[index]->user_defined);
        out.writer.EndObject();
    }
    out.writer.EndArray();
    out.writer.Key("truncated");
    out.writer.Bool(found.size() > limit);
    out.writer.EndObject();
    return out.reply();
}

} // namespace

void register_property_primitives(std::map<std::string, Primitive, std::less<>>& table) {
    table["property.list"] = &property_list;
    table["property.get"] = &property_get;
    table["property.set"] = &property_set;
    table["type.find"] = &type_find;
}

// Used by asset import settings, which take the same typed values.
std::optional<std::string> canonical_setting(Simulation& simulation, const Property& property, const rapidjson::Value& value,
                                             std::string& reason) {
    ReferenceResolver resolver = [&simulation](const rapidjson::Value& reference, const std::string& accepted, std::string& canonical) {
        return resolve_reference(simulation, reference, accepted, canonical);
    };
    ValueRules rules{property.spec->type, &property.spec->enum_names, &property.spec->reference_type, &resolver};
    return canonical_value(rules, value, reason);
}

} // namespace uap::editor_sim

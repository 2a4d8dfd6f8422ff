// Simulator primitives for materials by shader property name: material.describe (the shader's typed
// property table, keywords and queue, and a material's values) and material.set (checked, then written).
#include "material_shaders.hpp"
#include "world.hpp"

#include <algorithm>
#include <cmath>

namespace uap::editor_sim {

namespace {

struct MaterialTarget {
    Asset* asset = nullptr;
    const ShaderSpec* shader = nullptr;
};

std::string shader_name_of(const Asset& asset) {
    rapidjson::Document name;
    name.Parse(asset.properties.at(0).value_json.c_str());
    return name.IsString() ? name.GetString() : "";
}

// The material at assetPath and its shader, or an error reply.
std::optional<MaterialTarget> find_material(Simulation& simulation, std::string_view path, Reply& error) {
    Asset* asset = simulation.find_asset(path);
    if (!asset) {
        error = error_reply("not_found", "no asset at '" + std::string(path) + "'");
        return std::nullopt;
    }
    if (asset->kind != "Material") {
        error = error_reply("type_mismatch", "asset '" + asset->path + "' is a " + asset->kind + ", not a Material");
        return std::nullopt;
    }
    const ShaderSpec* shader = find_shader(shader_name_of(*asset));
    if (!shader) {
        error = error_reply("not_found", "material '" + asset->path + "' uses shader '" + shader_name_of(*asset) +
                                             "', which this editor cannot find (Shader.Find answers null)");
        return std::nullopt;
    }
    return MaterialTarget{asset, shader};
}

void write_raw(JsonWriter& writer, const std::string& json) { writer.RawValue(json.data(), json.size(), rapidjson::kObjectType); }

std::string value_of(const MaterialState* state, const ShaderProperty& property) {
    if (state) {
        auto found = state->values.find(property.name);
        if (found != state->values.end())
            return found->second;
    }
    return property.default_json;
}

void write_property(JsonWriter& writer, const ShaderProperty& property, const MaterialState* state, bool with_value) {
    writer.StartObject();
    writer.Key("name");
    writer.String(property.name.c_str());
    writer.Key("displayName");
    writer.String(property.display_name.c_str());
    writer.Key("type");
    auto kind = kind_name(property.kind);
    writer.String(kind.data(), static_cast<rapidjson::SizeType>(kind.size()));
    writer.Key("flags");
    writer.StartArray();
    for (const auto& flag : property.flags)
        writer.String(flag.c_str());
    writer.EndArray();
    if (property.kind == ShaderPropertyKind::Range) {
        writer.Key("range");
        writer.StartObject();
        writer.Key("min");
        writer.Double(property.range_min);
        writer.Key("max");
        writer.Double(property.range_max);
        writer.EndObject();
    }
    if (property.kind == ShaderPropertyKind::Texture) {
        writer.Key("textureDimension");
        writer.String(property.texture_dimension.c_str());
    }
    writer.Key("default");
    write_raw(writer, property.default_json);
    if (with_value) {
        writer.Key("value");
        write_raw(writer, value_of(state, property));
    }
    writer.EndObject();
}

int actual_queue(const MaterialState* state, const ShaderSpec& shader) {
    return state && state->render_queue >= 0 ? state->render_queue : shader.render_queue;
}

void write_keywords(JsonWriter& writer, const MaterialState* state) {
    writer.StartArray();
    if (state)
        for (const auto& keyword : state->enabled_keywords)
            writer.String(keyword.c_str());
    writer.EndArray();
}

Reply material_describe(Simulation& simulation, const rapidjson::Value& params) {
    bool has_asset = params.HasMember("assetPath");
    if (has_asset && params.HasMember("shader"))
        return error_reply("invalid_params", "name assetPath (a material) or shader (a shader name), not both");
    Reply error;
    std::optional<MaterialTarget> material;
    const ShaderSpec* shader = nullptr;
    std::optional<MaterialShader> chosen; // Neither named: the shader asset.create would give a new material.
    if (has_asset) {
        material = find_material(simulation, params["assetPath"].GetString(), error);
        if (!material)
            return error;
        shader = material->shader;
    } else if (params.HasMember("shader")) {
        shader = find_shader(params["shader"].GetString());
        if (!shader)
            return error_reply("not_found", std::string("no shader named '") + params["shader"].GetString() + "' (Shader.Find answers null)");
    } else {
        chosen = choose_material_shader(simulation, params);
        shader = find_shader(chosen->name);
        if (!shader)
            return error_reply("not_found", "the render pipeline's default shader '" + chosen->name + "' is not in this editor");
    }
    const MaterialState* state = nullptr;
    if (material) {
        auto found = simulation.world.materials.find(material->asset->path);
        if (found != simulation.world.materials.end())
            state = &found->second;
    }
    Output out;
    out.writer.StartObject();
    out.writer.Key("shader");
    out.writer.StartObject();
    out.writer.Key("name");
    out.writer.String(shader->name.c_str());
    out.writer.Key("renderQueue");
    out.writer.Int(shader->render_queue);
    if (chosen) {
        out.writer.Key("chosenBy");
        out.writer.String(chosen->chosen_by.c_str());
        out.writer.Key("renderPipeline");
        out.writer.String(chosen->render_pipeline.c_str());
    }
    out.writer.EndObject();
    out.writer.Key("properties");
    out.writer.StartArray();
    for (const auto& property : shader->properties)
        write_property(out.writer, property, state, material.has_value());
    out.writer.EndArray();
    out.writer.Key("keywords");
    out.writer.StartArray();
    for (const auto& keyword : shader->keywords)
        out.writer.String(keyword.c_str());
    out.writer.EndArray();
    if (material) {
        out.writer.Key("material");
        out.writer.StartObject();
        out.writer.Key("assetPath");
        out.writer.String(material->asset->path.c_str());
        out.writer.Key("renderQueue");
        out.writer.Int(actual_queue(state, *shader));
        out.writer.Key("enabledKeywords");
        write_keywords(out.writer, state);
        out.writer.EndObject();
    }
    out.writer.EndObject();
    return out.reply();
}

bool is_number(const rapidjson::Value& value) { return value.IsNumber() && std::isfinite(value.GetDouble()); }

// {name: number, ...} with exactly the given members, each a finite number.
std::optional<std::string> numbers(const rapidjson::Value& value, std::initializer_list<const char*> names, std::string& reason) {
    if (!value.IsObject() || value.MemberCount() != names.size()) {
        reason = "must be an object with exactly the members " + [&] {
            std::string list;
            for (const char* name : names)
                list += (list.empty() ? "" : ", ") + std::string(name);
            return list;
        }();
        return std::nullopt;
    }
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    writer.StartObject();
    for (const char* name : names) {
        auto member = value.FindMember(name);
        if (member == value.MemberEnd() || !is_number(member->value)) {
            reason = std::string("needs a finite number '") + name + "'";
            return std::nullopt;
        }
        writer.Key(name);
        writer.Double(member->value.GetDouble());
    }
    writer.EndObject();
    return std::string(buffer.GetString());
}

// A texture value: {texture?: path|null, scale?: {x,y}, offset?: {x,y}}, missing members kept from current.
std::optional<std::string> texture_value(Simulation& simulation, const ShaderProperty& property, const rapidjson::Value& value,
                                         const std::string& current_json, std::string& reason) {
    if (!value.IsObject()) {
        reason = "a Texture value is an object {texture, scale, offset}";
        return std::nullopt;
    }
    rapidjson::Document current;
    current.Parse(current_json.c_str());
    for (auto& member : value.GetObject()) {
        std::string name = member.name.GetString();
        if (name == "texture") {
            if (member.value.IsNull()) {
                current["texture"].SetNull();
                continue;
            }
            if (!member.value.IsString()) {
                reason = "texture is an asset path or null";
                return std::nullopt;
            }
            Asset* asset = simulation.find_asset(member.value.GetString());
            if (!asset) {
                reason = std::string("no texture at '") + member.value.GetString() + "'";
                return std::nullopt;
            }
            std::string dimension = asset->kind == "Texture2D" ? "Tex2D" : asset->kind == "Cubemap" ? "Cube" : asset->kind == "Texture3D" ? "Tex3D" : "";
            if (dimension.empty()) {
                reason = "'" + asset->path + "' is a " + asset->kind + ", not a texture";
                return std::nullopt;
            }
            if (dimension != property.texture_dimension) {
                reason = "'" + asset->path + "' is a " + dimension + " texture and the property takes " + property.texture_dimension;
                return std::nullopt;
            }
            current["texture"].SetString(asset->path.c_str(), current.GetAllocator());
        } else if (name == "scale" || name == "offset") {
            auto canonical = numbers(member.value, {"x", "y"}, reason);
            if (!canonical) {
                reason = name + " " + reason;
                return std::nullopt;
            }
            rapidjson::Document parsed;
            parsed.Parse(canonical->c_str());
            current[name.c_str()].CopyFrom(parsed, current.GetAllocator());
        } else {
            reason = "a Texture value takes texture, scale and offset, not '" + name + "'";
            return std::nullopt;
        }
    }
    return to_json(current);
}

std::optional<std::string> property_value(Simulation& simulation, const ShaderProperty& property, const rapidjson::Value& value,
                                          const std::string& current, std::string& reason) {
    switch (property.kind) {
    case ShaderPropertyKind::Color:
        return numbers(value, {"r", "g", "b", "a"}, reason);
    case ShaderPropertyKind::Vector:
        return numbers(value, {"x", "y", "z", "w"}, reason);
    case ShaderPropertyKind::Float:
    case ShaderPropertyKind::Range:
        if (!is_number(value)) {
            reason = "needs a finite number";
            return std::nullopt;
        }
        return to_json(value.IsInt64() ? rapidjson::Value(static_cast<double>(value.GetInt64())) : rapidjson::Value(value.GetDouble()));
    case ShaderPropertyKind::Int:
        if (!value.IsInt()) {
            reason = "needs a 32-bit integer";
            return std::nullopt;
        }
        return std::to_string(value.GetInt());
    case ShaderPropertyKind::Texture:
        return texture_value(simulation, property, value, current, reason);
    }
    return std::nullopt;
}

void add_unique(std::vector<std::string>& list, const std::string& item) {
    if (std::find(list.begin(), list.end(), item) == list.end())
        list.push_back(item);
}

void remove_item(std::vector<std::string>& list, const std::string& item) { list.erase(std::remove(list.begin(), list.end(), item), list.end()); }

Reply material_set(Simulation& simulation, const rapidjson::Value& params) {
    Reply error;
    auto material = find_material(simulation, params["assetPath"].GetString(), error);
    if (!material)
        return error;
    const std::string path = material->asset->path;
    const ShaderSpec& shader = *material->shader;
    MaterialState before;
    if (auto found = simulation.world.materials.find(path); found != simulation.world.materials.end())
        before = found->second;
    // Every value is checked before anything is written, so a bad one leaves the material untouched.
    std::vector<std::pair<const ShaderProperty*, std::string>> writes;
    if (params.HasMember("values"))
        for (auto& entry : params["values"].GetArray()) {
            std::string name = entry["name"].GetString();
            const ShaderProperty* property = shader.find(name);
            if (!property)
                return error_reply("not_found", "shader '" + shader.name + "' has no property '" + name + "'; nothing was written");
            auto kind = kind_name(property->kind);
            if (kind != entry["type"].GetString())
                return error_reply("type_mismatch", "property '" + name + "' is " + std::string(kind) + ", not " + entry["type"].GetString() +
                                                        "; nothing was written");
            std::string reason;
            auto canonical = property_value(simulation, *property, entry["value"], value_of(&before, *property), reason);
            if (!canonical)
                return error_reply("type_mismatch", "property '" + name + "': " + reason + "; nothing was written");
            writes.emplace_back(property, *canonical);
        }
    // The material's state is in the world before the undo snapshot is taken, so undoing this write
    // brings back its values even when it is the material's first.
    simulation.world.materials.try_emplace(path);
    simulation.record_undo("Set Material Properties");
    MaterialState& state = simulation.world.materials[path];
    for (auto& [property, value] : writes)
        state.values[property->name] = value;
    // Material.EnableKeyword with a name the shader does not declare keeps it among the material's
    // invalid keywords and enables nothing (Unity 2021.2 and later): enabledKeywords does not list it.
    if (params.HasMember("keywords"))
        for (auto& entry : params["keywords"].GetArray()) {
            std::string keyword = entry["name"].GetString();
            bool declared = std::find(shader.keywords.begin(), shader.keywords.end(), keyword) != shader.keywords.end();
            auto& list = declared ? state.enabled_keywords : state.invalid_keywords;
            if (entry["enabled"].GetBool())
                add_unique(list, keyword);
            else
                remove_item(list, keyword);
        }
    if (params.HasMember("renderQueue"))
        state.render_queue = params["renderQueue"].GetInt();
    Output out;
    out.writer.StartObject();
    out.writer.Key("observed");
    out.writer.StartObject();
    out.writer.Key("values");
    out.writer.StartArray();
    for (auto& [property, value] : writes) {
        out.writer.StartObject();
        out.writer.Key("name");
        out.writer.String(property->name.c_str());
        out.writer.Key("value");
        write_raw(out.writer, value_of(&state, *property));
        out.writer.EndObject();
    }
    out.writer.EndArray();
    out.writer.Key("enabledKeywords");
    write_keywords(out.writer, &state);
    out.writer.Key("renderQueue");
    out.writer.Int(actual_queue(&state, shader));
    out.writer.EndObject();
    out.writer.EndObject();
    return out.reply();
}

} // namespace

void register_material_primitives(std::map<std::string, Primitive, std::less<>>& table) {
    table["material.describe"] = &material_describe;
    table["material.set"] = &material_set;
}

} // namespace uap::editor_sim

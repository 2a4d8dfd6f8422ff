// Typed serialized-property values: one canonical JSON form per type, wrong shapes rejected.
#include "typed_values.hpp"
#include "support/json_writer.hpp"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <array>
#include <cmath>

namespace uap::editor_sim {

namespace {

constexpr std::array<std::string_view, 12> type_names = {"integer", "float",      "boolean", "string", "vector2",   "vector3",
                                                          "vector4", "quaternion", "color",   "enum",   "layerMask", "objectReference"};

// Reads N finite numbers from [a,b,...] or {"x":..,"y":..} (component names given), or fails.
std::optional<std::vector<double>> read_numbers(const rapidjson::Value& value, const std::vector<const char*>& names,
                                                std::string& error) {
    std::vector<double> numbers;
    if (value.IsArray()) {
        if (value.Size() != names.size()) {
            error = "expected an array of " + std::to_string(names.size()) + " numbers";
            return std::nullopt;
        }
        for (auto& item : value.GetArray()) {
            if (!item.IsNumber() || !std::isfinite(item.GetDouble())) {
                error = "array items must be finite numbers";
                return std::nullopt;
            }
            numbers.push_back(item.GetDouble());
        }
        return numbers;
    }
    if (value.IsObject()) {
        if (value.MemberCount() != names.size()) {
            error = "expected exactly the members " + std::to_string(names.size()) + " components";
            return std::nullopt;
        }
        for (const char* name : names) {
            if (!value.HasMember(name) || !value[name].IsNumber() || !std::isfinite(value[name].GetDouble())) {
                error = std::string("member '") + name + "' must be a finite number";
                return std::nullopt;
            }
            numbers.push_back(value[name].GetDouble());
        }
        return numbers;
    }
    error = "expected an array or an object of numbers";
    return std::nullopt;
}

std::string numbers_json(const std::vector<double>& numbers, const std::vector<const char*>& names) {
    rapidjson::StringBuffer buffer;
    rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
    writer.StartObject();
    for (std::size_t index = 0; index < names.size(); ++index) {
        writer.Key(names[index]);
        writer.Double(numbers[index]);
    }
    writer.EndObject();
    return buffer.GetString();
}

std::string text_json(std::string_view text) { return json::quoted(text); }

std::optional<std::string> enum_value(const ValueRules& rules, const rapidjson::Value& value, std::string& error) {
    const auto& names = *rules.enum_names;
    int index = -1;
    if (value.IsString()) {
        for (std::size_t candidate = 0; candidate < names.size(); ++candidate)
            if (names[candidate] == value.GetString())
                index = static_cast<int>(candidate);
    } else if (value.IsInt() && value.GetInt() >= 0 && value.GetInt() < static_cast<int>(names.size())) {
        index = value.GetInt();
    }
    if (index < 0) {
        std::string listed;
        for (const auto& name : names)
            listed += (listed.empty() ? "" : ", ") + name;
        error = (value.IsString() ? std::string("'").append(value.GetString()).append("' is not") : std::string("the value is not")) +
                " one of the enum names (" + listed + ") or an index below " + std::to_string(names.size());
        return std::nullopt;
    }
    return json::TextWriter().begin_object().field("index", index).field("name", names[index]).end_object().text();
}

std::optional<std::string> layer_mask_value(const rapidjson::Value& value, std::string& error) {
    uint32_t bits = 0;
    const auto& layers = layer_names();
    if (value.IsUint()) {
        bits = value.GetUint();
    } else if (value.IsInt() && value.GetInt() == -1) {
        bits = 0xFFFFFFFFu;
    } else if (value.IsArray()) {
        for (auto& item : value.GetArray()) {
            bool known = false;
            for (std::size_t layer = 0; item.IsString() && layer < layers.size(); ++layer)
                if (!layers[layer].empty() && layers[layer] == item.GetString()) {
                    bits |= 1u << layer;
                    known = true;
                }
            if (!known) {
                error = "layer names must be names of defined layers";
                return std::nullopt;
            }
        }
    } else {
        error = "expected a bit mask (unsigned integer, or -1 for Everything) or an array of layer names";
        return std::nullopt;
    }
    json::TextWriter writer;
    writer.begin_object().field("bits", bits).key("layers").begin_array();
    for (std::size_t layer = 0; layer < 32; ++layer)
        if ((bits >> layer) & 1u)
            writer.value(layers[layer].empty() ? "Layer" + std::to_string(layer) : layers[layer]);
    return writer.end_array().end_object().text();
}

} // namespace

std::string_view type_name(ValueType type) { return type_names[static_cast<std::size_t>(type)]; }

std::optional<ValueType> parse_type_name(std::string_view name) {
    for (std::size_t index = 0; index < type_names.size(); ++index)
        if (type_names[index] == name)
            return static_cast<ValueType>(index);
    return std::nullopt;
}

const std::vector<std::string>& layer_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> layers(32);
        layers[0] = "Default";
        layers[1] = "TransparentFX";
        layers[2] = "Ignore Raycast";
        layers[4] = "Water";
        layers[5] = "UI";
        layers[8] = "Player";
        layers[9] = "Enemies";
        return layers;
    }();
    return names;
}

std::optional<std::string> canonical_value(const ValueRules& rules, const rapidjson::Value& value, std::string& error) {
    switch (rules.type) {
    case ValueType::Integer:
        if (!value.IsInt64()) {
            error = "expected an integer";
            return std::nullopt;
        }
        return std::to_string(value.GetInt64());
    case ValueType::Float: {
        if (!value.IsNumber() || !std::isfinite(value.GetDouble())) {
            error = "expected a finite number";
            return std::nullopt;
        }
        rapidjson::StringBuffer buffer;
        rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
        writer.Double(value.GetDouble());
        return std::string(buffer.GetString());
    }
    case ValueType::Boolean:
        if (!value.IsBool()) {
            error = "expected true or false";
            return std::nullopt;
        }
        return value.GetBool() ? "true" : "false";
    case ValueType::String:
        if (!value.IsString()) {
            error = "expected a string";
            return std::nullopt;
        }
        return text_json(std::string_view(value.GetString(), value.GetStringLength()));
    case ValueType::Vector2: {
        auto numbers = read_numbers(value, {"x", "y"}, error);
        return numbers ? std::optional(numbers_json(*numbers, {"x", "y"})) : std::nullopt;
    }
    case ValueType::Vector3: {
        auto numbers = read_numbers(value, {"x", "y", "z"}, error);
        return numbers ? std::optional(numbers_json(*numbers, {"x", "y", "z"})) : std::nullopt;
    }
    case ValueType::Vector4:
    case ValueType::Quaternion: {
        auto numbers = read_numbers(value, {"x", "y", "z", "w"}, error);
        return numbers ? std::optional(numbers_json(*numbers, {"x", "y", "z", "w"})) : std::nullopt;
    }
    case ValueType::Color: {
        auto numbers = read_numbers(value, {"r", "g", "b", "a"}, error);
        if (!numbers)
            return std::nullopt;
        for (double channel : *numbers)
            if (channel < 0.0) {
                error = "colour channels must not be negative";
                return std::nullopt;
            }
        return numbers_json(*numbers, {"r", "g", "b", "a"});
    }
    case ValueType::Enum:
        return enum_value(rules, value, error);
    case ValueType::LayerMask:
        return layer_mask_value(value, error);
    case ValueType::ObjectReference: {
        if (value.IsNull())
            return std::string("null");
        if (!value.IsObject()) {
            error = "expected null or a reference {instanceId} | {scenePath} | {assetPath[, subAsset]}";
            return std::nullopt;
        }
        std::string canonical;
        error = (*rules.resolve)(value, *rules.reference_type, canonical);
        if (!error.empty())
            return std::nullopt;
        return canonical;
    }
    }
    error = "unknown value type";
    return std::nullopt;
}

} // namespace uap::editor_sim

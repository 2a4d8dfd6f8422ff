// Typed serialized-property values: parsing what a client sends into one canonical JSON form per
// type, rejecting wrong shapes instead of writing defaults.
#pragma once

#include <rapidjson/document.h>

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace uap::editor_sim {

enum class ValueType { Integer, Float, Boolean, String, Vector2, Vector3, Vector4, Quaternion, Color, Enum, LayerMask, ObjectReference };

std::string_view type_name(ValueType type);
std::optional<ValueType> parse_type_name(std::string_view name);

// Resolves an object reference {"instanceId"|"scenePath"|"assetPath"+"subAsset"} into its canonical
// form, checking the referenced type; returns an error message on failure.
using ReferenceResolver = std::function<std::string(const rapidjson::Value& reference, const std::string& accepted_type,
                                                     std::string& canonical_json)>;

struct ValueRules {
    ValueType type;
    const std::vector<std::string>* enum_names = nullptr;
    const std::string* reference_type = nullptr;
    const ReferenceResolver* resolve = nullptr;
};

// Canonical JSON of value for the rules, or an error message (in error) when the value does not fit.
std::optional<std::string> canonical_value(const ValueRules& rules, const rapidjson::Value& value, std::string& error);

// The 32 layer names of the simulated project ("Default", "TransparentFX", ... empty for unnamed).
const std::vector<std::string>& layer_names();

} // namespace uap::editor_sim

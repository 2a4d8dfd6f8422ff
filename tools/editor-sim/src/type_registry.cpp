// Built-in Unity types the simulator knows, and user types declared by fixtures.
#include "type_registry.hpp"
#include "support/json_writer.hpp"

#include <algorithm>

namespace uap::editor_sim {

namespace {

PropertySpec property(std::string path, ValueType type, std::string default_json, std::vector<std::string> enum_names = {},
                      std::string reference_type = {}) {
    return PropertySpec{std::move(path), type, std::move(default_json), std::move(enum_names), std::move(reference_type)};
}

const std::string zero3 = R"({"x":0.0,"y":0.0,"z":0.0})";
const std::string one3 = R"({"x":1.0,"y":1.0,"z":1.0})";
const std::string white = R"({"r":1.0,"g":1.0,"b":1.0,"a":1.0})";
const std::string everything = R"({"bits":4294967295,"layers":["Everything"]})";

bool contains_folded(std::string_view text, std::string_view part) {
    auto folded = [](std::string_view value) {
        std::string out(value);
        std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        return out;
    };
    return folded(text).find(folded(part)) != std::string::npos;
}

} // namespace

TypeRegistry::TypeRegistry() {
    using V = ValueType;
    add({"UnityEngine.Transform", "Transform", TypeKind::Component, Multiplicity::Fixed, false,
         {property("m_LocalPosition", V::Vector3, zero3), property("m_LocalRotation", V::Quaternion, R"({"x":0.0,"y":0.0,"z":0.0,"w":1.0})"),
          property("m_LocalScale", V::Vector3, one3)}});
    // A separate component next to Transform here; in Unity adding it replaces the Transform.
    add({"UnityEngine.RectTransform", "RectTransform", TypeKind::Component, Multiplicity::OnePerObject, false,
         {property("m_AnchorMin", V::Vector2, R"({"x":0.5,"y":0.5})"), property("m_AnchorMax", V::Vector2, R"({"x":0.5,"y":0.5})"),
          property("m_AnchoredPosition", V::Vector2, R"({"x":0.0,"y":0.0})"), property("m_SizeDelta", V::Vector2, R"({"x":100.0,"y":100.0})"),
          property("m_Pivot", V::Vector2, R"({"x":0.5,"y":0.5})")}});
    add({"UnityEngine.MeshFilter", "MeshFilter", TypeKind::Component, Multiplicity::OnePerObject, false,
         {property("m_Mesh", V::ObjectReference, "null", {}, "Mesh")}});
    add({"UnityEngine.MeshRenderer", "MeshRenderer", TypeKind::Component, Multiplicity::OnePerObject, false,
         {property("m_Enabled", V::Boolean, "true"),
          property("m_CastShadows", V::Enum, R"({"index":1,"name":"On"})", {"Off", "On", "TwoSided", "ShadowsOnly"}),
          property("m_Materials.Array.data[0]", V::ObjectReference, "null", {}, "Material")}});
    for (const char* collider : {"BoxCollider", "SphereCollider", "CapsuleCollider"}) {
        TypeSpec type{std::string("UnityEngine.") + collider, collider, TypeKind::Component, Multiplicity::Many, false,
                      {property("m_Enabled", V::Boolean, "true"), property("m_IsTrigger", V::Boolean, "false"),
                       property("m_Center", V::Vector3, zero3)}};
        if (std::string_view(collider) == "BoxCollider")
            type.properties.push_back(property("m_Size", V::Vector3, one3));
        else
            type.properties.push_back(property("m_Radius", V::Float, "0.5"));
        add(std::move(type));
    }
    add({"UnityEngine.MeshCollider", "MeshCollider", TypeKind::Component, Multiplicity::Many, false,
         {property("m_Enabled", V::Boolean, "true"), property("m_Convex", V::Boolean, "false"),
          property("m_Mesh", V::ObjectReference, "null", {}, "Mesh")}});
    add({"UnityEngine.Rigidbody", "Rigidbody", TypeKind::Component, Multiplicity::OnePerObject, false,
         {property("m_Mass", V::Float, "1.0"), property("m_Drag", V::Float, "0.0"), property("m_UseGravity", V::Boolean, "true"),
          property("m_IsKinematic", V::Boolean, "false"),
          property("m_Interpolate", V::Enum, R"({"index":0,"name":"None"})", {"None", "Interpolate", "Extrapolate"})}});
    add({"UnityEngine.Light", "Light", TypeKind::Component, Multiplicity::OnePerObject, false,
         {property("m_Enabled", V::Boolean, "true"),
          property("m_Type", V::Enum, R"({"index":1,"name":"Directional"})", {"Spot", "Directional", "Point", "Area"}),
          property("m_Color", V::Color, white), property("m_Intensity", V::Float, "1.0"),
          property("m_CullingMask", V::LayerMask, everything)}});
    // The serialized names ReflectionProbeEditor reads (FindProperty); m_Mode is ReflectionProbeMode.
    add({"UnityEngine.ReflectionProbe", "ReflectionProbe", TypeKind::Component, Multiplicity::Many, false,
         {property("m_Enabled", V::Boolean, "true"),
          property("m_Mode", V::Enum, R"({"index":0,"name":"Baked"})", {"Baked", "Realtime", "Custom"}),
          property("m_HDR", V::Boolean, "true"), property("m_BoxSize", V::Vector3, R"({"x":10.0,"y":10.0,"z":10.0})"),
          property("m_CustomBakedTexture", V::ObjectReference, "null", {}, "Texture")}});
    add({"UnityEngine.Camera", "Camera", TypeKind::Component, Multiplicity::OnePerObject, false,
         {property("m_Enabled", V::Boolean, "true"), property("m_BackGroundColor", V::Color, R"({"r":0.19,"g":0.3,"b":0.47,"a":0.0})"),
          property("field of view", V::Float, "60.0"), property("m_CullingMask", V::LayerMask, everything),
          property("m_TargetTexture", V::ObjectReference, "null", {}, "RenderTexture")}});
    add({"UnityEngine.AudioSource", "AudioSource", TypeKind::Component, Multiplicity::Many, false,
         {property("m_Enabled", V::Boolean, "true"), property("m_Volume", V::Float, "1.0"), property("m_PlayOnAwake", V::Boolean, "true"),
          property("m_audioClip", V::ObjectReference, "null", {}, "AudioClip")}});
    add({"UnityEngine.Material", "Material", TypeKind::Material, Multiplicity::Many, false,
         {property("m_Shader", V::String, "\"Standard\""), property("_Color", V::Color, white),
          property("_MainTex", V::ObjectReference, "null", {}, "Texture2D"), property("_Glossiness", V::Float, "0.5"),
          property("_Metallic", V::Float, "0.0")}});
    add_animation_rigging();
}

// Animation Rigging's components (package com.unity.animation.rigging), with the serialized fields of
// the package's source: RigBuilder.m_RigLayers (RigLayer m_Rig, m_Active), Rig.m_Weight, and
// RigConstraint<...>.m_Weight and m_Data, here TwoBoneIKConstraintData. One rig layer is modelled.
void TypeRegistry::add_animation_rigging() {
    using V = ValueType;
    const std::string package = "com.unity.animation.rigging";
    const std::string space = "UnityEngine.Animations.Rigging.";
    TypeSpec builder{space + "RigBuilder", "RigBuilder", TypeKind::Component, Multiplicity::OnePerObject, false,
                     {property("m_Enabled", V::Boolean, "true"), property("m_RigLayers.Array.data[0].m_Rig", V::ObjectReference, "null", {}, "Rig"),
                      property("m_RigLayers.Array.data[0].m_Active", V::Boolean, "true")}};
    TypeSpec rig{space + "Rig", "Rig", TypeKind::Component, Multiplicity::OnePerObject, false,
                 {property("m_Enabled", V::Boolean, "true"), property("m_Weight", V::Float, "1.0")}};
    TypeSpec two_bone{space + "TwoBoneIKConstraint", "TwoBoneIKConstraint", TypeKind::Component, Multiplicity::OnePerObject, false,
                      {property("m_Enabled", V::Boolean, "true"), property("m_Weight", V::Float, "1.0")}};
    for (const char* bone : {"m_Root", "m_Mid", "m_Tip", "m_Target", "m_Hint"})
        two_bone.properties.push_back(property(std::string("m_Data.") + bone, V::ObjectReference, "null", {}, "Transform"));
    for (const char* weight : {"m_TargetPositionWeight", "m_TargetRotationWeight", "m_HintWeight"})
        two_bone.properties.push_back(property(std::string("m_Data.") + weight, V::Float, "1.0"));
    for (const char* offset : {"m_MaintainTargetPositionOffset", "m_MaintainTargetRotationOffset"})
        two_bone.properties.push_back(property(std::string("m_Data.") + offset, V::Boolean, "false"));
    for (TypeSpec* type : {&builder, &rig, &two_bone}) {
        type->package = package;
        add(std::move(*type));
    }
}

void TypeRegistry::add(TypeSpec type) { m_types.push_back(std::move(type)); }

bool TypeRegistry::loaded(const TypeSpec& type) const {
    return type.package.empty() || (m_package_check && m_package_check(type.package));
}

const TypeSpec* TypeRegistry::find(std::string_view name, bool* ambiguous) const {
    const TypeSpec* match = nullptr;
    int short_matches = 0;
    for (const auto& type : m_types) {
        if (!loaded(type))
            continue;
        if (type.full_name == name)
            return &type;
        if (type.short_name == name) {
            match = &type;
            ++short_matches;
        }
    }
    if (ambiguous)
        *ambiguous = short_matches > 1;
    return short_matches == 1 ? match : nullptr;
}

std::vector<const TypeSpec*> TypeRegistry::search(std::string_view substring, TypeKind kind, bool any_kind) const {
    std::vector<const TypeSpec*> found;
    for (const auto& type : m_types)
        if ((any_kind || type.kind == kind) && type.kind != TypeKind::Material && loaded(type) && contains_folded(type.full_name, substring))
            found.push_back(&type);
    return found;
}

std::string TypeRegistry::add_user_types(const rapidjson::Value& types) {
    if (!types.IsArray())
        return "'types' must be an array";
    for (auto& entry : types.GetArray()) {
        if (!entry.IsObject() || !entry.HasMember("name") || !entry["name"].IsString())
            return "each type needs a string 'name'";
        TypeSpec type;
        type.short_name = entry["name"].GetString();
        std::string space = entry.HasMember("namespace") && entry["namespace"].IsString() ? entry["namespace"].GetString() : "";
        type.full_name = space.empty() ? type.short_name : space + "." + type.short_name;
        type.user_defined = true;
        std::string kind = entry.HasMember("kind") && entry["kind"].IsString() ? entry["kind"].GetString() : "component";
        if (kind == "scriptableObject")
            type.kind = TypeKind::ScriptableObject;
        else if (kind != "component")
            return "type " + type.full_name + ": kind must be component or scriptableObject";
        type.is_abstract = entry.HasMember("abstract") && entry["abstract"].IsBool() && entry["abstract"].GetBool();
        if (find(type.full_name))
            return "type " + type.full_name + " is already defined";
        if (entry.HasMember("properties") && entry["properties"].IsArray())
            for (auto& field : entry["properties"].GetArray()) {
                if (!field.IsObject() || !field.HasMember("path") || !field["path"].IsString() || !field.HasMember("type") ||
                    !field["type"].IsString())
                    return "type " + type.full_name + ": each property needs string 'path' and 'type'";
                auto value_type = parse_type_name(field["type"].GetString());
                if (!value_type)
                    return "type " + type.full_name + ": unknown property type '" + field["type"].GetString() + "'";
                PropertySpec spec{field["path"].GetString(), *value_type, "", {}, {}};
                if (field.HasMember("enum") && field["enum"].IsArray())
                    for (auto& name : field["enum"].GetArray())
                        if (name.IsString())
                            spec.enum_names.push_back(name.GetString());
                if (field.HasMember("referenceType") && field["referenceType"].IsString())
                    spec.reference_type = field["referenceType"].GetString();
                if (*value_type == ValueType::Enum && spec.enum_names.empty())
                    return "type " + type.full_name + ": enum property " + spec.path + " needs 'enum' names";
                static const char* defaults[] = {"0", "0.0", "false", "\"\"", R"({"x":0.0,"y":0.0})", R"({"x":0.0,"y":0.0,"z":0.0})",
                                                 R"({"x":0.0,"y":0.0,"z":0.0,"w":0.0})", R"({"x":0.0,"y":0.0,"z":0.0,"w":1.0})",
                                                 R"({"r":0.0,"g":0.0,"b":0.0,"a":0.0})", "", R"({"bits":0,"layers":[]})", "null"};
                spec.default_json = *value_type == ValueType::Enum
                                        ? json::TextWriter().begin_object().field("index", 0).field("name", spec.enum_names[0]).end_object().text()
                                        : defaults[static_cast<int>(*value_type)];
                type.properties.push_back(std::move(spec));
            }
        add(std::move(type));
    }
    return {};
}

} // namespace uap::editor_sim

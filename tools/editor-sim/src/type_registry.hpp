// The simulator's type registry: built-in Unity component and asset types with their
// serialized properties, plus user-defined types declared in a fixture.
#pragma once

#include "typed_values.hpp"

#include <rapidjson/document.h>

#include <deque>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace uap::editor_sim {

struct PropertySpec {
    std::string path;
    ValueType type = ValueType::Float;
    std::string default_json;
    std::vector<std::string> enum_names; // ValueType::Enum only.
    std::string reference_type;          // ValueType::ObjectReference: accepted type, empty for any.
};

enum class TypeKind { Component, ScriptableObject, Material };
enum class Multiplicity { Many, OnePerObject, Fixed };

struct TypeSpec {
    std::string full_name;
    std::string short_name;
    TypeKind kind = TypeKind::Component;
    Multiplicity multiplicity = Multiplicity::Many;
    bool user_defined = false;
    std::vector<PropertySpec> properties;
    // An abstract class (fixture types only): found by type.find, but AddComponent refuses it.
    bool is_abstract = false;
    // The UPM package that defines the type (empty: Unity itself). Unity loads a package's types only
    // while the project has the package, so the registry finds none of them without it.
    std::string package;
};

class TypeRegistry {
public:
    // Whether the project has a UPM package now (the simulator reads Packages/manifest.json).
    using PackageCheck = std::function<bool(std::string_view package)>;

    TypeRegistry();
    void set_package_check(PackageCheck check) { m_package_check = std::move(check); }

    // By full name ("UnityEngine.BoxCollider") or short name ("BoxCollider"); nullptr when unknown or
    // when a short name is ambiguous (then ambiguous is set).
    const TypeSpec* find(std::string_view name, bool* ambiguous = nullptr) const;
    std::vector<const TypeSpec*> search(std::string_view substring, TypeKind kind, bool any_kind) const;

    // Adds the fixture's {"types":[...]}; returns an error message or empty.
    std::string add_user_types(const rapidjson::Value& types);

private:
    void add(TypeSpec type);
    void add_animation_rigging();
    bool loaded(const TypeSpec& type) const;
    PackageCheck m_package_check;
    std::deque<TypeSpec> m_types; // Stable addresses: components point at their TypeSpec.
};

} // namespace uap::editor_sim

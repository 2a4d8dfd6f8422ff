// Which shader a simulated new Material gets, as the Unity package chooses it (MaterialShaders.cs):
// the requested one, else the active render pipeline's default material shader; and the typed property
// tables of the shaders the simulator knows, as Unity's Shader.GetProperty* answers them.
#pragma once

#include "world.hpp"

#include <string>
#include <vector>

namespace uap::editor_sim {

struct MaterialShader {
    std::string name;
    std::string chosen_by;       // requested, builtInDefault or renderPipelineDefaultMaterial.
    std::string render_pipeline; // The pipeline asset's type, or built-in.
};

MaterialShader choose_material_shader(const Simulation& simulation, const rapidjson::Value& params);

// Writes "shader": {"name","chosenBy","renderPipeline"} into an open object.
void write_material_shader(JsonWriter& writer, const MaterialShader& shader);

// A string as a JSON string value (quotes and escapes by RapidJSON's writer).
std::string quoted_json(std::string_view text);

// UnityEngine.Rendering.ShaderPropertyType.
enum class ShaderPropertyKind { Color, Vector, Float, Range, Texture, Int };

std::string_view kind_name(ShaderPropertyKind kind);

// One row of a shader's property table.
struct ShaderProperty {
    std::string name;         // "_BaseColor"
    std::string display_name; // Shader.GetPropertyDescription: "Base Map"
    ShaderPropertyKind kind = ShaderPropertyKind::Float;
    std::vector<std::string> flags; // ShaderPropertyFlags names: HideInInspector, HDR, MainTexture ...
    std::string default_json;       // Canonical value (material_values.hpp).
    double range_min = 0;           // Range only.
    double range_max = 0;
    std::string texture_dimension;  // Texture only: Tex2D, Tex3D, Cube ...
};

struct ShaderSpec {
    std::string name;
    int render_queue = 2000;            // Shader.renderQueue.
    std::vector<ShaderProperty> properties;
    std::vector<std::string> keywords;  // Shader.keywordSpace.keywordNames.
    const ShaderProperty* find(std::string_view property) const;
};

// The shaders the simulated project has: the built-in Standard, URP's Lit, HDRP's Lit and a custom
// toon shader in the style of lilToon (ranges, an Int, Cube and 3D textures, hidden properties and
// local keywords). nullptr for another name, as Shader.Find answers null.
const ShaderSpec* find_shader(std::string_view name);

} // namespace uap::editor_sim

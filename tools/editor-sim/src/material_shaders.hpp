// Which shader a simulated new Material gets, as the Unity package chooses it (MaterialShaders.cs):
// the requested one, else the active render pipeline's default material shader.
#pragma once

#include "world.hpp"

#include <string>

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

} // namespace uap::editor_sim

// Which shader a simulated new Material gets. The names are those of Unity's pipelines: the default
// material of URP's UniversalRenderPipelineAsset uses "Universal Render Pipeline/Lit", HDRP's "HDRP/Lit".
#include "material_shaders.hpp"

namespace uap::editor_sim {

MaterialShader choose_material_shader(const Simulation& simulation, const rapidjson::Value& params) {
    MaterialShader shader;
    switch (simulation.render_pipeline) {
    case RenderPipeline::BuiltIn:
        shader = {"Standard", "builtInDefault", "built-in"};
        break;
    case RenderPipeline::Universal:
        shader = {"Universal Render Pipeline/Lit", "renderPipelineDefaultMaterial",
                  "UnityEngine.Rendering.Universal.UniversalRenderPipelineAsset"};
        break;
    case RenderPipeline::HighDefinition:
        shader = {"HDRP/Lit", "renderPipelineDefaultMaterial", "UnityEngine.Rendering.HighDefinition.HDRenderPipelineAsset"};
        break;
    }
    auto requested = params.FindMember("shader");
    if (requested != params.MemberEnd() && requested->value.IsString()) {
        shader.name = requested->value.GetString();
        shader.chosen_by = "requested";
    }
    return shader;
}

void write_material_shader(JsonWriter& writer, const MaterialShader& shader) {
    writer.Key("shader");
    writer.StartObject();
    writer.Key("name");
    writer.String(shader.name.c_str());
    writer.Key("chosenBy");
    writer.String(shader.chosen_by.c_str());
    writer.Key("renderPipeline");
    writer.String(shader.render_pipeline.c_str());
    writer.EndObject();
}

std::string quoted_json(std::string_view text) {
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    writer.String(text.data(), static_cast<rapidjson::SizeType>(text.size()));
    return buffer.GetString();
}

} // namespace uap::editor_sim

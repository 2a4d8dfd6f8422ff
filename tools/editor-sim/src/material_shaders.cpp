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

namespace uap::editor_sim {

namespace {

using K = ShaderPropertyKind;

constexpr const char* white = R"({"r":1.0,"g":1.0,"b":1.0,"a":1.0})";
constexpr const char* black = R"({"r":0.0,"g":0.0,"b":0.0,"a":1.0})";
constexpr const char* no_texture = R"({"texture":null,"scale":{"x":1.0,"y":1.0},"offset":{"x":0.0,"y":0.0}})";

ShaderProperty color(std::string name, std::string display, const char* value, std::vector<std::string> flags = {}) {
    return {std::move(name), std::move(display), K::Color, std::move(flags), value};
}
ShaderProperty number(std::string name, std::string display, const char* value, std::vector<std::string> flags = {}) {
    return {std::move(name), std::move(display), K::Float, std::move(flags), value};
}
ShaderProperty range(std::string name, std::string display, const char* value, double min, double max, std::vector<std::string> flags = {}) {
    return {std::move(name), std::move(display), K::Range, std::move(flags), value, min, max};
}
ShaderProperty integer(std::string name, std::string display, const char* value, std::vector<std::string> flags = {}) {
    return {std::move(name), std::move(display), K::Int, std::move(flags), value};
}
ShaderProperty vector(std::string name, std::string display, const char* value, std::vector<std::string> flags = {}) {
    return {std::move(name), std::move(display), K::Vector, std::move(flags), value};
}
ShaderProperty texture(std::string name, std::string display, std::string dimension = "Tex2D", std::vector<std::string> flags = {}) {
    ShaderProperty property{std::move(name), std::move(display), K::Texture, std::move(flags), no_texture};
    property.texture_dimension = std::move(dimension);
    return property;
}

// Property names, descriptions, flags and keywords follow the shaders' sources (Standard.shader,
// URP's Lit.shader, HDRP's Lit.shader), shortened to the rows the tools' tests need.
const std::vector<ShaderSpec>& shaders() {
    static const std::vector<ShaderSpec> table{
        {"Standard",
         2000,
         {color("_Color", "Color", white, {"MainColor"}), texture("_MainTex", "Albedo", "Tex2D", {"MainTexture"}),
          range("_Cutoff", "Alpha Cutoff", "0.5", 0.0, 1.0), range("_Glossiness", "Smoothness", "0.5", 0.0, 1.0),
          range("_Metallic", "Metallic", "0.0", 0.0, 1.0, {"Gamma"}), texture("_MetallicGlossMap", "Metallic"),
          number("_BumpScale", "Scale", "1.0"), texture("_BumpMap", "Normal Map", "Tex2D", {"Normal"}),
          color("_EmissionColor", "Color", black, {"HDR"}), texture("_EmissionMap", "Emission"),
          number("_Mode", "__mode", "0.0", {"HideInInspector"}), number("_ZWrite", "__zw", "1.0", {"HideInInspector"})},
         {"_NORMALMAP", "_ALPHATEST_ON", "_ALPHABLEND_ON", "_ALPHAPREMULTIPLY_ON", "_EMISSION", "_METALLICGLOSSMAP"}},
        {"Universal Render Pipeline/Lit",
         2000,
         {texture("_BaseMap", "Base Map", "Tex2D", {"MainTexture"}), color("_BaseColor", "Base Color", white, {"MainColor"}),
          range("_Cutoff", "Alpha Clipping", "0.5", 0.0, 1.0), range("_Smoothness", "Smoothness", "0.5", 0.0, 1.0),
          range("_Metallic", "Metallic", "0.0", 0.0, 1.0, {"Gamma"}), number("_BumpScale", "Scale", "1.0"),
          texture("_BumpMap", "Normal Map", "Tex2D", {"Normal"}), color("_EmissionColor", "Color", black, {"HDR"}),
          number("_Surface", "__surface", "0.0", {"HideInInspector"}), number("_QueueOffset", "Queue offset", "0.0")},
         {"_NORMALMAP", "_EMISSION", "_ALPHATEST_ON", "_SURFACE_TYPE_TRANSPARENT", "_RECEIVE_SHADOWS_OFF", "_METALLICSPECGLOSSMAP"}},
        {"HDRP/Lit",
         2000,
         {color("_BaseColor", "BaseColor", white, {"MainColor"}), texture("_BaseColorMap", "BaseColorMap", "Tex2D", {"MainTexture"}),
          range("_Metallic", "_Metallic", "0.0", 0.0, 1.0), range("_Smoothness", "Smoothness", "0.5", 0.0, 1.0),
          texture("_NormalMap", "NormalMap", "Tex2D", {"Normal"})},
         {"_NORMALMAP", "_EMISSIVE_COLOR_MAP"}},
        {"Custom/Toon",
         2450,
         {texture("_MainTex", "Main Texture", "Tex2D", {"MainTexture"}), color("_Color", "Main Color", white, {"MainColor"}),
          range("_ShadowBorder", "Shadow Border", "0.5", 0.0, 1.0), range("_ShadowBlur", "Shadow Blur", "0.1", 0.0, 1.0),
          color("_ShadowColor", "Shadow Color", R"({"r":0.82,"g":0.76,"b":0.85,"a":1.0})"),
          range("_OutlineWidth", "Outline Width", "0.08", 0.0, 1.0), color("_OutlineColor", "Outline Color", R"({"r":0.6,"g":0.56,"b":0.73,"a":1.0})"),
          vector("_LightDirectionOverride", "Light Direction Override", R"({"x":0.001,"y":0.002,"z":0.003,"w":0.0})"),
          integer("_StencilRef", "Stencil Reference", "0"), texture("_ReflectionCube", "Reflection Cubemap", "Cube", {"NoScaleOffset"}),
          texture("_DissolveNoise", "Dissolve Noise", "Tex3D", {"NoScaleOffset"}),
          number("_ToonVersion", "Version", "1.0", {"HideInInspector"})},
         {"_OUTLINE_ON", "_SHADOW_RECEIVE", "_DISSOLVE_ON"}},
    };
    return table;
}

} // namespace

std::string_view kind_name(ShaderPropertyKind kind) {
    switch (kind) {
    case K::Color:
        return "Color";
    case K::Vector:
        return "Vector";
    case K::Float:
        return "Float";
    case K::Range:
        return "Range";
    case K::Texture:
        return "Texture";
    case K::Int:
        return "Int";
    }
    return "Float";
}

const ShaderProperty* ShaderSpec::find(std::string_view property) const {
    for (const auto& candidate : properties)
        if (candidate.name == property)
            return &candidate;
    return nullptr;
}

const ShaderSpec* find_shader(std::string_view name) {
    for (const auto& shader : shaders())
        if (shader.name == name)
            return &shader;
    return nullptr;
}

} // namespace uap::editor_sim

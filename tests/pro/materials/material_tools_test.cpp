// The materials pack through MCP on the serve-shaped host with the simulator: the shader's typed table,
// writes of every property type read back with material.describe straight from the editor (not through
// the tool), one Undo step, a write the editor ignores reported as a failure and undone, and refusals
// that write nothing.
#include "tool_stack.hpp"

#include "app/host_application.hpp"

#include <uap/editor_sim/editor_simulator.hpp>

#include <gtest/gtest.h>

#include <string>

namespace {

using uap::testing::number_at;
using uap::testing::text_at;
using uap::testing::ToolReply;
using uap::testing::ToolStack;

class MaterialTools : public ::testing::Test {
protected:
    void SetUp() override {
        uap::testing::ToolStackOptions options;
        options.plugin_folders = {UAP_PRO_PLUGINS};
        stack = std::make_unique<ToolStack>(options);
    }

    ToolReply ok(const std::string& tool, const std::string& arguments) {
        ToolReply reply = stack->call(tool, arguments);
        EXPECT_FALSE(reply.is_error) << tool << " " << arguments << ": " << reply.text;
        return reply;
    }
    std::string refused(const std::string& tool, const std::string& arguments) {
        ToolReply reply = stack->call(tool, arguments);
        EXPECT_TRUE(reply.is_error) << tool << " accepted " << arguments << ": " << reply.text;
        return reply.text;
    }
    // The material as the editor holds it, read with the primitive directly.
    rapidjson::Document described(const std::string& path) {
        rapidjson::Document document;
        document.Parse(stack->editor("material.describe", R"({"assetPath":")" + path + R"("})").c_str());
        return document;
    }
    static const rapidjson::Value* property(const rapidjson::Value& document, const std::string& name) {
        for (const auto& row : document["properties"].GetArray())
            if (name == row["name"].GetString())
                return &row;
        return nullptr;
    }
    static double value_number(const rapidjson::Value& document, const std::string& name, const char* pointer = "") {
        return number_at(property(document, name)->operator[]("value"), pointer);
    }
    static bool keyword_on(const rapidjson::Value& document, const std::string& keyword) {
        for (const auto& enabled : document["material"]["enabledKeywords"].GetArray())
            if (keyword == enabled.GetString())
                return true;
        return false;
    }
    void make_toon(const std::string& path) { ok("uap_material_create", R"({"path":")" + path + R"(","shader":"Custom/Toon"})"); }

    std::unique_ptr<ToolStack> stack;
};

TEST_F(MaterialTools, ShaderPropertiesListTypesRangesDimensionsFlagsKeywordsAndQueue) {
    ToolReply listed = ok("uap_material_shader_properties", R"({"shader":"Custom/Toon"})");
    const auto& table = listed.value;
    EXPECT_EQ(text_at(table, "/shader/name"), "Custom/Toon");
    EXPECT_EQ(number_at(table, "/shader/renderQueue"), 2450);
    const auto* border = property(table, "_ShadowBorder");
    ASSERT_NE(border, nullptr) << listed.text;
    EXPECT_EQ(text_at(*border, "/type"), "Range");
    EXPECT_EQ(number_at(*border, "/range/min"), 0);
    EXPECT_EQ(number_at(*border, "/range/max"), 1);
    EXPECT_EQ(text_at(*property(table, "_StencilRef"), "/type"), "Int");
    EXPECT_EQ(text_at(*property(table, "_ReflectionCube"), "/textureDimension"), "Cube");
    EXPECT_EQ(text_at(*property(table, "_ReflectionCube"), "/flags/0"), "NoScaleOffset");
    EXPECT_EQ(text_at(*property(table, "_OutlineColor"), "/displayName"), "Outline Color");
    EXPECT_EQ(property(table, "_ToonVersion"), nullptr) << "hidden in the Inspector, so left out by default";
    EXPECT_EQ(number_at(table, "/hiddenLeftOut"), 1);
    EXPECT_EQ(text_at(table, "/keywords/0"), "_OUTLINE_ON");

    ToolReply all = ok("uap_material_shader_properties", R"({"shader":"Custom/Toon","includeHidden":true,"filter":"version"})");
    ASSERT_EQ(all.value["properties"].Size(), 1u) << all.text;
    EXPECT_EQ(text_at(all.value, "/properties/0/flags/0"), "HideInInspector");

    ToolReply red = ok("uap_material_shader_properties", R"({"assetPath":"Assets/Materials/Red.mat"})");
    EXPECT_EQ(text_at(red.value, "/shader/name"), "Standard");
    EXPECT_EQ(number_at(red.value, "/material/renderQueue"), 2000);
    EXPECT_EQ(number_at(*property(red.value, "_Glossiness"), "/value"), 0.5);
}

TEST_F(MaterialTools, SetWritesEveryTypeAndASeparateReadShowsIt) {
    make_toon("Assets/Materials/Toon.mat");
    ToolReply set = ok("uap_material_set", R"({"assetPath":"Assets/Materials/Toon.mat","values":{
        "_Color":"#ff800080","_ShadowBorder":0.25,"_LightDirectionOverride":{"y":1},"_StencilRef":3,
        "_MainTex":{"texture":"Assets/Textures/Checker.png","tiling":{"x":2,"y":3},"offset":{"x":0.5}}},
        "keywords":{"_OUTLINE_ON":true},"renderQueue":3000})");
    EXPECT_EQ(text_at(set.value, "/verifiedBy"), "material.describe");

    auto material = described("Assets/Materials/Toon.mat");
    EXPECT_DOUBLE_EQ(value_number(material, "_Color", "/r"), 1.0);
    EXPECT_NEAR(value_number(material, "_Color", "/g"), 128 / 255.0, 1e-9);
    EXPECT_NEAR(value_number(material, "_Color", "/a"), 128 / 255.0, 1e-9);
    EXPECT_DOUBLE_EQ(value_number(material, "_ShadowBorder"), 0.25);
    EXPECT_DOUBLE_EQ(value_number(material, "_LightDirectionOverride", "/x"), 0.001) << "a missing axis keeps its value";
    EXPECT_DOUBLE_EQ(value_number(material, "_LightDirectionOverride", "/y"), 1.0);
    EXPECT_EQ(value_number(material, "_StencilRef"), 3);
    EXPECT_EQ(text_at(property(material, "_MainTex")->operator[]("value"), "/texture"), "Assets/Textures/Checker.png");
    EXPECT_EQ(value_number(material, "_MainTex", "/scale/y"), 3);
    EXPECT_EQ(value_number(material, "_MainTex", "/offset/x"), 0.5);
    EXPECT_EQ(value_number(material, "_MainTex", "/offset/y"), 0) << "a missing offset axis keeps its value";
    EXPECT_TRUE(keyword_on(material, "_OUTLINE_ON"));
    EXPECT_EQ(number_at(material, "/material/renderQueue"), 3000);

    // renderQueue -1 hands the queue back to the shader.
    ok("uap_material_set", R"({"assetPath":"Assets/Materials/Toon.mat","renderQueue":-1,"keywords":{"_OUTLINE_ON":false}})");
    auto reset = described("Assets/Materials/Toon.mat");
    EXPECT_EQ(number_at(reset, "/material/renderQueue"), 2450);
    EXPECT_FALSE(keyword_on(reset, "_OUTLINE_ON"));
}

TEST_F(MaterialTools, ASetIsOneUndoStep) {
    make_toon("Assets/Materials/Toon.mat");
    ok("uap_material_set", R"({"assetPath":"Assets/Materials/Toon.mat","values":{"_ShadowBlur":0.75,"_Color":"#00ff00"},"keywords":{"_DISSOLVE_ON":true}})");
    rapidjson::Document state;
    state.Parse(stack->editor("editor.state", "{}").c_str());
    int group = static_cast<int>(number_at(state, "/undoGroup"));
    std::string reverted = stack->editor("undo.revertGroup", R"({"group":)" + std::to_string(group) + "}");
    EXPECT_EQ(text_at(reverted, "/observed/revertedSteps"), "1") << reverted;
    auto material = described("Assets/Materials/Toon.mat");
    EXPECT_DOUBLE_EQ(value_number(material, "_ShadowBlur"), 0.1);
    EXPECT_DOUBLE_EQ(value_number(material, "_Color", "/r"), 1.0);
    EXPECT_FALSE(keyword_on(material, "_DISSOLVE_ON"));
}

TEST_F(MaterialTools, AKeywordTheEditorIgnoresIsAFailureAndTheCallIsUndone) {
    make_toon("Assets/Materials/Toon.mat");
    // Material.EnableKeyword accepts a name the shader does not declare and enables nothing; material.set
    // answers without an error, and only the separate read shows that the keyword is off.
    std::string text = refused("uap_material_set", R"({"assetPath":"Assets/Materials/Toon.mat","values":{"_ShadowBlur":0.6},
        "keywords":{"_NOT_DECLARED":true}})");
    EXPECT_NE(text.find("did not keep"), std::string::npos) << text;
    EXPECT_NE(text.find("keyword _NOT_DECLARED is still off"), std::string::npos) << text;
    EXPECT_NE(text.find("_OUTLINE_ON"), std::string::npos) << "names the keywords the shader declares: " << text;
    auto material = described("Assets/Materials/Toon.mat");
    EXPECT_DOUBLE_EQ(value_number(material, "_ShadowBlur"), 0.1) << "the value written beside it was undone";
}

TEST_F(MaterialTools, ARangeOutsideItsLimitsIsRefusedWithTheRangeAndNothingIsWritten) {
    make_toon("Assets/Materials/Toon.mat");
    std::string text = refused("uap_material_set", R"({"assetPath":"Assets/Materials/Toon.mat","values":{"_Color":"#000000","_ShadowBorder":1.5}})");
    EXPECT_NE(text.find("Range from 0 to 1"), std::string::npos) << text;
    EXPECT_NE(text.find("Nothing was written"), std::string::npos) << text;
    auto material = described("Assets/Materials/Toon.mat");
    EXPECT_DOUBLE_EQ(value_number(material, "_Color", "/r"), 1.0) << "the valid value beside it was not written either";
    EXPECT_DOUBLE_EQ(value_number(material, "_ShadowBorder"), 0.5);
}

TEST_F(MaterialTools, WrongTypesUnknownNamesAndHostileInputAreRefusedBeforeAnyWrite) {
    make_toon("Assets/Materials/Toon.mat");
    std::string before = stack->editor("material.describe", R"({"assetPath":"Assets/Materials/Toon.mat"})");
    const std::string path = R"("assetPath":"Assets/Materials/Toon.mat")";
    EXPECT_NE(refused("uap_material_set", "{" + path + R"(,"values":{"_ShadowBlur":"high"}})").find("takes a number"), std::string::npos);
    EXPECT_NE(refused("uap_material_set", "{" + path + R"(,"values":{"_StencilRef":1.5}})").find("whole number"), std::string::npos);
    EXPECT_NE(refused("uap_material_set", "{" + path + R"(,"values":{"_Color":"red"}})").find("#rrggbb"), std::string::npos);
    EXPECT_NE(refused("uap_material_set", "{" + path + R"(,"values":{"_Color":{"r":1,"q":2}}})").find("'q'"), std::string::npos);
    std::string unknown = refused("uap_material_set", "{" + path + R"(,"values":{"_BaseColor":"#ff0000"}})");
    EXPECT_NE(unknown.find("has no property '_BaseColor'"), std::string::npos) << unknown;
    EXPECT_NE(unknown.find("_Color (Color)"), std::string::npos) << "lists the shader's properties: " << unknown;
    // A 2D texture on a cubemap slot: the editor refuses it (type_mismatch), nothing is written.
    std::string cube = refused("uap_material_set", "{" + path + R"(,"values":{"_ShadowBlur":0.9,"_ReflectionCube":"Assets/Textures/Checker.png"}})");
    EXPECT_NE(cube.find("Cube"), std::string::npos) << cube;
    EXPECT_NE(refused("uap_material_set", "{" + path + R"(,"values":{"_MainTex":"../../etc/passwd"}})").find(".."), std::string::npos);
    EXPECT_NE(refused("uap_material_set", R"({"assetPath":"../outside.mat","values":{"_ShadowBlur":0.2}})").find("assetPath"), std::string::npos);
    EXPECT_NE(refused("uap_material_set", R"({"assetPath":"Assets/Textures/Checker.png","values":{"_ShadowBlur":0.2}})").find(".mat"),
              std::string::npos);
    EXPECT_NE(refused("uap_material_set", R"({"values":{"_ShadowBlur":0.2}})").find("assetPath"), std::string::npos);
    EXPECT_NE(refused("uap_material_set", R"({"assetPath":7})").find("assetPath"), std::string::npos);
    EXPECT_NE(refused("uap_material_set", "{" + path + R"(,"colour":"#ffffff"})").find("colour"), std::string::npos);
    EXPECT_NE(refused("uap_material_set", "{" + path + "}").find("nothing to write"), std::string::npos);
    EXPECT_NE(refused("uap_material_set", "{" + path + R"(,"renderQueue":9000})").find("renderQueue"), std::string::npos);
    EXPECT_NE(refused("uap_material_set", "{" + path + R"(,"keywords":{"_OUTLINE_ON":"yes"}})").find("keywords"), std::string::npos);
    std::string many = "{" + path + R"(,"values":{)";
    for (int index = 0; index < 300; ++index) {
        if (index > 0)
            many += ',';
        many += "\"_P";
        many += std::to_string(index);
        many += "\":1";
    }
    many += "}}";
    EXPECT_NE(refused("uap_material_set", many).find("256"), std::string::npos);
    EXPECT_NE(refused("uap_material_set", R"({"assetPath":"Assets/Materials/Missing.mat","values":{"_Color":"#ff0000"}})").find("Missing.mat"),
              std::string::npos);
    EXPECT_EQ(stack->editor("material.describe", R"({"assetPath":"Assets/Materials/Toon.mat"})"), before) << "no refusal wrote anything";
}

TEST_F(MaterialTools, CreateUsesThePipelineShaderAndWritesInitialValues) {
    ToolReply built_in = ok("uap_material_create", R"({"path":"Assets/Materials/Plain.mat"})");
    EXPECT_EQ(text_at(built_in.value, "/shader/name"), "Standard");
    EXPECT_EQ(text_at(built_in.value, "/shader/chosenBy"), "builtInDefault");

    stack->host().editor().simulator()->set_render_pipeline(uap::editor_sim::RenderPipeline::Universal);
    ToolReply urp = ok("uap_material_create", R"({"path":"Assets/Materials/Urp.mat","values":{"_BaseColor":"#0000ff","_Smoothness":0.9},
        "keywords":{"_EMISSION":true}})");
    EXPECT_EQ(text_at(urp.value, "/shader/name"), "Universal Render Pipeline/Lit") << urp.text;
    auto material = described("Assets/Materials/Urp.mat");
    EXPECT_EQ(text_at(material, "/shader/name"), "Universal Render Pipeline/Lit");
    EXPECT_DOUBLE_EQ(value_number(material, "_BaseColor", "/b"), 1.0);
    EXPECT_DOUBLE_EQ(value_number(material, "_BaseColor", "/r"), 0.0);
    EXPECT_DOUBLE_EQ(value_number(material, "_Smoothness"), 0.9);
    EXPECT_TRUE(keyword_on(material, "_EMISSION"));
}

TEST_F(MaterialTools, CreateChecksInitialValuesBeforeCreatingAnything) {
    std::string range = refused("uap_material_create", R"({"path":"Assets/Materials/Toon.mat","shader":"Custom/Toon","values":{"_OutlineWidth":4}})");
    EXPECT_NE(range.find("Range from 0 to 1"), std::string::npos) << range;
    std::string shader = refused("uap_material_create", R"({"path":"Assets/Materials/Toon.mat","shader":"No/Such Shader"})");
    EXPECT_NE(shader.find("No/Such Shader"), std::string::npos) << shader;
    EXPECT_NE(refused("uap_material_create", R"({"path":"Assets/Materials/Toon.png"})").find(".mat"), std::string::npos);
    EXPECT_NE(refused("uap_material_create", R"({"path":"Packages/x/Toon.mat"})").find("Assets/"), std::string::npos);
    EXPECT_NE(refused("uap_material_create", R"({"shader":"Custom/Toon"})").find("path"), std::string::npos);
    rapidjson::Document found;
    found.Parse(stack->editor("asset.find", R"({"filter":"t:Material Toon"})").c_str());
    EXPECT_EQ(number_at(found, "/total"), 0) << "no refused call created a material";
    // A keyword the shader does not declare cannot be enabled: the material exists, and the failure says so.
    std::string ignored = refused("uap_material_create", R"({"path":"Assets/Materials/Toon.mat","shader":"Custom/Toon","keywords":{"_GLOW":true}})");
    EXPECT_NE(ignored.find("keyword _GLOW is still off"), std::string::npos) << ignored;
    EXPECT_NE(ignored.find("created at 'Assets/Materials/Toon.mat'"), std::string::npos) << ignored;
}

} // namespace

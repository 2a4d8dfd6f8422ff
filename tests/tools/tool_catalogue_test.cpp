// The typed-result catalogue: every enabled tool of core, editor, markers and the five Pro packs declares an
// outputSchema, runs with its sample below on the simulator's default scene, and returns structuredContent
// equal to its text, which the schema accepts (checked here with RapidJSON's validator, not the host's).
#include "tool_stack.hpp"

#include "app/host_application.hpp"
#include "modules/module_host.hpp"
#include "support/json.hpp"
#include "support/json_writer.hpp"

#include <gtest/gtest.h>
#include <rapidjson/schema.h>
#include <rapidjson/stringbuffer.h>

#include <chrono>
#include <optional>
#include <set>
#include <thread>

namespace {

using uap::testing::ToolReply;
using uap::testing::ToolStack;

const char* const catalogue_packs[] = {"uap.core",          "uap.editor",        "uap.markers",     "uap.pro.prefab",
                                       "uap.pro.materials", "uap.pro.animation", "uap.pro.windows", "uap.pro.lighting"};

struct Step {
    const char* tool;
    const char* arguments;
};

// A simulator fixture (docs/simulator-deviations.md) built when the row needs one.
using FixtureBuilder = std::string (*)();

struct Sample {
    const char* tool;
    const char* arguments;   // nullptr: {"jobId": the job the last setup step answered with}.
    std::vector<Step> setup; // Tools called first, each of which must succeed.
    FixtureBuilder fixture = nullptr;
    const char* settings = nullptr;                             // The project's host-settings.json.
    std::vector<std::pair<const char*, const char*>> files = {}; // Project files written before the setup.
};

// A humanoid model for uap_avatar_configure: the transforms are created in the scene, then imported as
// Assets/Models/Hero.fbx (the simulator reads no FBX).
std::string humanoid_model() {
    const std::pair<const char*, const char*> bones[] = {
        {"Hero", ""},           {"Hips", "/Hero"},
        {"LeftUpperLeg", "/Hero/Hips"}, {"LeftLowerLeg", "/Hero/Hips/LeftUpperLeg"}, {"LeftFoot", "/Hero/Hips/LeftUpperLeg/LeftLowerLeg"},
        {"RightUpperLeg", "/Hero/Hips"}, {"RightLowerLeg", "/Hero/Hips/RightUpperLeg"}, {"RightFoot", "/Hero/Hips/RightUpperLeg/RightLowerLeg"},
        {"Spine", "/Hero/Hips"}, {"Chest", "/Hero/Hips/Spine"}, {"Neck", "/Hero/Hips/Spine/Chest"}, {"Head", "/Hero/Hips/Spine/Chest/Neck"},
        {"LeftUpperArm", "/Hero/Hips/Spine/Chest"}, {"LeftLowerArm", "/Hero/Hips/Spine/Chest/LeftUpperArm"},
        {"LeftHand", "/Hero/Hips/Spine/Chest/LeftUpperArm/LeftLowerArm"},
        {"RightUpperArm", "/Hero/Hips/Spine/Chest"}, {"RightLowerArm", "/Hero/Hips/Spine/Chest/RightUpperArm"},
        {"RightHand", "/Hero/Hips/Spine/Chest/RightUpperArm/RightLowerArm"}};
    uap::json::TextWriter writer;
    writer.begin_object().key("calls").begin_array();
    for (const auto& [name, parent] : bones) {
        writer.begin_object().field("method", "object.create").key("params").begin_object().field("name", name);
        if (*parent)
            writer.key("parent").begin_object().field("scenePath", parent).end_object();
        writer.end_object().end_object();
    }
    writer.end_array().key("models").begin_array();
    writer.begin_object().field("path", "Assets/Models/Hero.fbx").field("source", "/Hero").end_object();
    return writer.end_array().end_object().text();
}

std::string quick_bake() { return R"({"lighting":{"bakeMs":100}})"; }
std::string slow_bake() { return R"({"lighting":{"bakeMs":3000}})"; }
std::string one_test() { return R"({"tests":{"caseMs":10,"cases":[{"name":"Game.Tests.PlayerTests.MovesForward"}]}})"; }

constexpr const char* animations_folder = R"({"assetType":"Folder","path":"Assets/Animations"})";
constexpr const char* bob_clip = R"({"assetPath":"Assets/Animations/Bob.anim","curves":[{"path":"","type":"Transform",
"propertyName":"m_LocalPosition.y","keys":[{"time":0,"value":0},{"time":1,"value":1}]}]})";
constexpr const char* hero_controller = R"({"assetPath":"Assets/Animations/Hero.controller","create":true,
"parameters":[{"name":"Speed","type":"Float","default":0.5}]})";
constexpr const char* crate_instance = R"({"assetPath":"Assets/Prefabs/Crate.prefab"})";
constexpr const char* crate_heavier = R"({"path":"/Crate","componentType":"Rigidbody","values":[{"propertyPath":"m_Mass","value":5}]})";

// One row per tool: what it is called with on the default scene (Main Camera, Directional Light, Ground,
// Player with Weapon and CameraTarget, Assets/Materials/Red.mat, Assets/Prefabs/Crate.prefab,
// Assets/Models/Rock.fbx, Assets/Scenes/SampleScene.unity) and what has to happen first.
const std::vector<Sample>& samples() {
    static const std::vector<Sample> rows = {
        // core
        {"uap_ping", "{}"},
        {"uap_job_status", nullptr, {{"uap_lighting_bake", "{}"}}, slow_bake, R"({"settingsVersion":1,"limits":{"jobWaitMilliseconds":200}})"},
        {"uap_scene_create_object", R"({"name":"Catalogue Box","primitiveType":"Cube","position":{"x":1,"y":2,"z":3}})"},
        {"uap_scene_destroy_object", R"({"path":"/Ground"})"},
        {"uap_scene_reparent", R"({"path":"/Player/Weapon","newParentPath":""})"},
        {"uap_scene_rename", R"({"path":"/Ground","newName":"Floor"})"},
        {"uap_scene_duplicate", R"({"path":"/Player","count":2,"offset":{"x":2}})"},
        {"uap_scene_place_asset", crate_instance},
        {"uap_component_add", R"({"path":"/Ground","componentType":"BoxCollider"})"},
        {"uap_component_remove", R"({"path":"/Player","componentType":"Rigidbody"})"},
        {"uap_component_list", R"({"path":"/Player"})"},
        {"uap_object_inspect", R"({"path":"/Player"})"},
        {"uap_property_set", R"({"path":"/Player","componentType":"Rigidbody","values":[{"propertyPath":"m_Mass","value":2}]})"},
        {"uap_transform_set", R"({"path":"/Player","position":{"x":1}})"},
        {"uap_rect_transform_set", R"({"path":"/Panel","anchorPreset":"top-left","size":{"x":100,"y":40}})",
         {{"uap_scene_create_object", R"({"name":"Panel"})"}, {"uap_component_add", R"({"path":"/Panel","componentType":"RectTransform"})"}}},
        {"uap_query_hierarchy", "{}"},
        {"uap_query_component_types", R"({"query":"Collider"})"},
        {"uap_asset_find", R"({"query":"t:Material"})"},
        {"uap_asset_create", R"({"assetType":"Material","path":"Assets/Materials/Catalogue.mat"})"},
        {"uap_asset_delete", R"({"path":"Assets/Materials/Red.mat","confirm":true})"},
        {"uap_scene_save", "{}", {{"uap_scene_rename", R"({"path":"/Ground","newName":"Floor"})"}}},
        {"uap_scene_open", R"({"path":"Assets/Scenes/SampleScene.unity","discardUnsaved":true})"},
        {"uap_search", R"({"query":"Player"})"},
        {"uap_scripts_commit", "{}", {}, nullptr, nullptr, {{"UapStaging/Scripts/CatalogueProbe.cs", "public class CatalogueProbe {}\n"}}},
        {"uap_batch", R"({"calls":[{"tool":"uap_scene_create_object","arguments":{"name":"Batched"}},
{"tool":"uap_transform_set","arguments":{"path":"/Batched","position":{"y":1}}}]})"},
        // editor
        {"uap_editor_screenshot", R"({"width":640,"height":360})"},
        {"uap_game_view_size", R"({"action":"get"})"},
        {"uap_editor_execute_menu", R"({"menuPath":"GameObject/Create Empty"})"},
        {"uap_editor_select", R"({"path":"/Player"})"},
        {"uap_play_mode", R"({"action":"status"})"},
        {"uap_console_logs", "{}"},
        {"uap_tests_run", "{}", {}, one_test, nullptr, {{"Packages/manifest.json", R"({"dependencies":{"com.unity.test-framework":"1.4.6"}})"}}},
        {"uap_console_clear", "{}"},
        // markers
        {"uap_marker_add", R"({"kind":"point","position":[0,1,0],"label":"door"})"},
        {"uap_marker_list", "{}", {{"uap_marker_add", R"({"position":[1,0,0]})"}}},
        {"uap_marker_clear", "{}", {{"uap_marker_add", R"({"position":[1,0,0]})"}}},
        {"uap_stroke_list", "{}"},
        // Pro: prefab
        {"uap_prefab_create", R"({"sourcePath":"/Player","assetPath":"Assets/Prefabs/Player.prefab"})"},
        {"uap_prefab_get_overrides", R"({"path":"/Crate"})", {{"uap_scene_place_asset", crate_instance}, {"uap_property_set", crate_heavier}}},
        {"uap_prefab_apply_overrides", R"({"path":"/Crate"})", {{"uap_scene_place_asset", crate_instance}, {"uap_property_set", crate_heavier}}},
        {"uap_prefab_revert_overrides", R"({"path":"/Crate"})", {{"uap_scene_place_asset", crate_instance}, {"uap_property_set", crate_heavier}}},
        {"uap_prefab_unpack", R"({"path":"/Crate","mode":"completely"})", {{"uap_scene_place_asset", crate_instance}}},
        {"uap_prefab_stage", R"({"action":"open","assetPath":"Assets/Prefabs/Crate.prefab"})"},
        // Pro: materials
        {"uap_material_create", R"({"path":"Assets/Materials/Toon.mat","shader":"Custom/Toon"})"},
        {"uap_material_set", R"({"assetPath":"Assets/Materials/Red.mat","values":{"_Color":"#00ff00"}})"},
        {"uap_material_shader_properties", R"({"assetPath":"Assets/Materials/Red.mat"})"},
        // Pro: animation
        {"uap_anim_create_clip", bob_clip, {{"uap_asset_create", animations_folder}}},
        {"uap_anim_inspect_clip", R"({"assetPath":"Assets/Animations/Bob.anim"})", {{"uap_asset_create", animations_folder}, {"uap_anim_create_clip", bob_clip}}},
        {"uap_animator_edit", hero_controller, {{"uap_asset_create", animations_folder}}},
        {"uap_animator_inspect", R"({"assetPath":"Assets/Animations/Hero.controller"})",
         {{"uap_asset_create", animations_folder}, {"uap_animator_edit", hero_controller}}},
        {"uap_avatar_inspect", R"({"assetPath":"Assets/Models/Rock.fbx"})"},
        {"uap_avatar_configure", R"({"assetPath":"Assets/Models/Hero.fbx"})", {}, humanoid_model},
        // Pro: editor windows
        {"uap_window_list", "{}"},
        {"uap_window_dump", R"({"window":"VRChat SDK"})"},
        {"uap_window_click", R"({"window":"VRChat SDK","name":"build"})"},
        {"uap_window_set_value", R"({"windowIndex":3,"name":"capacity","value":8})"},
        {"uap_window_screenshot", R"({"window":"VRChat SDK"})"},
        // Pro: lighting (long-running; a 100 ms bake finishes within the reply's wait)
        {"uap_lighting_bake", "{}", {}, quick_bake},
    };
    return rows;
}

const Sample* sample_of(const std::string& tool) {
    for (const Sample& row : samples())
        if (tool == row.tool)
            return &row;
    return nullptr;
}

std::string call_request(const std::string& tool, const std::string& arguments_json) {
    return uap::json::TextWriter().begin_object().field("name", tool).raw_field("arguments", arguments_json).end_object().text();
}

// Where the schema rejected the value, in words.
std::string schema_complaint(const rapidjson::SchemaValidator& validator) {
    rapidjson::StringBuffer schema_at, value_at;
    validator.GetInvalidSchemaPointer().StringifyUriFragment(schema_at);
    validator.GetInvalidDocumentPointer().StringifyUriFragment(value_at);
    return std::string("the value at ") + value_at.GetString() + " breaks '" + validator.GetInvalidSchemaKeyword() + "' at " + schema_at.GetString();
}

class TypedTool : public ::testing::TestWithParam<std::string> {
protected:
    // What tools/list says of the tool, or the search's match for it when it is not listed.
    std::optional<rapidjson::Document> published(ToolStack& stack, const std::string& tool) {
        rapidjson::Document listed = stack.rpc("tools/list", "{}");
        for (const auto& entry : listed["result"]["tools"].GetArray())
            if (tool == entry["name"].GetString()) {
                rapidjson::Document copy;
                copy.CopyFrom(entry, copy.GetAllocator());
                return copy;
            }
        ToolReply search = stack.call("uap_tool_search", uap::json::TextWriter().begin_object().field("query", tool).field("limit", 1).end_object().text());
        if (search.is_error || !search.value.HasMember("matches") || search.value["matches"].Empty() ||
            tool != search.value["matches"][0]["tool"].GetString())
            return std::nullopt;
        rapidjson::Document copy;
        copy.CopyFrom(search.value["matches"][0], copy.GetAllocator());
        return copy;
    }

    // The output schema the module declared (what the host validates against), from the registry.
    static std::string declared_schema(ToolStack& stack, const std::string& tool) {
        for (const auto& pack : stack.host().modules().packs())
            for (const auto& description : pack->tools)
                if (description.name == tool)
                    return description.output_schema_json;
        return {};
    }
};

TEST_P(TypedTool, DeclaresAnOutputSchemaAndReturnsWhatItDeclares) {
    const std::string tool = GetParam();
    const Sample* row = sample_of(tool);
    ASSERT_NE(row, nullptr);
    uap::testing::ToolStackOptions options;
    options.plugin_folders = {UAP_PRO_PLUGINS};
    if (row->settings)
        options.settings_json = row->settings;
    ToolStack stack(options);
    if (row->fixture) {
        ASSERT_EQ(stack.load_fixture(row->fixture()), "");
    }
    for (const auto& [path, text] : row->files)
        uap::testing::write_project_file(stack.project() / path, text);
    std::string last_job;
    for (const Step& step : row->setup) {
        ToolReply reply = stack.call(step.tool, step.arguments);
        ASSERT_FALSE(reply.is_error) << "setup " << step.tool << " " << step.arguments << ": " << reply.text;
        if (reply.value.IsObject() && reply.value.HasMember("jobId"))
            last_job = reply.value["jobId"].GetString();
    }
    std::string arguments = row->arguments ? std::string(row->arguments)
                                           : uap::json::TextWriter().begin_object().field("jobId", last_job).end_object().text();
    if (!row->arguments) {
        ASSERT_FALSE(last_job.empty()) << "the setup answered with no job";
    }

    // (a) The tool declares an outputSchema where an agent finds the tool: tools/list, or the search.
    auto entry = published(stack, tool);
    ASSERT_TRUE(entry) << tool << " is neither listed nor found by an exact-name search";
    bool listed = !entry->HasMember("traits");
    bool long_running = listed ? (*entry)["_meta"]["agentpanel.unity/longRunning"].GetBool() : (*entry)["traits"]["longRunning"].GetBool();
    std::string schema_text;
    if (long_running) {
        // A long-running tool may answer with a job, which no output schema describes, so MCP carries its
        // result as text only and publishes no outputSchema; the module still declares one (checked here).
        EXPECT_FALSE(entry->HasMember("outputSchema")) << tool;
        schema_text = declared_schema(stack, tool);
    } else if (entry->HasMember("outputSchema")) {
        schema_text = uap::json::to_text((*entry)["outputSchema"]);
    }
    EXPECT_FALSE(schema_text.empty()) << tool << " declares no outputSchema";

    // (b) The call succeeds: listed tools directly, the others through uap_tool_call as an agent would.
    std::string request = listed ? call_request(tool, arguments)
                                 : call_request("uap_tool_call", uap::json::TextWriter().begin_object().field("tool", tool).raw_field("arguments", arguments).end_object().text());
    rapidjson::Document envelope = stack.rpc("tools/call", request);
    ASSERT_TRUE(envelope.HasMember("result")) << tool << ": " << uap::json::to_text(envelope);
    const rapidjson::Value& result = envelope["result"];
    std::string text = result["content"][0]["text"].GetString();
    ASSERT_FALSE(result["isError"].GetBool()) << tool << " " << arguments << ": " << text;
    auto parsed = uap::json::parse(text);
    ASSERT_TRUE(parsed && parsed->IsObject()) << tool << " answered with text that is not a JSON object: " << text;
    rapidjson::Document value;
    value.CopyFrom(*parsed, value.GetAllocator());

    // (c) structuredContent is the text, and the schema accepts it.
    if (long_running) {
        EXPECT_FALSE(result.HasMember("structuredContent")) << tool;
        // Outlasting the reply's wait makes it a job: its result is the one to check, once finished.
        for (int attempt = 0; attempt < 200 && value.HasMember("jobId") && value.HasMember("state") &&
                              std::string(value["state"].GetString()) == "running";
             ++attempt) {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            ToolReply status = stack.call("uap_job_status", uap::json::TextWriter().begin_object().field("jobId", value["jobId"].GetString()).end_object().text());
            ASSERT_FALSE(status.is_error) << status.text;
            if (std::string(status.value["state"].GetString()) == "completed") {
                rapidjson::Document finished;
                finished.CopyFrom(status.value["result"], finished.GetAllocator());
                value.Swap(finished);
            }
        }
    } else {
        ASSERT_TRUE(result.HasMember("structuredContent")) << tool << ": " << uap::json::to_text(result);
        EXPECT_TRUE(result["structuredContent"] == value) << tool << ": structuredContent differs from the text";
    }
    if (schema_text.empty())
        return;
    auto schema_json = uap::json::parse(schema_text);
    ASSERT_TRUE(schema_json) << schema_text;
    rapidjson::SchemaDocument schema(*schema_json);
    rapidjson::SchemaValidator validator(schema);
    EXPECT_TRUE(value.Accept(validator)) << tool << ": " << schema_complaint(validator) << "\nresult: " << uap::json::to_text(value)
                                         << "\nschema: " << schema_text;
}

std::vector<std::string> sampled_tools() {
    std::vector<std::string> names;
    for (const Sample& row : samples())
        names.emplace_back(row.tool);
    return names;
}

INSTANTIATE_TEST_SUITE_P(Catalogue, TypedTool, ::testing::ValuesIn(sampled_tools()),
                         [](const ::testing::TestParamInfo<std::string>& parameter) { return parameter.param; });

// The discovery search is typed too: both of its answers (matches, and the areas) as structuredContent its
// listed outputSchema accepts; uap_tool_call has no schema of its own (its result is the target's).
TEST(ToolCatalogue, TheDiscoverySearchReturnsWhatItDeclares) {
    uap::testing::ToolStackOptions options;
    options.plugin_folders = {UAP_PRO_PLUGINS};
    ToolStack stack(options);
    rapidjson::Document listed = stack.rpc("tools/list", "{}");
    std::string schema_text;
    for (const auto& entry : listed["result"]["tools"].GetArray()) {
        if (std::string(entry["name"].GetString()) == "uap_tool_search")
            schema_text = entry.HasMember("outputSchema") ? uap::json::to_text(entry["outputSchema"]) : "";
        if (std::string(entry["name"].GetString()) == "uap_tool_call") {
            EXPECT_FALSE(entry.HasMember("outputSchema"));
        }
    }
    ASSERT_FALSE(schema_text.empty()) << "uap_tool_search declares no outputSchema";
    auto schema_json = uap::json::parse(schema_text);
    ASSERT_TRUE(schema_json);
    rapidjson::SchemaDocument schema(*schema_json);
    for (const char* arguments : {R"({"query":"prefab apply overrides"})", "{}", R"({"query":"zzqx"})"}) {
        rapidjson::Document envelope = stack.rpc("tools/call", call_request("uap_tool_search", arguments));
        ASSERT_TRUE(envelope.HasMember("result")) << uap::json::to_text(envelope);
        const rapidjson::Value& result = envelope["result"];
        ASSERT_FALSE(result["isError"].GetBool()) << arguments;
        ASSERT_TRUE(result.HasMember("structuredContent")) << arguments;
        auto parsed = uap::json::parse(result["content"][0]["text"].GetString());
        ASSERT_TRUE(parsed);
        EXPECT_TRUE(result["structuredContent"] == *parsed) << arguments;
        rapidjson::SchemaValidator validator(schema);
        EXPECT_TRUE(result["structuredContent"].Accept(validator)) << arguments << ": " << schema_complaint(validator);
    }
}

// A new tool without a row fails here, so it cannot ship untyped or untried; a row for a tool that is gone fails too.
TEST(ToolCatalogue, EveryEnabledToolOfTheBundledAndProPacksHasASample) {
    uap::testing::ToolStackOptions options;
    options.plugin_folders = {UAP_PRO_PLUGINS};
    ToolStack stack(options);
    std::set<std::string> enabled;
    for (const char* pack : catalogue_packs) {
        std::vector<std::string> tools = stack.pack_tools(pack);
        EXPECT_FALSE(tools.empty()) << pack << " is not loaded";
        for (const std::string& tool : tools) {
            enabled.insert(tool);
            EXPECT_NE(sample_of(tool), nullptr) << tool << " (" << pack << ") has no row in samples(): add its sample arguments";
        }
    }
    for (const Sample& row : samples())
        EXPECT_TRUE(enabled.count(row.tool)) << row.tool << " has a row but no enabled pack has the tool";
    EXPECT_EQ(samples().size(), enabled.size());
}

} // namespace

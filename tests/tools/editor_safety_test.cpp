// What keeps the user's work safe on the simulator, through the tools over MCP: scene writes in play
// mode are refused with the command that stops it (or made on request and marked as temporary), object
// addresses resolve in an open prefab stage, console.read sees past the Console's filters, and a new
// Material gets the render pipeline's default shader.
#include "tool_stack.hpp"

#include "app/host_application.hpp"

#include <uap/editor_sim/editor_simulator.hpp>

#include <gtest/gtest.h>
#include <rapidjson/document.h>
#include <rapidjson/pointer.h>

#include <chrono>
#include <thread>

namespace {

using uap::testing::ToolReply;
using uap::testing::ToolStack;

using uap::testing::text_at;

uap::editor_sim::EditorSimulator& simulator_of(ToolStack& stack) { return *stack.host().editor().simulator(); }

TEST(PlayModeSafety, AWriteInPlayModeIsRefusedWithTheCommandThatStopsIt) {
    ToolStack stack;
    ASSERT_FALSE(stack.call("uap_play_mode", R"({"action":"start"})").is_error);
    std::string before = stack.editor("scene.digest", "{}");
    for (auto [tool, arguments] : {std::pair{"uap_scene_create_object", R"({"name":"Lost"})"},
                                   std::pair{"uap_transform_set", R"({"path":"/Player","position":{"x":9}})"},
                                   std::pair{"uap_scene_rename", R"({"path":"/Player","newName":"Renamed"})"}}) {
        ToolReply reply = stack.call(tool, arguments);
        EXPECT_TRUE(reply.is_error) << tool << " was not refused: " << reply.text;
        EXPECT_NE(reply.text.find("the editor is in play mode"), std::string::npos) << reply.text;
        EXPECT_NE(reply.text.find(R"(uap_play_mode, action "stop")"), std::string::npos) << "names the fix: " << reply.text;
    }
    EXPECT_EQ(stack.editor("scene.digest", "{}"), before) << "nothing changed";

    // An asset keeps its change after play mode, so writing one is not refused.
    std::string material = stack.editor("property.set", R"({"target":{"asset":{"assetPath":"Assets/Materials/Red.mat"}},"values":[{"path":"_Metallic","type":"float","value":0.5}]})");
    EXPECT_EQ(material.find("play mode"), std::string::npos) << material;

    // Asked for explicitly, the write happens and says it will not last.
    std::string temporary = stack.editor("object.create", R"({"name":"Temporary","playModeWrite":"revertOnExit"})");
    EXPECT_EQ(text_at(temporary, "/willRevertOnExitPlayMode"), "true") << temporary;
    EXPECT_NE(stack.editor("hierarchy.roots", "{}").find("Temporary"), std::string::npos);

    ASSERT_FALSE(stack.call("uap_play_mode", R"({"action":"stop"})").is_error);
    EXPECT_EQ(stack.editor("hierarchy.roots", "{}").find("Temporary"), std::string::npos) << "gone with play mode, as announced";
    ToolReply created = stack.call("uap_scene_create_object", R"({"name":"Kept"})");
    EXPECT_FALSE(created.is_error) << "in edit mode the same write works: " << created.text;
}

TEST(PlayModeSafety, PausedPlayModeIsPlayModeToo) {
    ToolStack stack;
    ASSERT_FALSE(stack.call("uap_play_mode", R"({"action":"start"})").is_error);
    ASSERT_FALSE(stack.call("uap_play_mode", R"({"action":"pause"})").is_error);
    std::string refused = stack.editor("object.rename", R"({"object":{"scenePath":"/Player"},"name":"P"})");
    EXPECT_EQ(text_at(refused, "/code"), "conflict") << refused;
    EXPECT_EQ(text_at(refused, "/data/playMode"), "paused") << refused;
}

TEST(PrefabStageAddressing, AHierarchyQueryWithAPrefabStageOpenListsTheStagesObjects) {
    ToolStack stack;
    ToolReply main_stage = stack.call("uap_query_hierarchy", "{}");
    ASSERT_FALSE(main_stage.is_error) << main_stage.text;
    EXPECT_EQ(text_at(main_stage.value, "/stage/kind"), "main");
    EXPECT_NE(text_at(main_stage.value, "/hierarchy").find("Player"), std::string::npos);

    stack.editor("prefabStage.open", R"({"assetPath":"Assets/Prefabs/Crate.prefab"})");
    ToolReply stage = stack.call("uap_query_hierarchy", "{}");
    ASSERT_FALSE(stage.is_error) << stage.text;
    std::string listing = text_at(stage.value, "/hierarchy");
    EXPECT_EQ(listing.rfind("Crate [Transform, MeshFilter, MeshRenderer, BoxCollider, Rigidbody]", 0), 0u) << listing;
    EXPECT_EQ(listing.find("Player"), std::string::npos) << "the scene behind the stage is not listed: " << listing;
    EXPECT_EQ(text_at(stage.value, "/stage/kind"), "prefab");
    EXPECT_EQ(text_at(stage.value, "/stage/assetPath"), "Assets/Prefabs/Crate.prefab");

    // Paths resolve in the stage, and a new object lands under the prefab's root, not in the scene.
    std::string transform = stack.editor("transform.get", R"({"object":{"scenePath":"/Crate"}})");
    EXPECT_EQ(text_at(transform, "/stage/kind"), "prefab") << transform;
    std::string lid = stack.editor("object.create", R"({"name":"Lid"})");
    EXPECT_EQ(text_at(lid, "/observed/path"), "/Crate/Lid") << lid;

    stack.editor("prefabStage.close", "{}");
    EXPECT_EQ(stack.editor("hierarchy.roots", "{}").find("Lid"), std::string::npos) << "the scene never got it";
    stack.editor("prefabStage.open", R"({"assetPath":"Assets/Prefabs/Crate.prefab"})");
    EXPECT_NE(stack.editor("hierarchy.subtree", "{}").find("\"/Crate/Lid\""), std::string::npos)
        << "closing prefab mode saved the change into the prefab";
}

TEST(PrefabStageAddressing, TheStageIsOneMoreMemberOfAnAnswerWhoseOtherMembersAreAsWritten) {
    ToolStack stack;
    std::string page = stack.editor("hierarchy.subtree", R"({"maxNodes":1})");
    rapidjson::Document answer;
    answer.Parse(page.c_str());
    ASSERT_FALSE(answer.HasParseError()) << page;
    ASSERT_TRUE(answer.IsObject()) << page;
    EXPECT_EQ(answer.MemberCount(), 4u) << "nodes, truncated, nextCursor and stage: " << page;
    ASSERT_TRUE(answer["nodes"].IsArray()) << page;
    EXPECT_EQ(answer["nodes"].Size(), 1u) << page;
    EXPECT_TRUE(answer["truncated"].GetBool()) << page;
    EXPECT_EQ(text_at(page, "/nextCursor"), "1") << page;
    EXPECT_EQ(text_at(page, "/stage/kind"), "main") << page;
    EXPECT_EQ(answer["stage"].MemberCount(), 1u) << "no asset path outside prefab mode: " << page;

    stack.editor("prefabStage.open", R"({"assetPath":"Assets/Prefabs/Crate.prefab"})");
    std::string stage_page = stack.editor("hierarchy.subtree", R"({"maxNodes":1})");
    answer.Parse(stage_page.c_str());
    ASSERT_FALSE(answer.HasParseError()) << stage_page;
    EXPECT_EQ(text_at(stage_page, "/nodes/0/path"), "/Crate") << stage_page;
    EXPECT_EQ(text_at(stage_page, "/stage/kind"), "prefab") << stage_page;
    EXPECT_EQ(text_at(stage_page, "/stage/assetPath"), "Assets/Prefabs/Crate.prefab") << stage_page;
}

TEST(ConsoleFilters, AConsoleFilterHidingErrorsDoesNotHideThemFromConsoleRead) {
    ToolStack stack;
    auto& simulator = simulator_of(stack);
    simulator.log(uap::editor_sim::ConsoleKind::Error, "NullReferenceException: the hidden one");
    simulator.log(uap::editor_sim::ConsoleKind::Error, "NullReferenceException: the hidden one");
    uap::editor_sim::ConsoleFilters user;
    user.show_errors = false;
    user.show_logs = false;
    user.collapse = true;
    user.search_text = "nothing matches this";
    simulator.set_console_filters(user);
    EXPECT_EQ(simulator.visible_console_rows(), 0u) << "the user's Console shows nothing";

    ToolReply read = stack.call("uap_console_logs", R"({"types":["error"]})");
    ASSERT_FALSE(read.is_error) << read.text;
    ASSERT_TRUE(read.value["entries"].IsArray());
    ASSERT_EQ(read.value["entries"].Size(), 2u) << "both entries, not collapsed: " << read.text;
    EXPECT_EQ(text_at(read.value, "/entries/0/message"), "NullReferenceException: the hidden one");
    EXPECT_TRUE(simulator.console_filters() == user) << "the user's filters are back as they were";
}

TEST(MaterialShader, TheMagentaCasePicksTheUrpDefaultShaderWhenTheProjectIsUrp) {
    ToolStack stack;
    ToolReply built_in = stack.call("uap_asset_create", R"({"assetType":"Material","path":"Assets/Materials/BuiltIn.mat"})");
    ASSERT_FALSE(built_in.is_error) << built_in.text;
    EXPECT_EQ(text_at(built_in.value, "/shader/name"), "Standard");
    EXPECT_EQ(text_at(built_in.value, "/shader/chosenBy"), "builtInDefault");

    simulator_of(stack).set_render_pipeline(uap::editor_sim::RenderPipeline::Universal);
    ToolReply urp = stack.call("uap_asset_create", R"({"assetType":"Material","path":"Assets/Materials/Urp.mat"})");
    ASSERT_FALSE(urp.is_error) << urp.text;
    EXPECT_EQ(text_at(urp.value, "/shader/name"), "Universal Render Pipeline/Lit") << urp.text;
    EXPECT_EQ(text_at(urp.value, "/shader/chosenBy"), "renderPipelineDefaultMaterial");
    EXPECT_EQ(text_at(urp.value, "/shader/renderPipeline"), "UnityEngine.Rendering.Universal.UniversalRenderPipelineAsset");
    // Read back separately: the material asset holds that shader.
    std::string stored = stack.editor("property.get", R"({"target":{"asset":{"assetPath":"Assets/Materials/Urp.mat"}},"paths":["m_Shader"]})");
    EXPECT_NE(stored.find("Universal Render Pipeline/Lit"), std::string::npos) << stored;

    ToolReply requested = stack.call("uap_asset_create", R"({"assetType":"Material","path":"Assets/Materials/Unlit.mat","shader":"Universal Render Pipeline/Unlit"})");
    ASSERT_FALSE(requested.is_error) << requested.text;
    EXPECT_EQ(text_at(requested.value, "/shader/name"), "Universal Render Pipeline/Unlit");
    EXPECT_EQ(text_at(requested.value, "/shader/chosenBy"), "requested");
}

} // namespace

namespace {

using uap::testing::StackEditor;
using uap::testing::ToolStackOptions;

// Unity cannot load the package (a script does not compile; Safe Mode): no editor connects, and the
// editor's log, written here by the simulator's compile of the same broken script, is all the host has.
TEST(PackageCannotLoad, ToolsAnswerAtOnceWithTheLogsErrorsAndStagedFixesStillCommit) {
    ToolStackOptions options;
    options.editor = StackEditor::NeverConnects;
    options.editor_log = "Logs/Editor.log";
    options.prepare = [](const std::filesystem::path& project) {
        uap::testing::write_project_file(project / "Assets" / "Scripts" / "Broken.cs", "public class Broken {\n    void Start() {\n}\n");
        uap::editor_sim::SimulatorIdentity identity;
        identity.project_path = project.string();
        uap::editor_sim::EditorSimulator simulator(identity);
        simulator.call("asset.refresh", "{}");
        simulator.compile_scripts();
        uap::testing::write_project_file(project / "Logs" / "Editor.log", simulator.editor_log_text());
        return std::vector<std::string>{};
    };
    ToolStack stack(options);
    // The log is read on the host's own thread as it starts; uap_ping shows it once read.
    ToolReply ping;
    for (int attempt = 0; attempt < 100; ++attempt) {
        ping = stack.call("uap_ping", "{}");
        if (ping.text.find("editorLog") != std::string::npos)
            break;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ASSERT_NE(ping.text.find("\"errorCount\":1"), std::string::npos) << ping.text;

    auto started = std::chrono::steady_clock::now();
    ToolReply refused = stack.call("uap_scene_create_object", R"({"name":"Anything"})");
    auto waited = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
    EXPECT_TRUE(refused.is_error);
    EXPECT_NE(refused.text.find("editor cannot run the package: 1 compile error"), std::string::npos) << refused.text;
    EXPECT_NE(refused.text.find("Assets/Scripts/Broken.cs("), std::string::npos) << refused.text;
    EXPECT_LT(waited.count(), 5000) << "answered without waiting out the reconnect bound";

    uap::testing::write_project_file(stack.project() / "UapStaging" / "Scripts" / "Broken.cs", "public class Broken {\n    void Start() {}\n}\n");
    ToolReply committed = stack.call("uap_scripts_commit", "{}");
    ASSERT_FALSE(committed.is_error) << committed.text;
    EXPECT_EQ(text_at(committed.value, "/committed/0"), "Assets/Scripts/Broken.cs");
    EXPECT_EQ(text_at(committed.value, "/validation").rfind("not validated", 0), 0u) << committed.text;
    EXPECT_EQ(uap::testing::read_project_file(stack.project() / "Assets" / "Scripts" / "Broken.cs"),
              "public class Broken {\n    void Start() {}\n}\n");
}

} // namespace

// The markers pack through MCP on the serve-shaped host with the simulator: each kind added, listed
// and cleared (checked against what the editor draws), time to live on a manual clock, the cap of
// 32, a followed target, clearing on scene open and play mode, survival across a domain reload,
// user pins and strokes from the simulator, and markers projected into a screenshot.
#include "fakes/eventually.hpp"
#include "tool_stack.hpp"

#include "app/host_application.hpp"
#include "fakes/manual_clock.hpp"

#include <uap/editor_sim/simulated_editor.hpp>

#include <gtest/gtest.h>

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <chrono>
#include <cmath>
#include <functional>
#include <iostream>
#include <thread>

namespace {

using namespace std::chrono_literals;
using uap::testing::number_at;
using uap::testing::text_at;
using uap::testing::ToolReply;
using uap::testing::ToolStack;

using uap::testing::eventually;

class Markers : public ::testing::Test {
protected:
    void SetUp() override {
        uap::testing::ToolStackOptions options;
        options.module_clock = &clock;
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
    // What the editor draws, read from the editor (not from the tool that drew it).
    rapidjson::Document drawn() {
        rapidjson::Document document;
        document.Parse(stack->editor("markers.list", "{}").c_str());
        return document;
    }
    std::size_t listed() { return ok("uap_marker_list", "{}").value["count"].GetUint(); }
    uap::editor_sim::SimulatedEditor& editor() { return *stack->host().editor().simulated_editor(); }

    uap::testing::ManualClock clock;
    std::unique_ptr<ToolStack> stack;
};

TEST_F(Markers, EachKindIsAddedListedAndClearedInTheEditorToo) {
    auto point = ok("uap_marker_add", R"({"kind":"point","position":[1,2,3],"label":"door","color":"#ff0000"})");
    auto arrow = ok("uap_marker_add", R"({"kind":"arrow","position":[0,0,0],"to":[0,2,0],"label":"up"})");
    auto box = ok("uap_marker_add", R"({"kind":"box","position":[4,0,4],"size":2,"color":"green"})");
    EXPECT_EQ(point.value["id"].GetInt(), 1);
    EXPECT_EQ(arrow.value["id"].GetInt(), 2);
    EXPECT_TRUE(box.value["drawn"].GetBool());

    auto list = ok("uap_marker_list", "{}");
    ASSERT_EQ(list.value["count"].GetUint(), 3u) << list.text;
    EXPECT_EQ(text_at(list.value, "/markers/0/kind"), "point");
    EXPECT_EQ(text_at(list.value, "/markers/0/label"), "door");
    EXPECT_EQ(text_at(list.value, "/markers/0/origin"), "agent");
    EXPECT_EQ(number_at(list.value, "/markers/0/position/2"), 3.0);
    EXPECT_EQ(text_at(list.value, "/markers/1/kind"), "arrow");
    EXPECT_EQ(number_at(list.value, "/markers/1/to/1"), 2.0);
    EXPECT_EQ(text_at(list.value, "/markers/2/kind"), "box");
    EXPECT_EQ(drawn()["markers"].Size(), 3u);

    auto one = ok("uap_marker_clear", R"({"id":2})");
    EXPECT_EQ(one.value["removedMarkers"].GetInt(), 1);
    EXPECT_EQ(listed(), 2u);
    EXPECT_EQ(drawn()["markers"].Size(), 2u);
    EXPECT_NE(refused("uap_marker_clear", R"({"id":2})").find("no agent marker 2"), std::string::npos);

    auto rest = ok("uap_marker_clear", "{}");
    EXPECT_EQ(rest.value["removedMarkers"].GetInt(), 2);
    EXPECT_EQ(listed(), 0u);
    EXPECT_EQ(drawn()["markers"].Size(), 0u);
}

TEST_F(Markers, BadInputIsRefusedWithWhatToDo) {
    EXPECT_NE(refused("uap_marker_add", R"({"kind":"arrow","position":[0,0,0]})").find("needs to [x,y,z]"), std::string::npos);
    EXPECT_NE(refused("uap_marker_add", R"({"position":[0,0,0],"target":"/Player"})").find("not both"), std::string::npos);
    EXPECT_NE(refused("uap_marker_add", R"({"kind":"point"})").find("give position"), std::string::npos);
    EXPECT_NE(refused("uap_marker_add", R"({"position":[0,0]})").find("three numbers"), std::string::npos);
    EXPECT_NE(refused("uap_marker_add", R"({"position":[0,0,0],"color":"#12345z"})").find("#rrggbb"), std::string::npos);
    EXPECT_NE(refused("uap_marker_add", R"({"position":[0,0,0],"to":[1,1,1]})").find("only for kind arrow"), std::string::npos);
    EXPECT_NE(refused("uap_marker_add", R"({"target":"/Nowhere"})").find("uap_query_hierarchy"), std::string::npos);
    refused("uap_marker_add", R"({"position":[0,0,0],"label":")" + std::string(65, 'x') + R"("})");
    refused("uap_marker_add", R"({"position":[0,0,0],"colour":"red"})");
    EXPECT_NE(refused("uap_marker_add", R"({"position":[0,0,0],"ttl_seconds":0})").find("above 0"), std::string::npos);
    EXPECT_NE(refused("uap_marker_add", R"({"position":[0,0,0],"size":-1})").find("above 0"), std::string::npos);
    EXPECT_NE(refused("uap_marker_clear", R"({"id":1,"all":true})").find("not both"), std::string::npos);
    EXPECT_NE(refused("uap_stroke_list", R"({"id":"S9"})").find("no stroke 'S9'"), std::string::npos);
    EXPECT_EQ(listed(), 0u);
}

TEST_F(Markers, TimeToLiveExpiresOnTheHostClockWithoutSleeping) {
    ok("uap_marker_add", R"({"position":[0,0,0],"ttl_seconds":5})");
    ok("uap_marker_add", R"({"position":[1,0,0]})");
    auto list = ok("uap_marker_list", "{}");
    EXPECT_NEAR(number_at(list.value, "/markers/0/expiresInSeconds"), 5.0, 1e-9);
    clock.advance(4999ms);
    EXPECT_EQ(listed(), 2u);
    clock.advance(1ms);
    EXPECT_EQ(listed(), 1u);
    EXPECT_EQ(drawn()["markers"].Size(), 1u); // The host told the editor to stop drawing it.
    EXPECT_EQ(number_at(drawn(), "/markers/0/id"), 2.0);
}

TEST_F(Markers, AtMostThirtyTwoAgentMarkersAndTheReplySaysWhichWent) {
    for (int index = 0; index < 32; ++index)
        EXPECT_FALSE(ok("uap_marker_add", R"({"position":[0,0,0]})").value.HasMember("droppedOldest"));
    auto reply = ok("uap_marker_add", R"({"position":[0,0,0],"label":"33rd"})");
    ASSERT_TRUE(reply.value.HasMember("droppedOldest")) << reply.text;
    EXPECT_EQ(reply.value["droppedOldest"][0].GetInt(), 1);
    EXPECT_NE(text_at(reply.value, "/message").find("oldest (1) was dropped"), std::string::npos);
    auto list = ok("uap_marker_list", "{}");
    EXPECT_EQ(list.value["count"].GetUint(), 32u);
    EXPECT_EQ(number_at(list.value, "/markers/0/id"), 2.0);
    EXPECT_EQ(drawn()["markers"].Size(), 32u);
}

TEST_F(Markers, ATargetIsFollowedAfterItMoves) {
    ok("uap_marker_add", R"({"target":"/Player","label":"hero"})");
    ok("uap_transform_set", R"({"path":"/Player","position":{"x":5,"y":1,"z":7}})");
    auto list = ok("uap_marker_list", "{}");
    EXPECT_EQ(text_at(list.value, "/markers/0/target"), "/Player");
    EXPECT_NEAR(number_at(list.value, "/markers/0/position/0"), 5.0, 1e-6);
    EXPECT_NEAR(number_at(list.value, "/markers/0/position/2"), 7.0, 1e-6);
    EXPECT_NEAR(number_at(drawn(), "/markers/0/position/0"), 5.0, 1e-6); // The editor follows it too.
    ok("uap_scene_destroy_object", R"({"path":"/Player"})");
    EXPECT_EQ(text_at(ok("uap_marker_list", "{}").value, "/markers/0/targetMissing"), "true");
}

TEST_F(Markers, SceneOpenAndEnteringPlayModeClearEverything) {
    ok("uap_marker_add", R"({"position":[0,0,0]})");
    ASSERT_EQ(editor().place_pin(R"({"position":[1,0,0]})"), "");
    ASSERT_TRUE(eventually([&] { return listed() == 2; }));
    ok("uap_play_mode", R"({"action":"start"})");
    EXPECT_TRUE(eventually([&] { return listed() == 0; }));
    EXPECT_TRUE(eventually([&] { return drawn()["markers"].Empty() && drawn()["pins"].Empty(); }));
    ok("uap_play_mode", R"({"action":"stop"})");

    ok("uap_marker_add", R"({"position":[0,0,0]})");
    EXPECT_EQ(listed(), 1u); // Leaving play mode clears nothing.
    ok("uap_scene_open", R"({"path":"Assets/Scenes/SampleScene.unity","discardUnsaved":true})");
    EXPECT_TRUE(eventually([&] { return listed() == 0; }));
    EXPECT_TRUE(eventually([&] { return drawn()["markers"].Empty(); }));
}

TEST_F(Markers, MarkersSurviveADomainReloadAndAreDrawnAgain) {
    ok("uap_marker_add", R"({"position":[1,1,1],"label":"keep"})");
    ASSERT_EQ(editor().place_pin(R"({"position":[2,0,0],"label":"mine"})"), "");
    ASSERT_TRUE(eventually([&] { return listed() == 2; }));
    auto reloads = editor().counters().reloads;
    editor().inject_reload(100ms);
    ASSERT_TRUE(eventually([&] { return editor().counters().reloads > reloads; }));
    // The simulator forgets drawn markers with its domain, as Unity does; the host draws them again.
    ASSERT_TRUE(eventually([&] { return drawn().HasMember("markers") && drawn()["markers"].Size() == 1 && drawn()["pins"].Size() == 1; }))
        << stack->editor("markers.list", "{}");
    EXPECT_EQ(text_at(drawn(), "/markers/0/label"), "keep");
    EXPECT_EQ(listed(), 2u);
}

TEST_F(Markers, UserPinsAndStrokesFromTheEditorAppearInTheLists) {
    ASSERT_EQ(editor().place_pin(R"({"position":[0,1,0],"label":"here","object":{"scenePath":"/Player"},"normal":[0,1,0]})"), "");
    ASSERT_EQ(editor().finish_stroke(R"({"points":[[0,0,0],[3,0,0],[3,0,4]],"normals":[[0,1,0],[0,1,0],[0,1,0]],)"
                                     R"("hitObjects":[{"instanceId":1002,"path":"/Ground"},null,null],"closed":true,)"
                                     R"("plane":{"normal":[0,1,0],"point":[0,0,0]}})"),
              "");
    ASSERT_TRUE(eventually([&] { return ok("uap_stroke_list", "{}").value["count"].GetUint() == 1; }));
    ASSERT_TRUE(eventually([&] { return listed() == 1; }));
    auto list = ok("uap_marker_list", "{}");
    EXPECT_EQ(text_at(list.value, "/markers/0/id"), "P1");
    EXPECT_EQ(text_at(list.value, "/markers/0/kind"), "pin");
    EXPECT_EQ(text_at(list.value, "/markers/0/origin"), "user");
    EXPECT_EQ(text_at(list.value, "/markers/0/label"), "here");
    EXPECT_EQ(text_at(list.value, "/markers/0/object/path"), "/Player");
    auto strokes = ok("uap_stroke_list", "{}");
    EXPECT_EQ(text_at(strokes.value, "/strokes/0/id"), "S1");
    EXPECT_NEAR(number_at(strokes.value, "/strokes/0/length"), 3 + 4 + 5, 1e-9); // Closed: back to the start.
    EXPECT_EQ(text_at(strokes.value, "/strokes/0/closed"), "true");
    EXPECT_EQ(number_at(strokes.value, "/strokes/0/bounds/max/2"), 4.0);
    EXPECT_EQ(text_at(strokes.value, "/strokes/0/hitObjects/0/path"), "/Ground");
    EXPECT_TRUE(strokes.value["strokes"][0]["hitObjects"][1].IsNull());
    EXPECT_EQ(number_at(strokes.value, "/strokes/0/plane/normal/1"), 1.0);
    EXPECT_EQ(strokes.value["strokes"][0]["normals"].Size(), 3u);
    // Malformed user input is refused by the simulator, not sent.
    EXPECT_NE(editor().place_pin(R"({"position":[0,1]})"), "");
    // all:true clears pins and sketches too.
    auto cleared = ok("uap_marker_clear", R"({"all":true})");
    EXPECT_EQ(cleared.value["removedPins"].GetInt(), 1);
    EXPECT_EQ(cleared.value["removedStrokes"].GetInt(), 1);
    EXPECT_EQ(ok("uap_stroke_list", "{}").value["count"].GetUint(), 0u);
}

TEST_F(Markers, LongStrokesAreResampledToBoundTheReply) {
    std::string points;
    for (int index = 0; index < 1500; ++index) {
        if (index > 0)
            points += ',';
        points += '[';
        points += std::to_string(index);
        points += ",0,0]";
    }
    ASSERT_EQ(editor().finish_stroke(R"({"points":[)" + points + "]}"), "");
    ASSERT_TRUE(eventually([&] { return ok("uap_stroke_list", "{}").value["count"].GetUint() == 1; }));
    auto strokes = ok("uap_stroke_list", R"({"max_points":10})");
    EXPECT_EQ(strokes.value["strokes"][0]["points"].Size(), 10u);
    EXPECT_EQ(number_at(strokes.value, "/strokes/0/pointCount"), 1500.0);
    EXPECT_EQ(number_at(strokes.value, "/strokes/0/points/9/0"), 1499.0);
    EXPECT_NEAR(number_at(strokes.value, "/strokes/0/length"), 1499.0, 1e-9);
}

TEST_F(Markers, AScreenshotPlacesAMarkerAtTheExpectedPixel) {
    // The sample's Main Camera: at (0,1,-10), no rotation, vertical field of view 60°.
    ok("uap_marker_add", R"({"position":[2,2,0],"label":"spot"})");
    ok("uap_marker_add", R"({"position":[0,1,-20]})"); // Behind the camera: not in view.
    auto shot = ok("uap_editor_screenshot", R"({"width":640,"height":360})");
    ASSERT_TRUE(shot.value.HasMember("markersInView")) << shot.text;
    ASSERT_EQ(shot.value["markersInView"].Size(), 1u) << shot.text;
    // Expected by hand: camera space (2,1,10); half height tan(30°)·10; aspect 640/360.
    double half_height = std::tan(30.0 * 3.14159265358979323846 / 180.0) * 10.0;
    double expected_x = (2.0 / (half_height * 640.0 / 360.0) + 1.0) * 320.0;
    double expected_y = (1.0 - 1.0 / half_height) * 180.0;
    EXPECT_NEAR(number_at(shot.value, "/markersInView/0/x"), expected_x, 1.0);
    EXPECT_NEAR(number_at(shot.value, "/markersInView/0/y"), expected_y, 1.0);
    EXPECT_NEAR(number_at(shot.value, "/markersInView/0/depth"), 10.0, 1e-3);
    EXPECT_EQ(text_at(shot.value, "/markersInView/0/label"), "spot");
    EXPECT_EQ(text_at(shot.value, "/camera/name"), "Main Camera");
    std::cout << "projected (" << number_at(shot.value, "/markersInView/0/x") << ", " << number_at(shot.value, "/markersInView/0/y")
              << "), expected (" << expected_x << ", " << expected_y << ")" << std::endl;
}

// The pack is not listed (it costs tools/list nothing): uap_tool_search finds its four tools, with
// their traits, and "marker" in Japanese finds uap_marker_add.
TEST_F(Markers, TheFourToolsAreFoundBySearchWithTheirTraits) {
    auto listed_tools = stack->rpc("tools/list", "{}");
    for (const auto& tool : listed_tools["result"]["tools"].GetArray())
        EXPECT_EQ(std::string(tool["name"].GetString()).find("marker"), std::string::npos) << tool["name"].GetString();
    ToolReply found = stack->call("uap_tool_search", R"({"area":"markers"})");
    ASSERT_FALSE(found.is_error) << found.text;
    std::size_t counted = 0;
    for (const auto& match : found.value["matches"].GetArray()) {
        std::string name = match["tool"].GetString();
        bool reads = name == "uap_marker_list" || name == "uap_stroke_list";
        EXPECT_EQ(text_at(match, "/traits/readOnly"), reads ? "true" : "false") << name;
        ++counted;
    }
    EXPECT_EQ(counted, 4u);
    ToolReply japanese = stack->call("uap_tool_search", R"({"query":"マーカーを追加","limit":1})");
    EXPECT_EQ(text_at(japanese.value, "/matches/0/tool"), "uap_marker_add") << japanese.text;
}

} // namespace

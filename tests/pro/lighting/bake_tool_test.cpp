// The lighting pack through MCP on the serve-shaped host with the simulator: a bake whose lightmaps and
// outcome are read back from the editor directly, a bake cancelled as a job through uap_job_status
// (the lightmaps stay as they were), Bakery refused while absent and used once present, and bad input
// refused before anything is baked.
#include "tool_stack.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

namespace {

using namespace std::chrono_literals;
using uap::testing::number_at;
using uap::testing::text_at;
using uap::testing::ToolReply;
using uap::testing::ToolStack;

std::unique_ptr<ToolStack> stack_with(const std::string& settings_json = {}) {
    uap::testing::ToolStackOptions options;
    options.plugin_folders = {UAP_PRO_PLUGINS};
    options.settings_json = settings_json;
    return std::make_unique<ToolStack>(options);
}

rapidjson::Document editor_status(ToolStack& stack) {
    rapidjson::Document document;
    document.Parse(stack.editor("lighting.bake.status", "{}").c_str());
    return document;
}

// Five static renderers: Unity's lightmapper bakes what contributes to GI, the simulator four to a lightmap.
void mark_static(ToolStack& stack) {
    std::string calls;
    std::string paths = R"("/Main Camera")";
    for (int index = 1; index <= 5; ++index) {
        std::string name = "Wall" + std::to_string(index);
        calls += std::string(calls.empty() ? "" : ",") + R"({"method":"object.create","params":{"name":")" + name + R"(","primitive":"Cube"}})";
        paths += R"(,"/)" + name + R"(")";
    }
    ASSERT_EQ(stack.load_fixture(R"({"lighting":{"bakeMs":600},"calls":[)" + calls + "]}"), "");
    ASSERT_EQ(stack.load_fixture(R"({"static":[)" + paths + "]}"), "");
}

TEST(LightingBake, ABakeReportsTheLightmapsTheEditorHoldsAfterwards) {
    auto stack = stack_with();
    mark_static(*stack);
    EXPECT_EQ(number_at(editor_status(*stack), "/lightmapCount"), 0);
    ToolReply baked = stack->call("uap_lighting_bake", "{}");
    ASSERT_FALSE(baked.is_error) << baked.text;
    EXPECT_EQ(text_at(baked.value, "/outcome"), "completed");
    EXPECT_GE(number_at(baked.value, "/elapsedMs"), 500) << "the bake took the editor's time: " << baked.text;
    EXPECT_EQ(number_at(baked.value, "/lightmapCount"), 2) << baked.text;
    EXPECT_EQ(baked.value["warnings"].Size(), 0u);

    auto status = editor_status(*stack);
    EXPECT_EQ(text_at(status, "/running"), "false");
    EXPECT_EQ(number_at(status, "/lightmapCount"), 2) << "the separate read shows the lightmaps";
    EXPECT_EQ(text_at(status, "/lastBake/outcome"), "completed");
    EXPECT_EQ(number_at(status, "/lastBake/bakeId"), number_at(baked.value, "/bakeId"));
}

TEST(LightingBake, NothingStaticBakesNoLightmapsAndTheEditorsWarningIsReported) {
    auto stack = stack_with();
    ASSERT_EQ(stack->load_fixture(R"({"lighting":{"bakeMs":200}})"), "");
    ToolReply baked = stack->call("uap_lighting_bake", "{}");
    ASSERT_FALSE(baked.is_error) << baked.text;
    EXPECT_EQ(number_at(baked.value, "/lightmapCount"), 0);
    ASSERT_EQ(baked.value["warnings"].Size(), 1u) << baked.text;
    EXPECT_NE(text_at(baked.value, "/warnings/0").find("Static"), std::string::npos);
    EXPECT_NE(stack->editor("console.read", R"({"types":["warning"]})").find("no lightmaps"), std::string::npos)
        << "the warning came from the editor's console";
}

TEST(LightingBake, ACancelledJobStopsTheBakeAndKeepsTheLightmaps) {
    auto stack = stack_with(R"({"settingsVersion":1,"limits":{"jobWaitMilliseconds":200}})");
    mark_static(*stack);
    ASSERT_FALSE(stack->call("uap_lighting_bake", "{}").is_error);
    // The first bake outlasts the 200 ms wait and finishes as a job: wait until the editor has its lightmaps.
    for (int attempt = 0; attempt < 100 && number_at(editor_status(*stack), "/lightmapCount") != 2; ++attempt)
        std::this_thread::sleep_for(50ms);
    ASSERT_EQ(number_at(editor_status(*stack), "/lightmapCount"), 2);
    ASSERT_EQ(stack->load_fixture(R"({"lighting":{"bakeMs":60000}})"), "");
    ToolReply job = stack->call("uap_lighting_bake", "{}");
    ASSERT_FALSE(job.is_error) << job.text;
    ASSERT_EQ(text_at(job.value, "/state"), "running") << job.text;
    std::string job_id = text_at(job.value, "/jobId");
    EXPECT_EQ(text_at(editor_status(*stack), "/running"), "true");
    ToolReply cancel = stack->call("uap_job_status", R"({"jobId":")" + job_id + R"(","cancel":true})");
    ASSERT_FALSE(cancel.is_error) << cancel.text;
    std::string state;
    ToolReply report;
    for (int attempt = 0; attempt < 100 && state != "cancelled"; ++attempt) {
        std::this_thread::sleep_for(50ms);
        report = stack->call("uap_job_status", R"({"jobId":")" + job_id + R"("})");
        state = text_at(report.value, "/state");
    }
    ASSERT_EQ(state, "cancelled") << report.text;
    EXPECT_NE(report.text.find("the editor stopped bake"), std::string::npos) << report.text;
    auto status = editor_status(*stack);
    EXPECT_EQ(text_at(status, "/running"), "false");
    EXPECT_EQ(text_at(status, "/lastBake/outcome"), "cancelled");
    EXPECT_EQ(number_at(status, "/lightmapCount"), 2) << "a cancelled bake leaves the earlier lightmaps";
}

TEST(LightingBake, BakeryIsRefusedWhileAbsentAndUsedWhenInstalled) {
    auto stack = stack_with();
    ASSERT_EQ(stack->load_fixture(R"({"lighting":{"bakeMs":100}})"), "");
    ToolReply refused = stack->call("uap_lighting_bake", R"({"engine":"bakery"})");
    ASSERT_TRUE(refused.is_error) << refused.text;
    EXPECT_NE(refused.text.find("Bakery is not installed"), std::string::npos) << refused.text;
    EXPECT_NE(refused.text.find("ftRenderLightmap"), std::string::npos) << refused.text;
    EXPECT_NE(refused.text.find(R"({"engine": "unity"})"), std::string::npos) << "names the alternative: " << refused.text;
    EXPECT_EQ(text_at(editor_status(*stack), "/lastBake"), "<missing>") << "nothing was baked";

    ASSERT_EQ(stack->load_fixture(R"({"lighting":{"bakery":true}})"), "");
    ToolReply baked = stack->call("uap_lighting_bake", R"({"engine":"bakery"})");
    ASSERT_FALSE(baked.is_error) << baked.text;
    EXPECT_EQ(text_at(baked.value, "/engine"), "bakery");
    EXPECT_EQ(text_at(editor_status(*stack), "/lastBake/engine"), "bakery");
}

TEST(LightingBake, BadInputAndABusyEditorAreRefusedBeforeABakeStarts) {
    auto stack = stack_with();
    ASSERT_EQ(stack->load_fixture(R"({"lighting":{"bakeMs":60000}})"), "");
    for (const char* arguments : {R"({"engine":"mental-ray"})", R"({"engine":7})", R"({"reflectionProbes":"yes"})", R"({"quality":"high"})",
                                  R"({"engine":"unity","engine2":"x"})"}) {
        ToolReply reply = stack->call("uap_lighting_bake", arguments);
        EXPECT_TRUE(reply.is_error) << arguments << ": " << reply.text;
    }
    EXPECT_EQ(text_at(editor_status(*stack), "/running"), "false") << "no refused call started a bake";
    ASSERT_EQ(text_at(stack->editor("lighting.bake.start", "{}"), "/started"), "true");
    ToolReply busy = stack->call("uap_lighting_bake", "{}");
    ASSERT_TRUE(busy.is_error) << busy.text;
    EXPECT_NE(busy.text.find("already running"), std::string::npos) << busy.text;
    stack->editor("lighting.bake.cancel", "{}");
}

} // namespace

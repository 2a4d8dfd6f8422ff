// Reflection probes in uap_lighting_bake (reflectionProbes: true) on the serve-shaped host with the
// simulator: Baked probes get a texture asset each, read back by the editor's asset.find; realtime,
// custom and disabled probes are skipped with their reason; a scene without probes says so; a bake
// cancelled before its lightmaps finish writes no probe texture.
#include "tool_stack.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

namespace {

using namespace std::chrono_literals;
using uap::testing::text_at;
using uap::testing::ToolReply;
using uap::testing::ToolStack;

constexpr const char* probe_folder = "Assets/Scenes/SampleScene";

std::unique_ptr<ToolStack> stack_with(const std::string& settings_json = {}) {
    uap::testing::ToolStackOptions options;
    options.plugin_folders = {UAP_PRO_PLUGINS};
    options.settings_json = settings_json;
    return std::make_unique<ToolStack>(options);
}

rapidjson::Document parsed(const std::string& json) {
    rapidjson::Document document;
    document.Parse(json.c_str());
    return document;
}

// The fixture calls that make one object with a ReflectionProbe whose m_Mode and m_HDR are given.
std::string probe_calls(const std::string& name, const std::string& mode, bool hdr) {
    std::string component = R"({"object":{"scenePath":"/)" + name + R"("},"type":"UnityEngine.ReflectionProbe"})";
    return R"({"method":"object.create","params":{"name":")" + name + R"("}},)" + R"({"method":"component.add","params":)" + component +
           R"(},{"method":"property.set","params":{"target":{"component":)" + component + R"(},"values":[{"path":"m_Mode","type":"enum","value":")" +
           mode + R"("},{"path":"m_HDR","type":"boolean","value":)" + (hdr ? "true" : "false") + "}]}}";
}

// The textures asset.find lists in the scene's probe folder: the read that is not the bake's own report.
std::vector<std::string> textures_on_disk(ToolStack& stack) {
    auto listed = parsed(stack.editor("asset.find", std::string(R"({"filter":"t:Cubemap","folders":[")") + probe_folder + R"("]})"));
    std::vector<std::string> paths;
    if (listed.IsObject() && listed.HasMember("assets"))
        for (const auto& asset : listed["assets"].GetArray())
            paths.emplace_back(asset["path"].GetString());
    return paths;
}

TEST(LightingProbes, BakedProbesAreWrittenAndReadBackAndTheOthersAreSkippedWithTheirReason) {
    auto stack = stack_with();
    ASSERT_EQ(stack->load_fixture(R"({"lighting":{"bakeMs":100},"calls":[)" + probe_calls("Hall Probe", "Baked", true) + "," +
                                  probe_calls("Sky Probe", "Realtime", true) + "," + probe_calls("Custom Probe", "Custom", true) + "," +
                                  probe_calls("Off Probe", "Baked", true) + "," + probe_calls("LDR Probe", "Baked", false) +
                                  R"(,{"method":"object.setActive","params":{"object":{"scenePath":"/Off Probe"},"active":false}}]})"),
              "");
    ASSERT_TRUE(textures_on_disk(*stack).empty());
    ToolReply baked = stack->call("uap_lighting_bake", R"({"reflectionProbes":true})");
    ASSERT_FALSE(baked.is_error) << baked.text;
    const auto& probes = baked.value["reflectionProbes"];
    ASSERT_EQ(probes["baked"].Size(), 2u) << baked.text;
    EXPECT_EQ(text_at(probes, "/baked/0/object"), "/Hall Probe");
    EXPECT_EQ(text_at(probes, "/baked/0/texture"), std::string(probe_folder) + "/ReflectionProbe-0.exr");
    EXPECT_EQ(text_at(probes, "/baked/1/object"), "/LDR Probe");
    EXPECT_EQ(text_at(probes, "/baked/1/texture"), std::string(probe_folder) + "/ReflectionProbe-1.png") << "no HDR: a PNG";
    EXPECT_EQ(text_at(probes, "/verifiedBy"), "asset.find");
    ASSERT_EQ(probes["skipped"].Size(), 3u) << baked.text;
    EXPECT_EQ(text_at(probes, "/skipped/0/object"), "/Sky Probe");
    EXPECT_NE(text_at(probes, "/skipped/0/reason").find("mode Realtime"), std::string::npos);
    EXPECT_NE(text_at(probes, "/skipped/1/reason").find("mode Custom"), std::string::npos);
    EXPECT_EQ(text_at(probes, "/skipped/2/object"), "/Off Probe");
    EXPECT_NE(text_at(probes, "/skipped/2/reason").find("disabled"), std::string::npos);
    EXPECT_NE(text_at(probes, "/summary").find("2 reflection probe(s) baked"), std::string::npos) << text_at(probes, "/summary");

    EXPECT_EQ(textures_on_disk(*stack), (std::vector<std::string>{std::string(probe_folder) + "/ReflectionProbe-0.exr",
                                                                  std::string(probe_folder) + "/ReflectionProbe-1.png"}))
        << "the separate read finds exactly the textures the bake reported";
}

TEST(LightingProbes, ASceneWithoutProbesSaysNoProbeWasBakedAndABakeWithoutTheArgumentBakesNone) {
    auto stack = stack_with();
    ASSERT_EQ(stack->load_fixture(R"({"lighting":{"bakeMs":50}})"), "");
    ToolReply none = stack->call("uap_lighting_bake", R"({"reflectionProbes":true})");
    ASSERT_FALSE(none.is_error) << none.text;
    EXPECT_EQ(none.value["reflectionProbes"]["baked"].Size(), 0u);
    EXPECT_EQ(none.value["reflectionProbes"]["skipped"].Size(), 0u);
    EXPECT_NE(text_at(none.value, "/reflectionProbes/summary").find("no reflection probe was baked: the open scenes have no ReflectionProbe"),
              std::string::npos)
        << none.text;

    ASSERT_EQ(stack->load_fixture(R"({"calls":[)" + probe_calls("Hall Probe", "Baked", true) + "]}"), "");
    ToolReply lightmaps_only = stack->call("uap_lighting_bake", "{}");
    ASSERT_FALSE(lightmaps_only.is_error) << lightmaps_only.text;
    EXPECT_EQ(text_at(lightmaps_only.value, "/reflectionProbes"), "<missing>");
    EXPECT_TRUE(textures_on_disk(*stack).empty()) << "without reflectionProbes no probe was baked";
    EXPECT_EQ(text_at(parsed(stack->editor("lighting.bake.status", "{}")), "/lastBake/reflectionProbes"), "<missing>");
}

TEST(LightingProbes, ABakeCancelledBeforeItsLightmapsFinishWritesNoProbeTexture) {
    auto stack = stack_with(R"({"settingsVersion":1,"limits":{"jobWaitMilliseconds":200}})");
    ASSERT_EQ(stack->load_fixture(R"({"lighting":{"bakeMs":60000},"calls":[)" + probe_calls("Hall Probe", "Baked", true) + "]}"), "");
    ToolReply job = stack->call("uap_lighting_bake", R"({"reflectionProbes":true})");
    ASSERT_FALSE(job.is_error) << job.text;
    ASSERT_EQ(text_at(job.value, "/state"), "running") << job.text;
    std::string job_id = text_at(job.value, "/jobId");
    ASSERT_FALSE(stack->call("uap_job_status", R"({"jobId":")" + job_id + R"(","cancel":true})").is_error);
    std::string state;
    for (int attempt = 0; attempt < 100 && state != "cancelled"; ++attempt) {
        std::this_thread::sleep_for(50ms);
        state = text_at(stack->call("uap_job_status", R"({"jobId":")" + job_id + R"("})").value, "/state");
    }
    ASSERT_EQ(state, "cancelled");
    auto status = parsed(stack->editor("lighting.bake.status", "{}"));
    EXPECT_EQ(text_at(status, "/lastBake/outcome"), "cancelled");
    EXPECT_EQ(text_at(status, "/lastBake/reflectionProbes"), "<missing>");
    EXPECT_TRUE(textures_on_disk(*stack).empty()) << "a cancelled bake baked no probe";
}

TEST(LightingProbes, AReflectionProbesArgumentThatIsNotABooleanIsRefusedBeforeABakeStarts) {
    auto stack = stack_with();
    ASSERT_EQ(stack->load_fixture(R"({"lighting":{"bakeMs":50},"calls":[)" + probe_calls("Hall Probe", "Baked", true) + "]}"), "");
    for (const char* arguments : {R"({"reflectionProbes":1})", R"({"reflectionProbes":null})", R"({"reflectionProbes":["Hall Probe"]})"}) {
        ToolReply reply = stack->call("uap_lighting_bake", arguments);
        EXPECT_TRUE(reply.is_error) << arguments << ": " << reply.text;
        EXPECT_NE(reply.text.find("reflectionProbes"), std::string::npos) << "names the argument: " << reply.text;
    }
    EXPECT_EQ(text_at(parsed(stack->editor("lighting.bake.status", "{}")), "/lastBake"), "<missing>") << "nothing was baked";
    EXPECT_TRUE(textures_on_disk(*stack).empty());
}

} // namespace

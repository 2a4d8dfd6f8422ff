// Typed results of the editor, markers and Pro packs: every tool they load declares an output schema,
// and a call's structuredContent is the same object as its text block.
#include "tool_stack.hpp"

#include "app/host_application.hpp"
#include "modules/module_host.hpp"

#include <gtest/gtest.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cstring>
#include <set>
#include <string>

namespace {

using uap::testing::ToolStack;
using uap::testing::ToolStackOptions;

ToolStackOptions with_pro_packs() {
    ToolStackOptions options;
    options.plugin_folders = {UAP_PRO_PLUGINS};
    return options;
}

// uap.core is typed on its own schedule; every other pack of ours is covered here, new ones included.
bool covered(const std::string& pack_id) {
    return pack_id.rfind("uap.", 0) == 0 && pack_id != "uap.core";
}

TEST(TypedResults, EveryToolOfTheEditorMarkersAndProPacksDeclaresAnOutputSchema) {
    ToolStack stack(with_pro_packs());
    std::set<std::string> seen;
    std::size_t tools = 0;
    for (const auto& pack : stack.host().modules().packs()) {
        if (!covered(pack->id()))
            continue;
        seen.insert(pack->id());
        EXPECT_FALSE(pack->tools.empty()) << pack->id() << " loaded no tools: " << pack->reason;
        for (const auto& tool : pack->tools) {
            ++tools;
            EXPECT_FALSE(tool.output_schema_json.empty()) << pack->id() << " tool " << tool.name << " declares no output schema";
            EXPECT_TRUE(tool.output_schema) << tool.name;
        }
    }
    for (const char* pack : {"uap.editor", "uap.markers", "uap.pro.prefab", "uap.pro.materials", "uap.pro.animation", "uap.pro.windows",
                             "uap.pro.lighting"})
        EXPECT_TRUE(seen.count(pack)) << pack << " was not loaded, so its tools went unchecked";
    EXPECT_GE(tools, 32u);
}

// A call over MCP: the text block parsed, and structuredContent beside it.
TEST(TypedResults, StructuredContentIsTheTextBlocksObject) {
    ToolStack stack(with_pro_packs());
    const std::pair<const char*, const char*> calls[] = {
        {"uap_console_logs", R"({"count":5})"},
        {"uap_play_mode", R"({"action":"status"})"},
        {"uap_game_view_size", R"({"action":"get"})"},
        {"uap_marker_list", "{}"},
        {"uap_stroke_list", "{}"},
        {"uap_window_list", "{}"},
        {"uap_material_shader_properties", R"({"limit":3})"},
    };
    for (const auto& [tool, arguments] : calls) {
        rapidjson::StringBuffer params;
        rapidjson::Writer<rapidjson::StringBuffer> writer(params);
        writer.StartObject();
        writer.Key("name");
        writer.String(tool);
        writer.Key("arguments");
        writer.RawValue(arguments, std::strlen(arguments), rapidjson::kObjectType);
        writer.EndObject();
        rapidjson::Document envelope = stack.rpc("tools/call", params.GetString());
        ASSERT_TRUE(envelope.IsObject() && envelope.HasMember("result")) << tool;
        const auto& result = envelope["result"];
        ASSERT_FALSE(result.HasMember("isError") && result["isError"].GetBool()) << tool << ": " << result["content"][0]["text"].GetString();
        ASSERT_TRUE(result.HasMember("structuredContent")) << tool << " returned no structuredContent";
        rapidjson::Document text;
        text.Parse(result["content"][0]["text"].GetString());
        ASSERT_FALSE(text.HasParseError()) << tool;
        EXPECT_TRUE(text == result["structuredContent"]) << tool << ": structuredContent differs from the text block";
    }
}

} // namespace

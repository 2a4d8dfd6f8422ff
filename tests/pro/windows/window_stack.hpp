// The host with the simulator and the editor-window pack loaded, and the separate reads the tests
// check the tools against: the simulated editor's own window.list and window.tree answers.
#pragma once

#include "tool_stack.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace uap::testing {

// The simulator's default windows (tools/editor-sim/src/editor_windows.cpp), by windowIndex.
constexpr int inspector_index = 0;
constexpr int scene_index = 1;
constexpr int console_index = 2;
constexpr int sdk_index = 3;
constexpr int second_inspector_index = 4;

class WindowStack : public ::testing::Test {
protected:
    void SetUp() override {
        ToolStackOptions options;
        options.plugin_folders = {UAP_PRO_WINDOWS_PACK};
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
    rapidjson::Document editor_json(const std::string& method, const std::string& params) {
        rapidjson::Document document;
        document.Parse(stack->editor(method, params).c_str());
        return document;
    }
    // One element of a window as the editor reports it, read past the tools.
    rapidjson::Document node(int window, const std::string& path) {
        rapidjson::Document tree = editor_json("window.tree", R"({"windowIndex":)" + std::to_string(window) + R"(,"path":")" + path + R"(","limit":1})");
        rapidjson::Document one;
        if (tree.HasMember("nodes") && tree["nodes"].IsArray() && tree["nodes"].Size() == 1)
            one.CopyFrom(tree["nodes"][0], one.GetAllocator());
        return one;
    }
    // The console's entries, read past the tools: what a button's handler logged.
    std::string console_text() { return stack->editor("console.read", R"({"limit":1000})"); }

    std::unique_ptr<ToolStack> stack;
};

// Paths of the SDK panel's elements (editor_windows.cpp builds them in this order).
inline const std::string status_path = "4";
inline const std::string name_field = "1/0";
inline const std::string public_toggle = "1/1";
inline const std::string capacity_field = "1/2";
inline const std::string scale_field = "1/3";
inline const std::string platform_field = "1/4";
inline const std::string quality_field = "1/5";
inline const std::string volume_slider = "1/6";
inline const std::string build_button = "2/0";
inline const std::string upload_button = "2/1";
inline const std::string help_button = "2/2";
inline const std::string validate_button = "3/0";

} // namespace uap::testing

// The host with the simulator and the Pro animation pack loaded from the Pro plugins folder, as the
// animation tests drive it: calls that must succeed or be refused, and reads straight from the editor,
// which are the separate reads every write is checked against.
#pragma once

#include "tool_stack.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace uap::testing {

class AnimationStack : public ::testing::Test {
protected:
    void SetUp() override {
        ToolStackOptions options;
        options.plugin_folders = {UAP_PRO_PLUGINS};
        stack = std::make_unique<ToolStack>(options);
        ok("uap_asset_create", R"({"assetType":"Folder","path":"Assets/Animations"})");
    }

    ToolReply ok(const std::string& tool, const std::string& arguments) {
        ToolReply reply = stack->call(tool, arguments);
        EXPECT_FALSE(reply.is_error) << tool << " " << arguments.substr(0, 400) << ": " << reply.text;
        return reply;
    }
    std::string refused(const std::string& tool, const std::string& arguments) {
        ToolReply reply = stack->call(tool, arguments);
        EXPECT_TRUE(reply.is_error) << tool << " accepted " << arguments.substr(0, 400) << ": " << reply.text;
        return reply.text;
    }
    // A primitive's answer straight from the editor, parsed.
    rapidjson::Document editor(const std::string& method, const std::string& params) {
        rapidjson::Document document;
        document.Parse(stack->editor(method, params).c_str());
        return document;
    }
    std::string editor_text(const std::string& method, const std::string& params) { return stack->editor(method, params); }
    // How many assets of a type the editor lists under Assets/Animations.
    int animation_assets(const std::string& type) {
        auto found = editor("asset.find", R"({"filter":"t:)" + type + R"(","folders":["Assets/Animations"]})");
        return found["total"].GetInt();
    }

    std::unique_ptr<ToolStack> stack;
};

} // namespace uap::testing

// uap_batch through MCP: a failing call reverts everything (the full scene dump is identical), a
// successful batch is one Undo group that one revert undoes, and refusals happen before any write.
#include "tool_stack.hpp"

#include <gtest/gtest.h>

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

namespace {

using uap::testing::number_at;
using uap::testing::text_at;
using uap::testing::ToolStack;

// 50 writes: a parent, then per row a cube created under it, moved, renamed and coloured.
// With failing_call set, that call sets a light type that does not exist (it passes validation:
// the target exists; only the editor's value check rejects it, mid-batch).
std::string fifty_writes(int failing_call) {
    rapidjson::StringBuffer buffer;
    rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
    auto call = [&](const char* tool, const std::string& arguments) {
        writer.StartObject();
        writer.Key("tool");
        writer.String(tool);
        writer.Key("arguments");
        writer.RawValue(arguments.c_str(), arguments.size(), rapidjson::kObjectType);
        writer.EndObject();
    };
    writer.StartObject();
    writer.Key("name");
    writer.String("fifty writes");
    writer.Key("calls");
    writer.StartArray();
    int count = 0;
    auto next = [&](const char* tool, const std::string& arguments) {
        if (count == failing_call)
            call("uap_property_set", R"({"path":"/Directional Light","componentType":"Light","propertyPath":"m_Type","value":"Laser"})");
        else
            call(tool, arguments);
        ++count;
    };
    next("uap_scene_create_object", R"({"name":"Row"})");
    next("uap_property_set", R"({"path":"/Directional Light","componentType":"Light","propertyPath":"m_Intensity","value":4})");
    // `next` counts the steps written; rows are added until there are fifty.
    int row = 0;
    while (count < 50) {
        std::string name = "Cube" + std::to_string(row);
        next("uap_scene_create_object", R"({"name":")" + name + R"(","primitiveType":"Cube","parentPath":"/Row"})");
        if (count < 50)
            next("uap_transform_set", R"({"path":"/Row/)" + name + R"(","position":{"x":)" + std::to_string(row * 2) + "}}");
        if (count < 50)
            next("uap_scene_rename", R"({"path":"/Row/)" + name + R"(","newName":"Block)" + std::to_string(row) + R"("})");
        if (count < 50)
            next("uap_property_set", R"({"path":"/Row/Block)" + std::to_string(row) +
                                         R"(","componentType":"BoxCollider","propertyPath":"m_IsTrigger","value":true})");
        ++row;
    }
    writer.EndArray();
    writer.EndObject();
    return buffer.GetString();
}

TEST(Batch, AFailureAtCallThirtySevenLeavesTheSceneIdentical) {
    ToolStack stack;
    std::string before = stack.scene_dump();
    auto reply = stack.call("uap_batch", fifty_writes(36));
    ASSERT_TRUE(reply.is_error) << reply.text;
    EXPECT_NE(reply.text.find("failed at call 36 (uap_property_set)"), std::string::npos) << reply.text;
    EXPECT_NE(reply.text.find("Laser"), std::string::npos) << reply.text;
    EXPECT_NE(reply.text.find("the scene is as before (verified"), std::string::npos) << reply.text;
    EXPECT_EQ(stack.scene_dump(), before);
}

TEST(Batch, ASuccessfulBatchIsOneUndoGroupThatOneRevertUndoes) {
    ToolStack stack;
    std::string before = stack.scene_dump();
    auto reply = stack.call("uap_batch", fifty_writes(-1));
    ASSERT_FALSE(reply.is_error) << reply.text;
    std::string after = stack.scene_dump();
    EXPECT_NE(after, before);
    EXPECT_NE(after.find("Block11"), std::string::npos);
    rapidjson::Document transform;
    transform.Parse(stack.editor("transform.get", R"({"object":{"scenePath":"/Row/Block3"}})").c_str());
    EXPECT_NEAR(number_at(transform, "/transform/world/position/x"), 6.0, 1e-5);
    int group = static_cast<int>(number_at(reply.value, "/undoGroup"));
    std::string state;
    rapidjson::Document editor_state;
    editor_state.Parse(stack.editor("editor.state", "{}").c_str());
    EXPECT_EQ(static_cast<int>(number_at(editor_state, "/undoGroup")), group) << "the batch is the latest Undo group";
    std::string reverted = stack.editor("undo.revertGroup", R"({"group":)" + std::to_string(group) + "}");
    EXPECT_EQ(text_at(reverted, "/observed/revertedSteps"), "1") << "one undo step: " << reverted;
    EXPECT_EQ(stack.scene_dump(), before);
}

TEST(Batch, RefusesNonUndoableDestructiveReadOnlyAndUnknownToolsBeforeRunningAnything) {
    ToolStack stack;
    std::string before = stack.scene_dump();
    auto with = [&](const std::string& second) {
        return stack.call("uap_batch", R"({"calls":[{"tool":"uap_scene_create_object","arguments":{"name":"Early"}},)" + second + "]}");
    };
    auto read_only = with(R"({"tool":"uap_query_hierarchy","arguments":{}})");
    EXPECT_TRUE(read_only.is_error);
    EXPECT_NE(read_only.text.find("read-only; call it directly"), std::string::npos) << read_only.text;
    auto unknown = with(R"({"tool":"uap_asset_delete","arguments":{"path":"Assets/Materials/Red.mat","confirm":true}})");
    EXPECT_TRUE(unknown.is_error);
    EXPECT_NE(unknown.text.find("call 1 (uap_asset_delete)"), std::string::npos) << unknown.text;
    auto nested = with(R"({"tool":"uap_batch","arguments":{"calls":[]}})");
    EXPECT_NE(nested.text.find("cannot contain uap_batch"), std::string::npos) << nested.text;
    auto missing = with(R"({"tool":"uap_scene_rename","arguments":{"path":"/Nobody","newName":"X"}})");
    EXPECT_NE(missing.text.find("refused before running anything: call 1"), std::string::npos) << missing.text;
    EXPECT_NE(missing.text.find("/Nobody"), std::string::npos) << missing.text;
    auto shape = with(R"({"tool":"uap_scene_rename","arguments":{"path":"/Player"}})");
    EXPECT_NE(shape.text.find("required"), std::string::npos) << shape.text;
    EXPECT_EQ(stack.scene_dump(), before) << "no refused batch changed anything";
}

TEST(Batch, RefusesMoreThanTwoHundredCalls) {
    ToolStack stack;
    std::string calls;
    for (int index = 0; index < 201; ++index)
        calls += std::string(index ? "," : "") + R"({"tool":"uap_scene_create_object","arguments":{"name":"N"}})";
    auto reply = stack.call("uap_batch", R"({"calls":[)" + calls + "]}");
    EXPECT_TRUE(reply.is_error);
    EXPECT_NE(reply.text.find("calls"), std::string::npos) << reply.text;
    EXPECT_EQ(stack.scene_dump().find("\"N\""), std::string::npos);
}

} // namespace

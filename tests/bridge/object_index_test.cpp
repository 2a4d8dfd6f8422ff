// The simulator's path index stays right across every change to the hierarchy: a scenePath names
// the same object a full scan would, and paged walks resumed from a cursor match one whole walk.
#include <uap/editor_sim/editor_simulator.hpp>

#include <gtest/gtest.h>

#include <rapidjson/document.h>
#include <rapidjson/pointer.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cstdint>
#include <string>
#include <vector>

namespace {

using uap::editor_sim::EditorSimulator;
using uap::editor_sim::Reply;

uap::editor_sim::SimulatorIdentity project_identity() { return {"/tmp/project", "2022.3.40f1 (simulated)", 4242, "session-1"}; }

// The text at a JSON pointer of a reply ("<missing>" when absent; numbers as integers).
std::string field(const Reply& reply, const char* pointer) {
    rapidjson::Document document;
    document.Parse(reply.json.c_str());
    const rapidjson::Value* value = rapidjson::Pointer(pointer).Get(document);
    if (!value)
        return "<missing>";
    if (value->IsString())
        return value->GetString();
    if (value->IsInt64())
        return std::to_string(value->GetInt64());
    return "<other>";
}

// hierarchy.subtree's params: the walk from the object at root_path (the whole stage when empty),
// max_nodes a page, continuing at cursor when it is not empty.
std::string subtree_params(const std::string& root_path, int depth, int max_nodes, const std::string& cursor) {
    rapidjson::StringBuffer buffer;
    rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
    writer.StartObject();
    if (!root_path.empty()) {
        writer.Key("root");
        writer.StartObject();
        writer.Key("scenePath");
        writer.String(root_path.c_str());
        writer.EndObject();
    }
    writer.Key("depth");
    writer.Int(depth);
    writer.Key("maxNodes");
    writer.Int(max_nodes);
    if (!cursor.empty()) {
        writer.Key("cursor");
        writer.String(cursor.c_str());
    }
    writer.EndObject();
    return buffer.GetString();
}

// What a scenePath resolves to: the object's instanceId, or the error code.
std::string resolve(EditorSimulator& simulator, const std::string& path) {
    Reply reply = simulator.call("hierarchy.subtree", subtree_params(path, 0, 1, ""));
    return reply.ok() ? field(reply, "/nodes/0/instanceId") : field(reply, "/code");
}

std::string created_id(EditorSimulator& simulator, const char* params_json) {
    Reply reply = simulator.call("object.create", params_json);
    EXPECT_TRUE(reply.ok()) << reply.json;
    return field(reply, "/observed/instanceId");
}

TEST(SimulatorIndex, RenameMovesTheObjectToItsNewPath) {
    EditorSimulator simulator(project_identity());
    std::string id = created_id(simulator, R"({"name":"Old"})");
    ASSERT_EQ(resolve(simulator, "/Old"), id);
    ASSERT_TRUE(simulator.call("object.rename", R"({"object":{"scenePath":"/Old"},"name":"New"})").ok());
    EXPECT_EQ(resolve(simulator, "/Old"), "not_found");
    EXPECT_EQ(resolve(simulator, "/New"), id);
}

TEST(SimulatorIndex, ReparentAndDestroyChangeWhatPathsName) {
    EditorSimulator simulator(project_identity());
    created_id(simulator, R"({"name":"Parent"})");
    std::string child = created_id(simulator, R"({"name":"Child"})");
    ASSERT_EQ(resolve(simulator, "/Child"), child);
    ASSERT_TRUE(simulator.call("object.reparent", R"({"object":{"scenePath":"/Child"},"parent":{"scenePath":"/Parent"}})").ok());
    EXPECT_EQ(resolve(simulator, "/Child"), "not_found");
    EXPECT_EQ(resolve(simulator, "/Parent/Child"), child);
    ASSERT_TRUE(simulator.call("object.destroy", R"({"object":{"scenePath":"/Parent"}})").ok());
    EXPECT_EQ(resolve(simulator, "/Parent/Child"), "not_found");
    EXPECT_EQ(resolve(simulator, "/Parent"), "not_found");
}

TEST(SimulatorIndex, DuplicatedSiblingsAreAmbiguousUntilOneIsGone) {
    EditorSimulator simulator(project_identity());
    std::string original = created_id(simulator, R"({"name":"Twin"})");
    Reply duplicate = simulator.call("object.duplicate", R"({"object":{"scenePath":"/Twin"},"name":"Twin"})");
    ASSERT_TRUE(duplicate.ok()) << duplicate.json;
    std::string copy = field(duplicate, "/observed/instanceId");
    EXPECT_EQ(resolve(simulator, "/Twin"), "conflict");
    EXPECT_EQ(resolve(simulator, "/Twin[0]"), original);
    EXPECT_EQ(resolve(simulator, "/Twin[1]"), copy);
    EXPECT_EQ(resolve(simulator, "/Twin[2]"), "not_found");
    ASSERT_TRUE(simulator.call("object.destroy", R"({"object":{"scenePath":"/Twin[0]"}})").ok());
    EXPECT_EQ(resolve(simulator, "/Twin"), copy);
}

TEST(SimulatorIndex, UndoAndPlayModeRestoreTheOldPaths) {
    EditorSimulator simulator(project_identity());
    std::string id = created_id(simulator, R"({"name":"Before"})");
    Reply group = simulator.call("undo.beginGroup", R"({"name":"rename"})");
    ASSERT_TRUE(group.ok()) << group.json;
    ASSERT_TRUE(simulator.call("object.rename", R"({"object":{"scenePath":"/Before"},"name":"After"})").ok());
    ASSERT_TRUE(simulator.call("undo.endGroup", "{}").ok());
    ASSERT_EQ(resolve(simulator, "/After"), id);
    rapidjson::Document revert(rapidjson::kObjectType);
    revert.AddMember("group", std::stoi(field(group, "/group")), revert.GetAllocator());
    rapidjson::StringBuffer revert_params;
    rapidjson::Writer<rapidjson::StringBuffer> revert_writer(revert_params);
    revert.Accept(revert_writer);
    Reply reverted = simulator.call("undo.revertGroup", revert_params.GetString());
    ASSERT_TRUE(reverted.ok()) << reverted.json;
    EXPECT_EQ(resolve(simulator, "/After"), "not_found");
    EXPECT_EQ(resolve(simulator, "/Before"), id);

    ASSERT_TRUE(simulator.call("playmode.set", R"({"state":"playing"})").ok());
    std::string spawned = created_id(simulator, R"({"name":"Spawned","playModeWrite":"revertOnExit"})");
    ASSERT_EQ(resolve(simulator, "/Spawned"), spawned);
    ASSERT_TRUE(simulator.call("playmode.set", R"({"state":"edit"})").ok());
    EXPECT_EQ(resolve(simulator, "/Spawned"), "not_found");
    EXPECT_EQ(resolve(simulator, "/Before"), id);
}

TEST(SimulatorIndex, PrefabStageAddressesOnlyThePrefabWhileOpen) {
    EditorSimulator simulator(project_identity());
    simulator.build_sample_scene();
    std::string player = resolve(simulator, "/Player");
    ASSERT_NE(player, "not_found");
    ASSERT_EQ(resolve(simulator, "/Crate"), "not_found");
    ASSERT_TRUE(simulator.call("prefabStage.open", R"({"assetPath":"Assets/Prefabs/Crate.prefab"})").ok());
    EXPECT_NE(resolve(simulator, "/Crate"), "not_found");
    EXPECT_EQ(resolve(simulator, "/Player"), "not_found");
    ASSERT_TRUE(simulator.call("prefabStage.close", "{}").ok());
    EXPECT_EQ(resolve(simulator, "/Crate"), "not_found");
    EXPECT_EQ(resolve(simulator, "/Player"), player);
}

// The instanceIds of a hierarchy.subtree answer, in order, and its nextCursor.
std::vector<int64_t> listed_ids(const Reply& reply, std::string& next_cursor) {
    rapidjson::Document document;
    document.Parse(reply.json.c_str());
    std::vector<int64_t> ids;
    for (const auto& node : document["nodes"].GetArray())
        ids.push_back(node["instanceId"].GetInt64());
    next_cursor = document.HasMember("nextCursor") ? document["nextCursor"].GetString() : "";
    return ids;
}

std::vector<int64_t> paged_ids(EditorSimulator& simulator) {
    std::vector<int64_t> all;
    std::string cursor;
    do {
        Reply page = simulator.call("hierarchy.subtree", subtree_params("", 8, 3, cursor));
        EXPECT_TRUE(page.ok()) << page.json;
        auto ids = listed_ids(page, cursor);
        all.insert(all.end(), ids.begin(), ids.end());
    } while (!cursor.empty());
    return all;
}

TEST(SimulatorIndex, PagesResumedFromCursorsMatchOneWholeWalkAcrossChanges) {
    EditorSimulator simulator(project_identity());
    simulator.build_sample_scene();
    std::string cursor;
    std::vector<int64_t> whole = listed_ids(simulator.call("hierarchy.subtree", R"({"depth":8,"maxNodes":2000})"), cursor);
    ASSERT_EQ(paged_ids(simulator), whole);
    // The same page asked for twice gives the same nodes, then a change between pages shows up.
    Reply first = simulator.call("hierarchy.subtree", R"({"depth":8,"maxNodes":3,"cursor":"3"})");
    EXPECT_EQ(listed_ids(simulator.call("hierarchy.subtree", R"({"depth":8,"maxNodes":3,"cursor":"3"})"), cursor), listed_ids(first, cursor));
    ASSERT_TRUE(simulator.call("object.create", R"({"name":"Late","parent":{"scenePath":"/Main Camera"}})").ok());
    std::vector<int64_t> changed = listed_ids(simulator.call("hierarchy.subtree", R"({"depth":8,"maxNodes":2000})"), cursor);
    ASSERT_NE(changed, whole);
    EXPECT_EQ(paged_ids(simulator), changed);
}

} // namespace

// The simulator's partial undo steps (transform writes record only the object they change): random
// sequences of partial and whole writes, in groups, loose, merged and reverted, always come back to
// exactly the scene digest taken before the group a revert names.
#include "bridge_harness.hpp"
#include "fakes/json_at.hpp"

#include <uap/editor_sim/editor_simulator.hpp>

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <string>
#include <vector>

namespace {

using uap::editor_sim::EditorSimulator;
using uap::editor_sim::Reply;
using uap::testing::text_at;

uap::editor_sim::SimulatorIdentity identity() { return {"/tmp/project", "2022.3.40f1 (simulated)", 4242, "partial-undo-session"}; }

constexpr int object_count = 12;

struct RandomEditor {
    EditorSimulator simulator{identity()};
    std::mt19937 random;
    std::vector<std::string> ids; // The flat objects' instance ids; none is ever destroyed.
    int created = 0;

    explicit RandomEditor(unsigned seed) : random(seed) {
        simulator.add_flat_objects(object_count, "Object");
        for (int index = 0; index < object_count; ++index)
            ids.push_back(text_at(ok("transform.get", R"({"object":{"scenePath":"/Object)" + std::to_string(index) + R"("}})"),
                                  "/transform/instanceId"));
    }
    std::string ok(const std::string& method, const std::string& params) {
        Reply reply = simulator.call(method, params);
        EXPECT_TRUE(reply.ok()) << method << " " << params << ": " << reply.json;
        return reply.json;
    }
    std::string digest() { return text_at(ok("scene.digest", "{}"), "/digest"); }
    int pick(int count) { return std::uniform_int_distribution<int>(0, count - 1)(random); }
    std::string target() { return R"({"object":{"instanceId":)" + ids[static_cast<std::size_t>(pick(object_count))] + "}"; }

    // One write: mostly transform writes (partial steps), else writes that record the whole World.
    void write() {
        switch (pick(6)) {
        case 0:
        case 1:
        case 2:
            ok("transform.set", target() + R"(,"position":{"x":)" + std::to_string(pick(100)) + R"(,"y":1,"z":2}})");
            break;
        case 3:
            ok("object.rename", target() + R"(,"name":"Renamed)" + std::to_string(pick(1000)) + R"("})");
            break;
        case 4:
            ok("object.setActive", target() + R"(,"active":)" + (pick(2) ? "true" : "false") + "}");
            break;
        default:
            ok("object.create", R"({"name":"Made)" + std::to_string(++created) + R"("})");
        }
    }

    // An Undo group of one to five writes; the digest before it.
    std::pair<int, std::string> group() {
        std::string before = digest();
        int group = std::stoi(text_at(ok("undo.beginGroup", R"({"name":"random group"})"), "/group"));
        for (int count = 1 + pick(5); count > 0; --count)
            write();
        ok("undo.endGroup", "{}");
        return {group, before};
    }
};

TEST(PartialUndo, RandomWritesRevertedToAnyGroupComeBackToItsDigest) {
    int reverts = 0;
    for (unsigned seed = 1; seed <= 30; ++seed) {
        RandomEditor editor(seed);
        std::map<int, std::string> before_group;
        for (int round = 0; round < 3; ++round) {
            for (int groups = 2 + editor.pick(5); groups > 0; --groups) {
                auto [group, before] = editor.group();
                before_group[group] = before;
                // Loose writes between groups are steps of their own, reverted with any earlier group.
                for (int loose = editor.pick(3); loose > 0; --loose)
                    editor.write();
            }
            auto chosen = std::next(before_group.begin(), editor.pick(static_cast<int>(before_group.size())));
            if (editor.pick(3) == 0) {
                // Merging the chosen group with every later step keeps the scene before it revertible.
                editor.ok("undo.collapse", R"({"group":)" + std::to_string(chosen->first) + "}");
                before_group.erase(std::next(chosen), before_group.end());
            }
            Reply reverted = editor.simulator.call("undo.revertGroup", R"({"group":)" + std::to_string(chosen->first) + "}");
            ASSERT_TRUE(reverted.ok()) << "seed " << seed << ": " << reverted.json;
            EXPECT_EQ(editor.digest(), chosen->second) << "seed " << seed << ", group " << chosen->first;
            before_group.erase(chosen, before_group.end());
            ++reverts;
        }
    }
    EXPECT_EQ(reverts, 90);
}

TEST(PartialUndo, ATurnOfPartialAndWholeStepsRevertsToTheSceneBeforeIt) {
    for (unsigned seed = 1; seed <= 20; ++seed) {
        RandomEditor editor(seed);
        editor.group(); // A step before the turn, which the turn's revert must leave alone.
        std::string before = editor.digest();
        std::string group = text_at(editor.ok("turn.begin", R"({"name":"Agent turn"})"), "/group");
        for (int count = 1 + editor.pick(6); count > 0; --count)
            if (editor.pick(2))
                editor.group();
            else
                editor.write();
        ASSERT_NE(editor.digest(), before) << "seed " << seed;
        std::string ended = editor.ok("turn.end", R"({"group":)" + group + R"(,"name":"Agent turn"})");
        EXPECT_EQ(text_at(ended, "/revertible"), "true") << ended;
        editor.ok("turn.revert", R"({"group":)" + group + R"(,"name":"Agent turn"})");
        EXPECT_EQ(editor.digest(), before) << "seed " << seed;
    }
}

TEST(PartialUndo, AWholeWriteAfterPartialOnesInOneGroupRevertsThemAll) {
    RandomEditor editor(7);
    std::string before = editor.digest();
    std::string group = text_at(editor.ok("undo.beginGroup", R"({"name":"mixed"})"), "/group");
    editor.ok("transform.set", R"({"object":{"instanceId":)" + editor.ids[0] + R"(},"position":{"x":5,"y":0,"z":0}})");
    editor.ok("transform.set", R"({"object":{"instanceId":)" + editor.ids[1] + R"(},"position":{"x":6,"y":0,"z":0}})");
    editor.ok("object.create", R"({"name":"Whole"})");
    editor.ok("transform.set", R"({"object":{"instanceId":)" + editor.ids[0] + R"(},"position":{"x":7,"y":0,"z":0}})");
    editor.ok("transform.set", R"({"object":{"instanceId":)" + editor.ids[2] + R"(},"position":{"x":8,"y":0,"z":0}})");
    editor.ok("undo.endGroup", "{}");
    ASSERT_NE(editor.digest(), before);
    std::string reverted = editor.ok("undo.revertGroup", R"({"group":)" + group + "}");
    EXPECT_EQ(text_at(reverted, "/observed/revertedSteps"), "1");
    EXPECT_EQ(text_at(reverted, "/observed/objectCount"), std::to_string(object_count));
    EXPECT_EQ(editor.digest(), before);
}

} // namespace

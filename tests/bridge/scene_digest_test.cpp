// The simulator's scene digest: the same between reads of an unchanged scene, and different after a
// change to any field it covers (name, active flag, parent, sibling order, components, values).
#include "bridge_harness.hpp"
#include "fakes/json_at.hpp"

#include <uap/editor_sim/editor_simulator.hpp>

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace {

using uap::editor_sim::EditorSimulator;
using uap::testing::text_at;

TEST(SceneDigest, EveryCoveredChangeGivesANewDigestAndReadsGiveTheSame) {
    EditorSimulator simulator({"/tmp/project", "2022.3.40f1 (simulated)", 4242, "digest-session"});
    simulator.add_flat_objects(3, "Object");
    auto digest = [&] {
        auto reply = simulator.call("scene.digest", "{}");
        EXPECT_TRUE(reply.ok()) << reply.json;
        return text_at(reply.json, "/digest");
    };
    std::set<std::string> seen{digest()};
    EXPECT_EQ(digest(), *seen.begin()) << "reading twice gives the same digest";
    std::vector<std::pair<std::string, std::string>> changes = {
        {"object.rename", R"({"object":{"scenePath":"/Object0"},"name":"Renamed"})"},
        {"object.rename", R"({"object":{"scenePath":"/Renamed"},"name":"Rename"})"},
        {"object.setActive", R"({"object":{"scenePath":"/Object1"},"active":false})"},
        {"transform.set", R"({"object":{"scenePath":"/Object2"},"position":{"x":1,"y":0,"z":0}})"},
        {"transform.set", R"({"object":{"scenePath":"/Object2"},"position":{"x":1,"y":0,"z":0.5}})"},
        {"component.add", R"({"object":{"scenePath":"/Object2"},"type":"UnityEngine.AudioSource"})"},
        {"object.reparent", R"({"object":{"scenePath":"/Object1"},"parent":{"scenePath":"/Object2"}})"},
        {"object.create", R"({"name":"Made"})"},
    };
    for (const auto& [method, params] : changes) {
        auto reply = simulator.call(method, params);
        ASSERT_TRUE(reply.ok()) << method << ": " << reply.json;
        EXPECT_TRUE(seen.insert(digest()).second) << method << " " << params << " left a digest seen before";
    }
    EXPECT_EQ(text_at(simulator.call("scene.digest", "{}").json, "/objectCount"), "4");
}

} // namespace

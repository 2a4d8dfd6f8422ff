// The editor simulator in-process: it implements exactly the protocol's methods, and its
// primitives keep the Unity semantics tools rely on (typed values, observed effects, undo, play mode).
#include "fakes/json_at.hpp"
#include "method_samples.hpp"

#include <uap/editor_sim/editor_simulator.hpp>
#include <uap/protocol/protocol_schemas.hpp>

#include <gtest/gtest.h>

#include <rapidjson/document.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <unistd.h>

namespace {

using uap::editor_sim::EditorSimulator;
using uap::editor_sim::Reply;
using uap::protocol::ProtocolSchemas;
using uap::testing::number_at;
using uap::testing::text_at;

// A project folder of this test run with the samples' Packages/manifest.json (test runs write their results
// under its Library/).
const std::string& sample_project() {
    static const std::string project = [] {
        char pattern[] = "/tmp/uap-simulator-XXXXXX";
        std::string path = ::mkdtemp(pattern) ? pattern : "/tmp/uap-simulator-project";
        uap::testing::write_sample_manifest(path);
        return path;
    }();
    return project;
}

uap::editor_sim::SimulatorIdentity identity() {
    return {sample_project(), "2022.3.40f1 (simulated)", 4242, "session-1"};
}

rapidjson::Document parse(const std::string& text) {
    rapidjson::Document document;
    document.Parse(text.c_str());
    return document;
}

TEST(ProtocolDescription, SimulatorImplementsExactlyTheDescribedMethods) {
    EditorSimulator simulator(identity());
    auto described = ProtocolSchemas::instance().method_names();
    auto implemented = simulator.implemented_methods();
    EXPECT_EQ(described, implemented);
}

// As Unity compiles the test-run primitives only with the package, a project without it has the rest.
TEST(ProtocolDescription, WithoutTheTestFrameworkTheSimulatorHasNoTestRunPrimitives) {
    char pattern[] = "/tmp/uap-no-tests-XXXXXX";
    ASSERT_NE(::mkdtemp(pattern), nullptr);
    EditorSimulator simulator({pattern, "2022.3.40f1 (simulated)", 4242, "session-1"});
    std::vector<std::string> expected;
    for (const auto& method : ProtocolSchemas::instance().method_names())
        if (!method.starts_with("tests.run."))
            expected.push_back(method);
    EXPECT_EQ(simulator.implemented_methods(), expected);
    EXPECT_EQ(expected.size() + 3, ProtocolSchemas::instance().method_names().size());
    EXPECT_NE(simulator.call("tests.run.status", "{}").json.find("unsupported"), std::string::npos);
    std::filesystem::remove_all(pattern);
}

TEST(ProtocolDescription, EveryMethodHasASampleCall) {
    std::set<std::string> sampled;
    for (const auto& [method, params] : uap::testing::method_samples())
        sampled.insert(method);
    for (const auto& method : ProtocolSchemas::instance().method_names())
        if (method != "ping" && method != "request.status") {
            EXPECT_TRUE(sampled.count(method)) << method << " has no sample call";
        }
}

TEST(Simulator, EverySampleCallSucceedsAndMatchesTheResultSchema) {
    EditorSimulator simulator(identity());
    simulator.build_sample_scene();
    ASSERT_EQ(simulator.load_project_tools(uap::testing::sample_project_tools()), "");
    for (const auto& [method, params] : uap::testing::method_samples()) {
        Reply reply = simulator.call(method, params);
        EXPECT_TRUE(reply.ok()) << method << ": " << reply.json;
    }
}

TEST(Simulator, HandleAnswersEnvelopes) {
    EditorSimulator simulator(identity());
    EXPECT_EQ(text_at(simulator.handle(R"({"id":"a1","method":"editor.info","params":{}})"), "/result/editorSessionId"), "session-1");
    EXPECT_EQ(text_at(simulator.handle("not json"), "/error/code"), "parse_error");
    EXPECT_EQ(text_at(simulator.handle(R"({"id":"a2"})"), "/error/code"), "invalid_request");
    EXPECT_EQ(text_at(simulator.handle(R"({"id":"a3","method":"object.explode","params":{}})"), "/error/code"), "unknown_method");
    EXPECT_EQ(text_at(simulator.handle(R"({"id":"a4","method":"object.create","params":{"name":7}})"), "/error/code"), "invalid_params");
}

TEST(Simulator, WrongShapedValuesAreRejectedAndNothingIsWritten) {
    EditorSimulator simulator(identity());
    simulator.build_sample_scene();
    const char* target = R"({"component":{"object":{"scenePath":"/Player"},"type":"Transform"}})";
    auto set = [&](const std::string& values) {
        return simulator.call("property.set", std::string(R"({"target":)") + target + R"(,"values":)" + values + "}");
    };
    Reply bad = set(R"([{"path":"m_LocalScale","type":"vector3","value":[2,2,2]},{"path":"m_LocalPosition","type":"vector3","value":[1,2]}])");
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(text_at(bad.json, "/code"), "type_mismatch");
    Reply scale = simulator.call("property.get", std::string(R"({"target":)") + target + R"(,"paths":["m_LocalScale"]})");
    EXPECT_EQ(text_at(scale.json, "/properties/0/value/x"), "1") << "the valid first value must not have been written";
    EXPECT_EQ(text_at(set(R"([{"path":"m_LocalScale","type":"float","value":2}])").json, "/code"), "type_mismatch");
    EXPECT_EQ(text_at(set(R"([{"path":"m_Nope","type":"float","value":2}])").json, "/code"), "not_found");
}

TEST(Simulator, ObjectReferencesResolveByPathIdAndSubAssetWithTypeChecks) {
    EditorSimulator simulator(identity());
    simulator.build_sample_scene();
    const char* renderer = R"({"component":{"object":{"scenePath":"/Player"},"type":"MeshRenderer"}})";
    Reply material = simulator.call("property.set", std::string(R"({"target":)") + renderer +
                                                        R"(,"values":[{"path":"m_Materials.Array.data[0]","type":"objectReference","value":{"assetPath":"Assets/Materials/Red.mat"}}]})");
    ASSERT_TRUE(material.ok()) << material.json;
    EXPECT_EQ(text_at(material.json, "/observed/0/value/assetPath"), "Assets/Materials/Red.mat");
    Reply wrong = simulator.call("property.set", std::string(R"({"target":)") + renderer +
                                                     R"(,"values":[{"path":"m_Materials.Array.data[0]","type":"objectReference","value":{"assetPath":"Assets/Textures/Checker.png"}}]})");
    EXPECT_EQ(text_at(wrong.json, "/code"), "type_mismatch");
    const char* filter = R"({"component":{"object":{"scenePath":"/Player"},"type":"MeshFilter"}})";
    Reply mesh = simulator.call("property.set", std::string(R"({"target":)") + filter +
                                                    R"(,"values":[{"path":"m_Mesh","type":"objectReference","value":{"assetPath":"Assets/Models/Rock.fbx","subAsset":"Rock"}}]})");
    EXPECT_TRUE(mesh.ok()) << mesh.json;
    Reply missing = simulator.call("property.set", std::string(R"({"target":)") + filter +
                                                       R"(,"values":[{"path":"m_Mesh","type":"objectReference","value":{"assetPath":"Assets/Models/Rock.fbx","subAsset":"Nope"}}]})");
    EXPECT_EQ(text_at(missing.json, "/code"), "type_mismatch");
}

TEST(Simulator, DuplicateKeepsThePrefabLinkOfTheObjectAndOfNestedInstances) {
    EditorSimulator simulator(identity());
    simulator.build_sample_scene();
    Reply instance = simulator.call("object.instantiate", R"({"asset":"Assets/Prefabs/Crate.prefab","name":"Crate A"})");
    ASSERT_TRUE(instance.ok()) << instance.json;
    Reply copy = simulator.call("object.duplicate", R"({"object":{"scenePath":"/Crate A"},"name":"Crate B"})");
    ASSERT_TRUE(copy.ok()) << copy.json;
    EXPECT_EQ(text_at(copy.json, "/observed/prefabAsset"), "Assets/Prefabs/Crate.prefab") << copy.json;

    ASSERT_TRUE(simulator.call("object.create", R"({"name":"Shelf"})").ok());
    ASSERT_TRUE(simulator.call("object.reparent", R"({"object":{"scenePath":"/Crate A"},"parent":{"scenePath":"/Shelf"}})").ok());
    Reply shelf = simulator.call("object.duplicate", R"({"object":{"scenePath":"/Shelf"},"name":"Shelf Copy"})");
    ASSERT_TRUE(shelf.ok()) << shelf.json;
    EXPECT_EQ(text_at(shelf.json, "/observed/prefabAsset"), "<missing>") << "a plain object stays plain: " << shelf.json;
    Reply subtree = simulator.call("hierarchy.subtree", R"({"root":{"scenePath":"/Shelf Copy"},"depth":2,"maxNodes":10})");
    ASSERT_TRUE(subtree.ok()) << subtree.json;
    EXPECT_EQ(text_at(subtree.json, "/nodes/1/name"), "Crate A") << subtree.json;
    EXPECT_EQ(text_at(subtree.json, "/nodes/1/prefabAsset"), "Assets/Prefabs/Crate.prefab")
        << "the nested instance in the copy is still linked: " << subtree.json;
}

TEST(Simulator, UndoGroupRevertRestoresTheScene) {
    EditorSimulator simulator(identity());
    simulator.build_sample_scene();
    Reply group = simulator.call("undo.beginGroup", R"({"name":"turn"})");
    int id = std::stoi(text_at(group.json, "/group").substr(0, text_at(group.json, "/group").find('.')));
    ASSERT_TRUE(simulator.call("object.create", R"({"name":"A"})").ok());
    ASSERT_TRUE(simulator.call("object.destroy", R"({"object":{"scenePath":"/Player"}})").ok());
    ASSERT_TRUE(simulator.call("undo.endGroup", "{}").ok());
    Reply revert = simulator.call("undo.revertGroup", "{\"group\":" + std::to_string(id) + "}");
    ASSERT_TRUE(revert.ok()) << revert.json;
    EXPECT_TRUE(simulator.call("component.list", R"({"object":{"scenePath":"/Player"}})").ok());
    EXPECT_EQ(text_at(simulator.call("component.list", R"({"object":{"scenePath":"/A"}})").json, "/code"), "not_found");
}

TEST(Simulator, PlayModeChangesAreRevertedOnExitAndScenesCannotBeSaved) {
    EditorSimulator simulator(identity());
    simulator.build_sample_scene();
    ASSERT_TRUE(simulator.call("playmode.set", R"({"state":"playing"})").ok());
    // A scene write in play mode is refused unless the caller accepts that it will not last.
    EXPECT_EQ(text_at(simulator.call("object.create", R"({"name":"Transient"})").json, "/code"), "conflict");
    Reply transient = simulator.call("object.create", R"({"name":"Transient","playModeWrite":"revertOnExit"})");
    ASSERT_TRUE(transient.ok()) << transient.json;
    EXPECT_EQ(text_at(transient.json, "/willRevertOnExitPlayMode"), "true");
    EXPECT_EQ(text_at(simulator.call("scene.save", "{}").json, "/code"), "conflict");
    ASSERT_TRUE(simulator.call("playmode.set", R"({"state":"edit"})").ok());
    EXPECT_EQ(text_at(simulator.call("component.list", R"({"object":{"scenePath":"/Transient"}})").json, "/code"), "not_found");
}

TEST(Simulator, HierarchyPagesAreBoundedAndContinue) {
    EditorSimulator simulator(identity());
    simulator.add_flat_objects(1200, "Item");
    Reply first = simulator.call("hierarchy.roots", R"({"limit":500})");
    EXPECT_EQ(text_at(first.json, "/nextCursor"), "500");
    Reply last = simulator.call("hierarchy.roots", R"({"limit":500,"cursor":"1000"})");
    EXPECT_EQ(text_at(last.json, "/nextCursor"), "<missing>");
    EXPECT_EQ(text_at(last.json, "/nodes/199/name"), "Item1199");
    Reply walk = simulator.call("hierarchy.subtree", R"({"maxNodes":100})");
    EXPECT_EQ(text_at(walk.json, "/truncated"), "true");
    EXPECT_EQ(text_at(walk.json, "/nextCursor"), "100");
}

TEST(Simulator, AmbiguousPathsAndCyclesAreRefused) {
    EditorSimulator simulator(identity());
    ASSERT_TRUE(simulator.call("object.create", R"({"name":"Twin"})").ok());
    ASSERT_TRUE(simulator.call("object.create", R"({"name":"Twin"})").ok());
    EXPECT_EQ(text_at(simulator.call("object.destroy", R"({"object":{"scenePath":"/Twin"}})").json, "/code"), "conflict");
    ASSERT_TRUE(simulator.call("object.create", R"({"name":"Parent"})").ok());
    ASSERT_TRUE(simulator.call("object.create", R"({"name":"Child","parent":{"scenePath":"/Parent"}})").ok());
    EXPECT_EQ(
        text_at(simulator.call("object.reparent", R"({"object":{"scenePath":"/Parent"},"parent":{"scenePath":"/Parent/Child"}})").json,
                "/code"),
        "conflict");
}

TEST(Simulator, FixtureTypesAreUsableByTheGenericPropertyRoute) {
    EditorSimulator simulator(identity());
    std::string refusal = simulator.load_fixture(R"({"types":[{"name":"Enemy","namespace":"Game","properties":[
        {"path":"speed","type":"float"},{"path":"mode","type":"enum","enum":["Idle","Chase"]},{"path":"target","type":"objectReference","referenceType":"Transform"}]},
        {"name":"EnemyConfig","namespace":"Game","kind":"scriptableObject","properties":[{"path":"health","type":"integer"}]}],
        "calls":[{"method":"object.create","params":{"name":"Goblin"}},{"method":"component.add","params":{"object":{"scenePath":"/Goblin"},"type":"Enemy"}}]})");
    ASSERT_EQ(refusal, "");
    Reply set = simulator.call("property.set", R"({"target":{"component":{"object":{"scenePath":"/Goblin"},"type":"Game.Enemy"}},"values":[
        {"path":"speed","type":"float","value":3.5},{"path":"mode","type":"enum","value":1},{"path":"target","type":"objectReference","value":{"scenePath":"/Goblin"}}]})");
    ASSERT_TRUE(set.ok()) << set.json;
    EXPECT_EQ(text_at(set.json, "/observed/1/value/name"), "Chase");
    EXPECT_EQ(text_at(simulator.call("type.find", R"({"query":"enemyconf","kind":"scriptableObject"})").json, "/types/0/fullName"),
              "Game.EnemyConfig");
    EXPECT_EQ(text_at(simulator.call("component.add", R"({"object":{"scenePath":"/Goblin"},"type":"EnemyConfig"})").json, "/code"),
              "type_mismatch");
}

} // namespace

namespace {

TEST(SimulatorTransforms, WorldValuesComeFromTheParentChain) {
    EditorSimulator simulator(identity());
    ASSERT_TRUE(simulator.call("object.create", R"({"name":"Parent","position":[10,0,0],"rotation":[0,90,0],"scale":[2,2,2]})").ok());
    ASSERT_TRUE(simulator.call("object.create", R"({"name":"Child","parent":{"scenePath":"/Parent"},"position":[0,0,1]})").ok());
    Reply child = simulator.call("transform.get", R"({"object":{"scenePath":"/Parent/Child"}})");
    ASSERT_TRUE(child.ok()) << child.json;
    // Quaternion.Euler(0,90,0) turns forward (0,0,1) into right (1,0,0); the parent's scale 2 doubles it.
    EXPECT_NEAR(number_at(child.json, "/transform/world/position/x"), 12.0, 1e-5);
    EXPECT_NEAR(number_at(child.json, "/transform/world/position/z"), 0.0, 1e-5);
    EXPECT_NEAR(number_at(child.json, "/transform/world/eulerAngles/y"), 90.0, 1e-4);
    EXPECT_NEAR(number_at(child.json, "/transform/world/lossyScale/x"), 2.0, 1e-6);
    EXPECT_NEAR(number_at(child.json, "/transform/local/position/z"), 1.0, 1e-6);
}

TEST(SimulatorTransforms, EulerAnglesRoundTripInUnityOrder) {
    EditorSimulator simulator(identity());
    ASSERT_TRUE(simulator.call("object.create", R"({"name":"Spun","rotation":[30,45,60]})").ok());
    Reply spun = simulator.call("transform.get", R"({"object":{"scenePath":"/Spun"}})");
    EXPECT_NEAR(number_at(spun.json, "/transform/local/eulerAngles/x"), 30.0, 1e-3);
    EXPECT_NEAR(number_at(spun.json, "/transform/local/eulerAngles/y"), 45.0, 1e-3);
    EXPECT_NEAR(number_at(spun.json, "/transform/local/eulerAngles/z"), 60.0, 1e-3);
    // Z is applied first, then X: under a parent turned (90, 0, 90), local +x goes to +y, then to +z.
    ASSERT_TRUE(simulator.call("object.create", R"({"name":"Turned","rotation":[90,0,90]})").ok());
    ASSERT_TRUE(simulator.call("object.create", R"({"name":"Tip","parent":{"scenePath":"/Turned"},"position":[1,0,0]})").ok());
    Reply tip = simulator.call("transform.get", R"({"object":{"scenePath":"/Turned/Tip"}})");
    EXPECT_NEAR(number_at(tip.json, "/transform/world/position/x"), 0.0, 1e-5);
    EXPECT_NEAR(number_at(tip.json, "/transform/world/position/y"), 0.0, 1e-5);
    EXPECT_NEAR(number_at(tip.json, "/transform/world/position/z"), 1.0, 1e-5);
}

TEST(SimulatorTransforms, WorldSpaceWritesAndReparentingKeepTheWorldPose) {
    EditorSimulator simulator(identity());
    ASSERT_TRUE(simulator.call("object.create", R"({"name":"Base","position":[5,0,0],"rotation":[0,0,90]})").ok());
    ASSERT_TRUE(simulator.call("object.create", R"({"name":"Item","position":[1,2,3]})").ok());
    ASSERT_TRUE(simulator.call("object.reparent", R"({"object":{"scenePath":"/Item"},"parent":{"scenePath":"/Base"}})").ok());
    Reply kept = simulator.call("transform.get", R"({"object":{"scenePath":"/Base/Item"}})");
    EXPECT_NEAR(number_at(kept.json, "/transform/world/position/x"), 1.0, 1e-5);
    EXPECT_NEAR(number_at(kept.json, "/transform/world/position/y"), 2.0, 1e-5);
    EXPECT_NEAR(number_at(kept.json, "/transform/world/position/z"), 3.0, 1e-5);
    EXPECT_NEAR(number_at(kept.json, "/transform/world/eulerAngles/z"), 0.0, 1e-4);
    ASSERT_TRUE(simulator.call("object.reparent", R"({"object":{"scenePath":"/Base/Item"},"worldPositionStays":false})").ok());
    Reply local_kept = simulator.call("transform.get", R"({"object":{"scenePath":"/Item"}})");
    EXPECT_NEAR(number_at(local_kept.json, "/transform/world/eulerAngles/z"), 270.0, 1e-3) << "local values kept: -90 around z";
    Reply set = simulator.call("transform.set", R"({"object":{"scenePath":"/Item"},"space":"world","position":{"x":0,"y":0,"z":0}})");
    ASSERT_TRUE(set.ok()) << set.json;
    ASSERT_TRUE(simulator.call("object.reparent", R"({"object":{"scenePath":"/Item"},"parent":{"scenePath":"/Base"}})").ok());
    Reply moved = simulator.call("transform.set", R"({"object":{"scenePath":"/Base/Item"},"space":"world","position":{"x":5,"y":1,"z":0}})");
    ASSERT_TRUE(moved.ok()) << moved.json;
    // Base is turned 90 degrees around z: world +y is its local +x... seen from the child, (0,1,0) world offset is local (1,0,0).
    EXPECT_NEAR(number_at(moved.json, "/observed/local/position/x"), 1.0, 1e-5);
    EXPECT_NEAR(number_at(moved.json, "/observed/local/position/y"), 0.0, 1e-5);
    EXPECT_EQ(text_at(simulator.call("transform.set", R"({"object":{"scenePath":"/Base/Item"}})").json, "/code"), "invalid_params");
}

TEST(SimulatorTransforms, IndexedPathSegmentsNameSameNamedSiblings) {
    EditorSimulator simulator(identity());
    ASSERT_TRUE(simulator.call("object.create", R"({"name":"Twin","position":[1,0,0]})").ok());
    ASSERT_TRUE(simulator.call("object.create", R"({"name":"Twin","position":[2,0,0]})").ok());
    EXPECT_NEAR(number_at(simulator.call("transform.get", R"({"object":{"scenePath":"/Twin[1]"}})").json, "/transform/local/position/x"), 2.0, 1e-6);
    EXPECT_NEAR(number_at(simulator.call("transform.get", R"({"object":{"scenePath":"/Twin[0]"}})").json, "/transform/local/position/x"), 1.0, 1e-6);
    EXPECT_EQ(text_at(simulator.call("transform.get", R"({"object":{"scenePath":"/Twin[2]"}})").json, "/code"), "not_found");
    EXPECT_EQ(text_at(simulator.call("transform.get", R"({"object":{"scenePath":"/Twin","scene":"Nowhere"}})").json, "/code"), "not_found");
}

} // namespace

// packages.add writes what Unity's Package Manager writes (the manifest dependency, a PackageCache
// folder), answers failed with the Package Manager's kind of error, and can be told to fail.
class SimulatedPackages : public ::testing::Test {
protected:
    void SetUp() override {
        char pattern[] = "/tmp/uap-packages-XXXXXX";
        ASSERT_NE(::mkdtemp(pattern), nullptr);
        project = pattern;
        std::filesystem::create_directories(project / "Packages");
        std::ofstream(project / "Packages" / "manifest.json") << R"({"dependencies": {"com.unity.ugui": "1.0.0"}, "scopedRegistries": []})";
    }
    void TearDown() override { std::filesystem::remove_all(project); }
    std::string manifest() {
        std::ifstream stream(project / "Packages" / "manifest.json");
        return std::string((std::istreambuf_iterator<char>(stream)), std::istreambuf_iterator<char>());
    }
    std::filesystem::path project;
};

TEST_F(SimulatedPackages, AddWritesTheDependencyAndThePackageCacheFolder) {
    EditorSimulator simulator({project.string(), "2022.3.40f1 (simulated)", 1, "s"});
    const std::string url = "https://github.com/hatayama/unity-cli-loop.git?path=/Packages/src";
    Reply unknown = simulator.call("packages.add", R"({"identifier":")" + url + R"("})");
    ASSERT_TRUE(unknown.ok()) << unknown.json;
    EXPECT_EQ(text_at(unknown.json, "/status"), "failed");
    EXPECT_EQ(text_at(unknown.json, "/error/code"), "NotFound");
    EXPECT_EQ(manifest().find("hatayama"), std::string::npos) << "a failed add writes nothing";

    simulator.add_package_source(url, "io.github.hatayama.uloopmcp", "1.2.1");
    Reply added = simulator.call("packages.add", R"({"identifier":")" + url + R"("})");
    ASSERT_TRUE(added.ok()) << added.json;
    EXPECT_EQ(text_at(added.json, "/status"), "succeeded");
    EXPECT_EQ(text_at(added.json, "/package/name"), "io.github.hatayama.uloopmcp");
    EXPECT_EQ(text_at(added.json, "/package/version"), "1.2.1");
    EXPECT_TRUE(std::filesystem::is_regular_file(project / "Library" / "PackageCache" / "io.github.hatayama.uloopmcp@1.2.1" / "package.json"));
    auto written = parse(manifest());
    ASSERT_TRUE(written.IsObject());
    EXPECT_EQ(std::string(written["dependencies"]["io.github.hatayama.uloopmcp"].GetString()), url);
    EXPECT_EQ(std::string(written["dependencies"]["com.unity.ugui"].GetString()), "1.0.0") << "other dependencies are kept";
    EXPECT_TRUE(written.HasMember("scopedRegistries"));

    simulator.fail_package_adds("Forbidden", "Cannot perform upm operation: access denied");
    Reply refused = simulator.call("packages.add", R"({"identifier":"com.example.other@2.0.0"})");
    EXPECT_EQ(text_at(refused.json, "/status"), "failed");
    EXPECT_EQ(text_at(refused.json, "/error/message"), "Cannot perform upm operation: access denied");
    EXPECT_EQ(manifest().find("com.example.other"), std::string::npos);
    simulator.fail_package_adds("", "");
    EXPECT_EQ(text_at(simulator.call("packages.add", R"({"identifier":"com.example.other@2.0.0"})").json, "/status"), "succeeded");
}

TEST_F(SimulatedPackages, MalformedIdentifiersAndAMissingManifestFail) {
    EditorSimulator simulator({project.string(), "2022.3.40f1 (simulated)", 1, "s"});
    for (const char* params : {R"({"identifier":"Bad Name"})", R"({"identifier":"../escape"})", R"({"identifier":"name@"})"}) {
        Reply reply = simulator.call("packages.add", params);
        EXPECT_EQ(text_at(reply.json, "/status"), "failed") << params << reply.json;
        EXPECT_EQ(text_at(reply.json, "/error/code"), "InvalidParameter") << params;
    }
    EXPECT_EQ(text_at(simulator.handle(R"({"id":"p1","method":"packages.add","params":{}})"), "/error/code"), "invalid_params");
    EXPECT_EQ(text_at(simulator.handle(R"({"id":"p2","method":"packages.add","params":{"identifier":""}})"), "/error/code"),
              "invalid_params");
    EXPECT_EQ(
        text_at(simulator.handle(R"({"id":"p3","method":"packages.add","params":{"identifier":")" + std::string(3000, 'a') + R"("}})"),
                "/error/code"),
        "invalid_params");
    std::filesystem::remove(project / "Packages" / "manifest.json");
    Reply missing = simulator.call("packages.add", R"({"identifier":"com.example.sample"})");
    EXPECT_EQ(text_at(missing.json, "/status"), "failed");
    EXPECT_FALSE(std::filesystem::exists(project / "Library" / "PackageCache"));
}

// Tools written in C# in the user's project, through the whole host: the simulated editor advertises
// them in its hello, the host serves them as project_<name>, calls them over the bridge, drops hostile
// ones with a reason, and refuses calls while the editor is reloading.
#include "app/host_application.hpp"
#include "bridge/bridge_server.hpp"
#include "mcp/project_tools.hpp"
#include "support/files.hpp"
#include "support/json.hpp"
#include "support/json_writer.hpp"
#include "support/random.hpp"

#include <uap/editor_sim/editor_simulator.hpp>
#include <uap/editor_sim/simulated_editor.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

namespace fs = std::filesystem;
using namespace std::chrono_literals;

namespace {

std::string read_text(const fs::path& file) {
    std::ifstream stream(file, std::ios::binary);
    std::ostringstream text;
    text << stream.rdbuf();
    return text.str();
}

std::vector<std::string> served_names(const uap::app::HostApplication& host) {
    std::vector<std::string> names;
    for (const auto* tool : host.served_tools().enabled_tools())
        names.push_back(tool->name);
    return names;
}

bool serves(const uap::app::HostApplication& host, const std::string& name) {
    auto names = served_names(host);
    return std::find(names.begin(), names.end(), name) != names.end();
}

// Waits until the predicate holds, polling; false when it never did within the bound.
template <typename Predicate>
bool eventually(Predicate predicate, std::chrono::milliseconds bound = 10s) {
    auto deadline = std::chrono::steady_clock::now() + bound;
    while (std::chrono::steady_clock::now() < deadline) {
        if (predicate())
            return true;
        std::this_thread::sleep_for(20ms);
    }
    return predicate();
}

class ProjectToolsHost : public ::testing::Test {
protected:
    void SetUp() override {
        project = fs::temp_directory_path() / ("uap-project-tools-" + uap::random::unique_suffix());
        ASSERT_TRUE(fs::create_directories(project));
        uap::app::HostOptions options;
        options.project = project;
        options.editor = uap::app::EditorMode::Simulator;
        options.version = "test";
        host = std::make_unique<uap::app::HostApplication>(options);
        auto started = host->start();
        ASSERT_TRUE(started) << started.error().message();
        ASSERT_TRUE(host->bridge().wait_connected(10s));
    }
    void TearDown() override {
        host->stop();
        fs::remove_all(project);
    }

    // Gives the simulated editor these tools, then reloads its domain so that a new hello brings them.
    void advertise(const std::string& description_json) {
        ASSERT_EQ(host->editor().simulator()->load_project_tools(description_json), "");
        host->editor().simulated_editor()->inject_reload(100ms);
        ASSERT_TRUE(eventually([&] {
            auto names = served_names(*host);
            return std::any_of(names.begin(), names.end(), [](const std::string& name) { return name.starts_with("project_"); });
        }));
    }

    uap::modules::ToolOutcome call(const std::string& name, const std::string& arguments) {
        return host->served_tools().call(name, arguments, {});
    }

    fs::path project;
    std::unique_ptr<uap::app::HostApplication> host;
};

TEST_F(ProjectToolsHost, AdvertisedToolsAreListedWithThePrefixAndTheirTraits) {
    advertise(read_text(UAP_APP_TEST_DIR "/project-tools/rename.json"));
    EXPECT_TRUE(serves(*host, "project_rename_object"));
    EXPECT_TRUE(serves(*host, "project_count_enemies"));
    auto rename = host->served_tools().lookup("project_rename_object");
    ASSERT_EQ(rename.availability, uap::mcp::Availability::Available);
    EXPECT_FALSE(rename.tool->metadata.read_only);
    EXPECT_TRUE(rename.tool->metadata.destructive) << "a writing C# tool asks for permission";
    EXPECT_TRUE(rename.tool->metadata.undoable);
    auto count = host->served_tools().lookup("project_count_enemies");
    ASSERT_EQ(count.availability, uap::mcp::Availability::Available);
    EXPECT_TRUE(count.tool->metadata.read_only);
}

TEST_F(ProjectToolsHost, ACallRunsInTheEditorAndChangesTheScene) {
    advertise(read_text(UAP_APP_TEST_DIR "/project-tools/rename.json"));
    auto outcome = call("project_rename_object", R"({"path":"/Player","name":"Hero"})");
    ASSERT_EQ(outcome.status, uap::modules::CallStatus::Success) << outcome.text;
    auto roots = host->bridge().call("hierarchy.roots", "{}", 5000, nullptr);
    ASSERT_TRUE(roots) << roots.error().message();
    EXPECT_NE(roots->find("\"Hero\""), std::string::npos) << *roots;

    auto canned = call("project_count_enemies", "{}");
    ASSERT_EQ(canned.status, uap::modules::CallStatus::Success) << canned.text;
    EXPECT_EQ(canned.text, R"({"enemies":3})");
}

// The editor's output schema travels with the tool, and a result that breaks it is an error (what
// the tool did stays done) rather than structuredContent a client would trust.
TEST_F(ProjectToolsHost, AResultIsCheckedAgainstTheOutputSchemaTheEditorAdvertised) {
    advertise(read_text(UAP_APP_TEST_DIR "/project-tools/rename.json"));
    auto count = host->served_tools().lookup("project_count_enemies");
    ASSERT_EQ(count.availability, uap::mcp::Availability::Available);
    auto schema = uap::json::parse(count.tool->output_schema_json);
    ASSERT_TRUE(schema && schema->IsObject()) << count.tool->output_schema_json;
    EXPECT_EQ(uap::json::to_text((*schema)["required"]), R"(["enemies"])");
    auto rename = host->served_tools().lookup("project_rename_object");
    ASSERT_EQ(rename.availability, uap::mcp::Availability::Available);
    EXPECT_EQ(rename.tool->output_schema_json, R"({"type":"object"})") << "an editor that declares none returns an object of any shape";

    auto miscounted = call("project_miscount_enemies", "{}");
    EXPECT_EQ(miscounted.status, uap::modules::CallStatus::ToolError) << miscounted.text;
    EXPECT_NE(miscounted.text.find("breaks the outputSchema the editor advertised"), std::string::npos) << miscounted.text;
    EXPECT_NE(miscounted.text.find("at /enemies: violates \"type\""), std::string::npos) << miscounted.text;
    EXPECT_NE(miscounted.text.find("Fix what the C# method returns"), std::string::npos) << miscounted.text;
}

TEST_F(ProjectToolsHost, WrongArgumentsAndExceptionsAreErrorsThatSayWhy) {
    advertise(read_text(UAP_APP_TEST_DIR "/project-tools/rename.json"));
    auto missing = call("project_rename_object", R"({"path":"/Player"})");
    EXPECT_EQ(missing.status, uap::modules::CallStatus::InvalidArguments);
    EXPECT_NE(missing.text.find("required"), std::string::npos) << missing.text;
    auto wrong_type = call("project_rename_object", R"({"path":"/Player","name":7})");
    EXPECT_EQ(wrong_type.status, uap::modules::CallStatus::InvalidArguments) << wrong_type.text;
    auto thrown = call("project_explode", "{}");
    EXPECT_EQ(thrown.status, uap::modules::CallStatus::ToolError);
    EXPECT_NE(thrown.text.find("the tool failed on purpose"), std::string::npos) << thrown.text;
    // The editor is still there for everything else.
    EXPECT_TRUE(host->bridge().call("editor.info", "{}", 5000, nullptr));
}

// A hostile or broken hello: each bad tool is dropped with a reason, the good ones stay, and the
// connection keeps serving the editor's primitives.
TEST_F(ProjectToolsHost, HostileToolsAreDroppedOneByOneAndTheConnectionStays) {
    uap::json::TextWriter writer;
    writer.begin_object().key("tools").begin_array();
    auto tool = [&](const std::string& name, const std::string& schema_json) {
        writer.begin_object().field("name", name).field("description", "a tool").raw_field("inputSchema", schema_json).end_object();
    };
    tool("good_tool", R"({"type":"object"})");
    writer.value(7);                                                // Not a tool at all.
    tool("good_tool", R"({"type":"object"})");                      // A duplicate.
    tool("Bad Name!", R"({"type":"object"})");                      // Not a valid name.
    tool("not_an_object_schema", R"({"type":"string"})");           // Not an object schema.
    tool("huge_schema", R"({"type":"object","description":")" + std::string(40'000, 'x') + R"("})");
    for (int index = 0; index < 10'000; ++index)
        tool("many_" + std::to_string(index), R"({"type":"object"})");
    writer.end_array().end_object();
    advertise(writer.text());

    auto names = served_names(*host);
    std::size_t project_tools = std::count_if(names.begin(), names.end(), [](const std::string& name) { return name.starts_with("project_"); });
    EXPECT_EQ(project_tools, uap::mcp::max_project_tools);
    EXPECT_TRUE(serves(*host, "project_good_tool"));
    EXPECT_FALSE(serves(*host, "project_huge_schema"));
    EXPECT_FALSE(serves(*host, "project_not_an_object_schema"));
    EXPECT_TRUE(host->bridge().call("hierarchy.roots", "{}", 5000, nullptr)) << "the connection lost its other functions";
}

// Each dropped tool gets one sentence that names it, says why, and says what to change.
TEST(ProjectToolChecks, EveryDroppedToolIsNamedWithTheReasonAndTheFix) {
    auto advertised = uap::json::parse(R"([
        {"name":"taken","description":"clashes with a native tool","inputSchema":{"type":"object"}},
        {"name":"fine","description":"kept","inputSchema":{"type":"object"},"readOnly":true},
        {"name":"fine","description":"a second one","inputSchema":{"type":"object"}},
        {"name":"UPPER","description":"bad name","inputSchema":{"type":"object"}},
        {"name":"no_description","inputSchema":{"type":"object"}},
        {"name":"no_schema","description":"x"},
        {"name":"bad_output","description":"x","inputSchema":{"type":"object"},"outputSchema":{"type":"array"}},
        {"name":"huge_output","description":"x","inputSchema":{"type":"object"},"outputSchema":{"type":"object","description":")" +
                                        std::string(40'000, 'x') + R"("}},
        "not an object"])");
    ASSERT_TRUE(advertised);
    auto set = uap::mcp::read_project_tools(&*advertised, [](std::string_view name) { return name == "project_taken"; });
    ASSERT_EQ(set.tools.size(), 1u);
    EXPECT_EQ(set.tools[0].name, "project_fine");
    EXPECT_TRUE(set.tools[0].metadata.read_only);
    ASSERT_EQ(set.warnings.size(), 8u);
    auto warned = [&](const std::string& who, const std::string& why) {
        return std::any_of(set.warnings.begin(), set.warnings.end(),
                           [&](const std::string& warning) { return warning.find(who) != std::string::npos && warning.find(why) != std::string::npos; });
    };
    EXPECT_TRUE(warned("\"taken\"", "the host has a tool named project_taken already; rename the C# tool"));
    EXPECT_TRUE(warned("\"fine\"", "an earlier tool has the same name"));
    EXPECT_TRUE(warned("\"UPPER\"", "rename it in its [AgentTool"));
    EXPECT_TRUE(warned("\"no_description\"", "give the [AgentTool] attribute a short description"));
    EXPECT_TRUE(warned("\"no_schema\"", "no inputSchema"));
    EXPECT_TRUE(warned("\"bad_output\"", "its outputSchema is not a JSON object with \"type\": \"object\""));
    EXPECT_TRUE(warned("\"huge_output\"", "its outputSchema is 40"));
    EXPECT_TRUE(warned("tool #9", "not a JSON object"));
}

TEST_F(ProjectToolsHost, ToolsVanishWhileTheEditorReloadsAndCallsAreRefusedWithTheFix) {
    advertise(read_text(UAP_APP_TEST_DIR "/project-tools/rename.json"));
    host->editor().simulated_editor()->inject_reload(3000ms);
    ASSERT_TRUE(eventually([&] { return !serves(*host, "project_rename_object"); }, 2s)) << "the tools stayed listed during the reload";
    auto refused = call("project_rename_object", R"({"path":"/Player","name":"Hero"})");
    EXPECT_EQ(refused.status, uap::modules::CallStatus::Unavailable) << refused.text;
    EXPECT_NE(refused.text.find("reloading"), std::string::npos) << refused.text;
    EXPECT_NE(refused.text.find("retry the call after the editor reconnects"), std::string::npos) << refused.text;
    // The next hello brings them back.
    EXPECT_TRUE(eventually([&] { return serves(*host, "project_rename_object"); }, 10s));
}

TEST_F(ProjectToolsHost, TheProjectToolsToggleTurnsThemAllOff) {
    advertise(read_text(UAP_APP_TEST_DIR "/project-tools/rename.json"));
    fs::path settings_file = project / "UserSettings" / "AgentPanel" / "host-settings.json";
    fs::create_directories(settings_file.parent_path());
    std::ofstream(settings_file) << R"({"settingsVersion":1,"modules":{"project-tools":{"enabled":false}}})";
    ASSERT_TRUE(eventually([&] { return !serves(*host, "project_rename_object"); }));
    auto refused = call("project_rename_object", R"({"path":"/Player","name":"Hero"})");
    EXPECT_NE(refused.status, uap::modules::CallStatus::Success);
    auto lookup = host->served_tools().lookup("project_rename_object");
    EXPECT_EQ(lookup.availability, uap::mcp::Availability::Disabled);
    EXPECT_NE(lookup.remedy.find("uap-host modules enable project-tools"), std::string::npos) << lookup.remedy;
}

} // namespace

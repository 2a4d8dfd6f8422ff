// Turn Undo and the per-turn import hold with the real Claude Code CLI (scripted fake Messages API)
// on the simulator: a turn's three writes are reverted by the panel's revert_turn (checked by a full
// scene dump read back through the bridge), the CLI's own Write is listed as not revertible, and the
// asset refresh hold is released with one refresh on every kind of turn end (result, interrupt, CLI death);
// a tool written in C# in the project (simulated) asks for permission and is reverted with its turn.
#include "cli_stack.hpp"

#include "app/host_application.hpp"
#include "mcp/tool_provider.hpp"
#include "support/json.hpp"
#include "support/json_writer.hpp"

#include <uap/editor_sim/editor_simulator.hpp>
#include <uap/editor_sim/simulated_editor.hpp>

#include <gtest/gtest.h>

#include <signal.h>

#include <fstream>
#include <thread>

namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

std::string tool_step(const std::string& name, const std::string& input_json) {
    return uap::json::TextWriter().begin_object().key("tool_use").begin_object().field("name", name).raw_field("input", input_json).end_object().end_object().text();
}

bool is_type(const rapidjson::Document& message, const char* type) {
    return message.IsObject() && uap::json::string_field(message, "type").value_or("") == type;
}

// A host on the simulator with the real CLI whose Messages API answers with the given steps.
class TurnUndoCli : public ::testing::Test {
protected:
    void start(const std::function<std::string(const fs::path& project)>& steps) {
        uap::testing::CliStackOptions options;
        options.steps = steps;
        cli = std::make_unique<uap::testing::CliStack>(options);
        ASSERT_EQ(cli->problem(), "");
        stack = &cli->stack();
        client = &cli->client();
    }
    void TearDown() override {
        if (cli && HasFailure())
            cli->keep_files();
        cli.reset();
    }
    std::string refresh_state(const char* field) {
        auto state = uap::json::parse(stack->editor("editor.state", "{}"));
        if (!state || !state->IsObject() || !state->HasMember("autoRefresh"))
            return "<missing>";
        return std::to_string(uap::json::integer_field((*state)["autoRefresh"], field).value_or(-1));
    }
    // The editor side runs on its own worker: wait until the hold count reaches the expected value.
    bool holds_become(const std::string& expected, std::chrono::milliseconds limit) {
        auto deadline = std::chrono::steady_clock::now() + limit;
        while (refresh_state("holds") != expected && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(20ms);
        return refresh_state("holds") == expected;
    }

    std::unique_ptr<uap::testing::CliStack> cli;
    uap::testing::ToolStack* stack = nullptr;
    uap::agent_test::PanelClient* client = nullptr;
};

TEST_F(TurnUndoCli, ATurnsThreeWritesAreRevertedByRevertTurnAndTheCliWriteIsListedAsNotRevertible) {
    start([](const fs::path& project) {
        uap::json::TextWriter steps;
        steps.begin_array()
            .raw(tool_step("mcp__uap__uap_scene_create_object", R"({"name":"Crate","primitiveType":"Cube"})"))
            .raw(tool_step("mcp__uap__uap_scene_rename", R"({"path":"/Crate","newName":"Big Crate"})"))
            .raw(tool_step("mcp__uap__uap_transform_set", R"({"path":"/Big Crate","position":{"x":3,"y":0,"z":0}})"))
            .raw(tool_step("Write", uap::json::TextWriter().begin_object().field("file_path", (project / "notes.txt").string()).field("content", "crate notes\n").end_object().text()))
            .begin_object()
            .field("text", "The crate is in place.")
            .end_object()
            .end_array();
        return steps.text();
    });
    if (HasFatalFailure())
        return; // The stack did not start (start() said why): nothing below may run.
    std::string before = stack->scene_dump();
    std::string refreshes_before = refresh_state("releaseRefreshes");
    client->send(R"({"type":"send","text":"place a big crate"})");
    int finished = client->wait_for_type("turn_finished", 90s);
    ASSERT_GE(finished, 0) << ::testing::PrintToString(client->texts());
    auto turn_end = client->message(finished);
    ASSERT_TRUE(turn_end.HasMember("not_revertible") && turn_end["not_revertible"].IsArray()) << uap::json::to_text(turn_end);
    ASSERT_EQ(turn_end["not_revertible"].Size(), 1u) << uap::json::to_text(turn_end);
    EXPECT_EQ(uap::json::string_field(turn_end["not_revertible"][0], "tool").value_or(""), "Write");
    ASSERT_TRUE(holds_become("0", 10s)) << "the turn's end releases the import hold";
    EXPECT_EQ(std::stoi(refresh_state("releaseRefreshes")), std::stoi(refreshes_before) + 1) << "with exactly one refresh";
    std::string changed = stack->scene_dump();
    ASSERT_NE(changed.find("Big Crate"), std::string::npos) << "the three writes landed";
    ASSERT_EQ(fs::exists(stack->project() / "notes.txt"), true);

    size_t from = client->count();
    uint64_t turn = turn_end["turn_id"].GetUint64();
    client->send(R"({"type":"revert_turn","id":"r1","turn_id":)" + std::to_string(turn) + "}");
    int reverted = client->wait_for_type("turn_reverted", 20s, from);
    ASSERT_GE(reverted, 0) << ::testing::PrintToString(client->texts());
    auto outcome = client->message(reverted);
    EXPECT_TRUE(outcome["ok"].GetBool()) << uap::json::to_text(outcome);
    ASSERT_EQ(outcome["not_reverted"].Size(), 1u);
    EXPECT_EQ(uap::json::string_field(outcome["not_reverted"][0], "tool").value_or(""), "Write");
    EXPECT_EQ(stack->scene_dump(), before) << "read back through the bridge: the scene is as before the turn";
    EXPECT_TRUE(fs::exists(stack->project() / "notes.txt")) << "the CLI's own file stays, as the list said";

    // A second revert finds nothing left to revert, and says so.
    from = client->count();
    client->send(R"({"type":"revert_turn","turn_id":)" + std::to_string(turn) + "}");
    reverted = client->wait_for_type("turn_reverted", 20s, from);
    ASSERT_GE(reverted, 0);
    auto second = client->message(reverted);
    EXPECT_FALSE(second["ok"].GetBool());
    EXPECT_NE(uap::json::string_field(second, "reason").value_or("").find("nothing was reverted"), std::string::npos) << uap::json::to_text(second);

    // Bad input: a turn that never ran and a malformed id are refused on the command itself.
    from = client->count();
    client->send(R"({"type":"revert_turn","id":"bad1","turn_id":99})");
    client->send(R"({"type":"revert_turn","id":"bad2","turn_id":"one"})");
    int bad = client->wait_for([](const rapidjson::Document& m) { return is_type(m, "command_result") && m["id"] == "bad1"; }, 10s, from);
    ASSERT_GE(bad, 0);
    EXPECT_NE(uap::json::string_field(client->message(bad), "error").value_or("").find("there is no turn 99"), std::string::npos);
    bad = client->wait_for([](const rapidjson::Document& m) { return is_type(m, "command_result") && m["id"] == "bad2"; }, 10s, from);
    ASSERT_GE(bad, 0);
    EXPECT_NE(uap::json::string_field(client->message(bad), "error").value_or("").find("revert_turn needs turn_id"), std::string::npos);
}

TEST_F(TurnUndoCli, TheImportHoldIsReleasedWithOneRefreshWhenATurnIsInterrupted) {
    std::string long_text(1200, 'x');
    for (size_t index = 0; index < long_text.size(); index += 7)
        long_text[index] = ' ';
    start([&](const fs::path&) { return R"([{"text":")" + long_text + R"(","delay_ms":40}])"; });
    if (HasFatalFailure())
        return; // The stack did not start (start() said why): nothing below may run.
    client->send(R"({"type":"send","text":"write a lot"})");
    ASSERT_GE(client->wait_for_type("text_delta", 60s), 0);
    ASSERT_TRUE(holds_become("1", 10s)) << "a running turn holds imports";
    std::string refreshes = refresh_state("releaseRefreshes");
    client->send(R"({"type":"interrupt"})");
    ASSERT_GE(client->wait_for_type("turn_finished", 20s), 0);
    ASSERT_TRUE(holds_become("0", 10s));
    EXPECT_EQ(std::stoi(refresh_state("releaseRefreshes")), std::stoi(refreshes) + 1);
}

TEST_F(TurnUndoCli, TheImportHoldIsReleasedWithOneRefreshWhenTheCliDiesMidTurn) {
    std::string long_text(1200, 'y');
    for (size_t index = 0; index < long_text.size(); index += 7)
        long_text[index] = ' ';
    start([&](const fs::path&) { return R"([{"text":")" + long_text + R"(","delay_ms":40}])"; });
    if (HasFatalFailure())
        return; // The stack did not start (start() said why): nothing below may run.
    client->send(R"({"type":"send","text":"write a lot"})");
    ASSERT_GE(client->wait_for_type("text_delta", 60s), 0);
    ASSERT_TRUE(holds_become("1", 10s));
    std::string refreshes = refresh_state("releaseRefreshes");
    int pid = stack->cli_pid();
    ASSERT_GT(pid, 0);
    ASSERT_EQ(::kill(pid, SIGKILL), 0); // The CLI this test's host started.
    int finished = client->wait_for([](const rapidjson::Document& m) { return is_type(m, "turn_finished") && m["subtype"] == "cli_exited"; }, 20s);
    ASSERT_GE(finished, 0) << ::testing::PrintToString(client->texts());
    ASSERT_TRUE(holds_become("0", 10s));
    EXPECT_EQ(std::stoi(refresh_state("releaseRefreshes")), std::stoi(refreshes) + 1);
}

} // namespace

namespace {

// A C# [AgentTool] of the project, as the simulator stands in for it: renames through the simulated world.
const char* const rename_tool = R"({"tools":[{"name":"rename_object","description":"Renames a scene object by its path.",
    "inputSchema":{"type":"object","required":["path","name"],"properties":{"path":{"type":"string"},"name":{"type":"string"}}},
    "steps":[{"method":"object.rename","params":{"object":{"scenePath":"$path"},"name":"$name"}}]}]})";

bool project_tool_served(uap::app::HostApplication& host) {
    for (const auto* tool : host.served_tools().enabled_tools())
        if (tool->name == "project_rename_object")
            return true;
    return false;
}

TEST_F(TurnUndoCli, AProjectToolAsksForPermissionAndItsChangeIsRevertedWithTheTurn) {
    start([](const fs::path&) {
        uap::json::TextWriter steps;
        steps.begin_array()
            .raw(tool_step("mcp__uap__project_rename_object", R"({"path":"/Player","name":"Hero"})"))
            .begin_object()
            .field("text", "The player is now the hero.")
            .end_object()
            .end_array();
        return steps.text();
    });
    if (HasFatalFailure())
        return; // The stack did not start (start() said why): nothing below may run.
    auto& host = stack->host();
    ASSERT_EQ(host.editor().simulator()->load_project_tools(rename_tool), "");
    host.editor().simulated_editor()->inject_reload(100ms); // The next hello advertises the tool.
    auto deadline = std::chrono::steady_clock::now() + 10s;
    while (!project_tool_served(host) && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(20ms);
    ASSERT_TRUE(project_tool_served(host));
    std::string before = stack->scene_dump();

    client->send(R"({"type":"send","text":"rename the player"})");
    int asked = client->wait_for_type("permission_requested", 90s);
    ASSERT_GE(asked, 0) << "a writing C# tool asks first: " << ::testing::PrintToString(client->texts());
    auto request = client->message(asked);
    EXPECT_EQ(uap::json::string_field(request["permission"], "tool_name").value_or(""), "mcp__uap__project_rename_object");
    std::string id = request["permission"]["permission_id"].GetString();
    client->send(R"({"type":"answer_permission","id":"p1","permission_id":")" + id + R"(","decision":"allow"})");
    int finished = client->wait_for_type("turn_finished", 90s);
    ASSERT_GE(finished, 0) << ::testing::PrintToString(client->texts());
    ASSERT_NE(stack->scene_dump().find("Hero"), std::string::npos) << "the C# tool renamed the object";

    size_t from = client->count();
    uint64_t turn = client->message(finished)["turn_id"].GetUint64();
    client->send(R"({"type":"revert_turn","id":"r1","turn_id":)" + std::to_string(turn) + "}");
    int reverted = client->wait_for_type("turn_reverted", 20s, from);
    ASSERT_GE(reverted, 0) << ::testing::PrintToString(client->texts());
    EXPECT_TRUE(client->message(reverted)["ok"].GetBool()) << uap::json::to_text(client->message(reverted));
    EXPECT_EQ(stack->scene_dump(), before) << "read back through the bridge: the turn's revert undid the C# tool's change";
}

} // namespace

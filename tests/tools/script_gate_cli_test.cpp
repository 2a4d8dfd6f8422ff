// The script gate's advice end to end with the real Claude Code CLI (scripted fake Messages API):
// a .cs Write under Assets/ is refused by the hook, the model stages the script under UapStaging/,
// uap_scripts_commit rejects the broken version with its diagnostics and commits the fixed one.
#include "tool_stack.hpp"

#include "../agent/fake_messages_api.hpp"
#include "../agent/panel_client.hpp"

#include "agent/agent_settings.hpp"
#include "support/child_process.hpp"
#include "support/json.hpp"
#include "support/json_writer.hpp"

#include <gtest/gtest.h>

#include <fstream>

namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

std::string read_text(const fs::path& file) {
    std::ifstream stream(file, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(stream)), std::istreambuf_iterator<char>());
}

std::string write_step(const fs::path& file, const std::string& content) {
    rapidjson::Document step(rapidjson::kObjectType);
    auto& allocator = step.GetAllocator();
    rapidjson::Value input(rapidjson::kObjectType);
    input.AddMember("file_path", uap::json::string_value(file.string(), allocator), allocator);
    input.AddMember("content", uap::json::string_value(content, allocator), allocator);
    rapidjson::Value use(rapidjson::kObjectType);
    use.AddMember("name", "Write", allocator);
    use.AddMember("input", input, allocator);
    step.AddMember("tool_use", use, allocator);
    return uap::json::to_text(step);
}

TEST(ScriptGateWithRealCli, StagedScriptIsRejectedWithDiagnosticsThenCommittedWhenFixed) {
    fs::path cli = fs::path(UAP_TOOLS_NODE_DIR) / "node_modules" / ".bin" / "claude";
    ASSERT_TRUE(fs::exists(cli)) << cli << " is missing: run `npm ci` in tests/node";
    char pattern[] = "/tmp/uapt-XXXXXX";
    ASSERT_NE(::mkdtemp(pattern), nullptr);
    fs::path root = pattern;
    fs::create_directories(root / "home");
    fs::create_directories(root / "t");

    std::unique_ptr<uap::ChildProcess> fake;
    std::string broken = "public class Spinner : UnityEngine.MonoBehaviour {\n    void Update() {\n}\n";
    std::string fixed = "public class Spinner : UnityEngine.MonoBehaviour {\n    void Update() { }\n}\n";
    std::string commit = R"({"tool_use":{"name":"mcp__uap__uap_scripts_commit","input":{}}})";
    uap::testing::ToolStackOptions options;
    fs::path project;
    int fake_port = 0;
    options.start_agent = true;
    options.hook_binary = UAP_TOOLS_HOST_BINARY;
    options.agent_environment = {"ANTHROPIC_API_KEY=test-key", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1", "DISABLE_TELEMETRY=1",
                                 "DISABLE_AUTOUPDATER=1", "DISABLE_ERROR_REPORTING=1", "CLAUDE_CODE_MAX_RETRIES=0",
                                 "HOME=" + (root / "home").string(), "TMPDIR=" + (root / "t").string()};
    options.prepare = [&](const fs::path& stack_project) -> std::vector<std::string> {
        project = stack_project;
        uap::json::TextWriter steps;
        steps.begin_array()
            .raw(write_step(project / "Assets" / "Scripts" / "Spinner.cs", broken))
            .raw(write_step(project / "UapStaging" / "Scripts" / "Spinner.cs", broken))
            .raw(commit)
            .raw(write_step(project / "UapStaging" / "Scripts" / "Spinner.cs", fixed))
            .raw(commit)
            .begin_object()
            .field("text", "Spinner is in Assets now.")
            .end_object()
            .end_array();
        if (auto api = uap::agent_test::start_fake_messages_api(UAP_TOOLS_NODE_DIR, root, steps.text())) {
            fake = std::move(api->process);
            fake_port = api->port;
        }
        fs::create_directories(project / "UserSettings" / "AgentPanel");
        std::ofstream(uap::agent::AgentSettings::file_for(project)) << uap::json::TextWriter()
                                                                           .begin_object()
                                                                           .field("permission_mode", "acceptEdits")
                                                                           .field("auto_approve", "all_unity_tools")
                                                                           // The commit is not undoable, so it asks at every level unless allowed by name.
                                                                           .key("always_allow")
                                                                           .begin_array()
                                                                           .value("mcp__uap__uap_scripts_commit")
                                                                           .end_array()
                                                                           .field("cli_path", cli.string())
                                                                           .end_object()
                                                                           .text();
        return {"ANTHROPIC_BASE_URL=http://127.0.0.1:" + std::to_string(fake_port)};
    };
    uap::testing::ToolStack stack(options);
    ASSERT_GT(fake_port, 0) << "the fake Messages API did not start";
    {
        uap::agent_test::PanelClient client(stack.port(), stack.token("panel"));
        client.send(R"({"type":"send","text":"add a spinning script"})");
        EXPECT_GE(client.wait_for_type("turn_finished", 90s), 0) << ::testing::PrintToString(client.texts());
    }
    fake->terminate_tree(2000ms);

    std::vector<std::string> requests;
    std::ifstream records(root / "requests.jsonl");
    for (std::string line; std::getline(records, line);) {
        auto record = uap::json::parse(line);
        if (record && record->IsObject() && uap::json::string_field(*record, "kind").value_or("") == "main")
            requests.push_back(uap::json::to_text((*record)["body"]));
    }
    ASSERT_GE(requests.size(), 6u);
    EXPECT_NE(requests[1].find("UapStaging/"), std::string::npos) << "the hook's refusal points at staging";
    EXPECT_NE(requests[3].find("error CS1513: } expected"), std::string::npos) << requests[3].substr(requests[3].size() > 4000 ? requests[3].size() - 4000 : 0);
    EXPECT_NE(requests[5].find("Assets/Scripts/Spinner.cs"), std::string::npos);
    EXPECT_EQ(read_text(project / "Assets" / "Scripts" / "Spinner.cs"), fixed) << "exactly the fixed, validated bytes";
    EXPECT_NE(stack.editor("asset.find", R"({"filter":"Spinner"})").find("Assets/Scripts/Spinner.cs"), std::string::npos);
    if (!::testing::Test::HasFailure()) {
        std::error_code ignored;
        fs::remove_all(root, ignored);
    }
}

} // namespace

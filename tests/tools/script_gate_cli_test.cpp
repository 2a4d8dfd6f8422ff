// The script gate's advice end to end with the real Claude Code CLI (scripted fake Messages API):
// a .cs Write under Assets/ is refused by the hook, the model stages the script under UapStaging/,
// uap_scripts_commit rejects the broken version with its diagnostics and commits the fixed one.
#include "cli_stack.hpp"

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
    std::string broken = "public class Spinner : UnityEngine.MonoBehaviour {\n    void Update() {\n}\n";
    std::string fixed = "public class Spinner : UnityEngine.MonoBehaviour {\n    void Update() { }\n}\n";
    std::string commit = R"({"tool_use":{"name":"mcp__uap__uap_scripts_commit","input":{}}})";
    uap::testing::CliStackOptions options;
    options.steps = [&](const fs::path& project) {
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
        return steps.text();
    };
    // The commit is not undoable, so it asks at every level unless allowed by name.
    options.always_allow = {"mcp__uap__uap_scripts_commit"};
    uap::testing::CliStack cli(options);
    ASSERT_EQ(cli.problem(), "");
    cli.client().send(R"({"type":"send","text":"add a spinning script"})");
    EXPECT_GE(cli.client().wait_for_type("turn_finished", 90s), 0) << ::testing::PrintToString(cli.client().texts());

    std::vector<std::string> requests;
    for (const auto& body : cli.main_requests())
        requests.push_back(uap::json::to_text(body));
    ASSERT_GE(requests.size(), 6u);
    EXPECT_NE(requests[1].find("UapStaging/"), std::string::npos) << "the hook's refusal points at staging";
    EXPECT_NE(requests[3].find("error CS1513: } expected"), std::string::npos) << requests[3].substr(requests[3].size() > 4000 ? requests[3].size() - 4000 : 0);
    EXPECT_NE(requests[5].find("Assets/Scripts/Spinner.cs"), std::string::npos);
    const fs::path& project = cli.stack().project();
    EXPECT_EQ(read_text(project / "Assets" / "Scripts" / "Spinner.cs"), fixed) << "exactly the fixed, validated bytes";
    EXPECT_NE(cli.stack().editor("asset.find", R"({"filter":"Spinner"})").find("Assets/Scripts/Spinner.cs"), std::string::npos);
    if (::testing::Test::HasFailure())
        cli.keep_files();
}

} // namespace

// uap_tests_run through MCP on the serve-shaped host with the simulator's Test Framework: counts and
// failures read back from the editor and from the NUnit XML it wrote, filters, a run that matches
// nothing, a project without the package, a run cancelled as a job, and bad input refused before a run.
#include "tool_stack.hpp"

#include "support/files.hpp"

#include <Poco/AutoPtr.h>
#include <Poco/DOM/DOMParser.h>
#include <Poco/DOM/Document.h>
#include <Poco/DOM/Element.h>
#include <Poco/DOM/NodeList.h>
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <thread>

namespace {

using namespace std::chrono_literals;
using uap::testing::number_at;
using uap::testing::text_at;
using uap::testing::ToolReply;
using uap::testing::ToolStack;

// Three EditMode cases (one fails with a stack trace) and one PlayMode case, in two assemblies.
constexpr const char* project_tests = R"({"tests":{"caseMs":20,"cases":[
{"name":"Game.Tests.PlayerTests.MovesForward","assembly":"Game.Tests","categories":["movement"]},
{"name":"Game.Tests.PlayerTests.JumpsOnce","assembly":"Game.Tests","categories":["movement"],"outcome":"failed",
 "message":"Expected: 1\n  But was:  2","stackTrace":"at Game.Tests.PlayerTests.JumpsOnce () [0x0001] in Assets/Tests/PlayerTests.cs:27"},
{"name":"Game.Tests.InventoryTests.StartsEmpty","assembly":"Inventory.Tests","outcome":"skipped","message":"Ignored: not ready"},
{"name":"Game.PlayTests.SceneLoads","mode":"PlayMode","assembly":"Game.PlayTests"}]}})";

void write_manifest(const std::filesystem::path& project, const char* dependencies) {
    std::filesystem::create_directories(project / "Packages");
    std::ofstream(project / "Packages" / "manifest.json") << R"({"dependencies":{)" << dependencies << "}}";
}

std::unique_ptr<ToolStack> stack_with(const char* dependencies, const std::string& settings_json = {}) {
    uap::testing::ToolStackOptions options;
    options.settings_json = settings_json;
    options.prepare = [dependencies](const std::filesystem::path& project) {
        write_manifest(project, dependencies);
        return std::vector<std::string>{};
    };
    auto stack = std::make_unique<ToolStack>(options);
    EXPECT_EQ(stack->load_fixture(project_tests), "");
    return stack;
}

constexpr const char* with_test_framework = R"("com.unity.test-framework":"1.4.6")";

rapidjson::Document editor_status(ToolStack& stack) {
    rapidjson::Document document;
    document.Parse(stack.editor("tests.run.status", "{}").c_str());
    return document;
}

TEST(TestRunTool, AnEditModeRunReportsTheCountsAndTheFailureAsTheEditorObservedThem) {
    auto stack = stack_with(with_test_framework);
    ToolReply run = stack->call("uap_tests_run", "{}");
    ASSERT_FALSE(run.is_error) << run.text;
    EXPECT_EQ(text_at(run.value, "/mode"), "EditMode");
    EXPECT_EQ(number_at(run.value, "/total"), 3) << "the PlayMode case is not in an EditMode run: " << run.text;
    EXPECT_EQ(number_at(run.value, "/passed"), 1);
    EXPECT_EQ(number_at(run.value, "/failed"), 1);
    EXPECT_EQ(number_at(run.value, "/skipped"), 1);
    EXPECT_GE(number_at(run.value, "/elapsedMs"), 60) << "three cases of 20 ms ran in the editor: " << run.text;
    ASSERT_EQ(run.value["failures"].Size(), 1u) << run.text;
    EXPECT_EQ(text_at(run.value, "/failures/0/name"), "Game.Tests.PlayerTests.JumpsOnce");
    EXPECT_NE(text_at(run.value, "/failures/0/message").find("But was:  2"), std::string::npos);
    EXPECT_NE(text_at(run.value, "/failures/0/stackTrace").find("PlayerTests.cs:27"), std::string::npos);
    EXPECT_EQ(text_at(run.value, "/testFramework"), "1.4.6");

    // A separate read of the editor agrees, and the results file is on disk with the same counts.
    auto status = editor_status(*stack);
    EXPECT_EQ(number_at(status, "/lastRun/runId"), number_at(run.value, "/runId"));
    EXPECT_EQ(number_at(status, "/lastRun/failed"), 1);
    const std::string results = text_at(run.value, "/resultsPath");
    EXPECT_EQ(results, "Library/AgentPanel/TestResults/run-" + std::to_string(static_cast<int>(number_at(run.value, "/runId"))) + "-EditMode.xml");
    auto xml = uap::files::read(stack->project() / results, 1 << 20);
    ASSERT_TRUE(xml) << xml.error().message();
    Poco::XML::DOMParser parser;
    Poco::AutoPtr<Poco::XML::Document> document = parser.parseString(*xml);
    const Poco::XML::Element* root = document->documentElement();
    ASSERT_EQ(root->tagName(), "test-run") << *xml;
    EXPECT_EQ(root->getAttribute("total"), "3") << *xml;
    EXPECT_EQ(root->getAttribute("failed"), "1") << *xml;
    EXPECT_EQ(root->getAttribute("result"), "Failed") << *xml;
    Poco::AutoPtr<Poco::XML::NodeList> cases = document->getElementsByTagName("test-case");
    ASSERT_EQ(cases->length(), 3u) << *xml;
    const Poco::XML::Element* failed = nullptr;
    for (unsigned long index = 0; index < cases->length(); ++index)
        if (auto* element = static_cast<Poco::XML::Element*>(cases->item(index)); element->getAttribute("result") == "Failed")
            failed = element;
    ASSERT_NE(failed, nullptr) << *xml;
    EXPECT_EQ(failed->getAttribute("fullname"), "Game.Tests.PlayerTests.JumpsOnce");
    const Poco::XML::Element* failure = failed->getChildElement("failure");
    ASSERT_NE(failure, nullptr) << *xml;
    EXPECT_EQ(failure->getChildElement("message")->innerText(), "Expected: 1\n  But was:  2");
    EXPECT_NE(failure->getChildElement("stack-trace")->innerText().find("PlayerTests.cs:27"), std::string::npos);
}

TEST(TestRunTool, FiltersTakeTheCasesUnitysFilterWould) {
    auto stack = stack_with(with_test_framework);
    struct Case {
        const char* arguments;
        int total;
    };
    for (const Case& filter : {Case{R"({"testNames":["Game.Tests.PlayerTests.MovesForward"]})", 1},
                               Case{R"({"groupNames":["^Game\\.Tests\\.PlayerTests\\."]})", 2}, Case{R"({"categoryNames":["movement"]})", 2},
                               Case{R"({"assemblyNames":["Inventory.Tests"]})", 1},
                               Case{R"({"categoryNames":["movement"],"testNames":["Game.Tests.PlayerTests.JumpsOnce"]})", 1},
                               Case{R"({"mode":"PlayMode"})", 1}}) {
        ToolReply run = stack->call("uap_tests_run", filter.arguments);
        ASSERT_FALSE(run.is_error) << filter.arguments << ": " << run.text;
        EXPECT_EQ(number_at(run.value, "/total"), filter.total) << filter.arguments << ": " << run.text;
    }
}

TEST(TestRunTool, ARunThatMatchesNoTestIsAnErrorThatSaysWhy) {
    auto stack = stack_with(with_test_framework);
    ToolReply run = stack->call("uap_tests_run", R"({"testNames":["PlayerTests.MovesForward"]})");
    ASSERT_TRUE(run.is_error) << run.text;
    EXPECT_NE(run.text.find("ran no test"), std::string::npos) << run.text;
    EXPECT_NE(run.text.find("full names (Namespace.Class.Method)"), std::string::npos) << run.text;
    EXPECT_EQ(number_at(editor_status(*stack), "/lastRun/total"), 0) << "the editor did run, with nothing matched";

    // A group name that is not a regular expression is refused by the editor before a run starts.
    const auto last_run = number_at(editor_status(*stack), "/lastRun/runId");
    ToolReply pattern = stack->call("uap_tests_run", R"({"groupNames":["[unclosed"]})");
    ASSERT_TRUE(pattern.is_error) << pattern.text;
    EXPECT_NE(pattern.text.find("invalid regular expression '[unclosed'"), std::string::npos) << pattern.text;
    EXPECT_EQ(number_at(editor_status(*stack), "/lastRun/runId"), last_run) << "no run started";
    EXPECT_EQ(text_at(editor_status(*stack), "/running"), "false");
}

TEST(TestRunTool, AProjectWithoutTheTestFrameworkIsRefusedWithHowToInstallIt) {
    auto stack = stack_with(R"("com.unity.ugui":"1.0.0")");
    ToolReply run = stack->call("uap_tests_run", "{}");
    ASSERT_TRUE(run.is_error) << run.text;
    EXPECT_NE(run.text.find("com.unity.test-framework"), std::string::npos) << run.text;
    EXPECT_NE(run.text.find("Window > Package Manager"), std::string::npos) << run.text;
    EXPECT_NE(run.text.find("Nothing was run"), std::string::npos) << run.text;
    EXPECT_NE(stack->editor("tests.run.status", "{}").find("unsupported"), std::string::npos)
        << "the editor itself has no test-run primitives without the package";
}

TEST(TestRunTool, ACancelledJobStopsTheRunInTheEditor) {
    auto stack = stack_with(with_test_framework, R"({"settingsVersion":1,"limits":{"jobWaitMilliseconds":200}})");
    ASSERT_EQ(stack->load_fixture(R"({"tests":{"caseMs":60000}})"), "");
    ToolReply job = stack->call("uap_tests_run", "{}");
    ASSERT_FALSE(job.is_error) << job.text;
    ASSERT_EQ(text_at(job.value, "/state"), "running") << job.text;
    EXPECT_EQ(text_at(editor_status(*stack), "/running"), "true");
    ToolReply cancel = stack->call("uap_job_status", R"({"jobId":")" + text_at(job.value, "/jobId") + R"(","cancel":true})");
    ASSERT_FALSE(cancel.is_error) << cancel.text;
    std::string state;
    ToolReply report;
    for (int attempt = 0; attempt < 100 && state != "cancelled"; ++attempt) {
        std::this_thread::sleep_for(50ms);
        report = stack->call("uap_job_status", R"({"jobId":")" + text_at(job.value, "/jobId") + R"("})");
        state = text_at(report.value, "/state");
    }
    ASSERT_EQ(state, "cancelled") << report.text;
    EXPECT_NE(report.text.find("the editor stopped test run"), std::string::npos) << report.text;
    auto status = editor_status(*stack);
    EXPECT_EQ(text_at(status, "/running"), "false");
    EXPECT_EQ(text_at(status, "/lastRun/outcome"), "cancelled");
}

TEST(TestRunTool, BadInputAndABusyEditorAreRefusedBeforeARunStarts) {
    auto stack = stack_with(with_test_framework);
    std::string too_many = R"({"testNames":[)";
    for (int index = 0; index <= 256; ++index)
        too_many += std::string(index ? "," : "") + "\"Game.Tests.Case" + std::to_string(index) + "\"";
    too_many += "]}";
    for (const std::string& arguments : {std::string(R"({"mode":"Player"})"), std::string(R"({"mode":7})"), std::string(R"({"testNames":"Game.Tests"})"),
                                         std::string(R"({"testNames":[""]})"), std::string(R"({"categoryNames":[1]})"), std::string(R"({"filter":"all"})"),
                                         too_many}) {
        ToolReply reply = stack->call("uap_tests_run", arguments);
        EXPECT_TRUE(reply.is_error) << arguments.substr(0, 80) << ": " << reply.text;
    }
    const std::string oversized = stack->call("uap_tests_run", too_many).text;
    EXPECT_NE(oversized.find("'/testNames' breaks the rule 'maxItems'"), std::string::npos) << oversized;
    EXPECT_NE(oversized.find(R"("maxItems":256)"), std::string::npos) << "the refusal quotes the limit: " << oversized;
    EXPECT_EQ(text_at(editor_status(*stack), "/lastRun"), "<missing>") << "no refused call started a run";
    ASSERT_EQ(stack->load_fixture(R"({"tests":{"caseMs":60000}})"), "");
    ASSERT_NE(stack->editor("tests.run.start", R"({"mode":"EditMode"})").find("\"started\":true"), std::string::npos);
    ToolReply busy = stack->call("uap_tests_run", "{}");
    ASSERT_TRUE(busy.is_error) << busy.text;
    EXPECT_NE(busy.text.find("is in progress"), std::string::npos) << busy.text;
    stack->editor("tests.run.cancel", "{}");
}

TEST(TestRunTool, WithUloopInstalledTheRunAndTheConsoleStepAsideForItsCommands) {
    uap::testing::ToolStackOptions options;
    options.prepare = [](const std::filesystem::path& project) {
        write_manifest(project, R"("com.unity.test-framework":"1.4.6","io.github.hatayama.uloopmcp":"https://github.com/hatayama/unity-cli-loop.git?path=/Packages/src")");
        // Resolved by Unity, so uLoop can answer its commands.
        std::filesystem::create_directories(project / "Library" / "PackageCache" / "io.github.hatayama.uloopmcp@1.2.1");
        return std::vector<std::string>{};
    };
    ToolStack stack(options);
    ASSERT_EQ(stack.load_fixture(project_tests), "");
    ToolReply run = stack.call("uap_tests_run", "{}");
    EXPECT_NE(run.text.find("run `uloop run-tests` instead"), std::string::npos) << run.text;
    ToolReply logs = stack.call("uap_console_logs", "{}");
    EXPECT_NE(logs.text.find("run `uloop get-logs` instead"), std::string::npos) << logs.text;
    EXPECT_EQ(text_at(editor_status(stack), "/lastRun"), "<missing>") << "nothing ran in the editor";
}

// The fixture is the simulator's stand-in for the project's C# tests: a malformed one is refused with what is wrong.
TEST(TestRunTool, AMalformedTestFixtureIsRefusedWithTheReason) {
    auto stack = stack_with(with_test_framework);
    const std::pair<const char*, const char*> malformed[] = {
        {R"({"tests":[]})", "must be an object"},
        {R"({"tests":{"caseMs":-1}})", "caseMs"},
        {R"({"tests":{"cases":{}}})", "cases must be an array"},
        {R"({"tests":{"cases":[{"mode":"EditMode"}]}})", "needs a name"},
        {R"({"tests":{"cases":[{"name":"A.B","mode":"Player"}]}})", "EditMode or PlayMode"},
        {R"({"tests":{"cases":[{"name":"A.B","outcome":"crashed"}]}})", "passed, failed, skipped or inconclusive"},
        {R"({"tests":{"cases":[{"name":"A.B","categories":[1]}]}})", "categories must be an array of strings"}};
    for (const auto& [fixture, reason] : malformed) {
        std::string refused = stack->load_fixture(fixture);
        EXPECT_NE(refused.find(reason), std::string::npos) << fixture << ": " << refused;
    }
    ToolReply run = stack->call("uap_tests_run", "{}");
    ASSERT_FALSE(run.is_error) << run.text;
    EXPECT_EQ(number_at(run.value, "/total"), 3) << "the refused fixtures added no case: " << run.text;
}

} // namespace

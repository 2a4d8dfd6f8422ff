// The simulator's Unity Test Framework: the project's test cases as a fixture describes them (the
// simulator cannot compile or run C# tests), one run at a time on the steady clock, and the outcome
// a run leaves, with the NUnit XML results file it writes under the project's Library/.
#pragma once

#include <rapidjson/document.h>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace uap::editor_sim {

// One test case: what the Test Framework's tree names it, and the result it ends with when run.
struct SimulatedTestCase {
    std::string name;     // Full name, Namespace.Class.Method.
    std::string mode;     // EditMode or PlayMode.
    std::string assembly; // Its test assembly (an .asmdef name).
    std::vector<std::string> categories;
    std::string outcome = "passed"; // passed, failed, skipped or inconclusive.
    std::string message;
    std::string stack_trace;
};

// Which of the project's cases a run takes: Unity's Filter, where each list that is given must match
// (testNames exactly, groupNames as regular expressions on the full name, categories, assemblies).
struct TestFilter {
    std::string mode;
    std::vector<std::string> test_names;
    std::vector<std::string> group_names;
    std::vector<std::string> category_names;
    std::vector<std::string> assembly_names;
};

struct TestRun {
    int id = 0;
    std::string mode;
    std::chrono::steady_clock::time_point started;
    std::vector<SimulatedTestCase> cases; // The cases the filter took, in the order they run.
};

struct TestRunOutcome {
    int id = 0;
    std::string mode;
    std::string outcome; // completed or cancelled.
    int64_t elapsed_ms = 0;
    std::vector<SimulatedTestCase> finished; // The cases that ran, with their results.
    int total = 0;
    std::string results_path; // Project-relative, forward slashes.
};

struct TestRunnerState {
    std::string framework_version = "1.4.6"; // The com.unity.test-framework version the hello reports.
    int64_t case_ms = 100;                    // How long each case takes (fixture "tests": {"caseMs"}).
    std::vector<SimulatedTestCase> cases;     // Fixture "tests": {"cases": [...]}.
    int next_id = 1;
    std::optional<TestRun> running;
    std::optional<TestRunOutcome> last;
};

// Reads fixture "tests": {"caseMs", "cases": [{"name", "mode", "assembly", "categories", "outcome",
// "message", "stackTrace"}]}. Returns why it does not fit, or an empty string.
std::string load_test_fixture(TestRunnerState& state, const rapidjson::Value& fixture);

// Why a group name is not a regular expression (the shim refuses it before the run, as invalid_params),
// or an empty string.
std::string invalid_group_name(const TestFilter& filter);

// Whether a case is taken by the filter; its group names must be valid regular expressions.
bool filter_takes(const TestFilter& filter, const SimulatedTestCase& test_case);

// The NUnit 3 XML results document of a finished run, as the Test Framework writes it.
std::string nunit_results_xml(const TestRunOutcome& outcome);

} // namespace uap::editor_sim

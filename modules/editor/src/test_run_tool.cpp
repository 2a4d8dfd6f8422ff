// The test-run tool; see test_run_tool.hpp. tests.run.start answers at once and the run goes on in the
// editor (through a domain reload for PlayMode); this call polls tests.run.status for progress and for
// the finished run's outcome as the editor observed it.
#include "test_run_tool.hpp"

#include <editor_polling.hpp>

#include <chrono>
#include <thread>

namespace uap::core {

namespace {

using namespace std::chrono_literals;

constexpr std::string_view tool_name = "uap_tests_run";
constexpr auto poll_interval = 200ms;
// How long a cancelled run may take to stop before the call stops waiting and says so.
constexpr auto stop_bound = 30s;
// A status read that fails this many times in a row ends the wait (a domain reload costs one at most:
// the bridge holds a request until the editor is back).
constexpr int status_failures_tolerated = 3;
constexpr const char* filter_lists[] = {"testNames", "groupNames", "categoryNames", "assemblyNames"};

constexpr const char* no_test_framework =
    " refused: this project has no Unity Test Framework, so the editor cannot run tests (com.unity.test-framework is not "
    "installed and the Agent Panel's test-run primitives are not compiled). Install it in Unity: Window > Package Manager > "
    "Unity Registry > Test Framework > Install, then call again. Nothing was run.";

EditorReply status(EditorSession& session, CallBinding binding = CallBinding::ThisCall) {
    rapidjson::Document none(rapidjson::kObjectType);
    return session.call("tests.run.status", none, EditorSession::default_timeout_ms, binding);
}

bool lacks_test_framework(const EditorReply& reply) { return reply.code == "unsupported" || reply.code == "unknown_method"; }

// The finished run of this call in a status answer, or nullptr while it is not there.
const rapidjson::Value* finished_run(const rapidjson::Value& answer, int run_id) {
    const auto* last = member(answer, "lastRun");
    if (!last || !member(*last, "runId") || (*last)["runId"].GetInt() != run_id)
        return nullptr;
    return last;
}

std::string filter_text(const rapidjson::Value& arguments) {
    std::string text;
    for (const char* list : filter_lists)
        if (const auto* values = member(arguments, list)) {
            std::string names;
            for (const auto& value : values->GetArray())
                names += std::string(names.empty() ? "" : ", ") + value.GetString();
            text += std::string(text.empty() ? "" : "; ") + list + " " + names;
        }
    return text.empty() ? "no filter" : text;
}

sdk::ToolResult stop_after_cancel(EditorSession& session, int run_id) {
    rapidjson::Document none(rapidjson::kObjectType);
    // Detached: this call is cancelled, and its own primitives would be withdrawn before they ran.
    EditorReply cancelled = session.call("tests.run.cancel", none, EditorSession::default_timeout_ms, CallBinding::Detached);
    const std::string run = "test run " + std::to_string(run_id);
    if (!cancelled.ok())
        return sdk::ToolResult::cancelled(std::string(tool_name) + " was cancelled, but the editor could not stop " + run + ": " + cancelled.message +
                                          " [" + cancelled.code + "]; it goes on in the editor (Window > General > Test Runner shows it)");
    auto deadline = std::chrono::steady_clock::now() + stop_bound;
    while (std::chrono::steady_clock::now() < deadline) {
        EditorReply answer = status(session, CallBinding::Detached);
        if (answer.ok() && !answer.result["running"].GetBool()) {
            const rapidjson::Value* last = finished_run(answer.result, run_id);
            std::string finished = last ? std::to_string((*last)["passed"].GetInt() + (*last)["failed"].GetInt() + (*last)["skipped"].GetInt() +
                                                         (*last)["inconclusive"].GetInt()) +
                                              " of " + std::to_string((*last)["total"].GetInt()) + " tests had finished"
                                        : "its outcome was not reported";
            return sdk::ToolResult::cancelled(std::string(tool_name) + " was cancelled: the editor stopped " + run + " (" + finished + ")");
        }
        std::this_thread::sleep_for(poll_interval);
    }
    return sdk::ToolResult::cancelled(std::string(tool_name) + " was cancelled and asked the editor to stop " + run +
                                      ", but it was still running after 30 s; Window > General > Test Runner shows it");
}

rapidjson::Document start_params(const rapidjson::Value& arguments, const std::string& mode) {
    rapidjson::Document params(rapidjson::kObjectType);
    auto& allocator = params.GetAllocator();
    params.AddMember("mode", text(mode, allocator), allocator);
    for (const char* list : filter_lists)
        if (const auto* values = member(arguments, list))
            params.AddMember(rapidjson::StringRef(list), rapidjson::Value(*values, allocator), allocator);
    return params;
}

sdk::ToolResult outcome_result(const rapidjson::Value& last, const rapidjson::Value& answer, const rapidjson::Value& arguments) {
    const std::string mode(string_member(last, "mode"));
    if (std::string_view(string_member(last, "outcome")) != "completed") {
        const std::string run = "test run " + std::to_string(last["runId"].GetInt());
        const std::string progress = " after " + std::to_string(last["passed"].GetInt() + last["failed"].GetInt()) + " of " +
                                     std::to_string(last["total"].GetInt()) + " tests";
        if (const auto* error = member(last, "error"))
            return sdk::ToolResult::failure(std::string(tool_name) + ": the Test Framework gave up on " + run + progress + ": " + error->GetString() +
                                            ". Read the console with uap_console_logs, fix the cause, then call again.");
        return sdk::ToolResult::failure(std::string(tool_name) + ": " + run + " was cancelled in the editor (from the Test Runner window or another client)" +
                                        progress + "; call again to run them");
    }
    if (last["total"].GetInt() == 0)
        return sdk::ToolResult::failure(std::string(tool_name) + " ran no test: no " + mode + " test of this project matched (" + filter_text(arguments) +
                                        "). testNames are full names (Namespace.Class.Method), groupNames regular expressions on them; call "
                                        "again without filters to run every " + mode + " test, or with the other mode.");
    rapidjson::Document result(rapidjson::kObjectType);
    auto& allocator = result.GetAllocator();
    for (const char* key : {"runId", "mode", "total", "passed", "failed", "skipped", "inconclusive", "elapsedMs", "failures", "failuresOmitted",
                            "resultsPath"})
        result.AddMember(rapidjson::StringRef(key), rapidjson::Value(last[key], allocator), allocator);
    result.AddMember("outcome", "completed", allocator);
    if (const auto* version = member(answer, "testFramework"))
        result.AddMember("testFramework", rapidjson::Value(*version, allocator), allocator);
    result.AddMember("verifiedBy", "tests.run.status", allocator);
    return sdk::ToolResult::success(std::move(result));
}

} // namespace

TestRunTool::TestRunTool()
    : EditorTool({"uap_tests_run",
                  "Run the project's Unity Test Framework tests (EditMode or PlayMode) as a job with progress; filter by full test names, group "
                  "regexes, categories or assemblies. Reports passed/failed/skipped counts, each failure's message and stack trace, and the "
                  "NUnit XML results path.",
                  R"({"type":"object","properties":{"mode":{"enum":["EditMode","PlayMode"]},
"testNames":{"type":"array","maxItems":256,"items":{"type":"string","minLength":1}},
"groupNames":{"type":"array","maxItems":64,"items":{"type":"string","minLength":1}},
"categoryNames":{"type":"array","maxItems":64,"items":{"type":"string","minLength":1}},
"assemblyNames":{"type":"array","maxItems":64,"items":{"type":"string","minLength":1}}}})",
                  {sdk::Access::Writes, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::Idempotent, sdk::Duration::LongRunning},
                  R"({"type":"object","required":["runId","mode","outcome","total","passed","failed","skipped","inconclusive","elapsedMs","failures","failuresOmitted","resultsPath","verifiedBy"],"properties":{
"runId":{"type":"integer"},"mode":{"enum":["EditMode","PlayMode"]},"outcome":{"enum":["completed"]},"total":{"type":"integer"},
"passed":{"type":"integer"},"failed":{"type":"integer"},"skipped":{"type":"integer"},"inconclusive":{"type":"integer"},"elapsedMs":{"type":"integer"},
"failures":{"type":"array","items":{"type":"object","required":["name","message","stackTrace"],"properties":{"name":{"type":"string"},"message":{"type":"string"},"stackTrace":{"type":"string"}}}},
"failuresOmitted":{"type":"integer"},"resultsPath":{"type":"string"},"testFramework":{"type":"string"},"verifiedBy":{"type":"string"}}})"}) {}

sdk::ToolResult TestRunTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    const std::string mode = member(arguments, "mode") ? std::string(string_member(arguments, "mode")) : "EditMode";
    EditorReply before = status(session);
    if (lacks_test_framework(before))
        return sdk::ToolResult::failure(std::string(tool_name) + no_test_framework);
    if (!before.ok())
        return failure(std::string(tool_name) + " failed to read the editor's test runs", before);
    if (before.result["running"].GetBool())
        return sdk::ToolResult::failure(std::string(tool_name) + " refused: test run " + std::to_string(before.result["runId"].GetInt()) +
                                        " is in progress in the editor; wait for it or cancel it from Window > General > Test Runner, then call again");

    EditorReply started = session.call("tests.run.start", start_params(arguments, mode));
    if (!started.ok())
        return failure(std::string(tool_name) + " failed to start the " + mode + " tests", started);
    const int run_id = started.result["runId"].GetInt();
    sdk::CallContext& context = session.context();
    context.progress(0, 0, "test run " + std::to_string(run_id) + " started (" + mode + ")");

    int failed_reads = 0;
    for (;;) {
        if (wait_or_cancelled(context, poll_interval))
            return stop_after_cancel(session, run_id);
        EditorReply answer = status(session);
        if (!answer.ok()) {
            if (++failed_reads < status_failures_tolerated)
                continue;
            return failure(std::string(tool_name) + ": test run " + std::to_string(run_id) +
                               " was started, but reading its progress failed; the tests may still be running (Window > General > Test Runner)",
                           answer);
        }
        failed_reads = 0;
        if (answer.result["running"].GetBool()) {
            if (const auto* total = member(answer.result, "total")) {
                const int finished = answer.result["finished"].GetInt();
                std::string current = member(answer.result, "current") ? ": " + std::string(string_member(answer.result, "current")) : "";
                context.progress(finished, total->GetInt(), std::to_string(finished) + "/" + std::to_string(total->GetInt()) + " tests" + current);
            }
            continue;
        }
        const rapidjson::Value* last = finished_run(answer.result, run_id);
        if (!last)
            return sdk::ToolResult::failure(std::string(tool_name) + ": the editor no longer runs tests, but it reports no outcome for test run " +
                                            std::to_string(run_id) + " (a domain reload may have lost it); call again to run the tests");
        context.progress(1, 1, "test run " + std::to_string(run_id) + " finished");
        return outcome_result(*last, answer.result, arguments);
    }
}

} // namespace uap::core

// Simulator primitives tests.run.start/status/cancel: a Test Framework run of the fixture's cases that
// answers at once, finishes one case every TestRunnerState::case_ms, and leaves its outcome and an
// NUnit XML file under Library/AgentPanel/TestResults/, as the Unity shim's TestRunnerApi run does.
#include "world.hpp"

#include "support/files.hpp"
#include "support/utf8_path.hpp"

#include <algorithm>

namespace uap::editor_sim {

namespace {

using SteadyClock = std::chrono::steady_clock;

constexpr size_t failure_limit = 50;

int64_t elapsed_ms(const TestRun& run) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - run.started).count();
}

size_t finished_count(const TestRunnerState& state, const TestRun& run) {
    if (state.case_ms <= 0)
        return run.cases.size();
    return std::min(run.cases.size(), static_cast<size_t>(elapsed_ms(run) / state.case_ms));
}

std::vector<std::string> strings(const rapidjson::Value& params, const char* key) {
    std::vector<std::string> values;
    if (params.HasMember(key))
        for (const auto& value : params[key].GetArray())
            values.emplace_back(value.GetString());
    return values;
}

std::string write_results(Simulation& simulation, const TestRunOutcome& outcome) {
    if (simulation.identity.project_path.empty())
        return {};
    std::string relative = "Library/AgentPanel/TestResults/run-" + std::to_string(outcome.id) + "-" + outcome.mode + ".xml";
    auto written = files::write_atomically(uap::utf8::to_path(simulation.identity.project_path) / uap::utf8::to_path(relative),
                                           nunit_results_xml(outcome), files::Visibility::Default);
    if (!written) {
        simulation.add_console(ConsoleKind::Error, "Test results could not be saved to " + relative + ": " + written.error().message());
        return {};
    }
    return relative;
}

void finish(Simulation& simulation, std::string outcome) {
    TestRunnerState& state = simulation.tests;
    TestRun run = std::move(*state.running);
    state.running.reset();
    TestRunOutcome done;
    done.id = run.id;
    done.mode = run.mode;
    done.outcome = std::move(outcome);
    done.total = static_cast<int>(run.cases.size());
    size_t finished = finished_count(state, run);
    done.elapsed_ms = std::min(elapsed_ms(run), static_cast<int64_t>(finished) * std::max<int64_t>(state.case_ms, 0));
    done.finished.assign(run.cases.begin(), run.cases.begin() + static_cast<std::ptrdiff_t>(finished));
    done.results_path = write_results(simulation, done);
    state.last = std::move(done);
}

// A run whose cases are all done completes when the editor is next asked, as RunFinished arrives on an
// editor update after the last case.
void advance(Simulation& simulation) {
    TestRunnerState& state = simulation.tests;
    if (state.running && finished_count(state, *state.running) >= state.running->cases.size())
        finish(simulation, "completed");
}

Reply run_start(Simulation& simulation, const rapidjson::Value& params) {
    advance(simulation);
    TestRunnerState& state = simulation.tests;
    if (simulation.play_mode != "edit")
        return error_reply("conflict", "tests cannot start in play mode; stop it first (playmode.set edit)");
    if (simulation.compiling)
        return error_reply("conflict", "scripts are compiling; start the run when the compile has finished");
    if (state.running)
        return error_reply("conflict", "test run " + std::to_string(state.running->id) +
                                           " is in progress; wait for it (tests.run.status) or cancel it (tests.run.cancel)");
    TestFilter filter{params["mode"].GetString(), strings(params, "testNames"), strings(params, "groupNames"),
                      strings(params, "categoryNames"), strings(params, "assemblyNames")};
    if (auto problem = invalid_group_name(filter); !problem.empty())
        return error_reply("invalid_params", problem);
    TestRun run;
    run.id = state.next_id++;
    run.mode = filter.mode;
    run.started = SteadyClock::now();
    for (const auto& test_case : state.cases)
        if (filter_takes(filter, test_case))
            run.cases.push_back(test_case);
    state.running = std::move(run);
    Output out;
    out.writer.StartObject();
    out.writer.Key("started");
    out.writer.Bool(true);
    out.writer.Key("runId");
    out.writer.Int(state.running->id);
    out.writer.Key("mode");
    out.writer.String(state.running->mode.c_str());
    out.writer.EndObject();
    return out.reply();
}

void write_outcome(JsonWriter& writer, const TestRunOutcome& outcome) {
    writer.StartObject();
    writer.Key("runId");
    writer.Int(outcome.id);
    writer.Key("mode");
    writer.String(outcome.mode.c_str());
    writer.Key("outcome");
    writer.String(outcome.outcome.c_str());
    writer.Key("elapsedMs");
    writer.Int64(outcome.elapsed_ms);
    writer.Key("total");
    writer.Int(outcome.total);
    for (const char* kind : {"passed", "failed", "skipped", "inconclusive"}) {
        writer.Key(kind);
        writer.Int(static_cast<int>(std::count_if(outcome.finished.begin(), outcome.finished.end(),
                                                  [&](const SimulatedTestCase& test_case) { return test_case.outcome == kind; })));
    }
    writer.Key("failures");
    writer.StartArray();
    size_t failures = 0;
    for (const auto& test_case : outcome.finished) {
        if (test_case.outcome != "failed" || ++failures > failure_limit)
            continue;
        writer.StartObject();
        writer.Key("name");
        writer.String(test_case.name.c_str());
        writer.Key("message");
        writer.String(test_case.message.c_str());
        writer.Key("stackTrace");
        writer.String(test_case.stack_trace.c_str());
        writer.EndObject();
    }
    writer.EndArray();
    writer.Key("failuresOmitted");
    writer.Uint64(failures > failure_limit ? failures - failure_limit : 0);
    writer.Key("resultsPath");
    writer.String(outcome.results_path.c_str());
    writer.EndObject();
}

Reply run_status(Simulation& simulation, const rapidjson::Value&) {
    advance(simulation);
    const TestRunnerState& state = simulation.tests;
    Output out;
    out.writer.StartObject();
    out.writer.Key("running");
    out.writer.Bool(state.running.has_value());
    if (state.running) {
        size_t finished = finished_count(state, *state.running);
        out.writer.Key("runId");
        out.writer.Int(state.running->id);
        out.writer.Key("mode");
        out.writer.String(state.running->mode.c_str());
        out.writer.Key("total");
        out.writer.Uint64(state.running->cases.size());
        out.writer.Key("finished");
        out.writer.Uint64(finished);
        if (finished < state.running->cases.size()) {
            out.writer.Key("current");
            out.writer.String(state.running->cases[finished].name.c_str());
        }
    }
    out.writer.Key("testFramework");
    out.writer.String(state.framework_version.c_str());
    if (state.last) {
        out.writer.Key("lastRun");
        write_outcome(out.writer, *state.last);
    }
    out.writer.EndObject();
    return out.reply();
}

Reply run_cancel(Simulation& simulation, const rapidjson::Value&) {
    advance(simulation);
    bool was_running = simulation.tests.running.has_value();
    if (was_running)
        finish(simulation, "cancelled");
    return cancel_reply(was_running, simulation.tests.running.has_value());
}

} // namespace

void register_test_primitives(std::map<std::string, Primitive, std::less<>>& table) {
    table["tests.run.start"] = &run_start;
    table["tests.run.status"] = &run_status;
    table["tests.run.cancel"] = &run_cancel;
}

} // namespace uap::editor_sim

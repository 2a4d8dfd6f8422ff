// The host's side of an isolated pack: a ModuleBackend that runs the pack in uap-module-runner
// child processes. It relays the host table (log, settings, editor calls, progress, cancellation,
// host info) to the host's own implementation, restarts a runner that died, stops a runner whose
// call overran its deadline, and disables the pack after repeated crashes.
#pragma once

#include "modules/host_services.hpp"
#include "modules/module_backend.hpp"
#include "runner/output_budget.hpp"
#include "support/platform/platform.hpp"

#include <chrono>
#include <deque>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <variant>
#include <vector>

namespace uap::runner {

class RunnerConnection;

struct RunnerSetup {
    std::filesystem::path program;                // uap-module-runner.
    std::filesystem::path library;                // The pack's library, absolute.
    std::unique_ptr<uap_host_context> context;    // The pack's id, settings and the host environment.
    modules::PackDisabledHandler on_disabled;     // Optional.
};

// Crashes tolerated before the pack is disabled for the rest of the run.
struct CrashPolicy {
    size_t crashes = 3;
    std::chrono::seconds window{60};
};

class IsolatedModule final : public modules::ModuleBackend {
public:
    // Starts the first runner, loads the pack in it and returns its description.
    static Expected<modules::StartedModule> start(RunnerSetup setup, CrashPolicy policy = {});

    ~IsolatedModule() override; // Asks the runner to shut the module down; kills it after a grace period.

    Expected<modules::ModuleOutput> call_tool(const modules::ToolCallRequest& request) override;
    modules::Isolation isolation() const override { return modules::Isolation::Isolated; }
    Expected<void> serving() const override;
    void abort_calls() override;
    void retire() override;

    const std::string& id() const { return m_setup.context->module_id; }
    // The runner's process id, or -1 when none runs (tests use it to watch restarts).
    platform::ProcessId runner_pid() const;

private:
    IsolatedModule(RunnerSetup setup, CrashPolicy policy);
    // The live runner, started (and loaded) anew when the last one died; counts a call as running
    // (call_returned ends it).
    Expected<std::shared_ptr<RunnerConnection>> connection();
    // Counts a dead runner's crash once; disables the pack when the policy says so.
    void account_for(RunnerConnection& dead);
    // A call has returned: a retired module's runner stops once no call is left (m_mutex held).
    void call_returned(std::unique_lock<std::mutex>& lock);
    // Stops the runner on a thread of its own (its module's shutdown may take a while), which
    // the destructor joins; m_mutex held.
    void stop_in_background(std::shared_ptr<RunnerConnection> connection);

    RunnerSetup m_setup;
    CrashPolicy m_policy;
    mutable std::mutex m_mutex;
    std::shared_ptr<RunnerConnection> m_connection;
    std::deque<std::chrono::steady_clock::time_point> m_crashes;
    std::optional<std::string> m_disabled; // Why, once disabled.
    // What the pack's runners may put into the host's log; shared by them, so a restart does not refill it.
    std::shared_ptr<OutputBudget> m_output = std::make_shared<OutputBudget>();
    bool m_shutting_down = false;
    bool m_retired = false;     // Its registry was replaced: no runner outlives the calls in flight.
    size_t m_calls_running = 0; // Calls between connection() and their return.
    std::vector<std::thread> m_stoppers;
};

// The module host's IsolatedStarter: packs run in `program` (default: uap-module-runner next to
// the running executable).
modules::IsolatedStarter module_runner(std::filesystem::path program = {});

} // namespace uap::runner

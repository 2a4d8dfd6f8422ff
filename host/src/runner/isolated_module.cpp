// An isolated pack: runners started on demand, crashes counted, the pack disabled when they repeat.
#include "runner/isolated_module.hpp"

#include "runner/runner_connection.hpp"
#include "runner/runner_protocol.hpp"
#include "support/paths.hpp"
#include "support/platform/platform.hpp"

#include <spdlog/spdlog.h>

namespace uap::runner {

modules::IsolatedStarter module_runner(std::filesystem::path program) {
    if (program.empty())
        program = paths::executable_folder() / platform::executable_file_name(runner_program_name);
    return [program](modules::IsolatedPack pack) {
        return IsolatedModule::start(RunnerSetup{program, std::move(pack.library), std::move(pack.context), std::move(pack.on_disabled)});
    };
}

Expected<modules::StartedModule> IsolatedModule::start(RunnerSetup setup, CrashPolicy policy) {
    std::unique_ptr<IsolatedModule> module(new IsolatedModule(std::move(setup), policy));
    UAP_ASSIGN_OR_RETURN(auto connection, RunnerConnection::launch(module->m_setup.program, *module->m_setup.context, module->m_output));
    UAP_ASSIGN_OR_RETURN(auto answer, connection->load(module->m_setup.library));
    module->m_connection = std::move(connection);
    return modules::StartedModule{std::move(module), std::move(answer.description), answer.abi_version};
}

IsolatedModule::IsolatedModule(RunnerSetup setup, CrashPolicy policy) : m_setup(std::move(setup)), m_policy(policy) {}

IsolatedModule::~IsolatedModule() {
    std::shared_ptr<RunnerConnection> connection;
    {
        std::lock_guard lock(m_mutex);
        m_shutting_down = true;
        connection = std::move(m_connection);
    }
    if (connection)
        connection->stop(std::chrono::milliseconds(1000));
    std::vector<std::thread> stoppers;
    {
        std::lock_guard lock(m_mutex);
        stoppers.swap(m_stoppers);
    }
    for (auto& stopper : stoppers)
        stopper.join();
}

void IsolatedModule::stop_in_background(std::shared_ptr<RunnerConnection> connection) {
    spdlog::info("[{}] stopping the module runner (pid {}) of a replaced registry", id(), connection->pid());
    m_stoppers.emplace_back([connection = std::move(connection)]() mutable {
        connection->stop(std::chrono::milliseconds(1000));
        connection.reset(); // Joins its reader threads, which reap the process.
    });
}

void IsolatedModule::retire() {
    std::lock_guard lock(m_mutex);
    m_retired = true;
    if (m_calls_running == 0 && m_connection)
        stop_in_background(std::move(m_connection));
}

void IsolatedModule::call_returned(std::unique_lock<std::mutex>&) {
    --m_calls_running;
    if (m_retired && m_calls_running == 0 && m_connection)
        stop_in_background(std::move(m_connection));
}

void IsolatedModule::account_for(RunnerConnection& dead) {
    if (!dead.take_crash())
        return;
    auto now = std::chrono::steady_clock::now();
    m_crashes.push_back(now);
    while (!m_crashes.empty() && now - m_crashes.front() > m_policy.window)
        m_crashes.pop_front();
    if (m_crashes.size() >= m_policy.crashes && !m_disabled) {
        m_disabled = "its module runner crashed " + std::to_string(m_crashes.size()) + " times within " +
                     std::to_string(m_policy.window.count()) + " s (last: " + dead.how_it_ended() +
                     "), so it is disabled until the host restarts; report it to the pack's author";
        spdlog::error("module pack {} is disabled for this run: {}", id(), *m_disabled);
        if (m_setup.on_disabled)
            m_setup.on_disabled(id(), *m_disabled);
    }
}

Expected<std::shared_ptr<RunnerConnection>> IsolatedModule::connection() {
    std::lock_guard lock(m_mutex);
    if (m_shutting_down)
        return Error("module pack " + id() + " is shutting down with the host");
    if (m_connection && !m_connection->alive()) {
        account_for(*m_connection);
        m_connection.reset(); // Its threads end when the last call holding it returns.
    }
    if (m_disabled)
        return Error("module pack " + id() + " is not available: " + *m_disabled);
    if (m_connection) {
        ++m_calls_running;
        return m_connection;
    }
    spdlog::info("[{}] starting a new module runner", id());
    auto launched = RunnerConnection::launch(m_setup.program, *m_setup.context, m_output);
    if (!launched)
        return launched.error();
    auto loaded = (*launched)->load(m_setup.library);
    if (!loaded) {
        account_for(**launched);
        return loaded.error().within("module pack " + id() + " could not be restarted");
    }
    m_connection = std::move(*launched);
    ++m_calls_running;
    return m_connection;
}

Expected<modules::ModuleOutput> IsolatedModule::call_tool(const modules::ToolCallRequest& request) {
    auto live = connection();
    if (!live)
        return live.error();
    auto answered = (*live)->call(request);
    std::unique_lock lock(m_mutex);
    if (!answered && m_connection == *live && !m_connection->alive()) {
        account_for(*m_connection);
        m_connection.reset();
    }
    call_returned(lock);
    return answered;
}

Expected<void> IsolatedModule::serving() const {
    std::lock_guard lock(m_mutex);
    if (m_disabled)
        return Error::unavailable(*m_disabled);
    return {};
}

void IsolatedModule::abort_calls() {
    std::shared_ptr<RunnerConnection> connection;
    {
        std::lock_guard lock(m_mutex);
        m_shutting_down = true;
        connection = m_connection;
    }
    if (connection)
        connection->request_stop();
}

platform::ProcessId IsolatedModule::runner_pid() const {
    std::lock_guard lock(m_mutex);
    return m_connection && m_connection->alive() ? m_connection->pid() : -1;
}

} // namespace uap::runner

// uap-host serve: loads the enabled modules and serves MCP at /mcp on 127.0.0.1 until SIGINT or
// SIGTERM; writes the token files and the discovery file, and removes the latter on shutdown.
#include "cli/commands.hpp"
#include "agent/agent_service.hpp"
#include "bridge/serve_editor.hpp"
#include "cli/host_setup.hpp"
#include "mcp/event_stream_route.hpp"
#include "mcp/mcp_endpoint.hpp"
#include "mcp/notification_hub.hpp"
#include "mcp/module_tools.hpp"
#include "server/discovery_file.hpp"
#include "server/host_server.hpp"
#include "version.hpp"

#include <Poco/DateTime.h>
#include <Poco/DateTimeFormat.h>
#include <Poco/DateTimeFormatter.h>

#include <spdlog/spdlog.h>

#include <condition_variable>
#include <csignal>
#include <mutex>
#include <thread>
#include <cstdlib>
#include <iostream>
#include <unistd.h>

namespace uap::cli {

namespace {

const Command& serve_command() {
    static const Command command{
        {"uap-host serve --project DIR [--port N] [--editor unity|sim] [--agent] [--plugins DIR]..."},
        "Serves MCP at http://127.0.0.1:PORT/mcp, the editor bridge and the panel for one Unity project until Ctrl-C; "
        "writes the discovery and token files into the project.",
        {project_option(),
         {"port", Takes::Value, "N", "the loopback port (default 0: one the system chooses)"},
         {"editor", Takes::Value, "MODE", "unity: wait for the Unity shim (default); sim: run the editor simulator in-process (sample scene)"},
         {"agent", Takes::Nothing, "", "start the claude CLI session the /panel WebSocket drives (see docs/agent-sessions.md)"},
         plugins_option()},
        ""};
    return command;
}

// Blocks SIGINT and SIGTERM in this thread (and the threads it starts), to be awaited later.
sigset_t block_termination_signals() {
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);
    return signals;
}

// Polls the registry's inputs twice a second, so a change is announced even when no request comes.
class RegistryWatcher {
public:
    explicit RegistryWatcher(const mcp::ModuleTools& tools)
        : m_thread([this, &tools] {
              std::unique_lock lock(m_mutex);
              while (!m_wake.wait_for(lock, std::chrono::milliseconds(500), [this] { return m_stopping; })) {
                  lock.unlock();
                  tools.refresh();
                  lock.lock();
              }
          }) {}
    ~RegistryWatcher() { stop(); }
    void stop() {
        {
            std::lock_guard lock(m_mutex);
            m_stopping = true;
        }
        m_wake.notify_all();
        if (m_thread.joinable())
            m_thread.join();
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stopping = false;
    std::thread m_thread; // Last: starts after the members it uses exist.
};

Expected<uint16_t> parse_port(const std::optional<std::string>& text) {
    if (!text)
        return uint16_t{0};
    try {
        size_t used = 0;
        int port = std::stoi(*text, &used);
        if (used == text->size() && port >= 0 && port <= 65535)
            return static_cast<uint16_t>(port);
    } catch (const std::exception&) {
    }
    return Error("--port must be a number from 0 to 65535");
}

} // namespace

int run_serve_command(const std::vector<std::string>& words) {
    auto arguments = Arguments::parse(words, serve_command());
    if (!arguments)
        return usage_error(arguments.error().message(), serve_command());
    if (arguments->help_requested() || (!words.empty() && words[0] == "help")) {
        std::cout << command_line::help_text(serve_command());
        return Success;
    }
    if (!arguments->positional().empty() || !arguments->value("project"))
        return usage_error("serve needs --project DIR, e.g. `uap-host serve --project path/to/UnityProject --editor sim`", serve_command());
    auto port = parse_port(arguments->value("port"));
    if (!port)
        return fail(UsageError, port.error().message());
    auto editor_mode = bridge::parse_editor_mode(arguments->value("editor"));
    if (!editor_mode)
        return fail(UsageError, editor_mode.error().message());
    if (!std::getenv("UAP_LOG_LEVEL"))
        spdlog::set_level(spdlog::level::info);

    std::filesystem::path project = std::filesystem::absolute(*arguments->value("project"));
    if (auto running = server::read_discovery(project); running && running->pid != ::getpid() && server::process_alive(running->pid))
        return fail(Failure, "a host (pid " + std::to_string(running->pid) + ") already serves " + project.string() +
                                 "; stop it first with `kill " + std::to_string(running->pid) + "`");

    sigset_t signals = block_termination_signals();
    bridge::ServeEditor editor(project, host_version);
    if (auto settings = load_settings(*arguments); !settings)
        return fail(Failure, settings.error().message());
    auto tokens = server::AccessTokens::generate();
    if (!tokens)
        return fail(Failure, tokens.error().message());
    if (auto written = tokens->write_files(project); !written)
        return fail(Failure, written.error().message());

    mcp::ModuleTools tools(reload_source(*arguments, &editor.bridge()), project);
    mcp::SessionTable sessions;
    mcp::NotificationHub notifications;
    tools.on_tools_changed([&notifications] { notifications.broadcast(mcp::tools_list_changed_notification()); });
    mcp::McpEndpoint endpoint(tools, sessions, mcp::ServerIdentity{.version = host_version});
    server::RequestGuard guard(*tokens, server::default_max_body_bytes);
    server::Router router(guard);
    router.add(endpoint.route());
    server::HostServer http(guard, router, server::ServerOptions{.port = *port});
    http.add_upgrade_route(editor.route());
    http.add_upgrade_route(mcp::event_stream_route(notifications, sessions));
    // The agent (issue 4): the /panel WebSocket always; the claude CLI session only with --agent.
    agent::AgentOptions agent_options;
    agent_options.project = project;
    agent_options.host_binary = agent::current_executable();
    agent_options.mcp_token = tokens->token(server::Role::Mcp);
    agent_options.metadata = [&tools](std::string_view name) -> std::optional<modules::ToolMetadata> {
        const modules::ToolEntry* entry = tools.host()->find_tool(name);
        if (!entry)
            return std::nullopt;
        return entry->description->metadata; // Descriptions outlive reloads (see ModuleTools).
    };
    agent::AgentService agent_service(agent_options);
    http.add_upgrade_route(agent_service.route());
    auto bound = http.start();
    if (!bound)
        return fail(Failure, bound.error().message());

    server::Discovery discovery;
    discovery.pid = ::getpid();
    discovery.port = *bound;
    discovery.started_at = Poco::DateTimeFormatter::format(Poco::DateTime(), Poco::DateTimeFormat::ISO8601_FRAC_FORMAT);
    discovery.version = host_version;
    for (server::Role role : server::all_roles)
        discovery.token_files[server::to_string(role)] = server::AccessTokens::file_for(project, role);
    if (auto written = server::write_discovery(project, discovery); !written)
        return fail(Failure, written.error().message());

    if (*editor_mode == bridge::EditorMode::Simulator)
        if (auto started = editor.start_simulator(*bound, tokens->token(server::Role::Editor)); !started) {
            http.stop();
            server::remove_discovery(project, discovery.pid);
            return fail(Failure, started.error().message());
        }

    if (arguments->has("agent"))
        if (auto started = agent_service.start(discovery.mcp_url()); !started)
            spdlog::warn("agent: the claude CLI session did not start: {}", started.error().message());

    spdlog::info("serving MCP at {} for {} ({} tools)", discovery.mcp_url(), project.string(), tools.enabled_tools().size());
    std::cout << "uap-host: serving " << discovery.mcp_url() << std::endl;

    // Enable, disable, install and remove reach this host: a watcher rebuilds the registry when its
    // files change and tells every MCP client with an open event stream.
    RegistryWatcher watcher(tools);

    int received = 0;
    sigwait(&signals, &received);
    spdlog::info("received signal {}; shutting down", received);
    watcher.stop();
    notifications.stop();
    agent_service.stop();
    editor.stop();
    http.stop();
    server::remove_discovery(project, discovery.pid);
    return Success;
}

} // namespace uap::cli

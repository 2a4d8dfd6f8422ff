// uap-host serve: loads the enabled modules and serves MCP at /mcp on 127.0.0.1 until SIGINT or
// SIGTERM; writes the token files and the discovery file, and removes the latter on shutdown.
#include "cli/commands.hpp"
#include "agent/agent_service.hpp"
#include "bridge/serve_editor.hpp"
#include "cli/host_setup.hpp"
#include "mcp/mcp_endpoint.hpp"
#include "mcp/module_tools.hpp"
#include "server/discovery_file.hpp"
#include "server/host_server.hpp"
#include "version.hpp"

#include <Poco/DateTime.h>
#include <Poco/DateTimeFormat.h>
#include <Poco/DateTimeFormatter.h>

#include <spdlog/spdlog.h>

#include <csignal>
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
    auto host = load_host(*arguments, &editor.bridge());
    if (!host)
        return fail(Failure, host.error().message());
    auto tokens = server::AccessTokens::generate();
    if (!tokens)
        return fail(Failure, tokens.error().message());
    if (auto written = tokens->write_files(project); !written)
        return fail(Failure, written.error().message());

    mcp::ModuleTools tools(*host->modules, project);
    mcp::SessionTable sessions;
    mcp::McpEndpoint endpoint(tools, sessions, mcp::ServerIdentity{.version = host_version});
    server::RequestGuard guard(*tokens, server::default_max_body_bytes);
    server::Router router(guard);
    router.add(endpoint.route());
    server::HostServer http(guard, router, server::ServerOptions{.port = *port});
    http.add_upgrade_route(editor.route());
    // The agent (issue 4): the /panel WebSocket always; the claude CLI session only with --agent.
    agent::AgentOptions agent_options;
    agent_options.project = project;
    agent_options.host_binary = agent::current_executable();
    agent_options.mcp_token = tokens->token(server::Role::Mcp);
    agent_options.metadata = agent::metadata_from(*host->modules);
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

    int received = 0;
    sigwait(&signals, &received);
    spdlog::info("received signal {}; shutting down", received);
    agent_service.stop();
    editor.stop();
    http.stop();
    server::remove_discovery(project, discovery.pid);
    return Success;
}

} // namespace uap::cli

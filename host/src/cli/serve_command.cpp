// uap-host serve: builds the host (app::HostApplication) for a project and serves on 127.0.0.1
// until asked to stop (SIGINT or SIGTERM; Ctrl+C, Ctrl+Break or console close on Windows).
#include "cli/commands.hpp"
#include "app/host_application.hpp"
#include "cli/host_setup.hpp"
#include "server/discovery_file.hpp"
#include "support/platform/platform.hpp"
#include "support/processes.hpp"
#include "support/utf8_path.hpp"
#include "version.hpp"
#include "web/browser_login.hpp"

#include <spdlog/spdlog.h>

#include <condition_variable>
#include <mutex>
#include <thread>
#include <cstdlib>
#include <iostream>

namespace uap::cli {

namespace {

const Command& serve_command() {
    static const Command command{
        {"uap-host serve --project DIR [--port N] [--editor unity|sim] [--editor-log FILE] [--log-file FILE] [--agent] [--plugins DIR]..."},
        "Serves MCP at http://127.0.0.1:PORT/mcp, the editor bridge and the panel for one Unity project until Ctrl-C; "
        "writes the discovery and token files into the project. Enabling, disabling, installing or removing a pack "
        "reaches it without a restart. The browser panel is served at http://127.0.0.1:PORT/; serve prints a one-time sign-in "
         "link, and `uap-host open --project DIR` prints (and opens) a fresh one.",
        {project_option(),
         {"port", Takes::Value, "N", "the loopback port (default 0: one the system chooses)"},
         {"editor", Takes::Value, "MODE", "unity: wait for the Unity shim (default); sim: run the editor simulator in-process (sample scene)"},
         {"editor-log", Takes::Value, "FILE",
          "the editor's Editor.log, read while no editor connects to report compile errors that keep the package from loading "
          "(default: the project's Logs/Editor.log or the platform's global log, whichever was written last)"},
         {"log-file", Takes::Value, "FILE",
          "append everything the host prints (log lines, warnings, a crash's last words) to FILE instead of stdout and stderr, "
          "created owner-only; for a host nothing reads, such as one the Unity package starts on Windows"},
         {"agent", Takes::Nothing, "", "start the claude CLI session the /panel WebSocket drives (see docs/agent-sessions.md)"},
         plugins_option()},
        ""};
    return command;
}

// Ends the process if shutdown has not finished within the grace period (a stuck in-process
// call holds an HTTP worker that the server waits for).
class ShutdownWatchdog {
public:
    static constexpr std::chrono::milliseconds grace{4000};

    ShutdownWatchdog(std::filesystem::path project, int64_t pid)
        : m_thread([this, project = std::move(project), pid] {
              std::unique_lock lock(m_mutex);
              if (m_changed.wait_for(lock, grace, [&] { return m_disarmed; }))
                  return;
              spdlog::error("shutdown did not finish within {} ms (a tool call does not return); abandoning it and exiting",
                            grace.count());
              spdlog::default_logger()->flush();
              server::remove_discovery(project, pid);
              std::_Exit(Success);
          }) {}
    ~ShutdownWatchdog() {
        disarm();
        m_thread.join();
    }
    void disarm() {
        std::lock_guard lock(m_mutex);
        m_disarmed = true;
        m_changed.notify_all();
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_changed;
    bool m_disarmed = false;
    std::thread m_thread;
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
    auto editor_mode = app::parse_editor_mode(arguments->value("editor"));
    if (!editor_mode)
        return fail(UsageError, editor_mode.error().message());
    if (auto log_file = arguments->value("log-file")) {
        auto moved = platform::append_output_to_file(std::filesystem::absolute(utf8::to_path(*log_file)));
        if (!moved)
            return fail(Failure, moved.error().message() + " (give --log-file a file in a folder you own, or leave it out to log to stderr)");
        log_to_standard_error();
    }
    if (!platform::environment_value("UAP_LOG_LEVEL"))
        spdlog::set_level(spdlog::level::info);

    app::HostOptions options;
    options.project = std::filesystem::absolute(utf8::to_path(*arguments->value("project")));
    options.port = *port;
    options.editor = *editor_mode;
    options.agent = arguments->has("agent") ? app::AgentMode::StartCli : app::AgentMode::PanelOnly;
    for (const auto& folder : arguments->values("plugins"))
        options.plugin_folders.emplace_back(folder);
    options.version = host_version;
    if (auto editor_log = arguments->value("editor-log"))
        options.editor_log = std::filesystem::absolute(utf8::to_path(*editor_log));
    options.first_session = agent::FirstSession::ReopenLast;

    platform::StopRequests stop_requests; // Before any thread starts.
    watch_for_module_crashes(options.project);
    app::HostApplication host(options);
    if (auto started = host.start(); !started)
        return fail(Failure, started.error().message());
    for (const auto& notice : host.notices())
        std::cerr << "uap-host: warning: " << notice << "\n";

    spdlog::info("serving MCP at {} for {}", host.mcp_url(), utf8::from_path(options.project));
    std::cout << "uap-host: serving " << host.mcp_url() << std::endl;
    // A log file keeps what it is given, so it gets no credential, not even a one-minute one.
    if (arguments->value("log-file"))
        std::cout << "uap-host: panel: `uap-host open --project DIR` prints a one-time sign-in link" << std::endl;
    else if (auto url = host.sign_in_url())
        std::cout << "uap-host: panel: " << *url << " (one-time link, valid " << web::code_lifetime.count()
                  << " s; `uap-host open --project DIR` makes a new one)" << std::endl;

    std::string received = stop_requests.wait();
    spdlog::info("received {}; shutting down", received);
    // A tool that never returns must not keep the host alive: whatever still holds shutdown up
    // after the grace period is abandoned (isolated runners are stopped at once by stop()).
    ShutdownWatchdog watchdog(options.project, processes::current_id());
    host.stop();
    watchdog.disarm();
    return Success;
}

} // namespace uap::cli

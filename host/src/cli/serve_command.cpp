// uap-host serve: builds the host (app::HostApplication) for a project and serves on 127.0.0.1
// until asked to stop (SIGINT or SIGTERM; Ctrl+C, Ctrl+Break or console close on Windows).
#include "cli/commands.hpp"
#include "app/host_application.hpp"
#include "cli/cli_text.hpp"
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
        cli_text("serve.summary"),
        {project_option(),
         {"port", Takes::Value, "N", cli_text("serve.port_help")},
         {"editor", Takes::Value, "MODE", cli_text("serve.editor_help")},
         {"editor-log", Takes::Value, "FILE", cli_text("serve.editor_log_help")},
         {"log-file", Takes::Value, "FILE", cli_text("serve.log_file_help")},
         {"agent", Takes::Nothing, "", cli_text("serve.agent_help")},
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
    return Error(cli_text("serve.bad_port"));
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
        return usage_error(cli_text("serve.project_required"), serve_command());
    auto port = parse_port(arguments->value("port"));
    if (!port)
        return fail(UsageError, port.error().message());
    auto editor_mode = app::parse_editor_mode(arguments->value("editor"));
    if (!editor_mode) // Its error is app/'s English; the refusal is said in the user's language here.
        return fail(UsageError, cli_text("serve.bad_editor"));
    if (auto log_file = arguments->value("log-file")) {
        auto moved = platform::append_output_to_file(std::filesystem::absolute(utf8::to_path(*log_file)));
        if (!moved)
            return fail(Failure, cli_text("serve.log_file_failed", {{"error", moved.error().message()}}));
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

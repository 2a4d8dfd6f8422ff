// uap-host doctor [--project DIR]: what the host found (CLI, version, credentials, project files,
// the running host, the script gate) and what is wrong, in plain words. Exit 1 when something is.
#include "agent/agent_settings.hpp"
#include "support/platform/platform.hpp"
#include "support/processes.hpp"
#include "agent/cli_locator.hpp"
#include "agent/script_gate.hpp"
#include "agent/sign_in.hpp"
#include "support/child_process.hpp"
#include "cli/commands.hpp"
#include "cli/host_setup.hpp"
#include "server/discovery_file.hpp"
#include "support/utf8_path.hpp"

#include <cstdlib>
#include <iostream>

namespace uap::cli {

namespace {

struct Report {
    int problems = 0;
    void ok(const std::string& text) { std::cout << "  ok       " << text << "\n"; }
    void problem(const std::string& text) {
        ++problems;
        std::cout << "  PROBLEM  " << text << "\n";
    }
    void note(const std::string& text) { std::cout << "  note     " << text << "\n"; }
};

bool owner_only(const std::filesystem::path& file) { return platform::is_owner_only(file); }

} // namespace

int run_doctor_command(const std::vector<std::string>& words) {
    static const Command command{{"uap-host doctor [--project DIR]"},
                                 "Checks the claude CLI, its credentials, the project's files, the running host and the script "
                                 "gate, and says what is wrong in plain words (exit 1 when something is).",
                                 {project_option()},
                                 ""};
    auto arguments = Arguments::parse(words, command);
    if (!arguments)
        return usage_error(arguments.error().message(), command);
    if (arguments->help_requested()) {
        std::cout << command_line::help_text(command);
        return Success;
    }
    if (!arguments->positional().empty())
        return usage_error("doctor takes no positional arguments", command);
    Report report;
    std::string explicit_cli;
    std::optional<std::filesystem::path> project;
    if (auto value = arguments->value("project")) {
        project = std::filesystem::absolute(utf8::to_path(*value));
        if (auto settings = agent::AgentSettings::load(*project))
            explicit_cli = settings->cli_path;
    }

    std::cout << "Claude Code CLI\n";
    auto cli = agent::locate_cli(explicit_cli);
    if (!cli) {
        report.problem(cli.error().message());
    } else {
        report.ok("found " + utf8::from_path(cli->path) + " (by " + cli->found_by + ")");
        if (auto version = agent::probe_cli_version(cli->path))
            report.ok("version " + *version);
        else
            report.problem("the CLI does not run: " + version.error().message());
    }

    std::cout << "Sign-in\n";
    // The CLI's own answer, with the environment the panel's CLI gets (subscription only keeps the key from it).
    auto auth = agent::AuthMode::Automatic;
    if (project)
        if (auto settings = agent::AgentSettings::load(*project))
            auth = settings->auth;
    std::vector<std::string> removed = {"CLAUDECODE", "CLAUDE_CODE_ENTRYPOINT"};
    if (auth == agent::AuthMode::SubscriptionOnly)
        removed.push_back("ANTHROPIC_API_KEY");
    auto sign_in = agent::probe_sign_in(explicit_cli, current_environment_without(removed), project.value_or(std::filesystem::current_path()));
    if (sign_in.state == agent::SignInState::Ready)
        report.ok("signed in (" + sign_in.auth.auth_method + (sign_in.auth.api_key_source.empty() ? "" : " from " + sign_in.auth.api_key_source) +
                  (auth == agent::AuthMode::SubscriptionOnly ? "; subscription only: ANTHROPIC_API_KEY is kept from the CLI" : "") + ")");
    else if (sign_in.state != agent::SignInState::CliMissing) // Reported above.
        report.problem(sign_in.detail + "; fix: " + sign_in.fix_command);

    std::cout << "Script gate\n";
    rapidjson::Document probe;
    probe.Parse(R"({"file_path":"Assets/Scripts/Probe.cs"})");
    if (agent::check_tool_call("Write", probe, "/project", "/project"))
        report.ok("writes of .cs/.asmdef under Assets/ are refused by the hook `uap-host hook pre-tool-use`");
    else
        report.problem("the script gate does not refuse a test write; scripts under Assets/ are NOT protected");

    if (project) {
        std::cout << "Project " << utf8::from_path(*project) << "\n";
        std::error_code error;
        if (std::filesystem::is_directory(*project / "Assets", error))
            report.ok("Assets/ exists");
        else
            report.problem("no Assets/ folder: this does not look like a Unity project");
        auto running = server::read_discovery(*project);
        if (running && processes::may_be_running(running->pid)) {
            report.ok("a host (pid " + std::to_string(running->pid) + ") serves " + running->mcp_url());
            for (auto& [role, file] : running->token_files) {
                if (!std::filesystem::exists(file, error))
                    report.problem("the " + role + " token file " + utf8::from_path(file) + " is missing");
                else if (!owner_only(file))
                    report.problem("the " + role + " token file " + utf8::from_path(file) + " is readable by other users");
            }
        } else {
            report.note("no host is running for this project (start one with `uap-host serve --project DIR`)");
        }
        auto settings = agent::AgentSettings::load(*project);
        if (!settings) {
            report.problem("the agent settings cannot be read: " + settings.error().message());
        } else {
            std::string kinds;
            for (auto kind : settings->always_ask)
                kinds += (kinds.empty() ? "" : " and ") + agent::to_string(kind);
            report.ok("auto-approve level: " + agent::to_string(settings->auto_approve) + " (" +
                      (kinds.empty() ? std::string("it covers every tool kind") : kinds + " tools ask at every level") + "); " +
                      std::to_string(settings->always_allow.size()) + " always-allow rule(s); permission mode " + settings->permission_mode);
            if (settings->permission_mode == "bypassPermissions")
                report.note("bypassPermissions skips the permission broker (the hook still gates scripts)");
        }
    }
    std::cout << (report.problems == 0 ? "No problems found.\n" : std::to_string(report.problems) + " problem(s) found.\n");
    return report.problems == 0 ? Success : Failure;
}

} // namespace uap::cli

// uap-host doctor [--project DIR]: what the host found (CLI, version, credentials, project files,
// the running host, the script gate) and what is wrong, in plain words. Exit 1 when something is.
#include "agent/agent_settings.hpp"
#include "support/platform/platform.hpp"
#include "support/processes.hpp"
#include "agent/cli_locator.hpp"
#include "agent/script_gate.hpp"
#include "agent/sign_in.hpp"
#include "support/child_process.hpp"
#include "cli/cli_text.hpp"
#include "cli/commands.hpp"
#include "cli/host_setup.hpp"
#include "server/discovery_file.hpp"
#include "support/utf8_path.hpp"

#include <cstdlib>
#include <iostream>

namespace uap::cli {

namespace {

// The markers (ok, PROBLEM, note) and the exit code are the same in every language, so a script can
// read the result; the words after a marker follow the locale.
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

void check_cli(Report& report, const std::string& explicit_cli) {
    std::cout << cli_text("doctor.cli_heading") << "\n";
    auto cli = agent::locate_cli(explicit_cli);
    if (!cli) {
        report.problem(cli.error().message());
        return;
    }
    report.ok(cli_text("doctor.cli_found", {{"path", utf8::from_path(cli->path)}, {"how", cli->found_by}}));
    if (auto version = agent::probe_cli_version(cli->path))
        report.ok(cli_text("doctor.cli_version", {{"version", *version}}));
    else
        report.problem(cli_text("doctor.cli_does_not_run", {{"error", version.error().message()}}));
}

void check_sign_in(Report& report, const std::string& explicit_cli, const std::optional<std::filesystem::path>& project) {
    std::cout << cli_text("doctor.sign_in_heading") << "\n";
    // The CLI's own answer, with the environment the panel's CLI gets (subscription only keeps the key from it).
    auto auth = agent::AuthMode::Automatic;
    if (project)
        if (auto settings = agent::AgentSettings::load(*project))
            auth = settings->auth;
    std::vector<std::string> removed = {"CLAUDECODE", "CLAUDE_CODE_ENTRYPOINT"};
    if (auth == agent::AuthMode::SubscriptionOnly)
        removed.push_back("ANTHROPIC_API_KEY");
    auto sign_in = agent::probe_sign_in(explicit_cli, current_environment_without(removed), project.value_or(std::filesystem::current_path()));
    if (sign_in.state == agent::SignInState::Ready) {
        std::string subscription = auth == agent::AuthMode::SubscriptionOnly ? cli_text("doctor.subscription_only") : "";
        const auto& source = sign_in.auth.api_key_source;
        report.ok(source.empty() ? cli_text("doctor.signed_in", {{"method", sign_in.auth.auth_method}, {"subscription", subscription}})
                                 : cli_text("doctor.signed_in_from",
                                            {{"method", sign_in.auth.auth_method}, {"source", source}, {"subscription", subscription}}));
    } else if (sign_in.state != agent::SignInState::CliMissing) { // check_cli reported a missing CLI.
        report.problem(cli_text("doctor.sign_in_problem", {{"detail", sign_in.detail}, {"command", sign_in.fix_command}}));
    }
}

void check_gate(Report& report) {
    std::cout << cli_text("doctor.gate_heading") << "\n";
    rapidjson::Document probe;
    probe.Parse(R"({"file_path":"Assets/Scripts/Probe.cs"})");
    if (agent::check_tool_call("Write", probe, "/project", "/project"))
        report.ok(cli_text("doctor.gate_ok"));
    else
        report.problem(cli_text("doctor.gate_problem"));
}

void check_running_host(Report& report, const std::filesystem::path& project) {
    std::error_code error;
    auto running = server::read_discovery(project);
    if (!running || !processes::may_be_running(running->pid)) {
        report.note(cli_text("doctor.no_host"));
        return;
    }
    report.ok(cli_text("doctor.host_serves", {{"pid", std::to_string(running->pid)}, {"url", running->mcp_url()}}));
    for (auto& [role, file] : running->token_files) {
        if (!std::filesystem::exists(file, error))
            report.problem(cli_text("doctor.token_missing", {{"role", role}, {"path", utf8::from_path(file)}}));
        else if (!owner_only(file))
            report.problem(cli_text("doctor.token_readable", {{"role", role}, {"path", utf8::from_path(file)}}));
    }
}

void check_approval_settings(Report& report, const std::filesystem::path& project) {
    auto settings = agent::AgentSettings::load(project);
    if (!settings) {
        report.problem(cli_text("doctor.settings_unreadable", {{"error", settings.error().message()}}));
        return;
    }
    std::string kinds;
    for (auto kind : settings->always_ask)
        kinds += (kinds.empty() ? "" : cli_text("doctor.kinds_joiner")) + agent::to_string(kind);
    report.ok(cli_text("doctor.approval", {{"level", agent::to_string(settings->auto_approve)},
                                           {"kinds", kinds.empty() ? cli_text("doctor.every_kind") : cli_text("doctor.kinds_ask", {{"kinds", kinds}})},
                                           {"count", std::to_string(settings->always_allow.size())},
                                           {"mode", settings->permission_mode}}));
    if (settings->permission_mode == "bypassPermissions")
        report.note(cli_text("doctor.bypass_note"));
}

void check_project(Report& report, const std::filesystem::path& project) {
    std::cout << cli_text("doctor.project_heading", {{"path", utf8::from_path(project)}}) << "\n";
    std::error_code error;
    if (std::filesystem::is_directory(project / "Assets", error))
        report.ok(cli_text("doctor.assets_ok"));
    else
        report.problem(cli_text("doctor.no_assets"));
    check_running_host(report, project);
    check_approval_settings(report, project);
}

} // namespace

int run_doctor_command(const std::vector<std::string>& words) {
    static const Command command{{"uap-host doctor [--project DIR]"}, cli_text("doctor.summary"), {project_option()}, ""};
    auto arguments = Arguments::parse(words, command);
    if (!arguments)
        return usage_error(arguments.error().message(), command);
    if (arguments->help_requested()) {
        std::cout << command_line::help_text(command);
        return Success;
    }
    if (!arguments->positional().empty())
        return usage_error(cli_text("doctor.positional"), command);
    Report report;
    std::string explicit_cli;
    std::optional<std::filesystem::path> project;
    if (auto value = arguments->value("project")) {
        project = std::filesystem::absolute(utf8::to_path(*value));
        if (auto settings = agent::AgentSettings::load(*project))
            explicit_cli = settings->cli_path;
    }
    check_cli(report, explicit_cli);
    check_sign_in(report, explicit_cli, project);
    check_gate(report);
    if (project)
        check_project(report, *project);
    std::cout << (report.problems == 0 ? cli_text("doctor.no_problems") : cli_text("doctor.problems_found", {{"count", std::to_string(report.problems)}}))
              << "\n";
    return report.problems == 0 ? Success : Failure;
}

} // namespace uap::cli

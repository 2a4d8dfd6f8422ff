// uap-host tools call | list: call one tool in-process (with no editor or with the editor
// simulator), or through the project's running host when one serves it; says which one answered.
#include "cli/cli_text.hpp"
#include "cli/commands.hpp"
#include "cli/host_setup.hpp"
#include "cli/running_host.hpp"
#include "app/simulator_editor.hpp"
#include "support/utf8_path.hpp"

#include <algorithm>
#include <iostream>

namespace uap::cli {

namespace fs = std::filesystem;

namespace {

const Command& call_command() {
    static const Command command{
        {"uap-host tools call NAME [--args JSON] [--editor running|sim|none] [--project DIR] [--plugins DIR]..."},
        cli_text("tools.call_summary"),
        {{"args", Takes::Value, "JSON", cli_text("tools.args_help")},
         {"editor", Takes::Value, "MODE", cli_text("tools.editor_help")},
         project_option(),
         plugins_option()},
        ""};
    return command;
}

const Command& list_command() {
    static const Command command{{"uap-host tools list [--project DIR] [--plugins DIR]..."},
                                 cli_text("tools.list_summary"),
                                 {project_option(), plugins_option()},
                                 ""};
    return command;
}

const Command& tools_group() {
    static const Command command{{call_command().usage[0], list_command().usage[0]},
                                 cli_text("tools.summary"),
                                 {},
                                 ""};
    return command;
}

// NoHostFound runs like NoEditor, but nobody asked for it: the user is told why and how to reach an
// editor, since every editor tool will answer no_editor.
enum class Target { RunningHost, Simulator, NoEditor, NoHostFound };

Expected<Target> choose_target(const Arguments& arguments, const std::optional<RunningHost>& running) {
    auto editor = arguments.value("editor");
    if (editor == "sim")
        return Target::Simulator;
    if (editor == "none")
        return Target::NoEditor;
    if (editor == "running") {
        if (!arguments.value("project"))
            return Error(cli_text("tools.running_needs_project"));
        if (!running)
            return Error(cli_text("tools.no_host_serves", {{"project", *arguments.value("project")}}));
        if (arguments.has("plugins"))
            return Error(cli_text("tools.plugins_with_running"));
        return Target::RunningHost;
    }
    if (editor)
        return Error(cli_text("tools.bad_editor"));
    if (running && !arguments.has("plugins"))
        return Target::RunningHost;
    return arguments.has("plugins") ? Target::NoEditor : Target::NoHostFound;
}

int print_outcome(const modules::ToolOutcome& outcome) {
    if (outcome.status != modules::CallStatus::Success)
        return fail(Failure, modules::to_string(outcome.status) + ": " + outcome.text);
    std::cout << outcome.text << "\n";
    return Success;
}

int call_in_process(const Arguments& arguments, const std::string& name, Target target) {
    std::unique_ptr<app::SimulatorEditor> simulator;
    if (target == Target::Simulator) {
        fs::path project = fs::absolute(utf8::to_path(arguments.value("project").value_or(utf8::from_path(fs::current_path()))));
        auto started = app::SimulatorEditor::start(project);
        if (!started)
            return fail(Failure, cli_text("tools.simulator_failed", {{"error", started.error().message()}}));
        simulator = std::move(*started);
    }
    auto host = load_host(arguments, simulator ? &simulator->link() : nullptr);
    if (!host)
        return fail(Failure, host.error().message());
    if (target == Target::NoHostFound) {
        auto project = arguments.value("project");
        std::cerr << "uap-host: "
                  << (project ? cli_text("tools.no_host_for_project", {{"project", *project}}) : cli_text("tools.no_project_given")) << "\n";
    } else {
        std::cerr << "uap-host: " << (simulator ? cli_text("tools.answered_with_simulator") : cli_text("tools.answered_without_editor")) << "\n";
    }
    auto outcome = host->modules->call_tool(name, arguments.value("args").value_or("{}"));
    if (outcome.status == modules::CallStatus::UnknownTool)
        for (auto& pack : host->modules->packs())
            if (pack->manifest && std::find(pack->manifest->tools.begin(), pack->manifest->tools.end(), name) != pack->manifest->tools.end() &&
                pack->state != modules::PackState::Loaded)
                return fail(Failure, cli_text("tools.pack_not_loaded",
                                              {{"tool", name}, {"pack", pack->id()}, {"state", to_string(pack->state)}, {"reason", pack->reason}}));
    return print_outcome(outcome);
}

int call_running(const RunningHost& running, const Arguments& arguments, const std::string& name) {
    std::cerr << "uap-host: "
              << cli_text("tools.answered_by_running_host", {{"pid", std::to_string(running.discovery.pid)}, {"url", running.discovery.mcp_url()}})
              << "\n";
    auto answer = call_tool_on_running_host(running, name, arguments.value("args").value_or("{}"));
    if (!answer)
        return fail(Failure, answer.error().message());
    if (answer->kind == AnswerKind::ToolError)
        return fail(Failure, cli_text("tools.tool_error", {{"error", answer->text}}));
    std::cout << answer->text << "\n";
    return Success;
}

} // namespace

int run_tools_command(const std::vector<std::string>& words) {
    if (words.empty() || words[0] == "--help" || words[0] == "-h" || words[0] == "help") {
        std::cout << command_line::help_text(tools_group());
        return words.empty() ? UsageError : Success;
    }
    if (words[0] != "call" && words[0] != "list")
        return usage_error(cli_text("action.unknown", {{"group", "tools"}, {"action", words[0]}}), tools_group());
    const Command& command = words[0] == "call" ? call_command() : list_command();
    auto arguments = Arguments::parse(std::vector<std::string>(words.begin() + 1, words.end()), command);
    if (!arguments)
        return usage_error(arguments.error().message(), command);
    if (arguments->help_requested()) {
        std::cout << command_line::help_text(command);
        return Success;
    }
    const auto& positional = arguments->positional();
    if (words[0] == "list") {
        if (!positional.empty())
            return usage_error(cli_text("tools.list_takes_no_name"), command);
        auto host = load_host(*arguments);
        if (!host)
            return fail(Failure, host.error().message());
        for (auto* tool : host->modules->tools())
            std::cout << tool->description->name << "  (" << tool->pack->id() << ")\n";
        return Success;
    }
    if (positional.size() != 1)
        return usage_error(cli_text("tools.call_needs_name"), command);

    std::optional<RunningHost> running;
    if (auto project = arguments->value("project")) {
        auto found = find_running_host(fs::absolute(utf8::to_path(*project)));
        if (!found)
            return fail(Failure, found.error().message());
        running = std::move(*found);
    }
    auto target = choose_target(*arguments, running);
    if (!target)
        return fail(UsageError, target.error().message());
    if (*target == Target::RunningHost)
        return call_running(*running, *arguments, positional[0]);
    // In this process, a crash in an in-process pack is recorded for the next start to report.
    if (auto project = arguments->value("project"))
        watch_for_module_crashes(fs::absolute(utf8::to_path(*project)));
    return call_in_process(*arguments, positional[0], *target);
}

} // namespace uap::cli

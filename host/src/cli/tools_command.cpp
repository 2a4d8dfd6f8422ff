// uap-host tools call | list: call one tool in-process (with no editor or with the editor
// simulator), or through the project's running host when one serves it; says which one answered.
#include "cli/commands.hpp"
#include "cli/host_setup.hpp"
#include "cli/running_host.hpp"
#include "cli/simulator_editor.hpp"
#include "support/utf8_path.hpp"

#include <algorithm>
#include <iostream>

namespace uap::cli {

namespace fs = std::filesystem;

namespace {

const Command& call_command() {
    static const Command command{
        {"uap-host tools call NAME [--args JSON] [--editor running|sim|none] [--project DIR] [--plugins DIR]..."},
        "Calls one tool and prints its result (a JSON object) on stdout; stderr says who answered.",
        {{"args", Takes::Value, "JSON", "the tool's arguments, a JSON object (default {})"},
         {"editor", Takes::Value, "MODE",
          "running: through the host serving --project (MCP); sim: in-process with the editor simulator (sample scene); "
          "none: in-process without an editor. Default: running when a host serves --project and no --plugins is given, else none (and it says why, since editor tools then answer no_editor)"},
         project_option(),
         plugins_option()},
        ""};
    return command;
}

const Command& list_command() {
    static const Command command{{"uap-host tools list [--project DIR] [--plugins DIR]..."},
                                 "Lists the tools the enabled packs serve, with their pack id.",
                                 {project_option(), plugins_option()},
                                 ""};
    return command;
}

const Command& tools_group() {
    static const Command command{{call_command().usage[0], list_command().usage[0]},
                                 "Calls or lists module tools. `uap-host tools call --help` lists call's options.",
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
            return Error("--editor running needs --project DIR (the project whose host to call)");
        if (!running)
            return Error("no host serves " + *arguments.value("project") + "; start one with `uap-host serve --project " +
                         *arguments.value("project") + "` or call in-process with --editor sim");
        if (arguments.has("plugins"))
            return Error("--plugins cannot reach a running host (it loaded its packs at start); drop --plugins or use --editor sim");
        return Target::RunningHost;
    }
    if (editor)
        return Error("--editor must be running, sim or none");
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
    std::unique_ptr<SimulatorEditor> simulator;
    if (target == Target::Simulator) {
        fs::path project = fs::absolute(utf8::to_path(arguments.value("project").value_or(utf8::from_path(fs::current_path()))));
        auto started = SimulatorEditor::start(project);
        if (!started)
            return fail(Failure, "the editor simulator did not start: " + started.error().message());
        simulator = std::move(*started);
    }
    auto host = load_host(arguments, simulator ? &simulator->link() : nullptr);
    if (!host)
        return fail(Failure, host.error().message());
    if (target == Target::NoHostFound) {
        auto project = arguments.value("project");
        std::cerr << "uap-host: " << (project ? "no host serves " + *project : std::string("no --project was given"))
                  << ", so this command answers in-process with no editor (editor tools answer no_editor). To reach the editor: "
                  << "`uap-host serve --project " << project.value_or("DIR")
                  << "` (or open the project in Unity with the package); to try the sample scene: --editor sim\n";
    } else {
        std::cerr << "uap-host: answered in-process by this command, "
                  << (simulator ? "with the editor simulator (sample scene)" : "with no editor") << "\n";
    }
    auto outcome = host->modules->call_tool(name, arguments.value("args").value_or("{}"));
    if (outcome.status == modules::CallStatus::UnknownTool)
        for (auto& pack : host->modules->packs())
            if (pack->manifest && std::find(pack->manifest->tools.begin(), pack->manifest->tools.end(), name) != pack->manifest->tools.end() &&
                pack->state != modules::PackState::Loaded)
                return fail(Failure, "tool \"" + name + "\" belongs to pack " + pack->id() + ", which is " + to_string(pack->state) + ": " +
                                         pack->reason);
    return print_outcome(outcome);
}

int call_running(const RunningHost& running, const Arguments& arguments, const std::string& name) {
    std::cerr << "uap-host: answered by the running host (pid " << running.discovery.pid << ", " << running.discovery.mcp_url()
              << ")\n";
    auto answer = call_tool_on_running_host(running, name, arguments.value("args").value_or("{}"));
    if (!answer)
        return fail(Failure, answer.error().message());
    if (answer->kind == AnswerKind::ToolError)
        return fail(Failure, "tool error: " + answer->text);
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
        return usage_error("unknown tools action \"" + words[0] + "\"", tools_group());
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
            return usage_error("tools list takes no NAME", command);
        auto host = load_host(*arguments);
        if (!host)
            return fail(Failure, host.error().message());
        for (auto* tool : host->modules->tools())
            std::cout << tool->description->name << "  (" << tool->pack->id() << ")\n";
        return Success;
    }
    if (positional.size() != 1)
        return usage_error("tools call needs one tool NAME, e.g. `uap-host tools call uap_ping` (`uap-host tools list` names them)",
                           command);

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

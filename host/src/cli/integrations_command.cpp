// uap-host integrations --project DIR [--json]: what the host knows about the Claude Code world
// around it (Unity's official plugin) from the files alone, as a running panel would show it
// before the first turn of a chat.
#include "agent/agent_settings.hpp"
#include "agent/cli_locator.hpp"
#include "app/integration_wiring.hpp"
#include "cli/commands.hpp"
#include "cli/host_setup.hpp"
#include "integrations/claude_plugin.hpp"
#include "integrations/integration_settings.hpp"
#include "support/json.hpp"

#include <iostream>

namespace uap::cli {

int run_integrations_command(const std::vector<std::string>& words) {
    static const Command command{
        {"uap-host integrations --project DIR [--json]"},
        "Shows whether Unity's official Claude Code plugin is installed, enabled and usable, read from Claude Code's "
        "configuration folder ($CLAUDE_CONFIG_DIR, else ~/.claude). A running chat knows more: the panel shows whether it "
        "actually loaded the plugin.",
        {project_option(), Option{"json", Takes::Nothing, "", "Print the states as JSON instead of text."}},
        "States: cli_unavailable, not_installed, disabled, enabled_not_loaded, loaded, load_error (see docs/integrations.md)."};
    auto arguments = Arguments::parse(words, command);
    if (!arguments)
        return usage_error(arguments.error().message(), command);
    if (arguments->help_requested()) {
        std::cout << command_line::help_text(command);
        return Success;
    }
    if (!arguments->positional().empty())
        return usage_error("integrations takes no positional arguments", command);
    auto project_value = arguments->value("project");
    if (!project_value)
        return usage_error("--project DIR is required (the Unity project whose settings apply)", command);
    auto project = std::filesystem::absolute(*project_value);
    std::error_code error;
    if (!std::filesystem::is_directory(project, error))
        return fail(Failure, "project folder " + project.string() + " does not exist; pass the Unity project's folder to --project");

    std::string explicit_cli;
    if (auto settings = agent::AgentSettings::load(project))
        explicit_cli = settings->cli_path;
    auto cli = agent::locate_cli(explicit_cli);
    auto integration_settings = integrations::IntegrationSettings::load(project);
    const auto& plugin = integrations::unity_plugin();
    auto config = integrations::claude_config_folder(app::cli_environment({}));
    auto findings = integrations::read_static_findings(config, plugin);
    auto status = integrations::resolve_plugin_status(cli ? integrations::CliPresence::Available : integrations::CliPresence::Missing,
                                                      findings, nullptr, plugin);
    bool steering = integration_settings && integration_settings->plugin_steering == integrations::PluginSteering::On;

    if (arguments->has("json")) {
        rapidjson::Document document(rapidjson::kObjectType);
        auto& allocator = document.GetAllocator();
        document.AddMember("config_folder", json::string_value(config.string(), allocator), allocator);
        rapidjson::Value list(rapidjson::kArrayType);
        list.PushBack(integrations::status_json(status, plugin, allocator), allocator);
        document.AddMember("integrations", list, allocator);
        document.AddMember("plugin_steering", steering, allocator);
        std::cout << json::to_pretty_text(document) << "\n";
        return Success;
    }
    std::cout << "Claude Code configuration: " << (config.empty() ? std::string("(unknown)") : config.string()) << "\n";
    std::cout << plugin.qualified() << ": " << integrations::to_string(status.state);
    if (!status.version.empty())
        std::cout << " (version " << status.version << ")";
    std::cout << "\n  " << integrations::describe(status, plugin) << "\n";
    for (auto& problem : status.problems)
        std::cout << "  problem: " << problem << "\n";
    if (!integration_settings)
        std::cout << "  problem: " << integration_settings.error().message() << "\n";
    std::cout << "  steering lines for the agent: " << (steering ? "on" : "off") << "\n";
    return Success;
}

} // namespace uap::cli

// uap-host integrations --project DIR [--json]: what the host knows about the Claude Code world
// around it (Unity's official plugin, uLoop) from the files alone, as a running panel shows it
// before the first turn of a chat. Text for people comes from the CLI catalogue (English/Japanese).
#include "agent/agent_settings.hpp"
#include "agent/cli_locator.hpp"
#include "app/integration_wiring.hpp"
#include "cli/cli_text.hpp"
#include "cli/commands.hpp"
#include "cli/host_setup.hpp"
#include "integrations/claude_plugin.hpp"
#include "integrations/integration_settings.hpp"
#include "integrations/uloop.hpp"
#include "support/json.hpp"
#include "support/platform/platform.hpp"
#include "support/utf8_path.hpp"

#include <cstdlib>
#include <iostream>

namespace uap::cli {

namespace {

const char* uloop_state(const integrations::UloopDetection& detection) {
    return detection.in_package_cache || detection.embedded ? "installed" : detection.in_manifest ? "resolving" : "not_installed";
}

} // namespace

int run_integrations_command(const std::vector<std::string>& words) {
    const Command command{{"uap-host integrations --project DIR [--json]"},
                          cli_text("integrations.summary"),
                          {project_option(), Option{"json", Takes::Nothing, "", cli_text("integrations.json_help")}},
                          cli_text("integrations.details")};
    auto arguments = Arguments::parse(words, command);
    if (!arguments)
        return usage_error(arguments.error().message(), command);
    if (arguments->help_requested()) {
        std::cout << command_line::help_text(command);
        return Success;
    }
    if (!arguments->positional().empty())
        return usage_error(cli_text("integrations.positional"), command);
    auto project_value = arguments->value("project");
    if (!project_value)
        return usage_error(cli_text("integrations.project_required"), command);
    auto project = std::filesystem::absolute(utf8::to_path(*project_value));
    std::error_code error;
    if (!std::filesystem::is_directory(project, error))
        return fail(Failure, cli_text("integrations.no_project", {{"path", utf8::from_path(project)}}));

    std::string explicit_cli;
    if (auto settings = agent::AgentSettings::load(project))
        explicit_cli = settings->cli_path;
    auto cli = agent::locate_cli(explicit_cli);
    auto integration_settings = integrations::IntegrationSettings::load(project);
    const auto& plugin = integrations::unity_plugin();
    auto environment = app::cli_environment({});
    auto config = integrations::claude_config_folder(environment);
    auto findings = integrations::read_static_findings(config, plugin);
    auto status = integrations::resolve_plugin_status(cli ? integrations::CliPresence::Available : integrations::CliPresence::Missing,
                                                      findings, nullptr, plugin);
    bool steering = integration_settings && integration_settings->plugin_steering == integrations::PluginSteering::On;
    auto uloop = integrations::detect_uloop(project, platform::environment_value("PATH").value_or(""));

    if (arguments->has("json")) {
        rapidjson::Document document(rapidjson::kObjectType);
        auto& allocator = document.GetAllocator();
        document.AddMember("config_folder", json::string_value(utf8::from_path(config), allocator), allocator);
        rapidjson::Value list(rapidjson::kArrayType);
        list.PushBack(integrations::status_json(status, plugin, allocator), allocator);
        rapidjson::Value uloop_entry(rapidjson::kObjectType);
        uloop_entry.AddMember("id", "uloop", allocator);
        uloop_entry.AddMember("kind", "uloop", allocator);
        uloop_entry.AddMember("state", rapidjson::StringRef(uloop_state(uloop)), allocator);
        uloop_entry.AddMember("cli", json::string_value(uloop.cli ? utf8::from_path(*uloop.cli) : "", allocator), allocator);
        list.PushBack(uloop_entry, allocator);
        document.AddMember("integrations", list, allocator);
        document.AddMember("plugin_steering", steering, allocator);
        std::cout << json::to_pretty_text(document) << "\n";
        return Success;
    }
    std::cout << cli_text("integrations.config") << " " << (config.empty() ? cli_text("integrations.unknown") : utf8::from_path(config)) << "\n";
    std::cout << plugin.qualified() << ": " << integrations::to_string(status.state);
    if (!status.version.empty())
        std::cout << " (version " << status.version << ")";
    std::cout << "\n  " << cli_text("plugin." + integrations::to_string(status.state)) << "\n";
    for (auto& problem : status.problems)
        std::cout << "  " << cli_text("integrations.problem") << " " << problem << "\n";
    if (!integration_settings)
        std::cout << "  " << cli_text("integrations.problem") << " " << integration_settings.error().message() << "\n";
    std::cout << "  " << cli_text("integrations.steering") << " " << (steering ? cli_text("integrations.on") : cli_text("integrations.off")) << "\n";
    std::cout << cli_text("integrations.uloop") << " " << uloop_state(uloop) << " — " << cli_text(std::string("uloop.") + uloop_state(uloop));
    if (uloop.cli)
        std::cout << " (uloop: " << utf8::from_path(*uloop.cli) << ")";
    std::cout << "\n";
    for (auto& problem : uloop.problems)
        std::cout << "  " << cli_text("integrations.problem") << " " << problem << "\n";
    return Success;
}

} // namespace uap::cli

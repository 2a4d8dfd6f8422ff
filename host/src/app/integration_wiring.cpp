// The integration sources; each reads the files again at every call, so an install or a toggle
// made in another window counts at the next spawn or status event.
#include "app/integration_wiring.hpp"

#include "agent/agent_settings.hpp"
#include "support/child_process.hpp"
#include "integrations/claude_plugin.hpp"
#include "integrations/integration_settings.hpp"
#include "integrations/plugin_steering.hpp"
#include "integrations/uloop.hpp"
#include "integrations/uloop_steering.hpp"

#include "support/json.hpp"
#include "support/utf8_path.hpp"
#include "support/log.hpp"

namespace uap::app {

namespace fs = std::filesystem;

std::vector<std::string> cli_environment(const std::vector<std::string>& overrides) {
    auto environment = current_environment_without({});
    environment.insert(environment.end(), overrides.begin(), overrides.end());
    return environment;
}

namespace {

integrations::IntegrationSettings load_settings(const fs::path& project) {
    auto settings = integrations::IntegrationSettings::load(project);
    if (settings)
        return *settings;
    log::integrations.warn("{}; the defaults apply", settings.error().message());
    return {};
}

// {"id":"uloop","kind":"uloop","state":"not_installed"|"resolving"|"installed","cli","preset_applied",
//  "broad_rule","problems"}. "installed" only once Unity resolved the package (or it is embedded).
rapidjson::Value uloop_status(const fs::path& project, const std::string& path_variable, rapidjson::Document::AllocatorType& allocator) {
    auto detection = integrations::detect_uloop(project, path_variable);
    // The saved rules (what the next CLI start gets), also for a host that never started a CLI.
    auto settings = agent::AgentSettings::load(project);
    auto change = integrations::apply_uloop_preset(settings ? settings->always_allow : std::vector<std::string>());
    rapidjson::Value entry(rapidjson::kObjectType);
    entry.AddMember("id", "uloop", allocator);
    entry.AddMember("kind", "uloop", allocator);
    const char* state = detection.in_package_cache || detection.embedded ? "installed" : detection.in_manifest ? "resolving" : "not_installed";
    entry.AddMember("state", rapidjson::StringRef(state), allocator);
    entry.AddMember("cli", json::string_value(detection.cli ? utf8::from_path(*detection.cli) : "", allocator), allocator);
    entry.AddMember("preset_applied", change.added.empty() && change.removed.empty(), allocator);
    entry.AddMember("broad_rule", !change.removed.empty(), allocator); // A rule the preset would remove is in force.
    rapidjson::Value problems(rapidjson::kArrayType);
    for (auto& problem : detection.problems)
        problems.PushBack(json::string_value(problem, allocator), allocator);
    entry.AddMember("problems", problems, allocator);
    return entry;
}

} // namespace

void add_integration_sources(agent::AgentOptions& options, const ModuleTools& tools) {
    auto environment = cli_environment(options.environment_overrides);
    fs::path config = integrations::claude_config_folder(environment);
    std::string path_variable;
    for (auto& entry : environment)
        if (entry.rfind("PATH=", 0) == 0)
            path_variable = entry.substr(5);
    fs::path project = options.project;
    const auto& plugin = integrations::unity_plugin();

    options.instruction_sources.push_back([config, project, path_variable, &plugin, &tools] {
        std::vector<agent::InstructionSection> sections;
        auto findings = integrations::read_static_findings(config, plugin);
        // Without a refresh: a rebuild's change handler re-dials the CLI, which takes the session lock held here.
        auto search = tools.lookup_without_refresh("uap_search").availability == mcp::Availability::Available ? integrations::SearchTool::Available
                                                                                               : integrations::SearchTool::Unavailable;
        if (auto lines = integrations::plugin_steering_lines(findings, load_settings(project).plugin_steering, search))
            sections.push_back({lines->heading, lines->body});
        auto test_tool = tools.lookup_without_refresh("uap_tests_run").availability == mcp::Availability::Available
                             ? integrations::TestTool::Available
                             : integrations::TestTool::Unavailable;
        auto uloop = integrations::uloop_steering_lines(integrations::detect_uloop(project, path_variable), test_tool);
        sections.push_back({uloop.heading, uloop.body});
        return sections;
    });

    options.argument_sources.push_back([config, project, &plugin] {
        std::vector<std::string> arguments;
        if (load_settings(project).plugin_dir_fallback == integrations::PluginDirFallback::Off)
            return arguments;
        auto findings = integrations::read_static_findings(config, plugin);
        std::error_code error;
        if (findings.installed && findings.enabled && fs::is_directory(utf8::to_path(findings.installed->install_path), error)) {
            arguments.push_back("--plugin-dir");
            arguments.push_back(findings.installed->install_path);
        }
        return arguments;
    });

    options.status_sources.push_back([config, project, path_variable, &plugin](const agent::StatusContext& context, rapidjson::Value& status,
                                                       rapidjson::Document::AllocatorType& allocator) {
        auto findings = integrations::read_static_findings(config, plugin);
        std::optional<integrations::SessionPlugins> session;
        if (context.last_init)
            session = integrations::session_plugins_from_init(*context.last_init);
        auto cli = context.cli == agent::CliLocated::No ? integrations::CliPresence::Missing : integrations::CliPresence::Available;
        auto resolved = integrations::resolve_plugin_status(cli, findings, session ? &*session : nullptr, plugin);
        rapidjson::Value list(rapidjson::kArrayType);
        auto entry = integrations::status_json(resolved, plugin, allocator);
        entry.AddMember("plugin_steering", load_settings(project).plugin_steering == integrations::PluginSteering::On, allocator);
        list.PushBack(entry, allocator);
        list.PushBack(uloop_status(project, path_variable, allocator), allocator);
        status.AddMember("integrations", list, allocator);
    });
}

} // namespace uap::app

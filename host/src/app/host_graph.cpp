// The steps that build the host's object graph (host_graph.hpp), and the wiring between its parts.
#include "app/host_graph.hpp"

#include "agent/notice_text.hpp"
#include "app/integration_wiring.hpp"
#include "app/isolated_packs.hpp"
#include "app/module_registry.hpp"
#include "app/pack_catalog.hpp"
#include "app/profile_wiring.hpp"
#include "modules/fault_records.hpp"
#include "modules/install_scratch.hpp"
#include "support/json.hpp"
#include "support/paths.hpp"
#include "support/platform/platform.hpp"
#include "support/processes.hpp"
#include "support/utf8_path.hpp"
#include "support/log.hpp"

#include <Poco/DateTime.h>
#include <Poco/DateTimeFormat.h>
#include <Poco/DateTimeFormatter.h>

#include <spdlog/spdlog.h>

namespace uap::app {

namespace {


bridge::EditorLogSearch editor_log_search(const std::filesystem::path& project, const std::filesystem::path& configured) {
    bridge::EditorLogSearch search;
    search.configured = configured;
    search.project = project;
    search.platform = bridge::current_editor_platform();
    search.home = platform::environment_value("HOME");
    search.local_app_data = platform::environment_value("LOCALAPPDATA");
    return search;
}

// Tools list changes reach MCP clients on their event streams. Claude Code ignores that notification,
// so our own CLI is told to re-dial the server (mcp_reconnect) as well.
void announce_tools_changed(HostGraph& graph) {
    graph.notifications->broadcast(mcp::tools_list_changed_notification());
    if (graph.agent)
        if (auto reconnected = graph.agent->session().reconnect_mcp(); !reconnected)
            log::agent.debug("no MCP reconnect: {}", reconnected.error().message());
}

// Every panel hears which project tools were dropped and why, once per hello.
void publish_project_tool_warnings(HostGraph& graph, const std::vector<std::string>& warnings) {
    if (!graph.agent || warnings.empty())
        return;
    std::string problems;
    for (std::size_t index = 0; index < warnings.size() && index < 10; ++index) {
        problems += index == 0 ? "" : " ";
        problems += warnings[index] + ".";
    }
    graph.agent->hub().publish(agent::notice_event("warning", agent::notice("project_tools_unserved", {{"problems", problems}})));
}

// The project's C# tools follow the editor: each hello brings the current set, a reload or a
// disconnection takes them away until the next hello.
void wire_project_tools(HostGraph& graph, const std::filesystem::path& project) {
    ModuleTools& tools = *graph.tools;
    graph.project_tools = std::make_unique<mcp::ProjectTools>(
        graph.editor->bridge(), [&tools] { return tools.toggle(settings::project_tools_toggle) == settings::Toggle::Enabled; },
        settings::toggle_command(settings::Toggle::Enabled, settings::project_tools_toggle, project));
    graph.served_tools = std::make_unique<mcp::HostTools>(tools, *graph.project_tools);
    auto is_native = [&tools](std::string_view name) { return tools.lookup_without_refresh(name).availability != mcp::Availability::Unknown; };
    graph.editor->bridge().on_editor_change([&graph, is_native](const std::string& hello_json) {
        bool changed = false;
        auto warnings = graph.project_tools->editor_changed(hello_json, is_native, changed);
        publish_project_tool_warnings(graph, warnings);
        if (changed)
            announce_tools_changed(graph);
    });
    graph.project_tools_ticket = graph.editor->bridge().subscribe([&graph](const std::string& event_json) {
        if (event_json.find("\"reloading\"") == std::string::npos)
            return;
        auto event = json::parse(event_json);
        if (event && event->IsObject() && json::string_field(*event, "event").value_or("") == "reloading" && graph.project_tools->editor_reloading())
            announce_tools_changed(graph);
    });
}


// Reported to every panel when a pack is disabled after faults, and recorded so that `uap-host
// modules list` in another process can say so.
std::function<void(const std::string&, const std::string&)> pack_disabled_reporter(HostGraph& graph, const std::filesystem::path& project) {
    return [project, graph = &graph](const std::string& pack, const std::string& reason) {
        if (auto recorded = modules::record_disabled_pack(project, processes::current_id(), pack, reason); !recorded)
            spdlog::warn("cannot record that pack {} is disabled: {}", pack, recorded.error().message());
        if (graph->agent) {
            graph->agent->hub().publish(agent::notice_event(
                "error", agent::notice("pack_disabled", {{"pack", pack}, {"reason", reason}, {"project", utf8::from_path(project)}})));
        }
    };
}

} // namespace

Expected<std::unique_ptr<HostGraph>> build_foundation(const HostOptions& options, std::vector<std::string>& notices) {
    const auto& project = options.project;
    std::error_code error;
    if (!std::filesystem::is_directory(project, error))
        return Error("project folder " + utf8::from_path(project) + " does not exist");
    auto graph = std::make_unique<HostGraph>();
    // One host per project, for the host's whole life (the kernel releases the lock on a crash).
    auto lock = server::ProjectLock::acquire(project);
    if (!lock)
        return lock.error();
    graph->lock.emplace(std::move(*lock));
    auto loaded_settings = settings::ProjectSettings::load(project);
    if (!loaded_settings)
        return loaded_settings.error();
    if (loaded_settings->recovery_note())
        notices.push_back(*loaded_settings->recovery_note());
    graph->settings = std::make_unique<settings::ProjectSettings>(std::move(*loaded_settings));
    for (auto& note : graph->settings->migration_notes())
        notices.push_back(note);
    // What a killed `modules install` left behind (a running install's folder is locked and stays).
    if (auto plugins = sdk::FileJail::open(paths::user_plugins_folder()))
        if (size_t removed = modules::remove_abandoned_scratch(plugins.value()); removed > 0)
            spdlog::info("removed {} scratch folder(s) that interrupted installs left in {}", removed, utf8::from_path(plugins->root()));

    graph->editor = std::make_unique<EditorConnection>(project, options.version);
    auto tokens = server::AccessTokens::generate();
    if (!tokens)
        return tokens.error();
    if (auto written = tokens->write_files(project); !written)
        return written.error();
    graph->tokens.emplace(std::move(*tokens));
    return graph;
}

void build_tools(HostGraph& graph, const HostOptions& options) {
    graph.jobs = std::make_unique<mcp::ToolJobs>(mcp::JobLimits{.wait = graph.settings->job_wait()});
    graph.module_editor = std::make_unique<JobStatusLink>(graph.editor->bridge(), *graph.jobs);
    modules::ModuleHost::Options module_options;
    module_options.editor = graph.module_editor.get();
    module_options.editor_events = &graph.editor->bridge();
    module_options.clock = options.module_clock;
    module_options.start_isolated = isolated_pack_starter();
    module_options.on_pack_disabled = pack_disabled_reporter(graph, options.project);
    graph.tools = std::make_unique<ModuleTools>(registry_source(options.project, options.plugin_folders, module_options), options.project);
    graph.sessions = std::make_unique<mcp::SessionTable>();
    graph.notifications = std::make_unique<mcp::NotificationHub>();
    graph.tools->on_tools_changed([graph = &graph] { announce_tools_changed(*graph); });
    wire_project_tools(graph, options.project);
}

void build_server(HostGraph& graph, const HostOptions& options) {
    graph.endpoint = std::make_unique<mcp::McpEndpoint>(*graph.served_tools, *graph.sessions, mcp::ServerIdentity{.version = options.version},
                                                        graph.jobs.get(), graph.notifications.get());
    mcp::ResourceSources resource_sources{&graph.editor->bridge(), &graph.editor->bridge(), [graph = &graph] {
                                              return graph->profiles ? profile_views(*graph->profiles) : std::vector<mcp::ProfileView>{};
                                          }};
    graph.resources = std::make_unique<mcp::McpResources>(*graph.served_tools, std::move(resource_sources), *graph.notifications);
    graph.endpoint->set_resources(graph.resources.get());
    graph.guard = std::make_unique<server::RequestGuard>(*graph.tokens, server::default_max_body_bytes);
    graph.router = std::make_unique<server::Router>(*graph.guard);
    graph.router->add(graph.endpoint->route());
    graph.web = std::make_unique<web::WebPanel>(options.web_files);
    graph.web->install(*graph.router, *graph.guard);
    graph.http = std::make_unique<server::HostServer>(*graph.guard, *graph.router,
                                                      server::ServerOptions{.port = options.port, .limits = server::ServerLimits::from(*graph.settings)});
    graph.http->add_upgrade_route(graph.editor->route());
    graph.http->add_upgrade_route(mcp::event_stream_route(*graph.notifications, *graph.sessions));
}

void build_agent(HostGraph& graph, const HostOptions& options) {
    agent::AgentOptions agent_options;
    agent_options.project = options.project;
    agent_options.host_binary = options.hook_binary.empty() ? paths::executable_path() : options.hook_binary;
    agent_options.environment_overrides = options.agent_environment;
    agent_options.mcp_token = graph.tokens->token(server::Role::Mcp);
    agent_options.metadata = metadata_from(*graph.tools, *graph.project_tools);
    agent_options.tools = tools_from(*graph.tools, *graph.project_tools);
    agent_options.first_session = options.first_session;
    // Extension profiles detected in the project join the appended system prompt at every spawn.
    agent_options.instruction_sources.push_back([graph = &graph] {
        return graph->profiles ? profile_instructions(*graph->profiles)() : std::vector<agent::InstructionSection>{};
    });
    add_integration_sources(agent_options, *graph.tools);
    // What happened in the editor since the previous message opens the next one, and the status shows the editor's state now.
    agent_options.turn_context_sources.push_back([graph = &graph] {
        return graph->editor_activity ? graph->editor_activity->take_turn_text() : std::string();
    });
    agent_options.status_sources.push_back([graph = &graph](const agent::StatusContext&, rapidjson::Value& status, rapidjson::Document::AllocatorType& allocator) {
        if (!graph->editor_activity)
            return;
        rapidjson::Value editor;
        graph->editor_activity->write_state(editor, allocator);
        status.AddMember("editor", editor, allocator);
    });
    graph.agent = std::make_unique<AgentService>(agent_options, &graph.editor->bridge());
}

void build_profiles(HostGraph& graph, const HostOptions& options) {
    profiles::ProfileService::Options profile_options;
    profile_options.project = options.project;
    if (!options.profiles_folder.empty())
        profile_options.bundled_folder = options.profiles_folder;
    profile_options.packs = [tools = graph.tools.get(), packages = package_profiles(options.project)] {
        auto folders = loaded_pack_profiles(*tools);
        for (auto& folder : packages())
            folders.push_back(std::move(folder));
        return folders;
    };
    profile_options.editor = &graph.editor->bridge();
    profile_options.events = &graph.agent->hub();
    graph.profiles = std::make_unique<profiles::ProfileService>(profile_options);
    // A domain reload or a compile may add or remove the types profiles are detected by.
    graph.editor_events_ticket = graph.editor->bridge().subscribe([graph = &graph](const std::string& event_json) {
        auto event = json::parse(event_json);
        std::string name = event && event->IsObject() ? json::string_field(*event, "event").value_or("") : "";
        if (name == "reloaded" || name == "compileFinished")
            if (graph->profiles)
                graph->profiles->invalidate_types();
    });
}

void build_panel(HostGraph& graph, const HostOptions& options) {
    const auto& project = options.project;
    panel::PanelEndpoint& endpoint = graph.agent->endpoint();
    endpoint.set_limits(panel::PanelLimits::from(*graph.settings));
    graph.catalog = std::make_unique<PackCatalog>(
        [tools = graph.tools.get()] {
            tools->refresh(); // A toggle just saved is loaded or dropped before the reply describes it.
            return tools->host();
        },
        *graph.settings);
    graph.agent->set_module_catalog(graph.catalog.get());
    graph.integration_commands = std::make_unique<IntegrationCommands>(project, cli_environment(options.agent_environment), graph.agent->hub(),
                                                                       graph.agent->session(), std::chrono::seconds(120), &graph.editor->bridge());
    endpoint.add_command_extension(graph.integration_commands.get());
    graph.agent->session().republish_status(); // A panel's first snapshot shows the integrations even before a CLI starts.
    graph.endpoint->set_panel_events(&graph.agent->hub());
    graph.context_chips = std::make_unique<panel::ContextChips>(&graph.editor->bridge(), &graph.editor->bridge(), graph.agent->hub(), project);
    endpoint.add_command_extension(graph.context_chips.get());
    endpoint.set_context_chips(graph.context_chips.get());
    graph.quick_actions = std::make_unique<panel::QuickActions>(project, graph.agent->hub());
    endpoint.add_command_extension(graph.quick_actions.get());
    graph.mentions = std::make_unique<panel::MentionCommands>(project);
    endpoint.add_command_extension(graph.mentions.get());
    graph.editor_activity = std::make_unique<panel::EditorActivity>(&graph.editor->bridge(), graph.agent->hub());
    graph.editor_activity->set_state_listener([graph = &graph] { graph->agent->session().republish_status(); });
    graph.profile_commands = std::make_unique<ProfileCommands>(*graph.profiles, [graph = &graph] {
        if (graph->profile_watcher)
            graph->profile_watcher->wake();
    });
    endpoint.add_command_extension(graph.profile_commands.get());
    graph.http->add_upgrade_route(graph.agent->route());
    // A real editor that cannot load the package never connects; its log says why. The simulator
    // always loads, so its host reads no log unless one is named.
    if (options.editor == EditorMode::Unity || !options.editor_log.empty())
        graph.editor_log_watch = std::make_unique<EditorLogWatch>(editor_log_search(project, options.editor_log), graph.editor->bridge(),
                                                                  &graph.agent->hub());
}

Expected<uint16_t> start_serving(HostGraph& graph) {
    auto bound = graph.http->start();
    if (!bound)
        return bound.error();
    graph.serving = true;
    graph.registry_watcher = std::make_unique<PeriodicTask>(std::chrono::milliseconds(500), [tools = graph.tools.get()] { tools->refresh(); });
    graph.profile_watcher = std::make_unique<PeriodicTask>(
        std::chrono::milliseconds(500), [graph = &graph] { poll_profiles(*graph->profiles, graph->agent->session()); }, FirstRun::Immediately);
    graph.editor_activity_ticker = std::make_unique<PeriodicTask>(std::chrono::seconds(1), [activity = graph.editor_activity.get(), chips = graph.context_chips.get()] {
        activity->tick();
        chips->tick();
    });
    return *bound;
}

Expected<void> publish_discovery(HostGraph& graph, const HostOptions& options, uint16_t port) {
    auto& discovery = graph.discovery;
    discovery.pid = processes::current_id();
    discovery.port = port;
    discovery.started_at = Poco::DateTimeFormatter::format(Poco::DateTime(), Poco::DateTimeFormat::ISO8601_FRAC_FORMAT);
    discovery.version = options.version;
    discovery.editor_log = options.editor_log;
    for (server::Role role : server::all_roles)
        discovery.token_files[server::to_string(role)] = server::AccessTokens::file_for(options.project, role);
    return server::write_discovery(options.project, discovery);
}

} // namespace uap::app

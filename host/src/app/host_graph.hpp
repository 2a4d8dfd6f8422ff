// The host's object graph and the steps that build it in dependency order. Each step builds its part
// of the graph from the parts before it; only the composition root (HostApplication) runs them.
#pragma once

#include "app/host_application.hpp"
#include "app/agent_service.hpp"
#include "app/editor_log_watch.hpp"
#include "app/integration_commands.hpp"
#include "app/job_status_link.hpp"
#include "app/profile_commands.hpp"
#include "mcp/event_stream_route.hpp"
#include "mcp/mcp_endpoint.hpp"
#include "mcp/host_tools.hpp"
#include "app/module_tools.hpp"
#include "mcp/project_tools.hpp"
#include "mcp/notification_hub.hpp"
#include "mcp/resources.hpp"
#include "mcp/session_table.hpp"
#include "mcp/tool_jobs.hpp"
#include "modules/module_host.hpp"
#include "panel/module_catalog.hpp"
#include "panel/editor_activity.hpp"
#include "panel/mention_completion.hpp"
#include "panel/context_chips.hpp"
#include "panel/quick_actions.hpp"
#include "profiles/profile_service.hpp"
#include "server/access_tokens.hpp"
#include "server/host_server.hpp"
#include "server/project_lock.hpp"
#include "server/request_guard.hpp"
#include "server/router.hpp"
#include "settings/project_settings.hpp"
#include "support/periodic_task.hpp"
#include "web/web_panel.hpp"
#include "server/discovery_file.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace uap::app {

// Members are declared in construction order, so destruction runs in reverse.
struct HostApplication::Graph {
    std::optional<server::ProjectLock> lock; // Released last.
    std::unique_ptr<settings::ProjectSettings> settings;
    std::unique_ptr<EditorConnection> editor;
    std::optional<server::AccessTokens> tokens;
    // Long-running tools' jobs: they call into tools, and are stopped explicitly before it goes.
    std::unique_ptr<mcp::ToolJobs> jobs;
    std::unique_ptr<JobStatusLink> module_editor; // The bridge, plus host.jobStatus for module jobs.
    std::unique_ptr<ModuleTools> tools;           // Rebuilds the module registry when its files change.
    std::unique_ptr<mcp::ProjectTools> project_tools; // The editor's C# tools, from its latest hello.
    std::unique_ptr<mcp::HostTools> served_tools;     // Both, as the endpoint and the agent see them.
    std::unique_ptr<mcp::SessionTable> sessions;
    std::unique_ptr<mcp::NotificationHub> notifications;
    std::unique_ptr<mcp::McpResources> resources; // Reads the editor and the profiles; watches editor events.
    std::unique_ptr<mcp::McpEndpoint> endpoint;
    std::unique_ptr<server::RequestGuard> guard;
    std::unique_ptr<server::Router> router;
    std::unique_ptr<web::WebPanel> web;
    std::unique_ptr<server::HostServer> http;
    std::unique_ptr<panel::ModuleCatalog> catalog;
    std::unique_ptr<AgentService> agent;
    std::unique_ptr<IntegrationCommands> integration_commands; // Its install thread uses the agent's session and hub.
    std::unique_ptr<panel::QuickActions> quick_actions;
    std::unique_ptr<panel::ContextChips> context_chips; // After the agent: it publishes to the agent's hub.
    std::unique_ptr<panel::MentionCommands> mentions;
    std::unique_ptr<profiles::ProfileService> profiles;
    std::unique_ptr<ProfileCommands> profile_commands;
    std::unique_ptr<PeriodicTask> registry_watcher;
    std::unique_ptr<PeriodicTask> profile_watcher;
    std::unique_ptr<panel::EditorActivity> editor_activity; // After the agent: it publishes to the agent's hub.
    std::unique_ptr<PeriodicTask> editor_activity_ticker;   // After the activity and chips it ticks: stopped first.
    std::unique_ptr<EditorLogWatch> editor_log_watch; // Publishes to the agent's hub; reports to the bridge.
    int editor_events_ticket = 0;
    int project_tools_ticket = 0;
    server::Discovery discovery;
    bool serving = false;
};

using HostGraph = HostApplication::Graph;

// The project's lock, its settings (their recovery and migration notes go to notices), the editor
// connection and the access tokens.
Expected<std::unique_ptr<HostGraph>> build_foundation(const HostOptions& options, std::vector<std::string>& notices);
// Tool jobs, the module host and its tools, the project's C# tools, MCP sessions and notifications.
void build_tools(HostGraph& graph, const HostOptions& options);
// The MCP endpoint and resources, the request guard and router, the browser panel's files and the
// HTTP server with its upgrade routes (not listening yet).
void build_server(HostGraph& graph, const HostOptions& options);
// The agent service, with the instruction, turn-context and status sources it reads at each spawn.
void build_agent(HostGraph& graph, const HostOptions& options);
// Extension profiles and their detection, which follows the editor's reloads and compiles.
void build_profiles(HostGraph& graph, const HostOptions& options);
// The panel's command extensions (packs, integrations, chips, quick actions, mentions, profiles), the
// editor activity and the editor log watch.
void build_panel(HostGraph& graph, const HostOptions& options);
// Starts listening and the periodic watchers; the port it listens on.
Expected<uint16_t> start_serving(HostGraph& graph);
// Writes the discovery file other processes find the host by.
Expected<void> publish_discovery(HostGraph& graph, const HostOptions& options, uint16_t port);

} // namespace uap::app

// The agent's wiring: one session publishing to the panel hub, and the /panel route.
#include "app/agent_service.hpp"

#include "mcp/tool_discovery.hpp"
#include "support/random.hpp"

namespace uap::app {

agent::MetadataLookup metadata_from(const modules::ModuleHost& modules) {
    return [&modules](std::string_view tool) -> std::optional<modules::ToolMetadata> {
        const modules::ToolEntry* entry = modules.find_tool(tool);
        if (!entry || !entry->description)
            return std::nullopt;
        return entry->description->metadata;
    };
}

agent::MetadataLookup metadata_from(const ModuleTools& tools, const mcp::ProjectTools& project) {
    // The registry of the moment: a pack enabled or installed later is known too. The discovery
    // tools are the endpoint's own; a call through uap_tool_call is judged by its target before this.
    return [&tools, &project](std::string_view tool) -> std::optional<modules::ToolMetadata> {
        for (const modules::ToolDescription* discovery : {&mcp::search_tool_description(), &mcp::call_tool_description()})
            if (tool == discovery->name)
                return discovery->metadata;
        if (mcp::is_project_tool_name(tool))
            if (const modules::ToolDescription* found = project.find(tool))
                return found->metadata;
        return metadata_from(*tools.host())(tool);
    };
}

agent::ToolLister tools_from(const ModuleTools& tools, const mcp::ProjectTools& project) {
    return [&tools, &project] {
        std::vector<std::string> names{std::string(mcp::search_tool_name), std::string(mcp::call_tool_name)};
        for (const modules::ToolEntry* entry : tools.host()->tools())
            if (entry->description)
                names.push_back(entry->description->name);
        for (auto& name : project.remembered_names())
            names.push_back(std::move(name));
        return names;
    };
}

namespace {

agent::AgentOptions with_observer(agent::AgentOptions options, EditorTurns* turns) {
    options.turn_observer = turns;
    return options;
}

} // namespace

AgentService::AgentService(agent::AgentOptions options, api::EditorLink* editor)
    : m_turns(editor ? std::make_unique<EditorTurns>(*editor, m_hub, random::unique_suffix().substr(0, 6)) : nullptr),
      m_session(std::make_unique<agent::AgentSession>(with_observer(std::move(options), m_turns.get()), m_hub)), m_endpoint(m_hub, *m_session) {}

AgentService::~AgentService() { stop(); }

Expected<void> AgentService::start(const std::string& mcp_url) {
    m_session->set_mcp_url(mcp_url);
    return m_session->start();
}

void AgentService::stop() {
    m_session->shutdown(); // Ends a running turn, which releases its refresh hold in the editor.
    if (m_turns)
        m_turns->stop();
}

} // namespace uap::app

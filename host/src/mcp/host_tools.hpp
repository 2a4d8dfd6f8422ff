// Every tool the host serves: the module packs' tools and the project's C# tools, as one provider
// for the MCP endpoint and the agent. Project tools carry the project_ prefix, so the two never mix.
#pragma once

#include "mcp/project_tools.hpp"
#include "mcp/tool_provider.hpp"

namespace uap::mcp {

class HostTools final : public ToolProvider {
public:
    // modules: the packs' tools (app/ModuleTools in the host).
    HostTools(const ToolProvider& modules, const ProjectTools& project) : m_modules(modules), m_project(project) {}

    std::vector<const modules::ToolDescription*> enabled_tools() const override;
    std::vector<CatalogueEntry> catalogue() const override;
    Discovery discovery() const override { return Discovery::Offered; }
    ToolLookup lookup(std::string_view name) const override;
    modules::ToolOutcome call(std::string_view name, std::string_view arguments_json, const modules::CallOptions& options) const override;

private:
    const ToolProvider& m_modules;
    const ProjectTools& m_project;
};

} // namespace uap::mcp

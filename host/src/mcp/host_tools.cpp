// Routes each tool name to the modules or to the project's C# tools; see host_tools.hpp.
#include "mcp/host_tools.hpp"

#include <algorithm>

namespace uap::mcp {

std::vector<const modules::ToolDescription*> HostTools::enabled_tools() const {
    auto tools = m_modules.enabled_tools();
    for (const modules::ToolDescription* tool : m_project.tools())
        tools.push_back(tool);
    std::sort(tools.begin(), tools.end(), [](const auto* a, const auto* b) { return a->name < b->name; });
    return tools;
}

std::vector<CatalogueEntry> HostTools::catalogue() const {
    auto entries = m_modules.catalogue();
    for (const modules::ToolDescription* tool : m_project.tools())
        entries.push_back({tool, "project-tools", "Tools written in C# in this project", modules::Listing::Always, {"project", "csharp"}});
    return entries;
}

ToolLookup HostTools::lookup(std::string_view name) const {
    if (is_project_tool_name(name))
        if (ToolLookup found = m_project.lookup(name); found.availability != Availability::Unknown)
            return found;
    return m_modules.lookup(name);
}

modules::ToolOutcome HostTools::call(std::string_view name, std::string_view arguments_json, const modules::CallOptions& options) const {
    if (is_project_tool_name(name) && m_project.lookup(name).availability != Availability::Unknown)
        return m_project.call(name, arguments_json, options);
    return m_modules.call(name, arguments_json, options);
}

} // namespace uap::mcp

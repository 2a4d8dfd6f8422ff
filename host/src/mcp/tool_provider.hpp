// What the MCP endpoint needs from the tool side: the enabled tools, a lookup that can tell
// "disabled" from "unknown", and the call itself. app/ModuleTools backs it with the module host;
// tests and the fuzzer use small fakes.
#pragma once

#include "api/call_options.hpp"
#include "api/tool_outcome.hpp"
#include "api/tool_description.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace uap::mcp {

// SteppedAside: an integration present in the project covers the tool (its manifest's coveredBy);
// reason says which, remedy is the integration's command to use instead.
enum class Availability { Available, Disabled, Failed, SteppedAside, Unknown };

struct ToolLookup {
    Availability availability = Availability::Unknown;
    const modules::ToolDescription* tool = nullptr; // Set when available.
    std::string module_id;                          // Set unless unknown.
    std::string reason;                             // Why a known tool cannot be called.
    std::string remedy;                             // The exact command that makes it callable, when there is one.
};

// One enabled tool as the discovery tools see it: its pack, and whether tools/list carries it.
struct CatalogueEntry {
    const modules::ToolDescription* tool = nullptr;
    std::string module_id;
    std::string module_name;
    modules::Listing listing = modules::Listing::Always;
    std::vector<std::string> keywords; // The pack's area words (its manifest's "keywords").
};

// Offered: tools/list carries uap_tool_search and uap_tool_call, which find and call the tools it
// leaves out. A provider that lists every tool needs neither.
enum class Discovery { NotOffered, Offered };

class ToolProvider {
public:
    virtual ~ToolProvider() = default;
    // Tools of enabled modules, sorted by name.
    virtual std::vector<const modules::ToolDescription*> enabled_tools() const = 0;
    // Every enabled tool with its pack and listing; by default every tool is listed, in no pack.
    virtual std::vector<CatalogueEntry> catalogue() const {
        std::vector<CatalogueEntry> entries;
        for (const modules::ToolDescription* tool : enabled_tools())
            entries.push_back({tool, {}, {}, modules::Listing::Always, {}});
        return entries;
    }
    virtual Discovery discovery() const { return Discovery::NotOffered; }
    virtual ToolLookup lookup(std::string_view name) const = 0;
    // Validates arguments against the input schema, calls, and bounds and checks the result.
    // options carry the call's cancellation flag and where its progress reports go.
    virtual modules::ToolOutcome call(std::string_view name, std::string_view arguments_json,
                                      const modules::CallOptions& options) const = 0;
};

} // namespace uap::mcp

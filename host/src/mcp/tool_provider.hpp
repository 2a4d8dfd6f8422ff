// What the MCP endpoint needs from the tool side: the enabled tools, a lookup that can tell
// "disabled" from "unknown", and the call itself. ModuleTools backs it with the module host;
// tests and the fuzzer use small fakes.
#pragma once

#include "api/call_options.hpp"
#include "api/tool_outcome.hpp"
#include "modules/tool_description.hpp"

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

class ToolProvider {
public:
    virtual ~ToolProvider() = default;
    // Tools of enabled modules, sorted by name.
    virtual std::vector<const modules::ToolDescription*> enabled_tools() const = 0;
    virtual ToolLookup lookup(std::string_view name) const = 0;
    // Validates arguments against the input schema, calls, and bounds and checks the result.
    // options carry the call's cancellation flag and where its progress reports go.
    virtual modules::ToolOutcome call(std::string_view name, std::string_view arguments_json,
                                      const modules::CallOptions& options) const = 0;
};

} // namespace uap::mcp

// The two discovery tools that keep tools/list small whatever is installed: uap_tool_search finds
// the tools of packs that are not listed (their full input schemas and traits), and uap_tool_call
// names one with its arguments, which the endpoint then calls exactly as a direct tools/call.
#pragma once

#include "api/tool_forwarding.hpp"
#include "mcp/tool_provider.hpp"
#include "support/expected.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace uap::mcp {

using api::search_tool_name;
inline constexpr std::string_view call_tool_name = api::forwarding_tool_name;
// The largest "arguments" object uap_tool_call forwards, as JSON text.
inline constexpr size_t max_forwarded_argument_bytes = 1024 * 1024;
inline constexpr size_t max_query_bytes = 500;

// The descriptions tools/list carries for the two tools. uap_tool_call claims every trait a target
// may have (not read-only, destructive, not undoable): a client that reads only annotations must
// not auto-approve it; the permission broker judges each call by its target's own traits.
const modules::ToolDescription& search_tool_description();
const modules::ToolDescription& call_tool_description();

// The tools tools/list carries: the listed entries, then the discovery tools when offered.
std::vector<const modules::ToolDescription*> listed_tools(const std::vector<CatalogueEntry>& catalogue, Discovery discovery);

// Runs uap_tool_search: Success with the matches (or the areas when nothing matched or nothing was
// asked), InvalidArguments with what was wrong and how to ask instead.
modules::ToolOutcome search_tools(std::string_view arguments_json, const std::vector<CatalogueEntry>& catalogue);

struct ForwardedCall {
    std::string tool;
    std::string arguments_json;
};

// The target of a uap_tool_call and its arguments; an Error (the refusal the model reads) for a
// missing or wrong-typed tool name, a call of a discovery tool through uap_tool_call, arguments
// that are not an object or are larger than max_forwarded_argument_bytes, or unknown members.
Expected<ForwardedCall> forwarded_call(const rapidjson::Value& arguments);

// What a refused target's message adds for a call through uap_tool_call: where its name comes from.
std::string unknown_target_advice();

} // namespace uap::mcp

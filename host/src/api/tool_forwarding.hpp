// The names of the discovery tools, shared by the MCP endpoint (which serves them) and the agent's
// permission broker (which judges a forwarded call by the tool it forwards to).
#pragma once

#include <string_view>

namespace uap::api {

inline constexpr std::string_view search_tool_name = "uap_tool_search";
// Takes {"tool": name, "arguments": {...}} and runs that tool exactly as a direct call.
inline constexpr std::string_view forwarding_tool_name = "uap_tool_call";

} // namespace uap::api

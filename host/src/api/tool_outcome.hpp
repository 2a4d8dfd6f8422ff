// How one tool call ended, as the module host reports it to whoever called (MCP, batch, tests).
#pragma once

#include <string>

namespace uap::modules {

enum class CallStatus { Success, ToolError, InvalidArguments, UnknownTool, TooLarge, Cancelled, Unavailable, InternalError };
std::string to_string(CallStatus status);

// Success: text is the result object as JSON. Otherwise: text is a message the model can act on.
struct ToolOutcome {
    CallStatus status;
    std::string text;
};

} // namespace uap::modules

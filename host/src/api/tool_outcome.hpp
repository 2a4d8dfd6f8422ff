// How one tool call ended, as the module host reports it to whoever called (MCP, batch, tests).
#pragma once

#include <string>

namespace uap::modules {

// Crashed: the pack's module runner died (or was stopped at the deadline) during the call.
// NeedsChoice: the tool cannot go on until the user picks one of several choices; nothing was changed.
enum class CallStatus { Success, ToolError, InvalidArguments, UnknownTool, TooLarge, Cancelled, Unavailable, InternalError, Crashed, NeedsChoice };
std::string to_string(CallStatus status);

// Success: text is the result object as JSON. Otherwise: text is a message the model can act on;
// for NeedsChoice it is the refusal that lists the choices and names the argument (what every
// caller that cannot ask the user passes on), and choice_json the tool's whole question:
// {"question","argument","choices":[{"value","label"}],"refusal"}.
struct ToolOutcome {
    CallStatus status;
    std::string text;
    std::string choice_json;
};

} // namespace uap::modules

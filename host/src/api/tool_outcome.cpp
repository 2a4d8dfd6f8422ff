// How a tool call ended, in words for logs and job reports.
#include "api/tool_outcome.hpp"

namespace uap::modules {

std::string to_string(CallStatus status) {
    switch (status) {
    case CallStatus::Success: return "success";
    case CallStatus::ToolError: return "tool error";
    case CallStatus::InvalidArguments: return "invalid arguments";
    case CallStatus::UnknownTool: return "unknown tool";
    case CallStatus::TooLarge: return "result too large";
    case CallStatus::Cancelled: return "cancelled";
    case CallStatus::Unavailable: return "unavailable";
    case CallStatus::InternalError: return "internal error";
    case CallStatus::Crashed: return "crashed";
    case CallStatus::NeedsChoice: return "needs a choice";
    }
    return "unknown";
}

} // namespace uap::modules

// A tool's progress, mirrored onto the panels' card of the call: the managed Claude Code CLI names
// its tool_use in each tools/call's _meta, and shows no progress notifications itself.
#pragma once

#include "api/call_options.hpp"
#include "api/event_sink.hpp"

#include <rapidjson/document.h>

#include <optional>
#include <string>

namespace uap::mcp {

// params._meta["claudecode/toolUseId"] when it is a plausible tool_use id (1 to 128 letters, digits,
// '_' or '-'); anything else is ignored, so a client cannot put arbitrary text into a panel event.
std::optional<std::string> tool_use_id_of(const rapidjson::Value& params);

// A progress callback that publishes tool_progress events for that tool_use: the first report at
// once, then at most one every 200 ms (a tool may report thousands); a report inside that interval
// is dropped, and the card shows the next one.
modules::ProgressCallback mirrored_progress(api::EventSink& events, std::string tool_use_id);

} // namespace uap::mcp

// Other parts of the host adding to what the agent session does without the session knowing them:
// extra CLI arguments asked at every spawn, context ahead of each message, and extra fields of the
// panel's status event.
#pragma once

#include <rapidjson/document.h>

#include <functional>
#include <string>
#include <vector>

namespace uap::agent {

// Arguments appended to the CLI's command line at every spawn (e.g. --plugin-dir PATH). Called under
// the session lock: never call back into the session.
using ArgumentSource = std::function<std::vector<std::string>()>;

// What a status source may look at: the running CLI's newest system/init (null before its first
// turn: the CLI sends init per turn, not at startup) and whether the CLI was located (NotLookedFor
// while the session has not been started, e.g. a host run without the agent).
enum class CliLocated { NotLookedFor, Yes, No };
struct StatusContext {
    const rapidjson::Value* last_init = nullptr;
    CliLocated cli = CliLocated::NotLookedFor;
};

// Text that goes ahead of the user's next message, e.g. what happened in the editor since the
// previous one; empty when there is nothing to say. Asked once per message, when it is first written
// to the CLI. Called under the session lock: never call back into the session.
using TurnContextSource = std::function<std::string()>;

// Adds fields to the status object. Called under the session lock: never call back into the session.
using StatusSource = std::function<void(const StatusContext& context, rapidjson::Value& status, rapidjson::Document::AllocatorType& allocator)>;

} // namespace uap::agent

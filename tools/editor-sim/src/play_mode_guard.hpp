// The play-mode guard of the simulator's scene writes: in play mode Unity restores the scene when
// play mode ends, so a write is refused unless the caller asked for a change that will not last.
#pragma once

#include "world.hpp"

#include <optional>
#include <string_view>

namespace uap::editor_sim {

// Whether the write may go ahead after the guard: refused (with the reply), or performed and lost at exit.
enum class PlayModeWriteOutcome { Persistent, RevertsOnExit };

struct PlayModeGuard {
    std::optional<Reply> refusal;
    PlayModeWriteOutcome outcome = PlayModeWriteOutcome::Persistent;
};

// Checks one request before it runs; params are the request's (already schema-checked) params.
PlayModeGuard guard_play_mode_write(const Simulation& simulation, std::string_view method, const rapidjson::Value& params);

// Adds "willRevertOnExitPlayMode": true to a successful result object.
Reply mark_reverting_on_exit(Reply reply);

} // namespace uap::editor_sim

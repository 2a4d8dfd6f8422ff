// What the agent tells the editor side about its turns, without knowing the editor: a turn's
// writes become one Undo step and asset imports wait for its end. The composition root implements it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace uap::api {

// How a turn ended. Every kind releases what the turn's start took.
enum class TurnEnd { Result, Interrupted, CliExited, Abandoned };

// A change made in the turn that the editor's Undo cannot take back, as the panel lists it.
struct UnrevertibleChange {
    std::string tool_use_id;
    std::string tool;   // The CLI's tool name (Write, Bash, mcp__uap__uap_asset_create, ...).
    std::string reason; // Why Undo does not cover it.
};

class TurnObserver {
public:
    virtual ~TurnObserver() = default;
    // Called in order, under the agent's lock: implementations must not block or call back.
    virtual void turn_started(uint64_t turn_id) = 0;
    virtual void turn_ended(uint64_t turn_id, TurnEnd how) = 0;
    // Reverts the turn's Undo step while it is the newest; the outcome is published as a
    // turn_reverted event, with unrevertible listed first.
    virtual void revert_turn(uint64_t turn_id, std::vector<UnrevertibleChange> unrevertible) = 0;
};

} // namespace uap::api

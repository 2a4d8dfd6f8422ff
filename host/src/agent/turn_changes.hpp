// Which tool calls of a turn leave changes that the editor's Undo cannot take back, and why: the
// list a turn revert shows before it reverts.
#pragma once

#include "agent/permission_broker.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace uap::agent {

// A call whose change Unity's Undo cannot take back, and why (shown in the revert's warning list).
struct UndoEscape {
    std::string reason;
};

// How a call of this tool escapes Undo; nullopt for calls Undo covers or that change nothing.
std::optional<UndoEscape> unrevertible_reason(std::string_view tool, const MetadataLookup& metadata);

// True for a call of our tools that changes the editor under Undo: what a turn revert takes back.
bool undoable_change(std::string_view tool, const MetadataLookup& metadata);

} // namespace uap::agent

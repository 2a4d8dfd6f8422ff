// Other processes seen from outside: whether a pid is still running (zombies count as gone),
// when it started (to tell a reused pid apart), and ending one left behind by an earlier run.
#pragma once

#include "support/platform/platform.hpp"

#include <cstdint>
#include <optional>

namespace uap::processes {

using platform::ProcessState;

// This process's id.
inline int64_t current_id() { return platform::current_process_id(); }

// Unknown for pid <= 0; Alive also when the process exists but belongs to another user.
inline ProcessState probe(int64_t pid) { return platform::probe_process(pid); }

// Probe says the process may still be there (Alive, or Unknown for a valid pid).
inline bool may_be_running(int64_t pid) { return pid > 0 && probe(pid) != ProcessState::Gone; }

// An opaque start time (comparable only with another from this function), when it can be read.
inline std::optional<uint64_t> start_time(int64_t pid) { return platform::process_start_time(pid); }

// Ends the process and (POSIX) the process group it leads.
inline void kill_tree(int64_t pid) { platform::kill_process_tree(pid); }

} // namespace uap::processes

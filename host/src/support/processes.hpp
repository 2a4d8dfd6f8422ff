// Other processes seen from outside: whether a pid is still running (zombies count as gone) and
// when it started (to tell a reused pid apart).
#pragma once

#include <cstdint>
#include <optional>

namespace uap::processes {

enum class ProcessState { Alive, Gone, Unknown };

// Unknown for pid <= 0; Alive also when the process exists but belongs to another user.
ProcessState probe(int64_t pid);

// Probe says the process may still be there (Alive, or Unknown for a valid pid).
bool may_be_running(int64_t pid);

// The process's start time in clock ticks since boot (Linux /proc), when it can be read.
std::optional<uint64_t> start_time(int64_t pid);

} // namespace uap::processes

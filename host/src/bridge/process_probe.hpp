// Whether a process id still names a live process (zombies count as gone).
#pragma once

#include <cstdint>

namespace uap::bridge {

enum class ProcessState { Alive, Gone, Unknown };

ProcessState probe_process(int64_t pid);

} // namespace uap::bridge

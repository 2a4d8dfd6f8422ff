// The manual clock under the name tests use, and a helper that moves it until a call answers.
#pragma once

#include "support/manual_clock.hpp"

#include <future>

namespace uap::testing {

using uap::ManualClock;

// Moves clock by step until call answers. A move made before the call began to wait only shifts its
// deadline, so moves go on until one crosses it, whatever order the threads ran in.
template <typename Answer>
Answer advance_until_answered(ManualClock& clock, std::future<Answer>& call, std::chrono::milliseconds step) {
    for (int moves = 0; moves < 50 && call.wait_for(std::chrono::milliseconds(200)) != std::future_status::ready; ++moves)
        clock.advance(step);
    return call.get();
}

} // namespace uap::testing

// Waiting between two polls of a long editor operation (a bake, a test run) without missing the
// call's cancellation: the wait is cut into short steps that each look at it.
#pragma once

#include <uap/sdk/tool.hpp>

#include <chrono>

namespace uap::core {

// Sleeps interval in steps of at most 20 ms; true when the call was cancelled meanwhile.
bool wait_or_cancelled(const sdk::CallContext& context, std::chrono::milliseconds interval);

} // namespace uap::core

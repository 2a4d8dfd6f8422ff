// What the editor's main-thread report means for liveness: responsive, busy, or throttled (alive but
// ticking slowly, as a background editor or one under macOS App Nap does), with the measured tick gap
// and how long requests waited there for the main thread.
#pragma once

#include "support/json_writer.hpp"

#include <rapidjson/document.h>

#include <chrono>
#include <cstdint>
#include <string_view>

namespace uap::bridge {

enum class MainThreadLiveness { Unknown, Responsive, Busy, Throttled };

struct LivenessReading {
    MainThreadLiveness state = MainThreadLiveness::Unknown;
    int64_t tick_gap_ms = -1; // -1: the editor does not measure it (an older package).
    // The longest wait from a request's arrival in the editor to the start of its run, lately; -1: not
    // measured (the simulator, an older package).
    int64_t queue_wait_ms = -1;
};

// main_thread is the editor's "mainThread" object (ping or request.status); a tick gap at or above
// throttled_gap on a main thread that is not busy is throttled.
LivenessReading read_liveness(const rapidjson::Value& main_thread, std::chrono::milliseconds throttled_gap);

std::string_view liveness_name(MainThreadLiveness state);

// Writes {"state": ..., "tickGapMs": ..., "queueWaitMs": ...} (each figure only when measured).
void write_liveness(json::TextWriter& writer, const LivenessReading& reading);

} // namespace uap::bridge

// How much of an isolated pack's output (what its module prints, and its log calls) reaches the
// host's log: token buckets in lines and in bytes per pack, and notices that say what was dropped.
#pragma once

#include "support/clock.hpp"

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>

namespace uap::runner {

// Fixed limits (docs/capacity-and-limits.md): bursts cover a stack trace or a chatty start, the
// sustained rates any honest debugging output, and a flood costs the log at most these.
struct OutputLimits {
    uint64_t burst_lines = 1000;
    uint64_t lines_per_second = 50;
    uint64_t burst_bytes = 256 * 1024;
    uint64_t bytes_per_second = 16 * 1024;
    // While lines are being dropped, a summary at most this often.
    uint64_t summary_interval_ms = 10'000;
    // Dropping ends (with a summary) at the first line after this long without a dropped one.
    uint64_t quiet_ms = 1'000;
};

enum class Admission { Log, Drop };

struct OutputDecision {
    Admission admission = Admission::Log;
    // A line to log first (before this one, when it is logged): that dropping has begun, or how
    // much was dropped since the last such notice (after a quiet second, every summary interval
    // while it goes on, and when the runner ends).
    std::optional<std::string> notice;
};

// Shared by every runner of one pack, so restarting the runner does not refill it. Thread-safe.
class OutputBudget {
public:
    explicit OutputBudget(OutputLimits limits = {}, const Clock& clock = SteadyClock::instance());

    // Takes a line of `bytes` from the budget, or counts it as dropped.
    OutputDecision admit(std::size_t bytes);
    // At the end of a runner's output: what was dropped and not yet reported.
    std::optional<std::string> finish();

private:
    void refill(uint64_t now);
    std::string summary(uint64_t now);

    OutputLimits m_limits;
    const Clock& m_clock;
    std::mutex m_mutex;
    double m_lines;
    double m_bytes;
    uint64_t m_refilled_at;
    bool m_dropping = false;
    uint64_t m_dropping_since = 0; // When the lines counted below began to be dropped.
    uint64_t m_dropped_lines = 0;
    uint64_t m_dropped_bytes = 0;
    uint64_t m_last_drop = 0;
};

} // namespace uap::runner

// The simulated main thread's tick gaps, measured as the Unity package measures them (TickGaps.cs):
// idle time from one tick's end to the next one's start, the longest of the current and previous window.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>

namespace uap::editor_sim {

class TickGaps {
public:
    using Clock = std::chrono::steady_clock;
    static constexpr std::chrono::milliseconds window{5000};

    void begin(Clock::time_point now) {
        if (m_ticks > 0) {
            roll(now);
            m_current_max = std::max(m_current_max, now - m_last_end);
        } else {
            m_window_start = now;
        }
        ++m_ticks;
        m_in_tick = true;
    }

    void end(Clock::time_point now) {
        m_last_end = now;
        m_in_tick = false;
    }

    bool measured() const { return m_ticks > 0; }
    Clock::time_point last_end() const { return m_last_end; }

    std::chrono::milliseconds since_tick(Clock::time_point now) const {
        return m_in_tick ? std::chrono::milliseconds(0) : std::chrono::duration_cast<std::chrono::milliseconds>(now - m_last_end);
    }

    std::chrono::milliseconds tick_gap(Clock::time_point now) const {
        auto longest = std::chrono::duration_cast<std::chrono::milliseconds>(std::max(m_current_max, m_previous_max));
        return std::max(longest, since_tick(now));
    }

private:
    void roll(Clock::time_point now) {
        auto windows = (now - m_window_start) / window;
        if (windows == 0)
            return;
        m_previous_max = windows == 1 ? m_current_max : Clock::duration::zero();
        m_current_max = Clock::duration::zero();
        m_window_start += windows * window;
    }

    int64_t m_ticks = 0;
    bool m_in_tick = false;
    Clock::time_point m_last_end;
    Clock::time_point m_window_start;
    Clock::duration m_current_max{};
    Clock::duration m_previous_max{};
};

} // namespace uap::editor_sim

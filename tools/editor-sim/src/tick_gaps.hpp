// The simulated main thread's tick gaps, measured as the Unity package measures them (TickGaps.cs):
// idle time from one tick's end to the next one's start, the longest of the current and previous window.
// Every time is a reading of the runtime's uap::Clock, in milliseconds.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>

namespace uap::editor_sim {

class TickGaps {
public:
    using TimePoint = std::chrono::milliseconds;
    static constexpr std::chrono::milliseconds window{5000};

    void begin(TimePoint now) {
        if (m_ticks > 0) {
            roll(now);
            m_current_max = std::max(m_current_max, now - m_last_end);
        } else {
            m_window_start = now;
        }
        ++m_ticks;
        m_in_tick = true;
    }

    void end(TimePoint now) {
        m_last_end = now;
        m_in_tick = false;
    }

    bool measured() const { return m_ticks > 0; }
    bool in_tick() const { return m_in_tick; }
    TimePoint last_end() const { return m_last_end; }

    std::chrono::milliseconds since_tick(TimePoint now) const { return m_in_tick ? std::chrono::milliseconds(0) : now - m_last_end; }

    std::chrono::milliseconds tick_gap(TimePoint now) const {
        auto longest = std::max(m_current_max, m_previous_max);
        return std::max(longest, since_tick(now));
    }

private:
    void roll(TimePoint now) {
        auto windows = (now - m_window_start) / window;
        if (windows == 0)
            return;
        m_previous_max = windows == 1 ? m_current_max : std::chrono::milliseconds::zero();
        m_current_max = std::chrono::milliseconds::zero();
        m_window_start += windows * window;
    }

    int64_t m_ticks = 0;
    bool m_in_tick = false;
    TimePoint m_last_end{};
    TimePoint m_window_start{};
    std::chrono::milliseconds m_current_max{};
    std::chrono::milliseconds m_previous_max{};
};

} // namespace uap::editor_sim

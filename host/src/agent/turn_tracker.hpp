// The turn state machine. Each user message the host sends becomes one turn (the CLI runs
// messages sent mid-turn as the following turns, each with its own result). After an interrupt the
// current turn is fenced: its late stream events are dropped until its result arrives.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>

namespace uap::agent {

enum class TurnPhase { Idle, Running, Interrupting };

class TurnTracker {
public:
    using Clock = std::chrono::steady_clock;

    // A user message went to the CLI. Returns the id of the turn it starts, or nullopt when it was
    // queued behind the running turn.
    std::optional<uint64_t> message_sent(Clock::time_point now);
    // A result arrived: the current turn ended. Returns the ended turn id (0 when none was
    // running), and starts the next queued turn, if any.
    uint64_t result_received(Clock::time_point now);
    // The CLI began a turn nobody sent a message for (it answers the notification of a background
    // task it started, such as a subagent). Starts that turn and returns its id; only while Idle.
    uint64_t turn_started_by_cli(Clock::time_point now);
    void interrupt_requested();
    // The process died or a new session began: nothing is running any more.
    void reset();
    void activity(Clock::time_point now) { m_last_activity = now; }

    TurnPhase phase() const { return m_phase; }
    uint64_t current_turn() const { return m_phase == TurnPhase::Idle ? 0 : m_turn; }
    uint64_t last_turn() const { return m_turn; }
    size_t queued() const { return m_outstanding > 0 ? m_outstanding - 1 : 0; }
    bool accepts_stream_events() const { return m_phase == TurnPhase::Running; }
    // True when a turn is running but nothing arrived for longer than limit.
    bool silent_for(Clock::time_point now, std::chrono::milliseconds limit) const;

private:
    TurnPhase m_phase = TurnPhase::Idle;
    uint64_t m_turn = 0;
    size_t m_outstanding = 0; // Messages sent whose result has not arrived.
    Clock::time_point m_last_activity{};
};

} // namespace uap::agent

// TurnTracker transitions.
#include "agent/turn_tracker.hpp"

namespace uap::agent {

std::optional<uint64_t> TurnTracker::message_sent(Clock::time_point now) {
    ++m_outstanding;
    m_last_activity = now;
    if (m_phase != TurnPhase::Idle)
        return std::nullopt;
    m_phase = TurnPhase::Running;
    return ++m_turn;
}

uint64_t TurnTracker::turn_started_by_cli(Clock::time_point now) {
    m_outstanding = 1;
    m_last_activity = now;
    m_phase = TurnPhase::Running;
    return ++m_turn;
}

uint64_t TurnTracker::result_received(Clock::time_point now) {
    if (m_phase == TurnPhase::Idle)
        return 0;
    uint64_t ended = m_turn;
    m_last_activity = now;
    if (m_outstanding > 0)
        --m_outstanding;
    if (m_outstanding > 0) {
        m_phase = TurnPhase::Running;
        ++m_turn;
    } else {
        m_phase = TurnPhase::Idle;
    }
    return ended;
}

void TurnTracker::interrupt_requested() {
    if (m_phase == TurnPhase::Running)
        m_phase = TurnPhase::Interrupting;
}

void TurnTracker::reset() {
    m_phase = TurnPhase::Idle;
    m_outstanding = 0;
}

bool TurnTracker::silent_for(Clock::time_point now, std::chrono::milliseconds limit) const {
    return m_phase != TurnPhase::Idle && now - m_last_activity > limit;
}

} // namespace uap::agent

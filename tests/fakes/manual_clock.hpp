// A clock that moves only when a test moves it: what expires, times out or pings in the code under
// test happens at the advance that crosses its deadline, not after a sleep.
#pragma once

#include "support/clock.hpp"

#include <algorithm>
#include <atomic>
#include <future>
#include <vector>

namespace uap::testing {

class ManualClock final : public Clock {
public:
    explicit ManualClock(uint64_t start_ms = 1000) : m_now(start_ms) {}

    uint64_t now_ms() const override { return m_now.load(); }

    // Wakes every waiter at once, so each reads the new time before the test goes on.
    void advance(std::chrono::milliseconds by) {
        m_now.fetch_add(static_cast<uint64_t>(by.count()));
        std::lock_guard guard(m_waiters_mutex);
        for (std::condition_variable* waiter : m_waiters)
            waiter->notify_all();
    }

    // Returns when notified, when an advance passes the deadline, or after a millisecond of real time:
    // an advance that lands between the caller's last look at the time and this wait is never lost.
    void wait_until(std::condition_variable& condition, std::unique_lock<std::mutex>& lock, std::chrono::milliseconds deadline) const override {
        if (now() >= deadline)
            return;
        {
            std::lock_guard guard(m_waiters_mutex);
            m_waiters.push_back(&condition);
        }
        condition.wait_for(lock, std::chrono::milliseconds(1));
        std::lock_guard guard(m_waiters_mutex);
        m_waiters.erase(std::find(m_waiters.begin(), m_waiters.end(), &condition));
    }

private:
    std::atomic<uint64_t> m_now;
    mutable std::mutex m_waiters_mutex;
    mutable std::vector<std::condition_variable*> m_waiters;
};

// Moves clock by step until call answers. A move made before the call began to wait only shifts its
// deadline, so moves go on until one crosses it, whatever order the threads ran in.
template <typename Answer>
Answer advance_until_answered(ManualClock& clock, std::future<Answer>& call, std::chrono::milliseconds step) {
    for (int moves = 0; moves < 50 && call.wait_for(std::chrono::milliseconds(200)) != std::future_status::ready; ++moves)
        clock.advance(step);
    return call.get();
}

} // namespace uap::testing

// A clock that moves only when it is told to: what expires, times out or ticks on it happens at the
// advance that crosses its deadline, not after a sleep. Tests and the editor simulator's stepped mode use it.
#pragma once

#include "support/clock.hpp"
#include "support/mutex.hpp"

#include <algorithm>
#include <atomic>
#include <vector>

namespace uap {

class ManualClock final : public Clock {
public:
    explicit ManualClock(uint64_t start_ms = 1000) : m_now(start_ms) {}

    uint64_t now_ms() const override { return m_now.load(); }

    // Wakes every waiter at once, so each reads the new time before the test goes on.
    void advance(std::chrono::milliseconds by) {
        m_now.fetch_add(static_cast<uint64_t>(by.count()));
        MutexLock guard(m_waiters_mutex);
        for (std::condition_variable* waiter : m_waiters)
            waiter->notify_all();
    }

    // Returns when notified, when an advance passes the deadline, or after a millisecond of real time:
    // an advance that lands between the caller's last look at the time and this wait is never lost.
    void wait_until(std::condition_variable& condition, std::unique_lock<std::mutex>& lock,
                    std::chrono::milliseconds deadline) const override {
        if (now() >= deadline)
            return;
        {
            MutexLock guard(m_waiters_mutex);
            m_waiters.push_back(&condition);
        }
        condition.wait_for(lock, std::chrono::milliseconds(1));
        MutexLock guard(m_waiters_mutex);
        m_waiters.erase(std::find(m_waiters.begin(), m_waiters.end(), &condition));
    }

private:
    std::atomic<uint64_t> m_now;
    mutable Mutex m_waiters_mutex;
    mutable std::vector<std::condition_variable*> m_waiters UAP_GUARDED_BY(m_waiters_mutex);
};

} // namespace uap

// The host's monotonic clock behind an interface, so time-to-live, expiry and bounded waits can be
// tested by moving a manual clock (support/manual_clock.hpp) instead of sleeping.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>

namespace uap {

class Clock {
public:
    virtual ~Clock() = default;
    // Milliseconds since an arbitrary fixed point; never goes back.
    virtual uint64_t now_ms() const = 0;
    // Sleeps on condition, which releases lock meanwhile, until it is notified or this clock reads
    // deadline (a reading of now()). It may also return early, so callers wait in a loop that reads
    // their state again.
    virtual void wait_until(std::condition_variable& condition, std::unique_lock<std::mutex>& lock,
                            std::chrono::milliseconds deadline) const = 0;

    std::chrono::milliseconds now() const { return std::chrono::milliseconds(now_ms()); }
};

class SteadyClock final : public Clock {
public:
    uint64_t now_ms() const override {
        return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                         std::chrono::steady_clock::now() - m_origin)
                                         .count());
    }

    void wait_until(std::condition_variable& condition, std::unique_lock<std::mutex>& lock,
                    std::chrono::milliseconds deadline) const override {
        condition.wait_until(lock, m_origin + deadline);
    }

    // The one steady clock the host uses unless a test gives it another.
    static const SteadyClock& instance() {
        static const SteadyClock clock;
        return clock;
    }

private:
    std::chrono::steady_clock::time_point m_origin = std::chrono::steady_clock::now();
};

} // namespace uap

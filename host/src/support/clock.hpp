// The host's monotonic clock behind an interface, so time-to-live and expiry can be tested by
// moving a manual clock instead of sleeping.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

namespace uap {

class Clock {
public:
    virtual ~Clock() = default;
    // Milliseconds since an arbitrary fixed point; never goes back.
    virtual uint64_t now_ms() const = 0;
};

class SteadyClock final : public Clock {
public:
    uint64_t now_ms() const override {
        return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                         std::chrono::steady_clock::now() - m_origin)
                                         .count());
    }

    // The one steady clock the host uses unless a test gives it another.
    static const SteadyClock& instance() {
        static const SteadyClock clock;
        return clock;
    }

private:
    std::chrono::steady_clock::time_point m_origin = std::chrono::steady_clock::now();
};

// A clock that moves only when told to. Thread-safe.
class ManualClock final : public Clock {
public:
    explicit ManualClock(uint64_t start_ms = 1000) : m_now(start_ms) {}
    uint64_t now_ms() const override { return m_now.load(); }
    void advance(std::chrono::milliseconds by) { m_now.fetch_add(static_cast<uint64_t>(by.count())); }

private:
    std::atomic<uint64_t> m_now;
};

} // namespace uap

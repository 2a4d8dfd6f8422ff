// Shared memory that a module runner writes call results into, so that a result wakes the caller
// that waits for it directly instead of passing through the host's reading thread: one hand-off
// between threads per call instead of two. Callers sleep on one futex word shared by all slots,
// each on its slot's bit, so the runner wakes every caller of a burst of results in one system call
// (and is interrupted once by them, not once per result). Linux only; elsewhere create() fails and
// every result travels on the pipe, as results too large for a slot always do.
#pragma once

#include "support/expected.hpp"
#include "support/platform/platform.hpp"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace uap::runner {

// When publish() wakes the result's caller.
enum class WakeCaller { Now, WithTheBurst };

// A result as the host read it back from a slot: copied out of the shared memory, then checked.
struct SlotResult {
    int32_t status = 0;
    bool overflowed = false;
    uint64_t offered = 0;
    std::string text;
};

class ResultSlots {
public:
    static constexpr uint32_t default_count = 64;
    // Results up to a page: beyond that, measured at 7 and 10 KB with sixteen callers, a burst of
    // callers woken together to check large results took the cores from the runner, and results
    // handed out one by one by the host's reading thread did as well or better.
    static constexpr uint64_t default_capacity = 4 * 1024;

    // The host's side: an anonymous region sealed against shrinking (a runner that truncated it
    // would make the host's next read of a slot fault), and its descriptor for the runner to inherit.
    static Expected<std::unique_ptr<ResultSlots>> create(uint32_t count, uint64_t capacity);
    // The runner's side: maps the region behind the inherited descriptor, then closes it.
    static Expected<std::unique_ptr<ResultSlots>> adopt(platform::NativeHandle descriptor, uint32_t count, uint64_t capacity);
    ~ResultSlots(); // Unmaps, and closes the descriptor if it is still open.
    ResultSlots(const ResultSlots&) = delete;
    ResultSlots& operator=(const ResultSlots&) = delete;

    uint32_t count() const { return m_count; }
    uint64_t capacity() const { return m_capacity; }
    // The host's descriptor of the region, to hand to the runner; closed once the runner has it.
    platform::NativeHandle descriptor() const { return m_region.handle; }
    void close_descriptor() { platform::close_handle(m_region.handle); }

    // ---- The host's side

    // A free slot, cleared for call (ids are positive); none when every slot is in use.
    std::optional<uint32_t> reserve(int64_t call);
    void release(uint32_t slot);
    // The wake-up count: read it before checking a slot for a result, then pass it to wait().
    uint32_t wake_count() const;
    // Sleeps until the slot is woken after wake_count() returned seen, or until the time given
    // (it may also return early, when a slot that shares its bit is woken).
    void wait(uint32_t slot, uint32_t seen, std::chrono::steady_clock::time_point until) const;
    // Wakes the caller waiting on the slot (something other than its result happened to its call).
    void wake(uint32_t slot) { wake_bits(bit(slot)); }
    // The result the runner stored in the slot for call: none while there is none yet; an Error
    // when what is there is not a result (a runner that writes anything it likes into the slots).
    Expected<std::optional<SlotResult>> take(uint32_t slot, int64_t call) const;

    // ---- The runner's side

    // Stores a result and wakes its caller now or with wake_burst(); false, touching nothing, when
    // the text does not fit.
    bool publish(uint32_t slot, int64_t call, int32_t status, bool overflowed, uint64_t offered, std::string_view text,
                 WakeCaller when);
    // Wakes the callers of every result published WithTheBurst since the last time.
    void wake_burst();

private:
    struct Header;
    ResultSlots(platform::SharedRegion region, uint32_t count, uint64_t capacity);
    Header& header(uint32_t slot) const;
    char* text(uint32_t slot) const;
    uint32_t& wakes() const; // The futex word, before the first slot.
    static uint32_t bit(uint32_t slot) { return 1u << (slot % 32); }
    void wake_bits(uint32_t bits);

    platform::SharedRegion m_region;
    uint32_t m_count;
    uint64_t m_capacity;
    std::mutex m_mutex; // Guards the free list (the host's side only).
    std::vector<uint32_t> m_free;
    std::atomic<uint32_t> m_burst{0}; // The bits of results published WithTheBurst, not yet woken.
};

} // namespace uap::runner

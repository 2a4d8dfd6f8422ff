// Result slots: a shared region mapped by the host and its runner: a futex word on a cache line
// of its own, then one header and one text area per slot.
#include "runner/result_slots.hpp"

#include "runner/runner_frames.hpp"

#include <cstring>

namespace uap::runner {

// One slot's header, written by the runner and read by the host. `call` is stored last, with
// release order, so a host that reads its own call id there reads a complete result.
struct ResultSlots::Header {
    uint32_t unused_word = 0;
    uint32_t overflowed = 0;
    int64_t call = 0; // The call whose result the slot holds; 0 for none.
    int32_t status = 0;
    uint32_t unused = 0;
    uint64_t offered = 0;
    uint64_t length = 0;
    char padding[24] = {};
};

namespace {

constexpr uint32_t max_slots = 1024;
constexpr uint64_t max_capacity = 1024 * 1024;
constexpr uint64_t line = 64;

uint64_t text_area(uint64_t capacity) { return (capacity + line - 1) / line * line; }
uint64_t region_bytes(uint32_t count, uint64_t capacity) { return line + count * (line + text_area(capacity)); }

Expected<void> check_shape(uint32_t count, uint64_t capacity) {
    if (count == 0 || count > max_slots || capacity == 0 || capacity > max_capacity)
        return Error("result slots must number 1 to " + std::to_string(max_slots) + " and hold at most " +
                     std::to_string(max_capacity) + " bytes each");
    return {};
}

} // namespace

Expected<std::unique_ptr<ResultSlots>> ResultSlots::create(uint32_t count, uint64_t capacity) {
    if (auto shape = check_shape(count, capacity); !shape)
        return shape.error();
    auto region = platform::create_shared_region("uap-result-slots", region_bytes(count, capacity));
    if (!region)
        return region.error();
    return std::unique_ptr<ResultSlots>(new ResultSlots(*region, count, capacity));
}

Expected<std::unique_ptr<ResultSlots>> ResultSlots::adopt(platform::NativeHandle descriptor, uint32_t count, uint64_t capacity) {
    if (auto shape = check_shape(count, capacity); !shape) {
        platform::close_handle(descriptor);
        return shape.error();
    }
    auto region = platform::adopt_shared_region(descriptor, region_bytes(count, capacity));
    if (!region)
        return region.error().within("the host's result slots");
    return std::unique_ptr<ResultSlots>(new ResultSlots(*region, count, capacity));
}

ResultSlots::ResultSlots(platform::SharedRegion region, uint32_t count, uint64_t capacity)
    : m_region(region), m_count(count), m_capacity(capacity) {
    static_assert(sizeof(Header) == line, "a slot's header fills one cache line");
    for (uint32_t slot = count; slot > 0; --slot)
        m_free.push_back(slot - 1);
}

ResultSlots::~ResultSlots() { platform::release_shared_region(m_region); }

ResultSlots::Header& ResultSlots::header(uint32_t slot) const {
    return *reinterpret_cast<Header*>(static_cast<char*>(m_region.memory) + line + slot * (line + text_area(m_capacity)));
}

char* ResultSlots::text(uint32_t slot) const { return reinterpret_cast<char*>(&header(slot)) + line; }

uint32_t& ResultSlots::wakes() const { return *static_cast<uint32_t*>(m_region.memory); }

std::optional<uint32_t> ResultSlots::reserve(int64_t call) {
    std::lock_guard lock(m_mutex);
    if (m_free.empty() || call <= 0)
        return std::nullopt;
    uint32_t slot = m_free.back();
    m_free.pop_back();
    std::atomic_ref(header(slot).call).store(0, std::memory_order_relaxed);
    return slot;
}

void ResultSlots::release(uint32_t slot) {
    std::lock_guard lock(m_mutex);
    m_free.push_back(slot);
}

uint32_t ResultSlots::wake_count() const { return std::atomic_ref(wakes()).load(std::memory_order_acquire); }

void ResultSlots::wait(uint32_t slot, uint32_t seen, std::chrono::steady_clock::time_point until) const {
    platform::wait_on_shared_word(&wakes(), seen, bit(slot), until);
}

void ResultSlots::wake_bits(uint32_t bits) {
    std::atomic_ref(wakes()).fetch_add(1, std::memory_order_release);
    platform::wake_shared_word(&wakes(), bits);
}

Expected<std::optional<SlotResult>> ResultSlots::take(uint32_t slot, int64_t call) const {
    Header& stored = header(slot);
    // Each field is read once: the runner may be rewriting them while they are read.
    if (std::atomic_ref(stored.call).load(std::memory_order_acquire) != call)
        return std::optional<SlotResult>();
    uint64_t length = std::atomic_ref(stored.length).load(std::memory_order_relaxed);
    if (length > m_capacity)
        return Error("a result slot claimed " + std::to_string(length) + " bytes of text; a slot holds " + std::to_string(m_capacity));
    SlotResult result;
    result.status = std::atomic_ref(stored.status).load(std::memory_order_relaxed);
    result.overflowed = std::atomic_ref(stored.overflowed).load(std::memory_order_relaxed) != 0;
    result.offered = std::atomic_ref(stored.offered).load(std::memory_order_relaxed);
    result.text.assign(text(slot), length);
    if (!valid_utf8(result.text))
        return Error("a result slot held text that is not UTF-8");
    return std::optional<SlotResult>(std::move(result));
}

bool ResultSlots::publish(uint32_t slot, int64_t call, int32_t status, bool overflowed, uint64_t offered, std::string_view text_bytes,
                          WakeCaller when) {
    if (slot >= m_count || text_bytes.size() > m_capacity)
        return false;
    Header& stored = header(slot);
    std::memcpy(text(slot), text_bytes.data(), text_bytes.size());
    std::atomic_ref(stored.status).store(status, std::memory_order_relaxed);
    std::atomic_ref(stored.overflowed).store(overflowed ? 1u : 0u, std::memory_order_relaxed);
    std::atomic_ref(stored.offered).store(offered, std::memory_order_relaxed);
    std::atomic_ref(stored.length).store(text_bytes.size(), std::memory_order_relaxed);
    std::atomic_ref(stored.call).store(call, std::memory_order_release);
    if (when == WakeCaller::Now)
        wake(slot);
    else
        m_burst.fetch_or(bit(slot), std::memory_order_relaxed);
    return true;
}

void ResultSlots::wake_burst() {
    if (uint32_t bits = m_burst.exchange(0, std::memory_order_relaxed))
        wake_bits(bits);
}

} // namespace uap::runner

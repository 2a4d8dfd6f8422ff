// Result slots between the host and a runner: a result stored on the runner's side is read back
// whole on the host's; a burst wakes its callers once; and what a runner may scribble into the
// shared memory (lengths past the slot, text that is not UTF-8, a shrunken region) is refused.
// The runner's side is a second mapping of the same descriptor, as in a real runner.
#include "runner/result_slots.hpp"

#include <gtest/gtest.h>

#if defined(__linux__)
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <thread>

namespace {

using uap::runner::ResultSlots;
using uap::runner::WakeCaller;
using Clock = std::chrono::steady_clock;

constexpr uint32_t slot_count = 4;
constexpr uint64_t capacity = 64;

struct Pair {
    std::unique_ptr<ResultSlots> host;
    std::unique_ptr<ResultSlots> runner;
};

Pair host_and_runner() {
    auto host = ResultSlots::create(slot_count, capacity);
    EXPECT_TRUE(host) << host.error().message();
    auto runner = ResultSlots::adopt(::dup(static_cast<int>((*host)->descriptor())), slot_count, capacity);
    EXPECT_TRUE(runner) << runner.error().message();
    return {std::move(*host), std::move(*runner)};
}

TEST(ResultSlots, AResultStoredByTheRunnerIsReadBackWholeForItsCallOnly) {
    auto slots = host_and_runner();
    auto slot = slots.host->reserve(7);
    ASSERT_TRUE(slot);
    auto before = slots.host->take(*slot, 7);
    ASSERT_TRUE(before);
    EXPECT_FALSE(*before) << "a fresh slot holds no result";

    ASSERT_TRUE(slots.runner->publish(*slot, 7, 3, true, 1234, "h\xc3\xa9llo", WakeCaller::Now));
    auto other = slots.host->take(*slot, 8);
    ASSERT_TRUE(other);
    EXPECT_FALSE(*other) << "a result is read only for the call it names";
    auto taken = slots.host->take(*slot, 7);
    ASSERT_TRUE(taken) << taken.error().message();
    ASSERT_TRUE(*taken);
    EXPECT_EQ((*taken)->status, 3);
    EXPECT_TRUE((*taken)->overflowed);
    EXPECT_EQ((*taken)->offered, 1234u);
    EXPECT_EQ((*taken)->text, "h\xc3\xa9llo");

    // Reserved again, the slot is cleared: the old result is not read as the new call's.
    slots.host->release(*slot);
    auto again = slots.host->reserve(7);
    ASSERT_TRUE(again);
    auto stale = slots.host->take(*again, 7);
    ASSERT_TRUE(stale);
    EXPECT_FALSE(*stale);
}

TEST(ResultSlots, TextLargerThanASlotIsRefusedAndLeavesTheSlotAlone) {
    auto slots = host_and_runner();
    auto slot = slots.host->reserve(1);
    ASSERT_TRUE(slot);
    EXPECT_TRUE(slots.runner->publish(*slot, 1, 0, false, 0, std::string(capacity, 'x'), WakeCaller::Now));
    auto next = slots.host->reserve(2);
    ASSERT_TRUE(next);
    EXPECT_FALSE(slots.runner->publish(*next, 2, 0, false, 0, std::string(capacity + 1, 'x'), WakeCaller::Now));
    EXPECT_FALSE(slots.runner->publish(slot_count, 2, 0, false, 0, "x", WakeCaller::Now)) << "a slot past the last";
    auto taken = slots.host->take(*next, 2);
    ASSERT_TRUE(taken);
    EXPECT_FALSE(*taken);
}

TEST(ResultSlots, EverySlotCanBeInUseAndAFreedOneIsHandedOutAgain) {
    auto slots = host_and_runner();
    std::vector<uint32_t> taken;
    for (uint32_t call = 1; call <= slot_count; ++call) {
        auto slot = slots.host->reserve(call);
        ASSERT_TRUE(slot);
        taken.push_back(*slot);
    }
    EXPECT_FALSE(slots.host->reserve(99)) << "all slots are in use: the call's result must take the pipe";
    std::sort(taken.begin(), taken.end());
    EXPECT_EQ(std::unique(taken.begin(), taken.end()), taken.end()) << "a slot was handed out twice";
    slots.host->release(taken[2]);
    auto reused = slots.host->reserve(100);
    ASSERT_TRUE(reused);
    EXPECT_EQ(*reused, taken[2]);
}

TEST(ResultSlots, ABurstWakesItsCallersOnceAndOnlyWhenItEnds) {
    auto slots = host_and_runner();
    auto first = slots.host->reserve(1), second = slots.host->reserve(2);
    ASSERT_TRUE(first && second);
    uint32_t seen = slots.host->wake_count();
    ASSERT_TRUE(slots.runner->publish(*first, 1, 0, false, 0, "one", WakeCaller::WithTheBurst));
    ASSERT_TRUE(slots.runner->publish(*second, 2, 0, false, 0, "two", WakeCaller::WithTheBurst));
    EXPECT_EQ(slots.host->wake_count(), seen) << "nobody is woken before the burst ends";
    slots.runner->wake_burst();
    EXPECT_EQ(slots.host->wake_count(), seen + 1) << "the burst's callers are woken together";
    slots.runner->wake_burst();
    EXPECT_EQ(slots.host->wake_count(), seen + 1) << "an empty burst wakes nobody";
}

TEST(ResultSlots, AWaitingCallerWakesForItsResult) {
    auto slots = host_and_runner();
    auto slot = slots.host->reserve(5);
    ASSERT_TRUE(slot);
    uint32_t seen = slots.host->wake_count();
    std::thread runner([&] { EXPECT_TRUE(slots.runner->publish(*slot, 5, 0, false, 0, "done", WakeCaller::Now)); });
    // Whether the result was stored before or after this wait began, the wait ends for it (a missed
    // wake-up would sleep the full minute and fail the test by its timeout).
    auto until = Clock::now() + std::chrono::minutes(1);
    while (true) {
        auto taken = slots.host->take(*slot, 5);
        ASSERT_TRUE(taken);
        if (*taken) {
            EXPECT_EQ((*taken)->text, "done");
            break;
        }
        slots.host->wait(*slot, seen, until);
        ASSERT_LT(Clock::now(), until);
        seen = slots.host->wake_count();
    }
    runner.join();
}

// What a runner can do to the shared memory, since a module runs in its process.
TEST(ResultSlots, WhatAHostileRunnerWritesIsRefusedWithAReason) {
    auto slots = host_and_runner();
    auto slot = slots.host->reserve(9);
    ASSERT_TRUE(slot);
    ASSERT_TRUE(slots.runner->publish(*slot, 9, 0, false, 0, "\xff\xfe", WakeCaller::Now));
    auto not_text = slots.host->take(*slot, 9);
    ASSERT_FALSE(not_text);
    EXPECT_NE(not_text.error().message().find("not UTF-8"), std::string::npos) << not_text.error().message();

    // A length past the slot's end, written straight into the header (layout: a 64-byte futex line,
    // then per slot a 64-byte header whose length field is at offset 32, then the text area).
    int descriptor = static_cast<int>(slots.host->descriptor());
    size_t bytes = 64 + slot_count * (64 + capacity);
    void* raw = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0);
    ASSERT_NE(raw, MAP_FAILED);
    uint64_t huge = 1ull << 40;
    std::memcpy(static_cast<char*>(raw) + 64 + *slot * (64 + capacity) + 32, &huge, sizeof huge);
    auto too_long = slots.host->take(*slot, 9);
    ASSERT_FALSE(too_long);
    EXPECT_NE(too_long.error().message().find("a slot holds 64"), std::string::npos) << too_long.error().message();
    ::munmap(raw, bytes);

    // Shrinking the region would make the host's next read fault: the seals forbid it.
    EXPECT_NE(::ftruncate(descriptor, 0), 0);
    EXPECT_NE(::ftruncate(descriptor, 1 << 30), 0) << "nor may it grow";
}

TEST(ResultSlots, ADescriptorThatIsNotTheRegionIsRefused) {
    int null_device = ::open("/dev/null", O_RDONLY);
    ASSERT_GE(null_device, 0);
    auto adopted = ResultSlots::adopt(null_device, slot_count, capacity);
    ASSERT_FALSE(adopted);
    EXPECT_NE(adopted.error().message().find("the host's result slots: descriptor"), std::string::npos) << adopted.error().message();
    auto created = ResultSlots::create(slot_count, capacity);
    ASSERT_TRUE(created);
    auto too_many = ResultSlots::adopt(::dup(static_cast<int>((*created)->descriptor())), slot_count * 2, capacity);
    EXPECT_FALSE(too_many) << "a shape larger than the region would read past its end";
    auto absurd = ResultSlots::create(0, capacity);
    EXPECT_FALSE(absurd);
}

} // namespace

#else

TEST(ResultSlots, OffLinuxResultsTravelOnThePipe) {
    auto created = uap::runner::ResultSlots::create(4, 64);
    ASSERT_FALSE(created);
    EXPECT_NE(created.error().message().find("Linux only"), std::string::npos) << created.error().message();
}

#endif

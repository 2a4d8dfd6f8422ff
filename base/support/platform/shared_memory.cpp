// Memory shared with a child process: a sealed memfd and futex waits on words in it (Linux).
// macOS has no public futex and Windows no wait on an address across processes, so there these
// fail and their callers keep to their pipes.
#include "support/platform/platform.hpp"

#include <cerrno>
#include <climits>
#include <cstring>

#if defined(__linux__)
#include <fcntl.h>
#include <linux/futex.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace uap::platform {

#if defined(__linux__)

Expected<SharedRegion> create_shared_region(const char* name, std::uint64_t bytes) {
    int descriptor = ::memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (descriptor < 0)
        return Error(std::string("cannot create shared memory: ") + std::strerror(errno));
    void* memory = MAP_FAILED;
    if (::ftruncate(descriptor, static_cast<off_t>(bytes)) == 0 &&
        ::fcntl(descriptor, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL) == 0)
        memory = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0);
    if (memory == MAP_FAILED) {
        std::string reason = std::strerror(errno);
        ::close(descriptor);
        return Error("cannot map shared memory: " + reason);
    }
    return SharedRegion{descriptor, memory, bytes};
}

Expected<SharedRegion> adopt_shared_region(NativeHandle handle, std::uint64_t bytes) {
    auto descriptor = static_cast<int>(handle);
    struct stat status {};
    void* memory = MAP_FAILED;
    if (::fstat(descriptor, &status) == 0 && static_cast<std::uint64_t>(status.st_size) >= bytes)
        memory = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0);
    ::close(descriptor);
    if (memory == MAP_FAILED)
        return Error("descriptor " + std::to_string(descriptor) + " is not a shared region of " + std::to_string(bytes) + " bytes");
    return SharedRegion{no_handle, memory, bytes};
}

void release_shared_region(SharedRegion& region) {
    if (region.memory)
        ::munmap(region.memory, region.bytes);
    region.memory = nullptr;
    close_handle(region.handle);
}

void wait_on_shared_word(std::uint32_t* word, std::uint32_t seen, std::uint32_t bits, std::chrono::steady_clock::time_point until) {
    // FUTEX_WAIT_BITSET takes an absolute CLOCK_MONOTONIC time, which is what steady_clock reads;
    // not FUTEX_PRIVATE, since the word is another process's too.
    auto since_epoch = std::chrono::duration_cast<std::chrono::nanoseconds>(until.time_since_epoch()).count();
    timespec limit{static_cast<time_t>(since_epoch / 1000000000), static_cast<long>(since_epoch % 1000000000)};
    ::syscall(SYS_futex, word, FUTEX_WAIT_BITSET, seen, &limit, nullptr, bits);
}

void wake_shared_word(std::uint32_t* word, std::uint32_t bits) {
    ::syscall(SYS_futex, word, FUTEX_WAKE_BITSET, INT_MAX, nullptr, nullptr, bits);
}

#else

Expected<SharedRegion> create_shared_region(const char*, std::uint64_t) {
    return Error("shared memory with a futex is implemented for Linux only");
}

Expected<SharedRegion> adopt_shared_region(NativeHandle handle, std::uint64_t) {
    close_handle(handle);
    return Error("shared memory with a futex is implemented for Linux only");
}

void release_shared_region(SharedRegion&) {}
void wait_on_shared_word(std::uint32_t*, std::uint32_t, std::uint32_t, std::chrono::steady_clock::time_point) {}
void wake_shared_word(std::uint32_t*, std::uint32_t) {}

#endif

} // namespace uap::platform

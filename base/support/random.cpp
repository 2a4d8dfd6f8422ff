// Random bytes from the platform's generator, and names built from them.
#include "support/random.hpp"

#include "support/platform/platform.hpp"

#include <Poco/DigestEngine.h>

#include <atomic>
#include <chrono>
#include <vector>

namespace uap::random {

Expected<std::string> hex(std::size_t byte_count) {
    std::vector<unsigned char> bytes(byte_count);
    if (auto filled = platform::fill_random(bytes.data(), bytes.size()); !filled)
        return filled.error();
    return Poco::DigestEngine::digestToHex(bytes);
}

std::string unique_suffix() {
    if (auto random = hex(8))
        return std::move(random).value();
    // Uniqueness, not secrecy, is what callers need: without the generator, pid, time and a
    // counter still name one process's files apart.
    static std::atomic<unsigned> counter{0};
    auto now = std::chrono::steady_clock::now().time_since_epoch().count();
    return std::to_string(platform::current_process_id()) + "-" + std::to_string(now) + "-" + std::to_string(counter++);
}

bool equal_in_constant_time(std::string_view left, std::string_view right) {
    // The time depends on the lengths only (tokens have a fixed, public length), never on where
    // the first difference is.
    unsigned char difference = left.size() == right.size() ? 0 : 1;
    std::size_t length = std::min(left.size(), right.size());
    volatile unsigned char accumulated = 0;
    for (std::size_t index = 0; index < length; ++index)
        accumulated = accumulated | static_cast<unsigned char>(left[index] ^ right[index]);
    return (difference | accumulated) == 0;
}

} // namespace uap::random

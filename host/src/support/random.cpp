// Random bytes through OpenSSL's RAND_bytes (the OS generator), and names built from them.
#include "support/random.hpp"

#include <Poco/DigestEngine.h>

#include <openssl/rand.h>

#include <atomic>
#include <chrono>
#include <vector>

#include <unistd.h>

namespace uap::random {

Expected<std::string> hex(std::size_t byte_count) {
    std::vector<unsigned char> bytes(byte_count);
    if (RAND_bytes(bytes.data(), static_cast<int>(bytes.size())) != 1)
        return Error("the system's random number generator failed (OpenSSL RAND_bytes)");
    return Poco::DigestEngine::digestToHex(bytes);
}

std::string unique_suffix() {
    if (auto random = hex(8))
        return std::move(random).value();
    // Uniqueness, not secrecy, is what callers need: without the generator, pid, time and a
    // counter still name one process's files apart.
    static std::atomic<unsigned> counter{0};
    auto now = std::chrono::steady_clock::now().time_since_epoch().count();
    return std::to_string(::getpid()) + "-" + std::to_string(now) + "-" + std::to_string(counter++);
}

} // namespace uap::random

// Waits for what arrives on another thread (editor events reach modules on the host's delivery
// threads): polls check until it holds or the deadline passes.
#pragma once

#include <chrono>
#include <functional>
#include <thread>

namespace uap::testing {

inline bool eventually(const std::function<bool()>& check, std::chrono::milliseconds deadline = std::chrono::seconds(10)) {
    auto end = std::chrono::steady_clock::now() + deadline;
    while (std::chrono::steady_clock::now() < end) {
        if (check())
            return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return check();
}

} // namespace uap::testing

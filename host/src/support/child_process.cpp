// The portable part of ChildProcess: pipe reads and writes through the platform layer, waiting,
// and the environment a child is given.
#include "support/child_process.hpp"

#include <thread>

namespace uap {

std::size_t ChildProcess::read(ChildStream which, char* buffer, std::size_t capacity) {
    auto count = platform::read_some(stream(which), buffer, capacity);
    return count ? *count : 0;
}

Expected<void> ChildProcess::write_all(std::string_view bytes) {
    if (m_stdin == platform::no_handle)
        return Error("the process's stdin is closed");
    return platform::write_all(m_stdin, bytes);
}

void ChildProcess::close_stdin() { platform::close_handle(m_stdin); }

std::optional<int> ChildProcess::wait_exit(std::chrono::milliseconds limit) {
    auto deadline = std::chrono::steady_clock::now() + limit;
    while (!poll_exit()) {
        if (std::chrono::steady_clock::now() >= deadline)
            return std::nullopt;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return m_exit_code;
}

std::vector<std::string> current_environment_without(const std::vector<std::string>& removed) {
    std::vector<std::string> kept;
    for (auto& entry : platform::environment_entries()) {
        std::string_view name = std::string_view(entry).substr(0, entry.find('='));
        bool drop = false;
        for (auto& name_removed : removed)
            drop = drop || name == name_removed;
        if (!drop)
            kept.push_back(entry);
    }
    return kept;
}

} // namespace uap

// The portable part of ChildProcess: pipe reads and writes through the platform layer, waiting,
// and the environment a child is given.
#include "support/child_process.hpp"

#include "support/utf8_path.hpp"

#include <algorithm>
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

Expected<CapturedRun> run_to_end(const LaunchSpec& spec, std::chrono::milliseconds limit, std::size_t max_bytes) {
    auto child = ChildProcess::launch(spec);
    if (!child)
        return child.error();
    (*child)->close_stdin();
    CapturedRun run;
    char buffer[4096];
    auto deadline = std::chrono::steady_clock::now() + limit;
    bool ended = false;
    while (!ended && std::chrono::steady_clock::now() < deadline) {
        if (!platform::wait_readable((*child)->stream(ChildStream::Output), std::chrono::milliseconds(100)))
            continue;
        std::size_t count = (*child)->read(ChildStream::Output, buffer, sizeof(buffer));
        ended = count == 0;
        run.output.append(buffer, std::min(count, max_bytes - std::min(max_bytes, run.output.size())));
    }
    auto remaining = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    auto code = (*child)->wait_exit(std::max(remaining, std::chrono::milliseconds(ended ? 2000 : 0)));
    if (!code) {
        (*child)->kill_tree();
        return Error(utf8::from_path(spec.program) + " did not finish within " + std::to_string(limit.count()) + " ms");
    }
    run.exit_code = *code;
    return run;
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

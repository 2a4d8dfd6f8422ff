// Console errors folded for the panels and the agent: identical errors counted instead of repeated,
// distinct ones kept up to a bound, and what reaches the panels rate-limited per time window.
#pragma once

#include "support/clock.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace uap::panel {

// One distinct Console error: its kind (error, exception, assert), the message clipped to a bound,
// and how many identical entries it stands for.
struct ConsoleErrorEntry {
    std::string kind;
    std::string message;
    uint64_t count = 0;
};

// What the panels are told about one error as it arrives.
enum class ConsolePublication { Publish, FoldIntoEarlier, Suppress };

// The end of a rate-limit window: errors that repeated after their first publication (with their
// counts in the window) and how many errors the limit kept from the panels.
struct ConsoleWindowSummary {
    std::vector<ConsoleErrorEntry> repeated;
    uint64_t suppressed = 0;
    uint64_t suppressed_distinct = 0;
    bool empty() const { return repeated.empty() && suppressed == 0; }
};

// Everything since the agent's previous turn: at most max_distinct_per_turn distinct errors, the rest counted.
struct ConsoleTurnDigest {
    std::vector<ConsoleErrorEntry> distinct;
    uint64_t total = 0;
    uint64_t more_distinct = 0; // Distinct errors beyond the kept ones.
    uint64_t more_entries = 0;  // Their entries.
};

class ConsoleDigest {
public:
    static constexpr std::size_t max_message_bytes = 300;
    static constexpr std::size_t max_distinct_per_turn = 10;
    static constexpr std::size_t published_per_window = 20;
    static constexpr uint64_t window_ms = 10'000;

    // Takes one consoleError (count: how many identical entries the editor folded into it) and says
    // whether the panels get it now. Not thread-safe: the owner locks.
    ConsolePublication add(std::string_view kind, std::string_view message, uint64_t count, uint64_t now_ms);
    // Closes the window once it has run its length; returns what the panels were not told one by one.
    ConsoleWindowSummary close_window_if_due(uint64_t now_ms);
    // The errors since the previous call, and starts over.
    ConsoleTurnDigest take_turn();
    uint64_t total() const { return m_total; }
    // The message as kept: its first line, clipped on a UTF-8 boundary.
    static std::string clip(std::string_view message, std::size_t bytes);

private:
    struct WindowEntry {
        ConsoleErrorEntry entry;
        uint64_t published_count = 0; // What the panels were told in the entry's own publication.
    };
    WindowEntry* find_in_window(std::string_view kind, std::string_view message);

    uint64_t m_total = 0;
    uint64_t m_window_start_ms = 0;
    bool m_window_open = false;
    std::vector<WindowEntry> m_window; // Published errors of the current window (at most published_per_window).
    std::vector<ConsoleErrorEntry> m_suppressed_distinct; // Bounded like the window, only for counting.
    uint64_t m_suppressed = 0;
    uint64_t m_suppressed_distinct_overflow = 0;
    ConsoleTurnDigest m_turn;
};

} // namespace uap::panel

// Folding and rate-limiting Console errors; see console_digest.hpp.
#include "panel/console_digest.hpp"

#include "support/utf8_text.hpp"

#include <algorithm>

namespace uap::panel {

namespace {

// Distinct suppressed errors remembered only to count them; beyond this each one counts as new.
constexpr std::size_t max_remembered_suppressed = 100;

bool same(const ConsoleErrorEntry& entry, std::string_view kind, std::string_view message) {
    return entry.kind == kind && entry.message == message;
}

} // namespace

std::string ConsoleDigest::clip(std::string_view message, std::size_t bytes) {
    std::string_view line = message.substr(0, message.find_first_of("\r\n"));
    return line.size() <= bytes ? std::string(line) : utf8::clip(line, bytes) + "...";
}

ConsoleDigest::WindowEntry* ConsoleDigest::find_in_window(std::string_view kind, std::string_view message) {
    auto found = std::find_if(m_window.begin(), m_window.end(), [&](const WindowEntry& kept) { return same(kept.entry, kind, message); });
    return found == m_window.end() ? nullptr : &*found;
}

ConsolePublication ConsoleDigest::add(std::string_view kind, std::string_view raw_message, uint64_t count, uint64_t now_ms) {
    std::string message = clip(raw_message, max_message_bytes);
    count = std::max<uint64_t>(count, 1);
    m_total += count;

    m_turn.total += count;
    auto kept = std::find_if(m_turn.distinct.begin(), m_turn.distinct.end(), [&](const ConsoleErrorEntry& entry) { return same(entry, kind, message); });
    if (kept != m_turn.distinct.end())
        kept->count += count;
    else if (m_turn.distinct.size() < max_distinct_per_turn)
        m_turn.distinct.push_back({std::string(kind), message, count});
    else {
        // Beyond the bound a repeat of an unkept error is not told from a new one: counted as distinct.
        ++m_turn.more_distinct;
        m_turn.more_entries += count;
    }

    if (!m_window_open) {
        m_window_open = true;
        m_window_start_ms = now_ms;
    }
    if (WindowEntry* earlier = find_in_window(kind, message)) {
        earlier->entry.count += count;
        return ConsolePublication::FoldIntoEarlier;
    }
    if (m_window.size() < published_per_window) {
        m_window.push_back({{std::string(kind), message, count}, count});
        return ConsolePublication::Publish;
    }
    m_suppressed += count;
    auto remembered = std::find_if(m_suppressed_distinct.begin(), m_suppressed_distinct.end(),
                                   [&](const ConsoleErrorEntry& entry) { return same(entry, kind, message); });
    if (remembered == m_suppressed_distinct.end()) {
        if (m_suppressed_distinct.size() < max_remembered_suppressed)
            m_suppressed_distinct.push_back({std::string(kind), message, count});
        else
            ++m_suppressed_distinct_overflow;
    }
    return ConsolePublication::Suppress;
}

ConsoleWindowSummary ConsoleDigest::close_window_if_due(uint64_t now_ms) {
    ConsoleWindowSummary summary;
    if (!m_window_open || now_ms < m_window_start_ms + window_ms)
        return summary;
    for (const auto& kept : m_window)
        if (kept.entry.count > kept.published_count)
            summary.repeated.push_back(kept.entry);
    summary.suppressed = m_suppressed;
    summary.suppressed_distinct = m_suppressed_distinct.size() + m_suppressed_distinct_overflow;
    m_window.clear();
    m_suppressed_distinct.clear();
    m_suppressed = 0;
    m_suppressed_distinct_overflow = 0;
    m_window_open = false;
    return summary;
}

ConsoleTurnDigest ConsoleDigest::take_turn() {
    ConsoleTurnDigest taken = std::move(m_turn);
    m_turn = ConsoleTurnDigest{};
    return taken;
}

} // namespace uap::panel

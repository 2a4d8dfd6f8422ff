// OutputBudget: token buckets refilled by elapsed time, and the texts of its notices.
#include "runner/output_budget.hpp"

#include <algorithm>
#include <cstdio>

namespace uap::runner {

namespace {

std::string amount(uint64_t bytes) {
    if (bytes >= 10 * 1024 * 1024)
        return std::to_string(bytes / (1024 * 1024)) + " MiB";
    if (bytes >= 10 * 1024)
        return std::to_string(bytes / 1024) + " KiB";
    return std::to_string(bytes) + " bytes";
}

std::string limits_text(const OutputLimits& limits) {
    return std::to_string(limits.lines_per_second) + " lines and " + amount(limits.bytes_per_second) + " per second, in bursts of up to " +
           std::to_string(limits.burst_lines) + " lines and " + amount(limits.burst_bytes);
}

} // namespace

OutputBudget::OutputBudget(OutputLimits limits, const Clock& clock)
    : m_limits(limits), m_clock(clock), m_lines(static_cast<double>(limits.burst_lines)), m_bytes(static_cast<double>(limits.burst_bytes)),
      m_refilled_at(clock.now_ms()) {}

void OutputBudget::refill(uint64_t now) {
    double seconds = static_cast<double>(now - std::min(now, m_refilled_at)) / 1000.0;
    m_refilled_at = now;
    m_lines = std::min(static_cast<double>(m_limits.burst_lines), m_lines + seconds * static_cast<double>(m_limits.lines_per_second));
    m_bytes = std::min(static_cast<double>(m_limits.burst_bytes), m_bytes + seconds * static_cast<double>(m_limits.bytes_per_second));
}

std::string OutputBudget::summary(uint64_t now) {
    double seconds = static_cast<double>(now - std::min(now, m_dropping_since)) / 1000.0;
    char duration[32];
    std::snprintf(duration, sizeof(duration), "%.1f", seconds);
    std::string text = "dropped " + std::to_string(m_dropped_lines) + " lines (" + amount(m_dropped_bytes) +
                       ") of the pack's output in the last " + duration + " s: over its limit of " + limits_text(m_limits) +
                       ". The pack prints too much; report it to its author";
    m_dropped_lines = 0;
    m_dropped_bytes = 0;
    m_dropping_since = now;
    return text;
}

OutputDecision OutputBudget::admit(std::size_t bytes) {
    std::lock_guard lock(m_mutex);
    uint64_t now = m_clock.now_ms();
    refill(now);
    OutputDecision decision;
    double size = static_cast<double>(bytes);
    bool fits = m_lines >= 1.0 && m_bytes >= size;
    if (m_dropping) {
        // A line that fits during a flood is the rate's share, not the end of the flood: the
        // dropping ends only after a quiet second, so the notices stay few.
        bool quiet = now - m_last_drop >= m_limits.quiet_ms;
        if (fits && quiet) {
            if (m_dropped_lines > 0)
                decision.notice = summary(now);
            m_dropping = false;
        } else if (now - m_dropping_since >= m_limits.summary_interval_ms && m_dropped_lines > 0) {
            decision.notice = summary(now);
        }
    }
    if (fits) {
        m_lines -= 1.0;
        m_bytes -= size;
        return decision;
    }
    decision.admission = Admission::Drop;
    if (!m_dropping) {
        m_dropping = true;
        m_dropping_since = now;
        decision.notice = "the pack's output exceeds its limit of " + limits_text(m_limits) +
                          "; further lines are dropped and counted until it slows down";
    }
    ++m_dropped_lines;
    m_dropped_bytes += bytes;
    m_last_drop = now;
    return decision;
}

std::optional<std::string> OutputBudget::finish() {
    std::lock_guard lock(m_mutex);
    m_dropping = false;
    if (m_dropped_lines == 0)
        return std::nullopt;
    return summary(m_clock.now_ms());
}

} // namespace uap::runner

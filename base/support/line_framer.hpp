// Splits a byte stream into lines with a bound on line length: an over-long line is dropped whole
// (and counted) instead of growing a buffer without limit.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace uap {

inline constexpr size_t default_max_line_bytes = 32 * 1024 * 1024;

class LineFramer {
public:
    using LineHandler = std::function<void(std::string_view line)>;

    explicit LineFramer(size_t max_line_bytes = default_max_line_bytes) : m_max_line_bytes(max_line_bytes) {}

    // Calls on_line for every complete line (without "\n" or a trailing "\r") that fits the bound.
    void feed(std::string_view chunk, const LineHandler& on_line);
    // The unterminated rest at end of stream, handed over as a last line when it fits.
    void finish(const LineHandler& on_line);

    size_t dropped_lines() const { return m_dropped_lines; }

private:
    void emit(const LineHandler& on_line);

    size_t m_max_line_bytes;
    std::string m_partial;
    bool m_overflowing = false;
    size_t m_dropped_lines = 0;
};

} // namespace uap

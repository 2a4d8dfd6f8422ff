// LineFramer: bounded line assembly across chunk boundaries.
#include "support/line_framer.hpp"

namespace uap {

void LineFramer::emit(const LineHandler& on_line) {
    if (m_overflowing) {
        ++m_dropped_lines;
    } else {
        std::string_view line(m_partial);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (!line.empty())
            on_line(line);
    }
    m_partial.clear();
    m_overflowing = false;
}

void LineFramer::feed(std::string_view chunk, const LineHandler& on_line) {
    while (!chunk.empty()) {
        size_t end = chunk.find('\n');
        std::string_view piece = chunk.substr(0, end);
        if (!m_overflowing) {
            if (m_partial.size() + piece.size() > m_max_line_bytes) {
                m_overflowing = true;
                m_partial.clear();
                m_partial.shrink_to_fit();
            } else {
                m_partial.append(piece);
            }
        }
        if (end == std::string_view::npos)
            return;
        emit(on_line);
        chunk.remove_prefix(end + 1);
    }
}

void LineFramer::finish(const LineHandler& on_line) {
    if (!m_partial.empty() || m_overflowing)
        emit(on_line);
}

} // namespace uap

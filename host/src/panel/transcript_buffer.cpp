// TranscriptBuffer: appending and dropping the oldest items past the bounds.
#include "panel/transcript_buffer.hpp"

namespace uap::panel {

void TranscriptBuffer::append(std::string item_json) {
    item_json.shrink_to_fit();
    m_text_bytes += item_json.size();
    m_held_bytes += item_json.capacity();
    m_items.push_back(std::move(item_json));
    while (m_items.size() > 1 && (m_items.size() > m_bounds.max_items || m_text_bytes > m_bounds.max_bytes)) {
        m_text_bytes -= m_items.front().size();
        m_held_bytes -= m_items.front().capacity();
        m_items.pop_front();
    }
}

void TranscriptBuffer::clear() {
    m_items.clear();
    m_text_bytes = 0;
    m_held_bytes = 0;
}

} // namespace uap::panel

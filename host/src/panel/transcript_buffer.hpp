// The transcript the host keeps for front-ends that connect later: the newest items as the JSON
// text they were sent as, bounded by a count and by bytes.
#pragma once

#include <cstddef>
#include <deque>
#include <string>

namespace uap::panel {

struct TranscriptBounds {
    size_t max_items = 2000;
    size_t max_bytes = 8 * 1024 * 1024; // Of item text; the newest item is kept even when larger.
};

// Items are kept as text, not as rapidjson::Document: each Document holds a pool of at least
// 64 KB, so 2,000 kept items held about 128 MB of heap and the host's RSS grew with every turn.
class TranscriptBuffer {
public:
    explicit TranscriptBuffer(TranscriptBounds bounds = {}) : m_bounds(bounds) {}

    // Appends one item (one complete JSON object), then drops the oldest beyond the bounds.
    void append(std::string item_json);
    void clear();

    const std::deque<std::string>& items() const { return m_items; }
    // The bytes of item text held now (the strings' capacities, which is what they occupy).
    size_t held_bytes() const { return m_held_bytes; }
    const TranscriptBounds& bounds() const { return m_bounds; }

private:
    TranscriptBounds m_bounds;
    std::deque<std::string> m_items;
    size_t m_text_bytes = 0;
    size_t m_held_bytes = 0;
};

} // namespace uap::panel

// What the markers pack's tools and its event handler share: the board, the host's clock, and the
// editor calls that draw and clear what the board holds.
#pragma once

#include "marker_board.hpp"

#include <uap/sdk/tool.hpp>

#include <rapidjson/document.h>

#include <string>
#include <vector>

namespace uap::markers {

class MarkersState {
public:
    explicit MarkersState(const sdk::ModuleContext& context) : m_context(context) {}

    MarkerBoard& board() { return m_board; }
    uint64_t now_ms() const;

    // Drops expired markers and tells the editor to stop drawing them; returns their ids.
    std::vector<int> expire(uap_call_context* call);

    // Editor calls; each returns the editor's error text, or empty on success.
    std::string draw(uap_call_context* call, const std::vector<Marker>& markers, bool replace);
    std::string erase(uap_call_context* call, const std::vector<int>& ids);
    std::string erase_everything(uap_call_context* call);
    // Sends every marker and pin again (after the editor reloaded its domain and forgot them).
    std::string redraw_all();

    // Reacts to one editor event (on the host's delivery thread).
    void on_event(std::string_view name, std::string_view data_json);

private:
    std::string editor_call(uap_call_context* call, const char* method, const rapidjson::Value& params);

    const sdk::ModuleContext& m_context;
    MarkerBoard m_board;
};

// The JSON the editor draws a marker from (bridge method markers.draw).
rapidjson::Value marker_drawing(const Marker& marker, uint64_t now_ms, rapidjson::Document::AllocatorType& allocator);
rapidjson::Value vector_value(const Vector& vector, rapidjson::Document::AllocatorType& allocator);

} // namespace uap::markers

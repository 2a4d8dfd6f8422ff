// The markers pack's editor side: drawing and clearing through bridge primitives, the host's clock,
// and the reactions to editor events (scene opened, play mode entered, reload finished, pins, strokes).
#include "markers_state.hpp"

#include <uap/sdk/editor_calls.hpp>
#include <uap/sdk/events.hpp>
#include <uap/sdk/json.hpp>

namespace uap::markers {

namespace {
constexpr uint32_t draw_timeout_ms = 10000;

// The editor's message for a failed typed call, or empty on success.
template <typename Result>
std::string error_text(const sdk::EditorResult<Result>& outcome) {
    return outcome ? std::string() : outcome.error().message;
}
} // namespace

rapidjson::Value vector_value(const Vector& vector, rapidjson::Document::AllocatorType& allocator) {
    rapidjson::Value value(rapidjson::kArrayType);
    for (double axis : vector)
        value.PushBack(axis, allocator);
    return value;
}

rapidjson::Value marker_drawing(const Marker& marker, uint64_t now_ms, rapidjson::Document::AllocatorType& allocator) {
    rapidjson::Value value(rapidjson::kObjectType);
    value.AddMember("id", marker.id, allocator);
    value.AddMember("kind", rapidjson::StringRef(to_string(marker.kind)), allocator);
    value.AddMember("label", rapidjson::Value(marker.label.c_str(), allocator), allocator);
    value.AddMember("position", vector_value(marker.position, allocator), allocator);
    if (marker.target_id != 0) {
        rapidjson::Value target(rapidjson::kObjectType);
        target.AddMember("instanceId", marker.target_id, allocator);
        value.AddMember("target", target, allocator);
    }
    if (marker.to)
        value.AddMember("to", vector_value(*marker.to, allocator), allocator);
    rapidjson::Value color(rapidjson::kObjectType);
    const char* channels[] = {"r", "g", "b", "a"};
    for (int channel = 0; channel < 4; ++channel)
        color.AddMember(rapidjson::StringRef(channels[channel]), marker.color[channel], allocator);
    value.AddMember("color", color, allocator);
    value.AddMember("size", marker.size, allocator);
    // The editor stops drawing on time by itself; the host drops the marker at its next look.
    if (marker.expires_at_ms)
        value.AddMember("expiresInMs", static_cast<int64_t>(*marker.expires_at_ms > now_ms ? *marker.expires_at_ms - now_ms : 0), allocator);
    return value;
}

uint64_t MarkersState::now_ms() const { return sdk::monotonic_ms(m_context); }

std::string MarkersState::editor_call(uap_call_context* call, const char* method, const rapidjson::Value& params) {
    auto answer = m_context.editor_call(call, method, sdk::to_json_text(params), draw_timeout_ms);
    if (answer.ok())
        return {};
    rapidjson::Document error;
    error.Parse(answer.json.c_str());
    if (!error.HasParseError() && error.IsObject() && error.HasMember("message") && error["message"].IsString())
        return error["message"].GetString();
    return answer.json.empty() ? "the editor did not answer" : answer.json;
}

std::vector<int> MarkersState::expire(uap_call_context* call) {
    auto expired = m_board.expire(now_ms());
    if (!expired.empty())
        (void)erase(call, expired); // Best effort: the editor also stops drawing on its own at expiresInMs.
    return expired;
}

std::string MarkersState::draw(uap_call_context* call, const std::vector<Marker>& markers, bool replace) {
    rapidjson::Document params(rapidjson::kObjectType);
    auto& allocator = params.GetAllocator();
    rapidjson::Value list(rapidjson::kArrayType);
    uint64_t now = now_ms();
    for (const auto& marker : markers)
        list.PushBack(marker_drawing(marker, now, allocator), allocator);
    params.AddMember("markers", list, allocator);
    if (replace) {
        params.AddMember("replace", true, allocator);
        rapidjson::Value pins(rapidjson::kArrayType);
        for (const auto& pin : m_board.pins()) {
            rapidjson::Value entry(rapidjson::kObjectType);
            entry.AddMember("id", rapidjson::Value(pin.id.c_str(), allocator), allocator);
            entry.AddMember("label", rapidjson::Value(pin.label.c_str(), allocator), allocator);
            entry.AddMember("position", vector_value(pin.position, allocator), allocator);
            pins.PushBack(entry, allocator);
        }
        params.AddMember("pins", pins, allocator);
    }
    return editor_call(call, "markers.draw", params);
}

std::string MarkersState::erase(uap_call_context* call, const std::vector<int>& ids) {
    sdk::editor::MarkersClearParams params;
    params.ids = std::vector<int64_t>(ids.begin(), ids.end());
    return error_text(sdk::editor::markers_clear(sdk::EditorClient(m_context, call, draw_timeout_ms), params));
}

std::string MarkersState::erase_everything(uap_call_context* call) {
    auto cleared = sdk::editor::markers_clear(sdk::EditorClient(m_context, call, draw_timeout_ms), {.ids = {}, .all = true, .pins = true});
    return error_text(cleared);
}

std::string MarkersState::redraw_all() {
    m_board.expire(now_ms());
    auto markers = m_board.markers();
    // A reload left the editor with nothing drawn; with nothing to draw there is nothing to send.
    if (markers.empty() && m_board.pins().empty())
        return {};
    return draw(nullptr, markers, true);
}

void MarkersState::on_event(std::string_view name, std::string_view data_json) {
    rapidjson::Document data;
    data.Parse(data_json.data(), data_json.size());
    if (data.HasParseError() || !data.IsObject())
        return;
    auto flag = [&](const char* key) { return data.HasMember(key) && data[key].IsBool() && data[key].GetBool(); };
    auto text = [&](const char* key) { return data.HasMember(key) && data[key].IsString() ? std::string(data[key].GetString()) : std::string(); };
    if ((name == "sceneChanged" && flag("opened")) || (name == "playModeChanged" && text("previous") == "edit" && text("state") != "edit")) {
        // Markers point into one scene in edit mode: a new scene or play mode makes them wrong.
        m_board.clear_all();
        if (auto problem = erase_everything(nullptr); !problem.empty())
            m_context.log(UAP_LOG_WARNING, "markers could not be cleared in the editor: " + problem);
    } else if (name == "reloaded") {
        if (auto problem = redraw_all(); !problem.empty())
            m_context.log(UAP_LOG_WARNING, "markers could not be redrawn after the reload: " + problem);
    } else if (name == "userPin") {
        if (auto problem = m_board.add_pin(data); !problem.empty())
            m_context.log(UAP_LOG_WARNING, "ignored a userPin event: " + problem);
    } else if (name == "strokeFinished") {
        if (auto problem = m_board.add_stroke(data); !problem.empty())
            m_context.log(UAP_LOG_WARNING, "ignored a strokeFinished event: " + problem);
    }
}

} // namespace uap::markers

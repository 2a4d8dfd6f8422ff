// The markers pack's state: the cap, time to live, and the pins and strokes users send.
#include "marker_board.hpp"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <algorithm>
#include <cmath>

namespace uap::markers {

namespace {

std::string text_of(const rapidjson::Value& value) {
    rapidjson::StringBuffer buffer;
    rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
    value.Accept(writer);
    return buffer.GetString();
}

double distance(const Vector& a, const Vector& b) {
    return std::sqrt((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) + (a[2] - b[2]) * (a[2] - b[2]));
}

} // namespace

const char* to_string(MarkerKind kind) {
    switch (kind) {
    case MarkerKind::Point: return "point";
    case MarkerKind::Arrow: return "arrow";
    case MarkerKind::Box: return "box";
    }
    return "point";
}

std::optional<Vector> read_vector(const rapidjson::Value& value) {
    if (!value.IsArray() || value.Size() != 3)
        return std::nullopt;
    Vector vector{};
    for (rapidjson::SizeType axis = 0; axis < 3; ++axis) {
        if (!value[axis].IsNumber() || !std::isfinite(value[axis].GetDouble()))
            return std::nullopt;
        vector[axis] = value[axis].GetDouble();
    }
    return vector;
}

std::vector<int> MarkerBoard::add(Marker& marker) {
    std::lock_guard lock(m_mutex);
    marker.id = m_next_id++;
    std::vector<int> dropped;
    while (m_markers.size() >= max_agent_markers) {
        dropped.push_back(m_markers.front().id);
        m_markers.pop_front();
    }
    m_markers.push_back(marker);
    return dropped;
}

std::vector<int> MarkerBoard::expire(uint64_t now_ms) {
    std::lock_guard lock(m_mutex);
    std::vector<int> expired;
    for (auto marker = m_markers.begin(); marker != m_markers.end();)
        if (marker->expires_at_ms && *marker->expires_at_ms <= now_ms) {
            expired.push_back(marker->id);
            marker = m_markers.erase(marker);
        } else {
            ++marker;
        }
    return expired;
}

bool MarkerBoard::remove(int id) {
    std::lock_guard lock(m_mutex);
    auto found = std::find_if(m_markers.begin(), m_markers.end(), [&](const Marker& marker) { return marker.id == id; });
    if (found == m_markers.end())
        return false;
    m_markers.erase(found);
    return true;
}

std::vector<int> MarkerBoard::clear_agent() {
    std::lock_guard lock(m_mutex);
    std::vector<int> ids;
    for (const auto& marker : m_markers)
        ids.push_back(marker.id);
    m_markers.clear();
    return ids;
}

std::array<std::size_t, 3> MarkerBoard::clear_all() {
    std::lock_guard lock(m_mutex);
    std::array<std::size_t, 3> counts{m_markers.size(), m_pins.size(), m_strokes.size()};
    m_markers.clear();
    m_pins.clear();
    m_strokes.clear();
    return counts;
}

std::string MarkerBoard::add_pin(const rapidjson::Value& data) {
    if (!data.IsObject() || !data.HasMember("id") || !data["id"].IsString() || data["id"].GetStringLength() == 0 ||
        data["id"].GetStringLength() > 16)
        return "a pin needs an id of 1 to 16 characters";
    auto position = data.HasMember("position") ? read_vector(data["position"]) : std::nullopt;
    if (!position)
        return "a pin needs a position [x,y,z] of finite numbers";
    UserPin pin;
    pin.id = data["id"].GetString();
    if (data.HasMember("label") && data["label"].IsString())
        pin.label = std::string(data["label"].GetString()).substr(0, 64);
    pin.position = *position;
    pin.data_json = text_of(data);
    if (pin.data_json.size() > 16 * 1024)
        return "pin data over 16 KB";
    std::lock_guard lock(m_mutex);
    // The editor numbers pins; a pin sent again (for example after a reconnect) replaces the old one.
    m_pins.erase(std::remove_if(m_pins.begin(), m_pins.end(), [&](const UserPin& old) { return old.id == pin.id; }), m_pins.end());
    if (m_pins.size() >= max_pins)
        m_pins.pop_front();
    m_pins.push_back(std::move(pin));
    return {};
}

std::string MarkerBoard::add_stroke(const rapidjson::Value& data) {
    if (!data.IsObject() || !data.HasMember("id") || !data["id"].IsString() || data["id"].GetStringLength() == 0 ||
        data["id"].GetStringLength() > 16)
        return "a stroke needs an id of 1 to 16 characters";
    if (!data.HasMember("points") || !data["points"].IsArray() || data["points"].Empty() || data["points"].Size() > max_stroke_points)
        return "a stroke needs 1 to " + std::to_string(max_stroke_points) + " points";
    Stroke stroke;
    stroke.id = data["id"].GetString();
    for (const auto& point : data["points"].GetArray()) {
        auto vector = read_vector(point);
        if (!vector)
            return "every stroke point must be [x,y,z] of finite numbers";
        stroke.points.push_back(*vector);
    }
    if (data.HasMember("normals")) {
        if (!data["normals"].IsArray() || data["normals"].Size() != data["points"].Size())
            return "normals must be an array with one [x,y,z] per point";
        for (const auto& normal : data["normals"].GetArray()) {
            auto vector = read_vector(normal);
            if (!vector)
                return "every normal must be [x,y,z] of finite numbers";
            stroke.normals.push_back(*vector);
        }
    }
    stroke.hit_objects_json = "[]";
    if (data.HasMember("hitObjects")) {
        if (!data["hitObjects"].IsArray() || data["hitObjects"].Size() != data["points"].Size())
            return "hitObjects must be an array with one entry (object or null) per point";
        stroke.hit_objects_json = text_of(data["hitObjects"]);
    }
    stroke.closed = data.HasMember("closed") && data["closed"].IsBool() && data["closed"].GetBool();
    stroke.plane_json = data.HasMember("plane") ? text_of(data["plane"]) : "null";
    stroke.bounds_min = stroke.bounds_max = stroke.points.front();
    for (std::size_t index = 0; index < stroke.points.size(); ++index) {
        for (int axis = 0; axis < 3; ++axis) {
            stroke.bounds_min[axis] = std::min(stroke.bounds_min[axis], stroke.points[index][axis]);
            stroke.bounds_max[axis] = std::max(stroke.bounds_max[axis], stroke.points[index][axis]);
        }
        if (index > 0)
            stroke.length += distance(stroke.points[index - 1], stroke.points[index]);
    }
    if (stroke.closed && stroke.points.size() > 2)
        stroke.length += distance(stroke.points.back(), stroke.points.front());
    std::lock_guard lock(m_mutex);
    m_strokes.erase(std::remove_if(m_strokes.begin(), m_strokes.end(), [&](const Stroke& old) { return old.id == stroke.id; }),
                    m_strokes.end());
    if (m_strokes.size() >= max_strokes)
        m_strokes.pop_front();
    m_strokes.push_back(std::move(stroke));
    return {};
}

std::vector<Marker> MarkerBoard::markers() const {
    std::lock_guard lock(m_mutex);
    return {m_markers.begin(), m_markers.end()};
}

std::vector<UserPin> MarkerBoard::pins() const {
    std::lock_guard lock(m_mutex);
    return {m_pins.begin(), m_pins.end()};
}

std::vector<Stroke> MarkerBoard::strokes() const {
    std::lock_guard lock(m_mutex);
    return {m_strokes.begin(), m_strokes.end()};
}

} // namespace uap::markers

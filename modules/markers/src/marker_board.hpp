// What the markers pack keeps in the host: agent markers (capped, with time to live), user pins and
// sketch strokes. The host outlives the editor's domain reloads, so this is the source of truth the
// editor is redrawn from. Thread-safe: tools and editor events reach it from different threads.
#pragma once

#include <rapidjson/document.h>

#include <array>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace uap::markers {

using Vector = std::array<double, 3>;

enum class MarkerKind { Point, Arrow, Box };
const char* to_string(MarkerKind kind);

struct Marker {
    int id = 0;
    MarkerKind kind = MarkerKind::Point;
    std::string label;
    Vector position{};            // Where it was placed (for a followed target: where the target was then).
    std::int64_t target_id = 0;   // Non-zero: follows this object (instance id, 64-bit on the bridge) as it moves.
    std::string target_path;      // The path it was given as, for the reader.
    std::optional<Vector> to;     // Arrows: the tip.
    std::array<double, 4> color{1.0, 0.8, 0.0, 1.0};
    double size = 0.5;
    std::optional<uint64_t> expires_at_ms; // On the host's monotonic clock.
};

// A pin or a stroke as the editor reported it (data already checked), with what the host derived.
struct UserPin {
    std::string id; // "P1", ...
    std::string label;
    Vector position{};
    std::string data_json; // The event's data, kept for the reader (object, normal, camera, nearby).
};

struct Stroke {
    std::string id; // "S1", ...
    std::vector<Vector> points;
    std::vector<Vector> normals;   // Empty or one per point.
    std::string hit_objects_json;  // JSON array, one entry (object or null) per point; "[]" when absent.
    bool closed = false;
    std::string plane_json;        // JSON: the plane the stroke was drawn on, or "surface"; "null" when unknown.
    double length = 0;
    Vector bounds_min{}, bounds_max{};
};

class MarkerBoard {
public:
    static constexpr std::size_t max_agent_markers = 32;
    static constexpr std::size_t max_pins = 64;
    static constexpr std::size_t max_strokes = 32;
    static constexpr std::size_t max_stroke_points = 2000;

    // Adds a marker with the next id; returns the ids of the oldest markers dropped to stay within the cap.
    std::vector<int> add(Marker& marker);
    // Drops markers whose time ran out at now_ms; returns their ids.
    std::vector<int> expire(uint64_t now_ms);
    bool remove(int id);
    std::vector<int> clear_agent();
    // Everything: agent markers, pins and strokes. Returns how many of each went.
    std::array<std::size_t, 3> clear_all();

    // Why the data cannot be a pin or stroke (empty when it was kept).
    std::string add_pin(const rapidjson::Value& data);
    std::string add_stroke(const rapidjson::Value& data);

    std::vector<Marker> markers() const;
    std::vector<UserPin> pins() const;
    std::vector<Stroke> strokes() const;

private:
    mutable std::mutex m_mutex;
    int m_next_id = 1;
    std::deque<Marker> m_markers; // Oldest first.
    std::deque<UserPin> m_pins;
    std::deque<Stroke> m_strokes;
};

// [x,y,z] of finite numbers; nullopt otherwise.
std::optional<Vector> read_vector(const rapidjson::Value& value);

} // namespace uap::markers

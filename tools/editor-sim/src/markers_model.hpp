// The simulator's Scene-view markers: what the editor draws for the host (agent markers, user pins),
// the cameras it projects them with, and the projection a capture reports as "markers in view".
#pragma once

#include "transform_math.hpp"

#include <uap/editor_sim/editor_simulator.hpp>

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace uap::editor_sim {

struct Simulation;

struct DrawnMarker {
    int id = 0;
    std::string kind;
    std::string label;
    Vector3 position;
    int target = 0; // Followed object (instance id), 0 for none.
    std::optional<Vector3> to;
};

struct DrawnPin {
    std::string id;
    std::string label;
    Vector3 position;
};

// Drawn state is domain state: a domain reload forgets it (the host draws it again).
struct MarkerScene {
    std::map<int, DrawnMarker> markers;
    std::vector<DrawnPin> pins;
    int next_pin = 1;
    int next_stroke = 1;
};

struct CameraModel {
    std::string name;
    Vector3 position;
    Quaternion rotation;
    bool orthographic = false;
    double field_of_view = 60; // Vertical, degrees.
    double orthographic_size = 5;
    double near_plane = 0.3;
    double far_plane = 1000;
    int pixel_width = 0;
    int pixel_height = 0;
};

struct Projected {
    double x = 0, y = 0; // Pixels, origin top left (as in the PNG).
    double depth = 0;    // Along the camera's forward axis.
};

// Where a world point lands in the camera's image; nullopt when it is behind, outside the clip
// planes or outside the image.
std::optional<Projected> project(const CameraModel& camera, const Vector3& point);

// The game view's camera: the first object with a Camera component (the sample's Main Camera).
std::optional<CameraModel> game_camera(Simulation& simulation, int width, int height);
// The simulated Scene view's camera: fixed, 30° down and 45° around, looking at the origin from 15 units.
CameraModel scene_camera(int width, int height);

void write_camera(rapidjson::Writer<rapidjson::StringBuffer>& writer, const CameraModel& camera);
// Writes the "markersInView" array for a capture made with camera.
void write_markers_in_view(rapidjson::Writer<rapidjson::StringBuffer>& writer, Simulation& simulation, const CameraModel& camera);
// The "camera" and "markersInView" members of a screenshot.capture result (params: the capture's).
void write_capture_camera(rapidjson::Writer<rapidjson::StringBuffer>& writer, Simulation& simulation, const rapidjson::Value& params,
                          int width, int height);

// The user actions behind EditorSimulator::place_pin and finish_stroke.
Reply simulate_pin(Simulation& simulation, std::string_view data_json);
Reply simulate_stroke(Simulation& simulation, std::string_view data_json);

} // namespace uap::editor_sim

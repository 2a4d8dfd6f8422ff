// Simulator primitives for Scene-view markers (markers.draw, markers.clear, markers.list), the
// camera (camera.get), and the projection of markers into captures.
#include "markers_model.hpp"
#include "transforms.hpp"
#include "world.hpp"

#include "support/json_writer.hpp"

#include <cmath>

namespace uap::editor_sim {

namespace {

constexpr double pi = 3.14159265358979323846;

Vector3 array_vector(const rapidjson::Value& value) { return {value[0].GetDouble(), value[1].GetDouble(), value[2].GetDouble()}; }

void write_vector(JsonWriter& writer, const Vector3& vector) {
    writer.StartArray();
    writer.Double(vector.x);
    writer.Double(vector.y);
    writer.Double(vector.z);
    writer.EndArray();
}

// The marker's position now: a followed object's world position, else where it was placed.
std::optional<Vector3> current_position(Simulation& simulation, const DrawnMarker& marker) {
    if (marker.target == 0)
        return marker.position;
    auto found = simulation.world.objects.find(marker.target);
    if (found == simulation.world.objects.end())
        return std::nullopt;
    return world_transform(simulation, found->second).position;
}

Reply markers_draw(Simulation& simulation, const rapidjson::Value& params) {
    auto& scene = simulation.marker_scene;
    if (params.HasMember("replace") && params["replace"].GetBool()) {
        scene.markers.clear();
        scene.pins.clear();
    }
    std::vector<int> missing;
    for (const auto& entry : params["markers"].GetArray()) {
        DrawnMarker marker;
        marker.id = entry["id"].GetInt();
        marker.kind = entry["kind"].GetString();
        marker.label = entry.HasMember("label") ? entry["label"].GetString() : "";
        marker.position = array_vector(entry["position"]);
        if (entry.HasMember("to"))
            marker.to = array_vector(entry["to"]);
        if (entry.HasMember("target")) {
            Reply error;
            if (GameObject* object = simulation.find_object(entry["target"], error))
                marker.target = object->id;
            else
                missing.push_back(marker.id); // Drawn where it was placed, as Unity would with a destroyed target.
        }
        scene.markers[marker.id] = marker;
    }
    if (params.HasMember("pins"))
        for (const auto& entry : params["pins"].GetArray())
            scene.pins.push_back({entry["id"].GetString(), entry.HasMember("label") ? entry["label"].GetString() : "",
                                  array_vector(entry["position"])});
    Output out;
    out.writer.StartObject();
    out.writer.Key("drawn");
    out.writer.Int(static_cast<int>(scene.markers.size()));
    out.writer.Key("missingTargets");
    out.writer.StartArray();
    for (int id : missing)
        out.writer.Int(id);
    out.writer.EndArray();
    out.writer.EndObject();
    return out.reply();
}

Reply markers_clear(Simulation& simulation, const rapidjson::Value& params) {
    auto& scene = simulation.marker_scene;
    std::size_t before = scene.markers.size() + scene.pins.size();
    if (params.HasMember("all") && params["all"].GetBool())
        scene.markers.clear();
    if (params.HasMember("ids"))
        for (const auto& id : params["ids"].GetArray())
            scene.markers.erase(id.GetInt());
    if (params.HasMember("pins") && params["pins"].GetBool())
        scene.pins.clear();
    std::size_t after = scene.markers.size() + scene.pins.size();
    return result_reply(json::TextWriter()
                            .begin_object()
                            .field("removed", static_cast<int64_t>(before - after))
                            .field("remaining", static_cast<int64_t>(after))
                            .end_object()
                            .text());
}

Reply markers_list(Simulation& simulation, const rapidjson::Value&) {
    Output out;
    out.writer.StartObject();
    out.writer.Key("markers");
    out.writer.StartArray();
    for (const auto& [id, marker] : simulation.marker_scene.markers) {
        out.writer.StartObject();
        out.writer.Key("id");
        out.writer.Int(id);
        out.writer.Key("kind");
        out.writer.String(marker.kind.c_str());
        out.writer.Key("label");
        out.writer.String(marker.label.c_str());
        out.writer.Key("position");
        write_vector(out.writer, current_position(simulation, marker).value_or(marker.position));
        out.writer.EndObject();
    }
    out.writer.EndArray();
    out.writer.Key("pins");
    out.writer.StartArray();
    for (const auto& pin : simulation.marker_scene.pins) {
        out.writer.StartObject();
        out.writer.Key("id");
        out.writer.String(pin.id.c_str());
        out.writer.Key("position");
        write_vector(out.writer, pin.position);
        out.writer.EndObject();
    }
    out.writer.EndArray();
    out.writer.EndObject();
    return out.reply();
}

Reply camera_get(Simulation& simulation, const rapidjson::Value& params) {
    int width = params.HasMember("width") ? params["width"].GetInt() : simulation.game_view_width;
    int height = params.HasMember("height") ? params["height"].GetInt() : simulation.game_view_height;
    std::optional<CameraModel> camera;
    if (params.HasMember("camera")) {
        Reply error;
        GameObject* object = simulation.find_object(params["camera"], error);
        if (!object)
            return error;
        camera = game_camera(simulation, width, height);
        bool has_camera = false;
        for (const auto& component : object->components)
            has_camera = has_camera || component.type->short_name == "Camera";
        if (!has_camera)
            return error_reply("invalid_params", "'" + object->name + "' has no Camera component");
        WorldTransform world = world_transform(simulation, *object);
        camera->name = object->name;
        camera->position = world.position;
        camera->rotation = world.rotation;
    } else if (params.HasMember("view") && std::string_view(params["view"].GetString()) == "scene") {
        camera = scene_camera(width, height);
    } else {
        camera = game_camera(simulation, width, height);
        if (!camera)
            return error_reply("not_found", "no camera in the open scenes renders the game view; add a Camera component");
    }
    Output out;
    out.writer.StartObject();
    out.writer.Key("camera");
    write_camera(out.writer, *camera);
    out.writer.EndObject();
    return out.reply();
}

} // namespace

std::optional<Projected> project(const CameraModel& camera, const Vector3& point) {
    Vector3 local = rotate(inverse(camera.rotation), subtract(point, camera.position));
    if (local.z < camera.near_plane || local.z > camera.far_plane)
        return std::nullopt;
    double aspect = static_cast<double>(camera.pixel_width) / camera.pixel_height;
    double half_height = camera.orthographic ? camera.orthographic_size : std::tan(camera.field_of_view * pi / 360.0) * local.z;
    double ndc_x = local.x / (half_height * aspect), ndc_y = local.y / half_height;
    if (std::abs(ndc_x) > 1 || std::abs(ndc_y) > 1)
        return std::nullopt;
    return Projected{(ndc_x + 1) * 0.5 * camera.pixel_width, (1 - ndc_y) * 0.5 * camera.pixel_height, local.z};
}

std::optional<CameraModel> game_camera(Simulation& simulation, int width, int height) {
    std::vector<int> order;
    for (const auto& [id, object] : simulation.world.objects)
        order.push_back(id);
    std::sort(order.begin(), order.end());
    for (int id : order) {
        const auto& object = simulation.world.objects.at(id);
        for (const auto& component : object.components) {
            if (component.type->short_name != "Camera")
                continue;
            CameraModel camera;
            camera.name = object.name;
            WorldTransform world = world_transform(simulation, object);
            camera.position = world.position;
            camera.rotation = world.rotation;
            for (const auto& property : component.properties)
                if (property.spec->path == "field of view")
                    camera.field_of_view = std::stod(property.value_json);
            camera.pixel_width = width;
            camera.pixel_height = height;
            return camera;
        }
    }
    return std::nullopt;
}

CameraModel scene_camera(int width, int height) {
    CameraModel camera;
    camera.name = "SceneCamera";
    camera.rotation = from_euler({30, 45, 0});
    Vector3 forward = rotate(camera.rotation, {0, 0, 1});
    camera.position = {-forward.x * 15, -forward.y * 15, -forward.z * 15};
    camera.pixel_width = width;
    camera.pixel_height = height;
    return camera;
}

void write_camera(JsonWriter& writer, const CameraModel& camera) {
    writer.StartObject();
    writer.Key("name");
    writer.String(camera.name.c_str());
    writer.Key("position");
    write_vector(writer, camera.position);
    writer.Key("rotation");
    writer.StartArray();
    for (double value : {camera.rotation.x, camera.rotation.y, camera.rotation.z, camera.rotation.w})
        writer.Double(value);
    writer.EndArray();
    writer.Key("orthographic");
    writer.Bool(camera.orthographic);
    writer.Key("fieldOfView");
    writer.Double(camera.field_of_view);
    writer.Key("orthographicSize");
    writer.Double(camera.orthographic_size);
    writer.Key("near");
    writer.Double(camera.near_plane);
    writer.Key("far");
    writer.Double(camera.far_plane);
    writer.Key("pixelWidth");
    writer.Int(camera.pixel_width);
    writer.Key("pixelHeight");
    writer.Int(camera.pixel_height);
    writer.EndObject();
}

void write_markers_in_view(JsonWriter& writer, Simulation& simulation, const CameraModel& camera) {
    writer.StartArray();
    auto write_one = [&](auto id_writer, const char* kind, const std::string& label, const Vector3& position) {
        auto seen = project(camera, position);
        if (!seen)
            return;
        writer.StartObject();
        writer.Key("id");
        id_writer();
        writer.Key("kind");
        writer.String(kind);
        writer.Key("label");
        writer.String(label.c_str());
        writer.Key("x");
        writer.Double(std::round(seen->x * 10) / 10);
        writer.Key("y");
        writer.Double(std::round(seen->y * 10) / 10);
        writer.Key("depth");
        writer.Double(std::round(seen->depth * 1000) / 1000);
        writer.EndObject();
    };
    for (const auto& [id, marker] : simulation.marker_scene.markers)
        if (auto position = current_position(simulation, marker))
            write_one([&, id = id] { writer.Int(id); }, marker.kind.c_str(), marker.label, *position);
    for (const auto& pin : simulation.marker_scene.pins)
        write_one([&] { writer.String(pin.id.c_str()); }, "pin", pin.label, pin.position);
    writer.EndArray();
}

void register_marker_primitives(std::map<std::string, Primitive, std::less<>>& table) {
    table["markers.draw"] = &markers_draw;
    table["markers.clear"] = &markers_clear;
    table["markers.list"] = &markers_list;
    table["camera.get"] = &camera_get;
}

} // namespace uap::editor_sim

namespace uap::editor_sim {

void write_capture_camera(JsonWriter& writer, Simulation& simulation, const rapidjson::Value& params, int width, int height) {
    bool scene_view = params.HasMember("view") && std::string_view(params["view"].GetString()) == "scene";
    std::optional<CameraModel> camera = scene_view ? scene_camera(width, height) : game_camera(simulation, width, height);
    if (!camera)
        return;
    writer.Key("camera");
    write_camera(writer, *camera);
    writer.Key("markersInView");
    write_markers_in_view(writer, simulation, *camera);
}

} // namespace uap::editor_sim

namespace uap::editor_sim {

namespace {

bool is_vector(const rapidjson::Value& value) {
    if (!value.IsArray() || value.Size() != 3)
        return false;
    for (const auto& axis : value.GetArray())
        if (!axis.IsNumber() || !std::isfinite(axis.GetDouble()))
            return false;
    return true;
}

} // namespace

Reply simulate_pin(Simulation& simulation, std::string_view data_json) {
    rapidjson::Document data;
    data.Parse(data_json.data(), data_json.size());
    if (data.HasParseError() || !data.IsObject() || !data.HasMember("position") || !is_vector(data["position"]))
        return error_reply("invalid_params", "a pin needs a position: three numbers x, y, z");
    auto& allocator = data.GetAllocator();
    std::string id = "P" + std::to_string(simulation.marker_scene.next_pin++);
    data.RemoveMember("id");
    data.AddMember("id", rapidjson::Value(id.c_str(), allocator), allocator);
    if (data.HasMember("object")) {
        Reply error;
        GameObject* object = simulation.find_object(data["object"], error);
        if (!object)
            return error;
        rapidjson::Value resolved(rapidjson::kObjectType);
        resolved.AddMember("instanceId", object->id, allocator);
        resolved.AddMember("path", rapidjson::Value(simulation.path_of(*object).c_str(), allocator), allocator);
        data["object"] = resolved;
    }
    std::string label = data.HasMember("label") && data["label"].IsString() ? data["label"].GetString() : "";
    simulation.marker_scene.pins.push_back({id, label, array_vector(data["position"])});
    std::string text = to_json(data);
    simulation.emit("userPin", text);
    return result_reply(text);
}

Reply simulate_stroke(Simulation& simulation, std::string_view data_json) {
    rapidjson::Document data;
    data.Parse(data_json.data(), data_json.size());
    if (data.HasParseError() || !data.IsObject() || !data.HasMember("points") || !data["points"].IsArray() || data["points"].Empty())
        return error_reply("invalid_params", "a stroke needs points: a list of positions, each three numbers x, y, z");
    for (const auto& point : data["points"].GetArray())
        if (!is_vector(point))
            return error_reply("invalid_params", "every stroke point must be [x,y,z]");
    auto& allocator = data.GetAllocator();
    std::string id = "S" + std::to_string(simulation.marker_scene.next_stroke++);
    data.RemoveMember("id");
    data.AddMember("id", rapidjson::Value(id.c_str(), allocator), allocator);
    std::string text = to_json(data);
    simulation.emit("strokeFinished", text);
    return result_reply(text);
}

} // namespace uap::editor_sim

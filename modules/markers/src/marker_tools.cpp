// The four marker tools. Markers live in the host (MarkersState); the editor only draws them.
#include "marker_tools.hpp"

#include <cctype>
#include <cmath>
#include <map>
#include <variant>

namespace uap::markers {

using core::EditorReply;
using core::EditorSession;
using core::member;

namespace {

using Allocator = rapidjson::Document::AllocatorType;

constexpr sdk::ToolTraits writes{sdk::Access::Writes, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::NotIdempotent,
                                 sdk::Duration::Quick};
constexpr sdk::ToolTraits reads{sdk::Access::ReadOnly, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::Idempotent,
                                sdk::Duration::Quick};

// "#rrggbb", "#rrggbbaa" or a colour name; nullopt when it is neither.
std::optional<std::array<double, 4>> parse_color(std::string_view text) {
    static const std::map<std::string_view, std::array<double, 4>> names{
        {"yellow", {1, 0.8, 0, 1}}, {"red", {1, 0.2, 0.2, 1}}, {"green", {0.2, 0.9, 0.3, 1}}, {"blue", {0.2, 0.5, 1, 1}},
        {"cyan", {0, 0.9, 0.9, 1}}, {"magenta", {1, 0.2, 0.9, 1}}, {"white", {1, 1, 1, 1}}, {"orange", {1, 0.55, 0, 1}}};
    if (auto found = names.find(text); found != names.end())
        return found->second;
    if ((text.size() != 7 && text.size() != 9) || text[0] != '#')
        return std::nullopt;
    std::array<double, 4> color{0, 0, 0, 1};
    for (std::size_t channel = 0; channel * 2 + 1 < text.size(); ++channel) {
        int value = 0;
        for (char digit : text.substr(1 + channel * 2, 2)) {
            int nibble = std::isdigit(static_cast<unsigned char>(digit)) ? digit - '0'
                         : (digit >= 'a' && digit <= 'f')               ? digit - 'a' + 10
                         : (digit >= 'A' && digit <= 'F')               ? digit - 'A' + 10
                                                                         : -1;
            if (nibble < 0)
                return std::nullopt;
            value = value * 16 + nibble;
        }
        color[channel] = value / 255.0;
    }
    return color;
}

// The current world position and instance id of the object at path.
struct Located {
    std::int64_t instance_id = 0;
    Vector position{};
};

std::variant<Located, std::string> locate(EditorSession& session, std::string_view path) {
    rapidjson::Document params(rapidjson::kObjectType);
    rapidjson::Value reference;
    if (auto problem = core::object_reference(path, nullptr, reference, params.GetAllocator()))
        return *problem;
    params.AddMember("object", reference, params.GetAllocator());
    EditorReply reply = session.call("transform.get", params);
    if (!reply.ok())
        return "target '" + std::string(path) + "' not found (" + reply.code + ": " + reply.message +
               "); list objects with uap_query_hierarchy, or pass position [x,y,z]";
    const auto& world = reply.result["transform"]["world"]["position"];
    Located located;
    located.position = {world["x"].GetDouble(), world["y"].GetDouble(), world["z"].GetDouble()};
    if (reply.result["transform"].HasMember("instanceId") && reply.result["transform"]["instanceId"].IsInt64())
        located.instance_id = reply.result["transform"]["instanceId"].GetInt64();
    return located;
}

rapidjson::Value text_value(std::string_view text, Allocator& allocator) {
    return rapidjson::Value(text.data(), static_cast<rapidjson::SizeType>(text.size()), allocator);
}

} // namespace

MarkerAddTool::MarkerAddTool(MarkersState& state)
    : EditorTool({"uap_marker_add",
                  "Draw a numbered marker in the Scene view (no scene objects). Max 32; the oldest goes.",
                  R"({"type":"object","properties":{"kind":{"enum":["point","arrow","box"]},"position":{"type":"array","items":{"type":"number"}},)"
                  R"("target":{"type":"string"},"to":{"type":"array","items":{"type":"number"}},"label":{"type":"string","maxLength":64},)"
                  R"("color":{"type":"string"},"size":{"type":"number","maximum":100},"ttl_seconds":{"type":"number"}}})",
                  writes,
                  R"({"type":"object","required":["id","kind","position","drawn","message"],"properties":{"id":{"type":"integer"},"kind":{"enum":["point","arrow","box"]},)"
                  R"("position":{"type":"array","items":{"type":"number"}},"droppedOldest":{"type":"array","items":{"type":"integer"}},"drawn":{"type":"boolean"},"message":{"type":"string"}}})"}),
      m_state(state) {}

sdk::ToolResult MarkerAddTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    m_state.expire(session.context().handle());
    Marker marker;
    std::string_view kind = core::string_member(arguments, "kind");
    marker.kind = kind == "arrow" ? MarkerKind::Arrow : kind == "box" ? MarkerKind::Box : MarkerKind::Point;
    const auto* position = member(arguments, "position");
    std::string_view target = core::string_member(arguments, "target");
    if (position && !target.empty())
        return sdk::ToolResult::failure("uap_marker_add refused: give position or target, not both (target follows the object as it moves)");
    if (position) {
        auto vector = read_vector(*position);
        if (!vector)
            return sdk::ToolResult::failure("uap_marker_add refused: position must be [x,y,z] (three numbers)");
        marker.position = *vector;
    } else if (!target.empty()) {
        auto located = locate(session, target);
        if (auto* problem = std::get_if<std::string>(&located))
            return sdk::ToolResult::failure("uap_marker_add refused: " + *problem);
        auto& found = std::get<Located>(located);
        marker.position = found.position;
        marker.target_id = found.instance_id;
        marker.target_path = std::string(target);
    } else {
        return sdk::ToolResult::failure("uap_marker_add refused: give position [x,y,z] or target (a hierarchy path)");
    }
    if (const auto* to = member(arguments, "to")) {
        if (marker.kind != MarkerKind::Arrow)
            return sdk::ToolResult::failure("uap_marker_add refused: 'to' is only for kind arrow");
        auto vector = read_vector(*to);
        if (!vector)
            return sdk::ToolResult::failure("uap_marker_add refused: to must be [x,y,z] (three numbers)");
        marker.to = *vector;
    } else if (marker.kind == MarkerKind::Arrow) {
        return sdk::ToolResult::failure("uap_marker_add refused: an arrow needs to [x,y,z], the point it aims at");
    }
    marker.label = std::string(core::string_member(arguments, "label"));
    if (const auto* color = member(arguments, "color")) {
        auto parsed = parse_color(color->GetString());
        if (!parsed)
            return sdk::ToolResult::failure("uap_marker_add refused: color '" + std::string(color->GetString()) +
                                            "' is not #rrggbb, #rrggbbaa or one of yellow, red, green, blue, cyan, magenta, white, orange");
        marker.color = *parsed;
    }
    if (const auto* size = member(arguments, "size")) {
        if (!(size->GetDouble() > 0))
            return sdk::ToolResult::failure("uap_marker_add refused: size must be above 0 (world units; default 0.5)");
        marker.size = size->GetDouble();
    }
    if (const auto* ttl = member(arguments, "ttl_seconds")) {
        if (!(ttl->GetDouble() > 0) || ttl->GetDouble() > 86400)
            return sdk::ToolResult::failure("uap_marker_add refused: ttl_seconds must be above 0 and at most 86400; leave it out to keep the marker");
        marker.expires_at_ms = m_state.now_ms() + static_cast<uint64_t>(std::llround(ttl->GetDouble() * 1000.0));
    }

    std::vector<int> dropped = m_state.board().add(marker);
    std::string drew;
    if (!dropped.empty())
        drew = m_state.erase(session.context().handle(), dropped);
    if (drew.empty())
        drew = m_state.draw(session.context().handle(), {marker}, false);

    rapidjson::Document result(rapidjson::kObjectType);
    auto& allocator = result.GetAllocator();
    result.AddMember("id", marker.id, allocator);
    result.AddMember("kind", rapidjson::StringRef(to_string(marker.kind)), allocator);
    result.AddMember("position", vector_value(marker.position, allocator), allocator);
    if (!dropped.empty()) {
        rapidjson::Value ids(rapidjson::kArrayType);
        for (int id : dropped)
            ids.PushBack(id, allocator);
        result.AddMember("droppedOldest", ids, allocator);
    }
    result.AddMember("drawn", drew.empty(), allocator);
    std::string message = "marker " + std::to_string(marker.id) + " added";
    if (!dropped.empty())
        message += "; at most 32 agent markers, so the oldest (" + std::to_string(dropped.front()) + ") was dropped";
    if (!drew.empty())
        message += "; the host keeps it, but the editor did not draw it yet: " + drew;
    result.AddMember("message", text_value(message, allocator), allocator);
    return sdk::ToolResult::success(std::move(result));
}

MarkerListTool::MarkerListTool(MarkersState& state)
    : EditorTool({"uap_marker_list", "List agent markers and user pins (id, kind, label, position, origin).", R"({"type":"object"})", reads,
                  R"({"type":"object","required":["count","markers"],"properties":{"count":{"type":"integer"},"markers":{"type":"array","items":{)"
                  R"("type":"object","required":["id","kind","label","origin","position"],"properties":{"id":{"type":["integer","string"]},"kind":{"enum":["point","arrow","box","pin"]},)"
                  R"("label":{"type":"string"},"origin":{"enum":["agent","user"]},"position":{"type":"array","items":{"type":"number"}},"target":{"type":"string"}}}}}})"}),
      m_state(state) {}

sdk::ToolResult MarkerListTool::run(const rapidjson::Value&, EditorSession& session) {
    m_state.expire(session.context().handle());
    rapidjson::Document result(rapidjson::kObjectType);
    auto& allocator = result.GetAllocator();
    rapidjson::Value list(rapidjson::kArrayType);
    uint64_t now = m_state.now_ms();
    for (const auto& marker : m_state.board().markers()) {
        rapidjson::Value entry(rapidjson::kObjectType);
        entry.AddMember("id", marker.id, allocator);
        entry.AddMember("kind", rapidjson::StringRef(to_string(marker.kind)), allocator);
        entry.AddMember("label", text_value(marker.label, allocator), allocator);
        entry.AddMember("origin", "agent", allocator);
        Vector position = marker.position;
        if (marker.target_id != 0) {
            // Followed targets are read now: the marker is where the object is, not where it was.
            auto located = locate(session, core::instance_path(marker.target_id));
            if (auto* found = std::get_if<Located>(&located))
                position = found->position;
            else
                entry.AddMember("targetMissing", true, allocator);
            entry.AddMember("target", text_value(marker.target_path, allocator), allocator);
        }
        entry.AddMember("position", vector_value(position, allocator), allocator);
        if (marker.to)
            entry.AddMember("to", vector_value(*marker.to, allocator), allocator);
        if (marker.expires_at_ms)
            entry.AddMember("expiresInSeconds", static_cast<double>(*marker.expires_at_ms - now) / 1000.0, allocator);
        list.PushBack(entry, allocator);
    }
    for (const auto& pin : m_state.board().pins()) {
        rapidjson::Value entry(rapidjson::kObjectType);
        entry.AddMember("id", text_value(pin.id, allocator), allocator);
        entry.AddMember("kind", "pin", allocator);
        entry.AddMember("label", text_value(pin.label, allocator), allocator);
        entry.AddMember("origin", "user", allocator);
        entry.AddMember("position", vector_value(pin.position, allocator), allocator);
        rapidjson::Document data;
        data.Parse(pin.data_json.c_str());
        for (const char* key : {"object", "normal", "nearby", "camera"})
            if (data.IsObject() && data.HasMember(key))
                entry.AddMember(rapidjson::StringRef(key), rapidjson::Value(data[key], allocator), allocator);
        list.PushBack(entry, allocator);
    }
    result.AddMember("count", list.Size(), allocator);
    result.AddMember("markers", list, allocator);
    return sdk::ToolResult::success(std::move(result));
}

MarkerClearTool::MarkerClearTool(MarkersState& state)
    : EditorTool({"uap_marker_clear", "Clear marker id; no id: all agent markers; all:true: pins and sketches too.",
                  R"({"type":"object","properties":{"id":{"type":"integer"},"all":{"type":"boolean"}}})", writes,
                  R"({"type":"object","required":["removedMarkers","remainingMarkers","remainingPins"],"properties":{"removedMarkers":{"type":"integer"},)"
                  R"("removedPins":{"type":"integer"},"removedStrokes":{"type":"integer"},"remainingMarkers":{"type":"integer"},"remainingPins":{"type":"integer"},"editor":{"type":"string"}}})"}),
      m_state(state) {}

sdk::ToolResult MarkerClearTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    m_state.expire(session.context().handle());
    auto* call = session.context().handle();
    rapidjson::Document result(rapidjson::kObjectType);
    auto& allocator = result.GetAllocator();
    const auto* id = member(arguments, "id");
    bool all = member(arguments, "all") && arguments["all"].GetBool();
    if (id && all)
        return sdk::ToolResult::failure("uap_marker_clear refused: give id or all:true, not both");
    std::string problem;
    if (id) {
        if (!m_state.board().remove(id->GetInt()))
            return sdk::ToolResult::failure("uap_marker_clear: no agent marker " + std::to_string(id->GetInt()) +
                                            " (it may have expired or been dropped); see uap_marker_list");
        problem = m_state.erase(call, {id->GetInt()});
        result.AddMember("removedMarkers", 1, allocator);
    } else if (all) {
        auto counts = m_state.board().clear_all();
        problem = m_state.erase_everything(call);
        result.AddMember("removedMarkers", static_cast<uint64_t>(counts[0]), allocator);
        result.AddMember("removedPins", static_cast<uint64_t>(counts[1]), allocator);
        result.AddMember("removedStrokes", static_cast<uint64_t>(counts[2]), allocator);
    } else {
        auto ids = m_state.board().clear_agent();
        if (!ids.empty())
            problem = m_state.erase(call, ids);
        result.AddMember("removedMarkers", static_cast<uint64_t>(ids.size()), allocator);
    }
    result.AddMember("remainingMarkers", static_cast<uint64_t>(m_state.board().markers().size()), allocator);
    result.AddMember("remainingPins", static_cast<uint64_t>(m_state.board().pins().size()), allocator);
    if (!problem.empty())
        result.AddMember("editor", text_value("the host forgot them, but the editor did not confirm: " + problem, allocator), allocator);
    return sdk::ToolResult::success(std::move(result));
}

StrokeListTool::StrokeListTool(MarkersState& state)
    : EditorTool({"uap_stroke_list", "List the user's Scene-view sketches: points, normals, hit objects, length, closed, bounds, plane.",
                  R"({"type":"object","properties":{"id":{"type":"string"},"max_points":{"type":"integer","minimum":2,"maximum":2000}}})", reads,
                  R"({"type":"object","required":["count","strokes"],"properties":{"count":{"type":"integer"},"strokes":{"type":"array","items":{"type":"object",)"
                  R"("required":["id","pointCount","points","normals","hitObjects","length","closed","bounds","plane"],"properties":{"id":{"type":"string"},)"
                  R"("pointCount":{"type":"integer"},"resampledTo":{"type":"integer"},"points":{"type":"array","items":{"type":"array","items":{"type":"number"}}},)"
                  R"("normals":{"type":"array"},"hitObjects":{"type":"array"},"length":{"type":"number"},"closed":{"type":"boolean"},"bounds":{"type":"object","required":["min","max"]},)"
                  R"("plane":{"type":["object","string","null"]}}}}}})"}),
      m_state(state) {}

sdk::ToolResult StrokeListTool::run(const rapidjson::Value& arguments, EditorSession&) {
    std::string_view only = core::string_member(arguments, "id");
    std::size_t max_points = member(arguments, "max_points") ? static_cast<std::size_t>(arguments["max_points"].GetInt()) : 200;
    rapidjson::Document result(rapidjson::kObjectType);
    auto& allocator = result.GetAllocator();
    rapidjson::Value list(rapidjson::kArrayType);
    bool found = only.empty();
    for (const auto& stroke : m_state.board().strokes()) {
        if (!only.empty() && stroke.id != only)
            continue;
        found = true;
        rapidjson::Value entry(rapidjson::kObjectType);
        entry.AddMember("id", text_value(stroke.id, allocator), allocator);
        // Long strokes are resampled evenly (first and last kept) so the reply stays bounded.
        std::size_t count = stroke.points.size();
        std::size_t kept = std::min(count, max_points);
        rapidjson::Value points(rapidjson::kArrayType), normals(rapidjson::kArrayType), hits(rapidjson::kArrayType);
        rapidjson::Document hit_objects;
        hit_objects.Parse(stroke.hit_objects_json.c_str());
        for (std::size_t index = 0; index < kept; ++index) {
            std::size_t source = kept == 1 ? 0 : index * (count - 1) / (kept - 1);
            points.PushBack(vector_value(stroke.points[source], allocator), allocator);
            if (!stroke.normals.empty())
                normals.PushBack(vector_value(stroke.normals[source], allocator), allocator);
            if (hit_objects.IsArray() && source < hit_objects.Size())
                hits.PushBack(rapidjson::Value(hit_objects[static_cast<rapidjson::SizeType>(source)], allocator), allocator);
        }
        entry.AddMember("pointCount", static_cast<uint64_t>(count), allocator);
        if (kept < count)
            entry.AddMember("resampledTo", static_cast<uint64_t>(kept), allocator);
        entry.AddMember("points", points, allocator);
        entry.AddMember("normals", normals, allocator);
        entry.AddMember("hitObjects", hits, allocator);
        entry.AddMember("length", stroke.length, allocator);
        entry.AddMember("closed", stroke.closed, allocator);
        rapidjson::Value bounds(rapidjson::kObjectType);
        bounds.AddMember("min", vector_value(stroke.bounds_min, allocator), allocator);
        bounds.AddMember("max", vector_value(stroke.bounds_max, allocator), allocator);
        entry.AddMember("bounds", bounds, allocator);
        rapidjson::Document plane;
        plane.Parse(stroke.plane_json.c_str());
        entry.AddMember("plane", rapidjson::Value(plane, allocator), allocator);
        list.PushBack(entry, allocator);
    }
    if (!found)
        return sdk::ToolResult::failure("uap_stroke_list: no stroke '" + std::string(only) + "'; call it without id to list them all");
    result.AddMember("count", list.Size(), allocator);
    result.AddMember("strokes", list, allocator);
    return sdk::ToolResult::success(std::move(result));
}

} // namespace uap::markers

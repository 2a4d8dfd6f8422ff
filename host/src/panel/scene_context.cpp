// Pins and sketches as message context: see scene_context.hpp.
#include "panel/scene_context.hpp"

#include "support/json.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace uap::panel {

namespace {

std::string point_text(const rapidjson::Value& value) {
    if (!value.IsArray() || value.Size() != 3 || !value[0].IsNumber() || !value[1].IsNumber() || !value[2].IsNumber())
        return "?";
    char buffer[96];
    std::snprintf(buffer, sizeof buffer, "(%.2f, %.2f, %.2f)", value[0].GetDouble(), value[1].GetDouble(), value[2].GetDouble());
    return buffer;
}

std::string pin_text(const rapidjson::Value& data) {
    static const rapidjson::Value missing;
    std::string text = "pin at " + point_text(data.HasMember("position") ? data["position"] : missing);
    if (data.HasMember("object") && data["object"].IsObject()) {
        const auto& object = data["object"];
        if (auto path = json::string_field(object, "path"))
            text += " on " + *path;
        else if (auto name = json::string_field(object, "name"))
            text += " on " + *name;
    }
    if (auto label = json::string_field(data, "label"); label && !label->empty())
        text += " \"" + *label + "\"";
    return text;
}

std::string stroke_text(const rapidjson::Value& data) {
    const auto& points = data["points"];
    double length = 0;
    for (rapidjson::SizeType index = 1; index < points.Size(); ++index) {
        double sum = 0;
        for (rapidjson::SizeType axis = 0; axis < 3 && points[index].IsArray() && points[index].Size() == 3; ++axis) {
            double delta = points[index][axis].GetDouble() - points[index - 1][axis].GetDouble();
            sum += delta * delta;
        }
        length += std::sqrt(sum);
    }
    char buffer[128];
    bool closed = json::bool_field(data, "closed").value_or(false);
    std::snprintf(buffer, sizeof buffer, "sketch of %u points, length %.2f%s, from %s", points.Size(), length, closed ? ", closed" : "",
                  point_text(points[0]).c_str());
    return buffer;
}

} // namespace

SceneContext::SceneContext(api::EditorEventSource* source, api::EventSink& sink) : m_source(source), m_sink(sink) {
    if (m_source)
        m_ticket = m_source->subscribe([this](const std::string& frame) { on_editor_event(frame); });
}

SceneContext::~SceneContext() {
    if (m_source)
        m_source->unsubscribe(m_ticket);
}

void SceneContext::on_editor_event(const std::string& frame_json) {
    auto frame = json::parse(frame_json);
    if (!frame || !frame->IsObject() || !frame->HasMember("data") || !(*frame)["data"].IsObject())
        return;
    std::string name = json::string_field(*frame, "event").value_or("");
    const auto& data = (*frame)["data"];
    std::lock_guard lock(m_mutex);
    if ((name == "sceneChanged" && json::bool_field(data, "opened").value_or(false)) ||
        (name == "playModeChanged" && json::string_field(data, "previous").value_or("") == "edit")) {
        // The pins point into a scene that is gone (the markers pack clears them too).
        if (m_items.empty())
            return;
        m_items.clear();
        m_attached.clear();
        publish_locked();
        return;
    }
    Item item;
    auto id = json::string_field(data, "id");
    if (!id || id->empty() || id->size() > 16)
        return;
    if (name == "userPin" && data.HasMember("position"))
        item = {*id, "pin", pin_text(data)};
    else if (name == "strokeFinished" && data.HasMember("points") && data["points"].IsArray() && !data["points"].Empty())
        item = {*id, "sketch", stroke_text(data)};
    else
        return;
    std::erase_if(m_items, [&](const Item& old) { return old.id == item.id; });
    if (m_items.size() >= max_items) {
        m_attached.erase(m_items.front().id);
        m_items.erase(m_items.begin());
    }
    m_items.push_back(std::move(item));
    publish_locked();
}

void SceneContext::write_state_locked(rapidjson::Value& into, rapidjson::Document::AllocatorType& allocator) const {
    rapidjson::Value items(rapidjson::kArrayType), attached(rapidjson::kArrayType);
    for (const auto& item : m_items) {
        rapidjson::Value entry(rapidjson::kObjectType);
        entry.AddMember("id", json::string_value(item.id, allocator), allocator);
        entry.AddMember("kind", json::string_value(item.kind, allocator), allocator);
        entry.AddMember("text", json::string_value(item.text, allocator), allocator);
        items.PushBack(entry, allocator);
    }
    for (const auto& id : m_attached)
        attached.PushBack(json::string_value(id, allocator), allocator);
    into.AddMember("items", items, allocator);
    into.AddMember("attached", attached, allocator);
}

void SceneContext::publish_locked() {
    rapidjson::Document event(rapidjson::kObjectType);
    event.AddMember("type", "scene_context", event.GetAllocator());
    write_state_locked(event, event.GetAllocator());
    m_sink.publish(std::move(event));
}

Expected<void> SceneContext::attach(const rapidjson::Value& command, rapidjson::Document& reply) {
    std::lock_guard lock(m_mutex);
    if (auto ids = command.FindMember("ids"); ids != command.MemberEnd()) {
        if (!ids->value.IsArray())
            return Error("attach_scene_context needs ids: an array of pin and sketch ids such as [\"P1\",\"S2\"] ([] detaches all)");
        std::set<std::string> wanted;
        for (const auto& id : ids->value.GetArray()) {
            bool known = id.IsString() && std::any_of(m_items.begin(), m_items.end(), [&](const Item& item) { return item.id == id.GetString(); });
            if (!known) {
                std::string named = id.IsString() ? std::string(1, '\'') + id.GetString() + '\'' : std::string("a non-string id");
                return Error("attach_scene_context refused: " + named + " is not a current pin or sketch; the scene_context event lists them");
            }
            wanted.insert(id.GetString());
        }
        m_attached = std::move(wanted);
        publish_locked();
    }
    write_state_locked(reply, reply.GetAllocator());
    return {};
}

std::string SceneContext::take_attached_text() {
    std::lock_guard lock(m_mutex);
    if (m_attached.empty())
        return {};
    std::string text = "Scene context the user attached (full data: uap_marker_list, uap_stroke_list):\n";
    for (const auto& item : m_items)
        if (m_attached.count(item.id))
            text += "- " + item.id + ": " + item.text + "\n";
    m_attached.clear();
    publish_locked();
    return text + "\n";
}

} // namespace uap::panel

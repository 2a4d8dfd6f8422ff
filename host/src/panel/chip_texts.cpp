// Context chip texts from editor events and editor answers: see chip_texts.hpp.
#include "panel/chip_texts.hpp"

#include "support/json.hpp"
#include "support/json_writer.hpp"
#include "support/utf8_text.hpp"

#include <cmath>
#include <cstdio>

namespace uap::panel::chips {

namespace {

// Names and paths come from the editor; a newline in one must not start a line of its own.
std::string one_line(std::string text) {
    for (char& character : text)
        if (character == '\n' || character == '\r' || character == '\t')
            character = ' ';
    return utf8::clip(text, 300);
}

std::string point_text(const rapidjson::Value& value) {
    if (!value.IsArray() || value.Size() != 3 || !value[0].IsNumber() || !value[1].IsNumber() || !value[2].IsNumber())
        return "?";
    char buffer[96];
    std::snprintf(buffer, sizeof buffer, "(%.2f, %.2f, %.2f)", value[0].GetDouble(), value[1].GetDouble(), value[2].GetDouble());
    return buffer;
}

bool is_point(const rapidjson::Value& value) {
    return value.IsArray() && value.Size() == 3 && value[0].IsNumber() && value[1].IsNumber() && value[2].IsNumber();
}

std::string object_line(const rapidjson::Value& object) {
    std::string type = json::string_field(object, "type").value_or("");
    if (auto dot = type.rfind('.'); dot != std::string::npos)
        type = type.substr(dot + 1);
    std::string line;
    if (auto asset = json::string_field(object, "assetPath"))
        line = "asset " + one_line(*asset);
    else if (auto path = json::string_field(object, "path"))
        line = "object " + one_line(*path);
    else
        line = "object " + one_line(json::string_field(object, "name").value_or("?"));
    if (!type.empty())
        line += " (" + one_line(type) + ")";
    if (auto id = json::integer_field(object, "instanceId"))
        line += " #" + std::to_string(*id);
    return line;
}

} // namespace

std::string bounded(std::string text) {
    if (text.size() <= max_text_bytes)
        return text;
    std::size_t total = text.size();
    std::string note = "\n(cut: " + std::to_string(total) + " bytes in all)";
    return utf8::clip(text, max_text_bytes - note.size()) + note;
}

std::string pin_text(const rapidjson::Value& data) {
    static const rapidjson::Value missing;
    std::string text = "pin at " + point_text(data.HasMember("position") ? data["position"] : missing);
    if (data.HasMember("object") && data["object"].IsObject()) {
        const auto& object = data["object"];
        if (auto path = json::string_field(object, "path"))
            text += " on " + one_line(*path);
        else if (auto name = json::string_field(object, "name"))
            text += " on " + one_line(*name);
    }
    if (auto label = json::string_field(data, "label"); label && !label->empty())
        text += " \"" + one_line(*label) + "\"";
    return text;
}

std::string stroke_text(const rapidjson::Value& data) {
    const auto& points = data["points"];
    double length = 0;
    for (rapidjson::SizeType index = 1; index < points.Size(); ++index) {
        if (!is_point(points[index]) || !is_point(points[index - 1]))
            continue;
        double sum = 0;
        for (rapidjson::SizeType axis = 0; axis < 3; ++axis) {
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

std::string selection_text(const rapidjson::Value& data) {
    auto objects = data.FindMember("objects");
    if (objects == data.MemberEnd() || !objects->value.IsArray() || objects->value.Empty())
        return {};
    const auto& list = objects->value;
    uint64_t count = std::max<uint64_t>(list.Size(), static_cast<uint64_t>(std::max<int64_t>(0, json::integer_field(data, "count").value_or(0))));
    std::string text = "selected in the editor (" + std::to_string(count) + "):";
    std::size_t listed = 0;
    for (const auto& object : list.GetArray()) {
        if (!object.IsObject())
            continue;
        if (listed == max_listed_objects)
            break;
        text += "\n- " + object_line(object);
        ++listed;
    }
    if (count > listed)
        text += "\n- and " + std::to_string(count - listed) + " more";
    return bounded(std::move(text));
}

std::string selection_label(const rapidjson::Value& data) {
    const auto& objects = data["objects"];
    uint64_t count = std::max<uint64_t>(objects.Size(), static_cast<uint64_t>(std::max<int64_t>(0, json::integer_field(data, "count").value_or(0))));
    if (count == 1 && objects[0].IsObject())
        return utf8::clip(one_line(json::string_field(objects[0], "name").value_or("1 selected")), 40);
    return std::to_string(count) + " selected";
}

std::string console_text(const std::vector<ConsoleErrorEntry>& newest_first) {
    std::string text = "newest Console errors:";
    for (const auto& entry : newest_first) {
        text += "\n- " + entry.kind + ": " + one_line(entry.message);
        if (entry.count > 1)
            text += " (x" + std::to_string(entry.count) + ")";
    }
    return bounded(std::move(text));
}

Expected<std::string> scene_summary(api::EditorLink& editor) {
    constexpr uint32_t timeout_ms = 5000;
    auto scenes = editor.call("scene.list", "{}", timeout_ms, nullptr);
    if (!scenes)
        return Error("the editor did not list its scenes: " + scenes.error().message());
    std::string roots_params = json::TextWriter().begin_object().field("limit", static_cast<uint64_t>(max_scene_roots)).end_object().text();
    auto roots = editor.call("hierarchy.roots", roots_params, timeout_ms, nullptr);
    if (!roots)
        return Error("the editor did not list the scene's root objects: " + roots.error().message());
    auto scene_list = json::parse(*scenes);
    auto root_list = json::parse(*roots);
    if (!scene_list || !root_list || !scene_list->IsObject() || !root_list->IsObject())
        return Error("the editor's scene answer was not a JSON object");
    std::string text = "open scenes:";
    if (auto open = scene_list->FindMember("open"); open != scene_list->MemberEnd() && open->value.IsArray())
        for (const auto& scene : open->value.GetArray()) {
            if (!scene.IsObject())
                continue;
            text += "\n- " + one_line(json::string_field(scene, "name").value_or("?"));
            if (auto path = json::string_field(scene, "path"); path && !path->empty())
                text += " (" + one_line(*path) + ")";
            text += ", " + std::to_string(json::integer_field(scene, "rootCount").value_or(0)) + " root objects";
            if (json::bool_field(scene, "active").value_or(false))
                text += ", active";
            if (json::bool_field(scene, "dirty").value_or(false))
                text += ", unsaved changes";
        }
    text += "\nroot objects:";
    std::size_t listed = 0;
    if (auto nodes = root_list->FindMember("nodes"); nodes != root_list->MemberEnd() && nodes->value.IsArray())
        for (const auto& node : nodes->value.GetArray()) {
            if (!node.IsObject())
                continue;
            ++listed;
            text += "\n- " + one_line(json::string_field(node, "path").value_or("?"));
            if (auto children = json::integer_field(node, "childCount"); children && *children > 0)
                text += " (" + std::to_string(*children) + " children)";
            if (!json::bool_field(node, "active").value_or(true))
                text += ", inactive";
        }
    auto total = json::integer_field(*root_list, "total").value_or(static_cast<int64_t>(listed));
    if (total > static_cast<int64_t>(listed))
        text += "\n- and " + std::to_string(total - static_cast<int64_t>(listed)) + " more";
    return bounded(std::move(text));
}

} // namespace uap::panel::chips

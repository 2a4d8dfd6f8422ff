// uap_rect_transform_set: checks every value and combination against the RectTransform as it is,
// writes them with one property.set (one Undo step), and reads the result back separately.
#include "rect_transform_tool.hpp"

#include <array>
#include <optional>

namespace uap::core {

namespace {

constexpr sdk::ToolTraits undoable_idempotent_write{sdk::Access::Writes, sdk::Undo::Undoable, sdk::Impact::NonDestructive,
                                                    sdk::Repeat::Idempotent, sdk::Duration::Quick};

struct Vector2 {
    double x = 0;
    double y = 0;
};

// The anchor presets of the Inspector's anchor menu: {anchorMin, anchorMax}. Like a plain click
// there, a preset sets the anchors only (pivot and size are their own arguments).
struct Preset {
    const char* name;
    Vector2 min;
    Vector2 max;
};
constexpr std::array<Preset, 16> presets{{
    {"top-left", {0, 1}, {0, 1}},        {"top-center", {0.5, 1}, {0.5, 1}},     {"top-right", {1, 1}, {1, 1}},
    {"middle-left", {0, 0.5}, {0, 0.5}}, {"middle-center", {0.5, 0.5}, {0.5, 0.5}}, {"middle-right", {1, 0.5}, {1, 0.5}},
    {"bottom-left", {0, 0}, {0, 0}},     {"bottom-center", {0.5, 0}, {0.5, 0}},   {"bottom-right", {1, 0}, {1, 0}},
    {"top-stretch", {0, 1}, {1, 1}},     {"middle-stretch", {0, 0.5}, {1, 0.5}},  {"bottom-stretch", {0, 0}, {1, 0}},
    {"stretch-left", {0, 0}, {0, 1}},    {"stretch-center", {0.5, 0}, {0.5, 1}},  {"stretch-right", {1, 0}, {1, 1}},
    {"stretch-stretch", {0, 0}, {1, 1}},
}};

constexpr const char* tool = "uap_rect_transform_set";

std::string preset_names() {
    std::string names;
    for (const auto& preset : presets)
        names += (names.empty() ? "" : ", ") + std::string(preset.name);
    return names;
}

// A 2D value {x, y} with missing axes taken from base; refuses a z axis.
std::optional<std::string> read_vector(const rapidjson::Value& arguments, const char* name, Vector2& value) {
    const rapidjson::Value* given = member(arguments, name);
    if (!given)
        return std::nullopt;
    if (given->HasMember("z"))
        return std::string(tool) + " refused: " + name + " is 2D and takes x and y only; nothing was changed";
    if (const auto* x = member(*given, "x"))
        value.x = x->GetDouble();
    if (const auto* y = member(*given, "y"))
        value.y = y->GetDouble();
    return std::nullopt;
}

Vector2 vector_of(const rapidjson::Value& property) {
    const rapidjson::Value& value = property["value"];
    return {value["x"].GetDouble(), value["y"].GetDouble()};
}

rapidjson::Value vector_value(Vector2 value, Allocator& allocator) {
    rapidjson::Value out(rapidjson::kObjectType);
    out.AddMember("x", value.x, allocator);
    out.AddMember("y", value.y, allocator);
    return out;
}

const std::array<const char*, 5> paths{"m_AnchorMin", "m_AnchorMax", "m_Pivot", "m_SizeDelta", "m_AnchoredPosition"};

// The RectTransform's values as {anchorMin, anchorMax, pivot, size, anchoredPosition}, from a property.get answer.
rapidjson::Value observed(const rapidjson::Value& properties, Allocator& allocator) {
    const std::array<const char*, 5> names{"anchorMin", "anchorMax", "pivot", "size", "anchoredPosition"};
    rapidjson::Value out(rapidjson::kObjectType);
    for (rapidjson::SizeType index = 0; index < names.size(); ++index)
        out.AddMember(rapidjson::StringRef(names[index]), vector_value(vector_of(properties[index]), allocator), allocator);
    return out;
}

} // namespace

RectTransformSetTool::RectTransformSetTool()
    : EditorTool({tool, "Set a UI RectTransform: anchors or anchorPreset, pivot, size; no values: read.",
                  R"({"type":"object","required":["path"],"properties":{"path":{"type":"string"},"anchorPreset":{"type":"string"},
"anchorMin":)" UAP_VECTOR_SCHEMA R"(,"anchorMax":)" UAP_VECTOR_SCHEMA R"(,"pivot":)" UAP_VECTOR_SCHEMA R"(,"size":)" UAP_VECTOR_SCHEMA R"(}})",
                  undoable_idempotent_write,
                  R"({"type":"object","required":["rectTransform","written"],"properties":{"rectTransform":{"type":"object","required":["anchorMin","anchorMax","pivot","size"]},"written":{"type":"boolean"}}})"}) {}

sdk::ToolResult RectTransformSetTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    const rapidjson::Value* preset_name = member(arguments, "anchorPreset");
    if (preset_name && (member(arguments, "anchorMin") || member(arguments, "anchorMax")))
        return sdk::ToolResult::failure(std::string(tool) + " refused: anchorPreset already sets anchorMin and anchorMax; give either the preset or the "
                                                            "anchors, not both. Nothing was changed");
    const Preset* preset = nullptr;
    if (preset_name) {
        for (const auto& candidate : presets)
            if (std::string_view(preset_name->GetString()) == candidate.name)
                preset = &candidate;
        if (!preset)
            return sdk::ToolResult::failure(std::string(tool) + " refused: unknown anchorPreset '" + preset_name->GetString() + "'; use one of " +
                                            preset_names() + ". Nothing was changed");
    }

    rapidjson::Document get(rapidjson::kObjectType);
    auto& get_allocator = get.GetAllocator();
    rapidjson::Value reference;
    if (auto problem = object_reference(string_member(arguments, "path"), nullptr, reference, get_allocator))
        return sdk::ToolResult::failure(std::string(tool) + " refused: " + *problem);
    rapidjson::Value component(rapidjson::kObjectType);
    component.AddMember("object", reference, get_allocator);
    component.AddMember("type", "RectTransform", get_allocator);
    rapidjson::Value target(rapidjson::kObjectType);
    target.AddMember("component", component, get_allocator);
    get.AddMember("target", target, get_allocator);
    rapidjson::Value path_list(rapidjson::kArrayType);
    for (const char* path : paths)
        path_list.PushBack(rapidjson::StringRef(path), get_allocator);
    get.AddMember("paths", path_list, get_allocator);
    EditorReply current = session.call("property.get", get);
    if (!current.ok())
        return failure(std::string(tool) + " refused (is it a UI object? uap_component_add adds a RectTransform); nothing was written", current);

    const rapidjson::Value& properties = current.result["properties"];
    Vector2 anchor_min = preset ? preset->min : vector_of(properties[0]);
    Vector2 anchor_max = preset ? preset->max : vector_of(properties[1]);
    Vector2 pivot = vector_of(properties[2]);
    Vector2 size = vector_of(properties[3]);
    for (auto [name, value] : {std::pair{"anchorMin", &anchor_min}, std::pair{"anchorMax", &anchor_max}, std::pair{"pivot", &pivot},
                               std::pair{"size", &size}})
        if (auto problem = read_vector(arguments, name, *value))
            return sdk::ToolResult::failure(*problem);
    for (auto [name, value] : {std::pair{"anchorMin", anchor_min}, std::pair{"anchorMax", anchor_max}})
        if (value.x < 0 || value.x > 1 || value.y < 0 || value.y > 1)
            return sdk::ToolResult::failure(std::string(tool) + " refused: " + name + " must lie within 0..1 on both axes (fractions of the parent); "
                                                                "nothing was changed");
    if (anchor_min.x > anchor_max.x || anchor_min.y > anchor_max.y)
        return sdk::ToolResult::failure(std::string(tool) + " refused: anchorMin must not exceed anchorMax on either axis; nothing was changed");
    // On a stretched axis the size follows the parent (sizeDelta is then a margin, not a size): a size there contradicts the anchors.
    if (const auto* given = member(arguments, "size"))
        for (auto [axis, stretched] : {std::pair{"x", anchor_min.x != anchor_max.x}, std::pair{"y", anchor_min.y != anchor_max.y}})
            if (stretched && given->HasMember(axis))
                return sdk::ToolResult::failure(std::string(tool) + " refused: the anchors stretch on " + axis + ", so the " +
                                                (std::string_view(axis) == "x" ? "width" : "height") +
                                                " follows the parent; leave size." + axis + " out or use anchors that do not stretch. Nothing was changed");

    bool writes = preset || member(arguments, "anchorMin") || member(arguments, "anchorMax") || member(arguments, "pivot") || member(arguments, "size");
    rapidjson::Document result(rapidjson::kObjectType);
    if (writes) {
        rapidjson::Document set(rapidjson::kObjectType);
        auto& allocator = set.GetAllocator();
        set.AddMember("target", rapidjson::Value(get["target"], allocator), allocator);
        rapidjson::Value values(rapidjson::kArrayType);
        const std::array<Vector2, 4> written{anchor_min, anchor_max, pivot, size};
        for (rapidjson::SizeType index = 0; index < written.size(); ++index) {
            rapidjson::Value write(rapidjson::kObjectType);
            write.AddMember("path", rapidjson::StringRef(paths[index]), allocator);
            write.AddMember("type", "vector2", allocator);
            write.AddMember("value", vector_value(written[index], allocator), allocator);
            values.PushBack(write, allocator);
        }
        set.AddMember("values", values, allocator);
        EditorReply answer = session.call("property.set", set);
        if (!answer.ok())
            return failure(std::string(tool) + " failed, nothing was written", answer);
        current = session.call("property.get", get); // A separate read: what Unity holds now, not the write's own answer.
        if (!current.ok())
            return failure(std::string(tool) + " wrote the values, but reading them back failed; the state is unknown", current);
    }
    result.AddMember("rectTransform", observed(current.result["properties"], result.GetAllocator()), result.GetAllocator());
    result.AddMember("written", writes, result.GetAllocator());
    return sdk::ToolResult::success(std::move(result));
}

} // namespace uap::core

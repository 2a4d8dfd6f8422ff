// Simulator primitives for editor windows (window.list, window.tree, window.click,
// window.setValue) over the model in editor_windows.hpp, answering as WindowPrimitives.cs does.
#include "world.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace uap::editor_sim {

namespace {

constexpr std::size_t default_tree_limit = 200;

void write_bounds(JsonWriter& writer, const UiBounds& bounds) {
    writer.StartObject();
    writer.Key("x");
    writer.Double(bounds.x);
    writer.Key("y");
    writer.Double(bounds.y);
    writer.Key("width");
    writer.Double(bounds.width);
    writer.Key("height");
    writer.Double(bounds.height);
    writer.EndObject();
}

void write_window(JsonWriter& writer, const EditorWindows& open, std::size_t index) {
    const EditorWindowModel& window = open.windows[index];
    writer.StartObject();
    writer.Key("windowIndex");
    writer.Int64(static_cast<int64_t>(index));
    writer.Key("windowId");
    writer.Int64(window.id);
    writer.Key("title");
    writer.String(window.title.c_str());
    writer.Key("type");
    writer.String(window.type.c_str());
    writer.Key("position");
    write_bounds(writer, window.position);
    writer.Key("docked");
    writer.Bool(window.docked);
    writer.Key("focused");
    writer.Bool(open.focused == static_cast<int>(index));
    writer.Key("ui");
    writer.String(window_ui_kind(window));
    writer.EndObject();
}

const char* value_type_name(UiValueKind kind) {
    switch (kind) {
    case UiValueKind::String: return "string";
    case UiValueKind::Bool: return "bool";
    case UiValueKind::Integer: return "int";
    case UiValueKind::Float: return "float";
    case UiValueKind::Enum: return "enum";
    case UiValueKind::Dropdown: return "string";
    case UiValueKind::None: break;
    }
    return "";
}

void write_value(JsonWriter& writer, const UiElement& element) {
    switch (element.value_kind) {
    case UiValueKind::Bool: writer.Bool(element.bool_value); break;
    case UiValueKind::Integer: writer.Int64(element.integer_value); break;
    case UiValueKind::Float: writer.Double(element.float_value); break;
    default: writer.String(element.string_value.c_str()); break;
    }
}

struct WalkedNode {
    const UiElement* element;
    std::string path;
    int depth;
    bool enabled; // enabledInHierarchy.
};

void flatten(const UiElement& element, std::string path, int depth, bool parent_enabled, std::vector<WalkedNode>& out) {
    bool enabled = parent_enabled && element.enabled_self;
    out.push_back({&element, path, depth, enabled});
    for (std::size_t index = 0; index < element.children.size(); ++index)
        flatten(element.children[index], path.empty() ? std::to_string(index) : path + "/" + std::to_string(index), depth + 1, enabled, out);
}

void write_node(JsonWriter& writer, const WalkedNode& node) {
    const UiElement& element = *node.element;
    writer.StartObject();
    writer.Key("path");
    writer.String(node.path.c_str());
    writer.Key("depth");
    writer.Int(node.depth);
    writer.Key("name");
    writer.String(element.name.c_str());
    writer.Key("type");
    writer.String(element.type.c_str());
    writer.Key("classes");
    writer.StartArray();
    for (const auto& name : element.classes)
        writer.String(name.c_str());
    writer.EndArray();
    if (element.has_text) {
        writer.Key("text");
        writer.String(element.text.c_str());
    }
    if (element.value_kind != UiValueKind::None) {
        writer.Key("value");
        write_value(writer, element);
        writer.Key("valueType");
        writer.String(value_type_name(element.value_kind));
        if (!element.choices.empty()) {
            writer.Key("choices");
            writer.StartArray();
            for (const auto& choice : element.choices)
                writer.String(choice.c_str());
            writer.EndArray();
        }
        if (element.clamps) {
            writer.Key("range");
            writer.StartArray();
            writer.Double(element.low);
            writer.Double(element.high);
            writer.EndArray();
        }
    }
    writer.Key("enabled");
    writer.Bool(node.enabled);
    writer.Key("bounds");
    write_bounds(writer, element.bounds);
    writer.Key("childCount");
    writer.Int64(static_cast<int64_t>(element.children.size()));
    writer.EndObject();
}

// The element at a path of child indices ("" is the root), with whether it and all its ancestors
// are enabled and whether an ancestor swallows submit events; nullptr with error set when the path
// does not name one.
struct ResolvedElement {
    UiElement* element = nullptr;
    bool parent_enabled = true; // The parent's enabledInHierarchy.
    bool enabled = true;
    bool submit_blocked = false;
};

ResolvedElement resolve_element(EditorWindowModel& window, std::string_view path, Reply& error) {
    ResolvedElement resolved{&window.root, true, window.root.enabled_self, window.root.stops_submit};
    std::string walked;
    while (!path.empty()) {
        std::size_t slash = path.find('/');
        std::string_view part = path.substr(0, slash);
        path = slash == std::string_view::npos ? std::string_view{} : path.substr(slash + 1);
        std::size_t index = 0;
        bool digits = !part.empty() && part.size() <= 6;
        for (char c : part)
            digits = digits && c >= '0' && c <= '9';
        if (digits)
            index = static_cast<std::size_t>(std::stoul(std::string(part)));
        if (!digits || index >= resolved.element->children.size()) {
            error = error_reply("not_found", "path segment '" + std::string(part) + "' after '" + walked + "' names no child: that element has " +
                                                 std::to_string(resolved.element->children.size()) +
                                                 " children (paths are child indices such as 3/0/1, as window.tree reports them); read the tree again");
            return {};
        }
        resolved.element = &resolved.element->children[index];
        resolved.parent_enabled = resolved.enabled;
        resolved.enabled = resolved.enabled && resolved.element->enabled_self;
        resolved.submit_blocked = resolved.submit_blocked || resolved.element->stops_submit;
        if (!walked.empty())
            walked += '/';
        walked.append(part);
    }
    return resolved;
}

UiElement* find_named(UiElement& element, std::string_view name) {
    if (element.name == name)
        return &element;
    for (UiElement& child : element.children)
        if (UiElement* found = find_named(child, name))
            return found;
    return nullptr;
}

Reply window_list(Simulation& simulation, const rapidjson::Value&) {
    Output out;
    out.writer.StartObject();
    out.writer.Key("windows");
    out.writer.StartArray();
    for (std::size_t index = 0; index < simulation.editor_windows.windows.size(); ++index)
        write_window(out.writer, simulation.editor_windows, index);
    out.writer.EndArray();
    out.writer.EndObject();
    return out.reply();
}

Reply window_tree(Simulation& simulation, const rapidjson::Value& params) {
    Reply error;
    EditorWindowModel* window = find_editor_window(simulation, params, error);
    if (!window)
        return error;
    std::string base = params.HasMember("path") ? params["path"].GetString() : "";
    ResolvedElement start = resolve_element(*window, base, error);
    if (!start.element)
        return error;
    auto cursor = parse_cursor(params);
    if (!cursor)
        return error_reply("invalid_params", "cursor must be the decimal nextCursor of an earlier window.tree answer");
    std::size_t limit = params.HasMember("limit") ? static_cast<std::size_t>(params["limit"].GetInt()) : default_tree_limit;
    std::vector<WalkedNode> nodes;
    int depth = base.empty() ? 0 : static_cast<int>(std::count(base.begin(), base.end(), '/')) + 1;
    flatten(*start.element, base, depth, start.parent_enabled, nodes);
    Output out;
    out.writer.StartObject();
    out.writer.Key("window");
    write_window(out.writer, simulation.editor_windows, static_cast<std::size_t>(window - simulation.editor_windows.windows.data()));
    out.writer.Key("nodes");
    out.writer.StartArray();
    std::size_t end = std::min(nodes.size(), *cursor + limit);
    for (std::size_t index = *cursor; index < end; ++index)
        write_node(out.writer, nodes[index]);
    out.writer.EndArray();
    out.writer.Key("total");
    out.writer.Int64(static_cast<int64_t>(nodes.size()));
    if (end < nodes.size()) {
        out.writer.Key("nextCursor");
        out.writer.String(std::to_string(end).c_str());
    }
    out.writer.EndObject();
    return out.reply();
}

// Refuses a window whose root holds no UI Toolkit content, as the Unity side does for click and setValue.
std::optional<Reply> refuse_without_ui_toolkit(const EditorWindowModel& window, std::string_view method) {
    std::string kind = window_ui_kind(window);
    if (kind == "uitoolkit")
        return std::nullopt;
    return error_reply("unsupported", std::string(method) + ": the window '" + window.title + "' has " +
                                          (kind == "empty" ? "an empty rootVisualElement (it draws with OnGUI)" : "only IMGUIContainer content") +
                                          ", so it has no UI Toolkit elements to act on");
}

Reply window_click(Simulation& simulation, const rapidjson::Value& params) {
    Reply error;
    EditorWindowModel* window = find_editor_window(simulation, params, error);
    if (!window)
        return error;
    if (auto refusal = refuse_without_ui_toolkit(*window, "window.click"))
        return *refusal;
    ResolvedElement target = resolve_element(*window, params["path"].GetString(), error);
    if (!target.element)
        return error;
    UiElement& element = *target.element;
    if (element.value_kind == UiValueKind::Bool)
        return error_reply("conflict", "window.click refused: '" + element.name + "' is a bool field (" + element.type +
                                           "); a click does not change its value, set it with window.setValue");
    if (!element.button)
        return error_reply("unsupported", "window.click refused: '" + element.name + "' is a " + element.type +
                                              ", not a Button; only a Button's Clickable can be reached and observed");
    if (!target.enabled)
        return error_reply("conflict", "window.click refused: the button '" + element.name + "' is disabled (enabledInHierarchy is false)");
    bool dispatched = element.click.handlers > 0;
    bool ran = dispatched && !target.submit_blocked;
    if (ran) {
        ++element.click.runs;
        simulation.add_console(ConsoleKind::Log, element.click.log_message);
        if (UiElement* status = find_named(window->root, element.click.status_name))
            status->text = element.click.status_prefix + std::to_string(element.click.runs);
    }
    Output out;
    out.writer.StartObject();
    out.writer.Key("dispatched");
    out.writer.Bool(dispatched);
    out.writer.Key("observed");
    out.writer.StartObject();
    out.writer.Key("handlerRan");
    out.writer.Bool(ran);
    out.writer.Key("handlers");
    out.writer.Int(element.click.handlers);
    out.writer.EndObject();
    out.writer.EndObject();
    return out.reply();
}

std::optional<Reply> assign_value(UiElement& element, const rapidjson::Value& value) {
    auto mismatch = [&](std::string wanted) {
        return error_reply("type_mismatch", "window.setValue: '" + element.name + "' (" + element.type + ") takes " + wanted + "; nothing was written");
    };
    switch (element.value_kind) {
    case UiValueKind::String:
        if (!value.IsString())
            return mismatch("a string");
        element.string_value = value.GetString();
        return std::nullopt;
    case UiValueKind::Bool:
        if (!value.IsBool())
            return mismatch("true or false");
        element.bool_value = value.GetBool();
        return std::nullopt;
    case UiValueKind::Integer:
        if (!value.IsInt())
            return mismatch("a 32-bit integer");
        element.integer_value = value.GetInt();
        return std::nullopt;
    case UiValueKind::Float: {
        if (!value.IsNumber() || !std::isfinite(value.GetDouble()) || std::fabs(value.GetDouble()) > std::numeric_limits<float>::max())
            return mismatch("a finite number within float's range");
        double number = static_cast<float>(value.GetDouble());
        element.float_value = element.clamps ? std::clamp(number, element.low, element.high) : number;
        return std::nullopt;
    }
    case UiValueKind::Enum:
    case UiValueKind::Dropdown: {
        std::string choices;
        for (const auto& choice : element.choices)
            choices += (choices.empty() ? "" : ", ") + choice;
        if (!value.IsString() || std::find(element.choices.begin(), element.choices.end(), value.GetString()) == element.choices.end())
            return mismatch("one of its choices (" + choices + ")");
        element.string_value = value.GetString();
        return std::nullopt;
    }
    case UiValueKind::None: break;
    }
    return error_reply("type_mismatch", "window.setValue: '" + element.name + "' is a " + element.type +
                                            ", which holds no value (it implements no INotifyValueChanged<T>); nothing was written");
}

Reply window_set_value(Simulation& simulation, const rapidjson::Value& params) {
    Reply error;
    EditorWindowModel* window = find_editor_window(simulation, params, error);
    if (!window)
        return error;
    if (auto refusal = refuse_without_ui_toolkit(*window, "window.setValue"))
        return *refusal;
    ResolvedElement target = resolve_element(*window, params["path"].GetString(), error);
    if (!target.element)
        return error;
    UiElement& element = *target.element;
    if (element.value_kind != UiValueKind::None && !target.enabled)
        return error_reply("conflict", "window.setValue refused: the field '" + element.name + "' is disabled (enabledInHierarchy is false)");
    UiElement before = element;
    if (auto refusal = assign_value(element, params["value"]))
        return *refusal;
    Output out;
    out.writer.StartObject();
    out.writer.Key("observed");
    out.writer.StartObject();
    out.writer.Key("value");
    write_value(out.writer, element);
    out.writer.Key("previous");
    write_value(out.writer, before);
    out.writer.Key("valueType");
    out.writer.String(value_type_name(element.value_kind));
    out.writer.EndObject();
    out.writer.EndObject();
    return out.reply();
}

} // namespace

EditorWindowModel* find_editor_window(Simulation& simulation, const rapidjson::Value& params, Reply& error) {
    auto& windows = simulation.editor_windows.windows;
    if (!params.HasMember("windowIndex")) {
        error = error_reply("invalid_params", "windowIndex is required: the windowIndex window.list reports");
        return nullptr;
    }
    auto index = static_cast<std::size_t>(params["windowIndex"].GetInt());
    if (index >= windows.size()) {
        error = error_reply("not_found", "no editor window has windowIndex " + std::to_string(index) + ": " + std::to_string(windows.size()) +
                                             " are open; list them again with window.list");
        return nullptr;
    }
    EditorWindowModel& window = windows[index];
    if (params.HasMember("windowId") && params["windowId"].GetInt64() != window.id) {
        error = error_reply("conflict", "windowIndex " + std::to_string(index) + " is now '" + window.title + "' (windowId " + std::to_string(window.id) +
                                            "), not the window with windowId " + std::to_string(params["windowId"].GetInt64()) +
                                            ": windows opened or closed since it was listed; list them again with window.list");
        return nullptr;
    }
    return &window;
}

void register_window_primitives(std::map<std::string, Primitive, std::less<>>& table) {
    table["window.list"] = &window_list;
    table["window.tree"] = &window_tree;
    table["window.click"] = &window_click;
    table["window.setValue"] = &window_set_value;
}

} // namespace uap::editor_sim

// The editor windows a fresh simulator has open (editor_windows.hpp), built the way Unity's own
// controls build themselves: a field holds its label as a child, so a path walks those parts too.
#include "editor_windows.hpp"

#include <string_view>
#include <utility>

namespace uap::editor_sim {

namespace {

constexpr std::string_view engine_ui = "UnityEngine.UIElements.";

UiElement element(std::string name, std::string_view short_type, UiBounds bounds) {
    UiElement made;
    made.name = std::move(name);
    made.type = std::string(engine_ui) + std::string(short_type);
    made.bounds = bounds;
    return made;
}

UiElement label(std::string name, std::string text, UiBounds bounds) {
    UiElement made = element(std::move(name), "Label", bounds);
    made.classes = {"unity-text-element", "unity-label"};
    made.has_text = true;
    made.text = std::move(text);
    return made;
}

// A field: its label is its first child, as BaseField<T> adds it.
UiElement field(std::string name, std::string_view short_type, std::string label_text, UiValueKind kind, UiBounds bounds) {
    UiElement made = element(std::move(name), short_type, bounds);
    made.classes = {"unity-base-field"};
    made.value_kind = kind;
    UiElement caption = label({}, std::move(label_text), {bounds.x, bounds.y, 120, bounds.height});
    caption.classes.push_back("unity-base-field__label");
    made.children.push_back(std::move(caption));
    return made;
}

UiElement button(std::string name, std::string text, UiBounds bounds) {
    UiElement made = element(std::move(name), "Button", bounds);
    made.classes = {"unity-text-element", "unity-button"};
    made.has_text = true;
    made.text = std::move(text);
    made.button = true;
    return made;
}

UiElement handled_button(std::string name, std::string text, UiBounds bounds, std::string log_message, std::string status_prefix) {
    UiElement made = button(std::move(name), std::move(text), bounds);
    made.click.handlers = 1;
    made.click.log_message = std::move(log_message);
    made.click.status_name = "status";
    made.click.status_prefix = std::move(status_prefix);
    return made;
}

UiElement imgui_container(UiBounds bounds) {
    UiElement made = element({}, "IMGUIContainer", bounds);
    made.classes = {"unity-imgui-container"};
    return made;
}

UiElement root(UiBounds position) {
    UiElement made = element("rootVisualElement", "VisualElement", {position.x, position.y + 21, position.width, position.height - 21});
    made.classes = {"unity-editor-window-root"};
    return made;
}

EditorWindowModel inspector(int64_t id, UiBounds position, bool docked) {
    EditorWindowModel window{id, "Inspector", "UnityEditor.InspectorWindow", position, docked, root(position)};
    // The Inspector is mixed: an IMGUIContainer for its header and UI Toolkit editors below it.
    window.root.children.push_back(imgui_container({position.x, position.y + 21, position.width, 40}));
    UiElement editors = element("unity-inspector-editors-list", "TemplateContainer", {position.x, position.y + 61, position.width, 300});
    editors.children.push_back(label("no-selection", "Nothing selected", {position.x + 4, position.y + 65, 200, 18}));
    window.root.children.push_back(std::move(editors));
    return window;
}

EditorWindowModel sdk_panel(int64_t id) {
    UiBounds position{980, 120, 420, 520};
    EditorWindowModel window{id, "VRChat SDK", "VRC.SDKBase.Editor.VRCSdkControlPanel", position, false, root(position)};
    double x = position.x + 8, y = position.y + 30;
    window.root.children.push_back(label("title", "VRChat SDK Control Panel", {x, y, 300, 20}));
    UiElement settings = element("settings", "VisualElement", {x, y + 24, 400, 200});
    UiElement name = field("content-name", "TextField", "Name", UiValueKind::String, {x, y + 24, 400, 20});
    name.string_value = "My Avatar";
    UiElement visibility = field("public", "Toggle", "Public", UiValueKind::Bool, {x, y + 48, 400, 20});
    UiElement capacity = field("capacity", "IntegerField", "Capacity", UiValueKind::Integer, {x, y + 72, 400, 20});
    capacity.integer_value = 16;
    UiElement scale = field("scale", "FloatField", "Scale", UiValueKind::Float, {x, y + 96, 400, 20});
    scale.float_value = 1.0;
    UiElement platform = field("platform", "EnumField", "Platform", UiValueKind::Enum, {x, y + 120, 400, 20});
    platform.string_value = "Windows";
    platform.choices = {"Windows", "Android", "iOS"};
    UiElement quality = field("quality", "DropdownField", "Quality", UiValueKind::Dropdown, {x, y + 144, 400, 20});
    quality.string_value = "Medium";
    quality.choices = {"Low", "Medium", "High"};
    UiElement volume = field("volume", "Slider", "Volume", UiValueKind::Float, {x, y + 168, 400, 20});
    volume.float_value = 0.5;
    volume.clamps = true;
    for (UiElement* made : {&name, &visibility, &capacity, &scale, &platform, &quality, &volume})
        settings.children.push_back(std::move(*made));
    window.root.children.push_back(std::move(settings));
    UiElement actions = element("actions", "VisualElement", {x, y + 230, 400, 24});
    actions.children.push_back(handled_button("build", "Build", {x, y + 230, 80, 20}, "VRChat SDK: build started", "Builds: "));
    UiElement upload = handled_button("upload", "Upload", {x + 84, y + 230, 80, 20}, "VRChat SDK: upload started", "Uploads: ");
    upload.enabled_self = false; // Unity disables Upload until a build exists.
    actions.children.push_back(std::move(upload));
    actions.children.push_back(button("help", "Help", {x + 168, y + 230, 80, 20})); // No handler: a click runs nothing.
    window.root.children.push_back(std::move(actions));
    UiElement guarded = element("legacy-actions", "VisualElement", {x, y + 258, 400, 24});
    guarded.stops_submit = true;
    guarded.children.push_back(handled_button("validate", "Validate", {x, y + 258, 80, 20}, "VRChat SDK: validation ran", "Validations: "));
    window.root.children.push_back(std::move(guarded));
    window.root.children.push_back(label("status", "Idle", {x, y + 290, 300, 18}));
    return window;
}

} // namespace

EditorWindows default_editor_windows(int64_t first_id) {
    EditorWindows open;
    open.windows.push_back(inspector(first_id, {1500, 60, 360, 900}, true));
    UiBounds scene_position{300, 60, 1180, 640};
    EditorWindowModel scene{first_id + 1, "Scene", "UnityEditor.SceneView", scene_position, true, root(scene_position)};
    scene.root.children.push_back(imgui_container(scene.root.bounds));
    open.windows.push_back(std::move(scene));
    UiBounds console_position{300, 720, 1180, 260};
    open.windows.push_back({first_id + 2, "Console", "UnityEditor.ConsoleWindow", console_position, true, root(console_position)});
    open.windows.push_back(sdk_panel(first_id + 3));
    open.windows.push_back(inspector(first_id + 4, {560, 200, 360, 600}, false));
    open.focused = 3;
    return open;
}

const char* window_ui_kind(const EditorWindowModel& window) {
    if (window.root.children.empty())
        return "empty";
    for (const UiElement& child : window.root.children)
        if (child.type != "UnityEngine.UIElements.IMGUIContainer")
            return "uitoolkit";
    return "imgui";
}

} // namespace uap::editor_sim

// The simulator's editor windows: each with a UI Toolkit element tree (rootVisualElement), fields
// holding values, and buttons whose click handlers record their runs where other primitives see them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace uap::editor_sim {

struct Simulation;

struct UiBounds {
    double x = 0, y = 0, width = 0, height = 0;
};

// What a field holds, as INotifyValueChanged<T> would give it: the T of the field.
enum class UiValueKind { None, String, Bool, Integer, Float, Enum, Dropdown };

// A button's click handling: the handlers subscribed to its Clickable (clicked and
// clickedWithEventInfo together) and what they do when they run. A button with no handler runs nothing.
struct UiClickHandling {
    int handlers = 0;
    std::string log_message;   // Written to the console on each run.
    std::string status_name;   // The element (by name, in the same window) whose text shows the runs.
    std::string status_prefix; // That text: prefix + the number of runs.
    int runs = 0;
};

struct UiElement {
    std::string name;
    std::string type; // Full type name, as Unity's GetType().FullName.
    std::vector<std::string> classes;
    bool has_text = false; // A TextElement (Label, Button): text is its text.
    std::string text;
    UiValueKind value_kind = UiValueKind::None;
    std::string string_value; // String, Enum and Dropdown values.
    bool bool_value = false;
    int64_t integer_value = 0;
    double float_value = 0;
    std::vector<std::string> choices; // Enum names, or a DropdownField's choices.
    bool clamps = false;              // A Slider: values are clamped to [low, high].
    double low = 0, high = 1;
    bool enabled_self = true;
    UiBounds bounds;
    bool button = false; // A Button (or a subclass): the one kind whose Clickable a tool can reach.
    UiClickHandling click;
    // A container with a TrickleDown NavigationSubmitEvent callback that stops propagation: events
    // sent to the buttons under it never reach them (what the seeds' synthetic events suffered).
    bool stops_submit = false;
    std::vector<UiElement> children;
};

struct EditorWindowModel {
    int64_t id = 0;
    std::string title;
    std::string type;
    UiBounds position;
    bool docked = false;
    UiElement root;
};

struct EditorWindows {
    std::vector<EditorWindowModel> windows; // In Resources.FindObjectsOfTypeAll order: windowIndex.
    int focused = -1;                       // The index of EditorWindow.focusedWindow, -1 for none.
};

// The windows a fresh simulator has open: two Inspectors (one floating, as a locked second
// Inspector is), an IMGUI Scene view, a Console whose root is empty (an OnGUI window), and an SDK
// control panel built with UI Toolkit (fields, buttons with and without handlers, a disabled
// button, and buttons behind a container that swallows submit events).
EditorWindows default_editor_windows(int64_t first_id);

// uitoolkit, imgui (only IMGUIContainer children) or empty (no children), as window.list reports.
const char* window_ui_kind(const EditorWindowModel& window);

} // namespace uap::editor_sim

// How the window tools name what they act on: a window by title or type, or by the windowIndex
// uap_window_list reports (two windows of one type must be told apart by index), and an element of
// its tree by path (child indices, as uap_window_dump reports them) or by a unique name.
#pragma once

#include "editor_session.hpp"

#include <rapidjson/document.h>

#include <cstdint>
#include <optional>
#include <string>
#include <variant>

namespace uap::windows {

using core::EditorReply;
using core::EditorSession;

// The JSON Schema members every window tool takes to name its window.
#define UAP_WINDOW_ARGUMENTS                                                                                        \
    R"("window":{"type":"string","minLength":1,"maxLength":256,"description":"title or type, e.g. Inspector or VRCSdkControlPanel"},)" \
    R"("windowIndex":{"type":"integer","minimum":0,"maximum":100000,"description":"from uap_window_list; needed when two windows match"})"

// The schema members naming an element: path from uap_window_dump, or a name unique in the window.
#define UAP_ELEMENT_ARGUMENTS                                                                       \
    R"("element":{"type":"string","maxLength":2048,"description":"path from uap_window_dump, e.g. 3/0/1"},)" \
    R"("name":{"type":"string","minLength":1,"maxLength":256,"description":"element name, when unique"})"

struct WindowTarget {
    int64_t index = 0;
    int64_t id = 0;
    std::string title;
    std::string type;
    std::string ui; // uitoolkit, imgui or empty.
};

// The window the arguments name, or why none (or more than one) does, in a sentence for the model.
std::variant<WindowTarget, std::string> resolve_window(const rapidjson::Value& arguments, EditorSession& session, std::string_view tool);

// The refusal for a window without UI Toolkit content: why, and the routes that work for it.
std::optional<std::string> refuse_imgui(const WindowTarget& window, std::string_view tool);

// {"windowIndex","windowId"} for a window.* call, plus what the caller adds.
rapidjson::Document window_params(const WindowTarget& window);

// One element of a window's tree as window.tree reports it (its node object), found by the
// arguments' element path or unique name.
struct ElementTarget {
    std::string path;
    rapidjson::Document node;
};
std::variant<ElementTarget, std::string> resolve_element(const rapidjson::Value& arguments, const WindowTarget& window, EditorSession& session,
                                                        std::string_view tool);

// What a tool needs named before it runs: a window, a window with UI Toolkit content, or an element of one.
enum class Needs { Window, UiToolkitWindow, Element };

struct Addressed {
    WindowTarget window;
    ElementTarget element; // Set when Needs::Element.
};

// The window (and element) the arguments name, refusing IMGUI windows unless Needs::Window; or the
// refusal, in a sentence for the model.
std::variant<Addressed, std::string> address(const rapidjson::Value& arguments, EditorSession& session, std::string_view tool, Needs needs);

// A failed window.* call for the model: the editor's reason and, for the window codes, what to do.
sdk::ToolResult window_failure(std::string_view what, const EditorReply& reply);

} // namespace uap::windows

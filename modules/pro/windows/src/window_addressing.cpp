// Resolves the window and element a window tool names (window_addressing.hpp): from window.list and
// window.tree answers, so a refusal can list the candidates with what tells them apart.
#include "window_addressing.hpp"

#include <cctype>
#include <vector>

namespace uap::windows {

using core::member;
using core::string_member;

namespace {

// Nodes read per window.tree page while looking an element up by name.
constexpr int name_search_page = 500;
// Candidates a refusal lists before it says how many more there are.
constexpr std::size_t listed_candidates = 8;

bool same_text(std::string_view left, std::string_view right) {
    if (left.size() != right.size())
        return false;
    for (std::size_t index = 0; index < left.size(); ++index)
        if (std::tolower(static_cast<unsigned char>(left[index])) != std::tolower(static_cast<unsigned char>(right[index])))
            return false;
    return true;
}

// A window matches by its title, its full type name, or the type's last segment.
bool names_window(const rapidjson::Value& window, std::string_view wanted) {
    std::string_view type = string_member(window, "type");
    std::size_t dot = type.rfind('.');
    std::string_view short_type = dot == std::string_view::npos ? type : type.substr(dot + 1);
    return same_text(string_member(window, "title"), wanted) || same_text(type, wanted) || same_text(short_type, wanted);
}

std::string number(double value) {
    std::string text = std::to_string(static_cast<int64_t>(value));
    return text;
}

// "windowIndex 4 (Inspector, UnityEditor.InspectorWindow, floating at x 560 y 200, 360 by 600, not focused)".
std::string describe(const rapidjson::Value& window) {
    std::string text = "windowIndex " + std::to_string(window["windowIndex"].GetInt64()) + " (" + std::string(string_member(window, "title")) + ", " +
                       std::string(string_member(window, "type")) + ", " + (window["docked"].GetBool() ? "docked" : "floating");
    if (const auto* position = member(window, "position"); position && position->IsObject() && position->HasMember("x"))
        text += " at x " + number((*position)["x"].GetDouble()) + " y " + number((*position)["y"].GetDouble()) + ", " +
                number((*position)["width"].GetDouble()) + " by " + number((*position)["height"].GetDouble());
    text += window["focused"].GetBool() ? ", focused)" : ", not focused)";
    return text;
}

std::string describe_all(const std::vector<const rapidjson::Value*>& windows) {
    std::string text;
    for (std::size_t index = 0; index < windows.size() && index < listed_candidates; ++index)
        text += (index ? "; " : "") + describe(*windows[index]);
    if (windows.size() > listed_candidates)
        text += "; and " + std::to_string(windows.size() - listed_candidates) + " more (uap_window_list)";
    return text;
}

WindowTarget target_of(const rapidjson::Value& window) {
    return {window["windowIndex"].GetInt64(), window["windowId"].GetInt64(), std::string(string_member(window, "title")),
            std::string(string_member(window, "type")), std::string(string_member(window, "ui"))};
}

} // namespace

std::variant<WindowTarget, std::string> resolve_window(const rapidjson::Value& arguments, EditorSession& session, std::string_view tool) {
    const auto* index = member(arguments, "windowIndex");
    std::string_view wanted = string_member(arguments, "window");
    if (!index && wanted.empty())
        return std::string(tool) + " refused: it needs the window: window (its title or type, e.g. \"Inspector\") or windowIndex (from uap_window_list)";
    rapidjson::Document none(rapidjson::kObjectType);
    EditorReply listed = session.call("window.list", none);
    if (!listed.ok())
        return std::string(tool) + " failed to list the editor windows: " + listed.message + " (error " + listed.code + ")" +
               (listed.code == "unknown_method" ? ". The Core Unity package in this project predates the window primitives; update com.agentpanel.unity"
                                                : "");
    const auto& windows = listed.result["windows"];
    std::vector<const rapidjson::Value*> all;
    for (const auto& window : windows.GetArray())
        all.push_back(&window);
    if (index) {
        for (const auto& window : windows.GetArray()) {
            if (window["windowIndex"].GetInt64() != index->GetInt64())
                continue;
            // A title or type given beside the index guards against an index that now names another window.
            if (!wanted.empty() && !names_window(window, wanted))
                return std::string(tool) + " refused: windowIndex " + std::to_string(index->GetInt64()) + " is " + describe(window) + ", not \"" +
                       std::string(wanted) + "\"; windows may have opened or closed since they were listed. List them again with uap_window_list";
            return target_of(window);
        }
        return std::string(tool) + " refused: no open window has windowIndex " + std::to_string(index->GetInt64()) + ". Open windows: " +
               describe_all(all);
    }
    std::vector<const rapidjson::Value*> matches;
    for (const auto* window : all)
        if (names_window(*window, wanted))
            matches.push_back(window);
    if (matches.empty())
        return std::string(tool) + " refused: no open window is titled or typed \"" + std::string(wanted) + "\". Open windows: " + describe_all(all) +
               ". Open the window first (uap_editor_execute_menu with its Window menu item), then call again";
    if (matches.size() > 1)
        return std::string(tool) + " refused: " + std::to_string(matches.size()) + " open windows match \"" + std::string(wanted) +
               "\", and acting on the wrong one is worse than asking: " + describe_all(matches) +
               ". Call again with windowIndex set to the one you mean (keep window as a check)";
    return target_of(*matches.front());
}

std::optional<std::string> refuse_imgui(const WindowTarget& window, std::string_view tool) {
    if (window.ui == "uitoolkit")
        return std::nullopt;
    std::string why = window.ui == "empty" ? "its rootVisualElement is empty: it draws everything with OnGUI (IMGUI)"
                                           : "its rootVisualElement holds only an IMGUIContainer: its content is drawn with OnGUI (IMGUI)";
    return std::string(tool) + " refused: the window \"" + window.title + "\" (windowIndex " + std::to_string(window.index) + ", " + window.type + ") has no UI Toolkit elements, " +
           why + ", so there is no element to read or act on, and clicking by screen coordinates is too fragile to offer. "
           "Use what the window's features run instead: its menu items (uap_editor_execute_menu; list them with uap_menu_list), "
           "or the serialized data it edits (uap_property_set on the component or asset). uap_window_screenshot still shows it";
}

rapidjson::Document window_params(const WindowTarget& window) {
    rapidjson::Document params(rapidjson::kObjectType);
    params.AddMember("windowIndex", window.index, params.GetAllocator());
    params.AddMember("windowId", window.id, params.GetAllocator());
    return params;
}

std::variant<ElementTarget, std::string> resolve_element(const rapidjson::Value& arguments, const WindowTarget& window, EditorSession& session,
                                                        std::string_view tool) {
    const auto* path = member(arguments, "element");
    std::string_view name = string_member(arguments, "name");
    if ((path != nullptr) == !name.empty())
        return std::string(tool) + " refused: name the element with exactly one of element (its path from uap_window_dump, e.g. \"3/0/1\") or name "
                                   "(its name, when unique in the window)";
    rapidjson::Document params = window_params(window);
    auto& allocator = params.GetAllocator();
    if (path) {
        params.AddMember("path", rapidjson::Value(*path, allocator), allocator);
        params.AddMember("limit", 1, allocator);
        EditorReply read = session.call("window.tree", params);
        if (!read.ok())
            return std::string(tool) + " refused: element \"" + std::string(path->GetString()) + "\" of \"" + window.title + "\": " + read.message + " [" +
                   read.code + "]. Read the paths again with uap_window_dump";
        ElementTarget target;
        target.path = path->GetString();
        target.node.CopyFrom(read.result["nodes"][0], target.node.GetAllocator());
        return target;
    }
    // By name: the whole tree, page by page; a name that more than one element has is refused.
    params.AddMember("limit", name_search_page, allocator);
    std::vector<ElementTarget> found;
    std::string cursor;
    do {
        if (!cursor.empty()) {
            params.RemoveMember("cursor");
            params.AddMember("cursor", rapidjson::Value(cursor.c_str(), allocator), allocator);
        }
        EditorReply page = session.call("window.tree", params);
        if (!page.ok())
            return std::string(tool) + " failed to read the tree of \"" + window.title + "\": " + page.message + " (error " + page.code + ")";
        for (const auto& node : page.result["nodes"].GetArray())
            if (string_member(node, "name") == name) {
                ElementTarget target;
                target.path = string_member(node, "path");
                target.node.CopyFrom(node, target.node.GetAllocator());
                found.push_back(std::move(target));
            }
        cursor = string_member(page.result, "nextCursor");
    } while (!cursor.empty());
    if (found.empty())
        return std::string(tool) + " refused: no element of \"" + window.title + "\" is named \"" + std::string(name) +
               "\". Read the names and paths with uap_window_dump, and pass element (a path) for an unnamed element";
    if (found.size() > 1) {
        std::string paths;
        for (std::size_t index = 0; index < found.size() && index < listed_candidates; ++index)
            paths += (index ? ", " : "") + found[index].path + " (" + std::string(string_member(found[index].node, "type")) + ")";
        return std::string(tool) + " refused: " + std::to_string(found.size()) + " elements of \"" + window.title + "\" are named \"" + std::string(name) +
               "\": " + paths + ". Pass element with the path of the one you mean";
    }
    return std::move(found.front());
}

std::variant<Addressed, std::string> address(const rapidjson::Value& arguments, EditorSession& session, std::string_view tool, Needs needs) {
    auto window = resolve_window(arguments, session, tool);
    if (auto* refusal = std::get_if<std::string>(&window))
        return std::move(*refusal);
    Addressed addressed;
    addressed.window = std::move(std::get<WindowTarget>(window));
    if (needs == Needs::Window)
        return addressed;
    if (auto refusal = refuse_imgui(addressed.window, tool))
        return std::move(*refusal);
    if (needs == Needs::UiToolkitWindow)
        return addressed;
    auto element = resolve_element(arguments, addressed.window, session, tool);
    if (auto* refusal = std::get_if<std::string>(&element))
        return std::move(*refusal);
    addressed.element = std::move(std::get<ElementTarget>(element));
    return addressed;
}

sdk::ToolResult window_failure(std::string_view what, const EditorReply& reply) {
    std::string message(what);
    message += ": ";
    message += reply.message.empty() ? "the editor gave no reason" : reply.message;
    message += " [" + reply.code + "].";
    if (reply.code == "unknown_method")
        message += " The Core Unity package in this project predates the window primitives; update com.agentpanel.unity.";
    else if (reply.code == "not_found" || reply.code == "conflict")
        message += " Read the windows and paths again with uap_window_list and uap_window_dump.";
    else if (reply.code == "not_connected" || reply.code == "abandoned")
        message += " Check the editor with uap_ping; Unity may be closed or reloading.";
    message += reply.compile_note;
    return sdk::ToolResult::failure(std::move(message));
}

} // namespace uap::windows

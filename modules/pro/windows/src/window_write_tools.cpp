// The writing window tools: uap_window_click, which reports a click only when the button's own
// handler was observed to run, and uap_window_set_value, which reads the field back separately.
#include "window_addressing.hpp"
#include "window_tools.hpp"

#include <cmath>

namespace uap::windows {

using core::member;
using core::string_member;

namespace {

// A click runs whatever the window's author wired to it (a build, an upload, a delete) and Unity
// records no Undo step for it: nothing can take it back, so the card must say so.
constexpr sdk::ToolTraits clicks{sdk::Access::Writes, sdk::Undo::NotUndoable, sdk::Impact::Destructive, sdk::Repeat::NotIdempotent,
                                 sdk::Duration::Quick};
// Setting a field is not recorded by Undo either, but the previous value is reported and setting it
// again restores the field; the same value twice leaves the same state.
constexpr sdk::ToolTraits sets{sdk::Access::Writes, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::Idempotent,
                               sdk::Duration::Quick};

// A disabled element (enabledInHierarchy false) takes no input in the window, so neither tool acts on it.
std::optional<std::string> refuse_disabled(const ElementTarget& element, std::string_view tool);

// "element 3/1/0 (Button \"Build\")".
std::string describe(const ElementTarget& element) {
    std::string type(string_member(element.node, "type"));
    std::size_t dot = type.rfind('.');
    std::string text = "element " + element.path + " (" + (dot == std::string::npos ? type : type.substr(dot + 1));
    if (std::string_view name = string_member(element.node, "name"); !name.empty())
        text += " \"" + std::string(name) + "\"";
    return text + ")";
}

rapidjson::Value element_summary(const ElementTarget& element, rapidjson::Document::AllocatorType& allocator) {
    rapidjson::Value summary(rapidjson::kObjectType);
    summary.AddMember("path", rapidjson::Value(element.path.c_str(), allocator), allocator);
    for (const char* key : {"name", "type", "text"})
        if (const auto* value = member(element.node, key))
            summary.AddMember(rapidjson::StringRef(key), rapidjson::Value(*value, allocator), allocator);
    return summary;
}

rapidjson::Value window_summary(const WindowTarget& window, rapidjson::Document::AllocatorType& allocator) {
    rapidjson::Value summary(rapidjson::kObjectType);
    summary.AddMember("windowIndex", window.index, allocator);
    summary.AddMember("title", rapidjson::Value(window.title.c_str(), allocator), allocator);
    summary.AddMember("type", rapidjson::Value(window.type.c_str(), allocator), allocator);
    return summary;
}

// Whether a value read back is the value asked for: exact, except that a float field holds a float.
bool same_value(const rapidjson::Value& read, const rapidjson::Value& asked, std::string_view value_type) {
    if (value_type == "float" && read.IsNumber() && asked.IsNumber()) {
        double wanted = static_cast<float>(asked.GetDouble());
        return std::fabs(read.GetDouble() - wanted) <= 1e-6 * std::max(1.0, std::fabs(wanted));
    }
    return read == asked;
}

std::string to_text(const rapidjson::Value& value) { return core::to_text(value); }

std::optional<std::string> refuse_disabled(const ElementTarget& element, std::string_view tool) {
    if (!member(element.node, "enabled") || element.node["enabled"].GetBool())
        return std::nullopt;
    return std::string(tool) + " refused: " + describe(element) + " is disabled (enabledInHierarchy is false), so the window takes no input "
                                                                  "there now. Do what the window needs first (another field or step), then read it again with uap_window_dump";
}

} // namespace

// The "window" and "element" members of both tools' results (window_summary, element_summary).
#define UAP_WINDOW_SUMMARY_SCHEMAS                                                                                       \
    R"("window":{"type":"object","required":["windowIndex","title","type"],"properties":{"windowIndex":{"type":"integer"},)" \
    R"("title":{"type":"string"},"type":{"type":"string"}}},"element":{"type":"object","required":["path"],"properties":{)" \
    R"("path":{"type":"string"},"name":{"type":"string"},"type":{"type":"string"}}})"

WindowClickTool::WindowClickTool()
    : WindowWriteTool({"uap_window_click",
                       "Click a Button in a UI Toolkit editor window; succeeds only when its click handler was observed to run. Not undoable.",
                       R"({"type":"object","properties":{)" UAP_WINDOW_ARGUMENTS "," UAP_ELEMENT_ARGUMENTS R"(}})", clicks,
                  R"({"type":"object","required":["clicked","window","element","observed","note"],"properties":{"clicked":{"enum":[true]},)"
                  UAP_WINDOW_SUMMARY_SCHEMAS R"(,"observed":{"type":"object","required":["handlerRan","handlers"]},"note":{"type":"string"}}})"},
                      "エディタウィンドウのボタンをクリックする（ボタンの処理が実際に動いたときだけ成功。元に戻せない）") {}

sdk::ToolResult WindowClickTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    auto addressed = address(arguments, session, "uap_window_click", Needs::Element);
    if (auto* refusal = std::get_if<std::string>(&addressed))
        return sdk::ToolResult::failure(*refusal);
    const auto& [target, element] = std::get<Addressed>(addressed);
    // A Toggle's Clickable ignores the submit a click sends, so its value would not change: a click
    // known to do nothing is refused rather than reported.
    if (string_member(element.node, "valueType") == "bool")
        return sdk::ToolResult::failure("uap_window_click refused: " + describe(element) + " is a bool field; a click does not change its value. Set it with "
                                        "uap_window_set_value (value true or false)");
    if (auto refusal = refuse_disabled(element, "uap_window_click"))
        return sdk::ToolResult::failure(*refusal);
    rapidjson::Document params = window_params(target);
    params.AddMember("path", rapidjson::Value(element.path.c_str(), params.GetAllocator()), params.GetAllocator());
    EditorReply clicked = session.call("window.click", params);
    if (!clicked.ok())
        return window_failure("uap_window_click refused " + describe(element) + " of \"" + target.title + "\"", clicked);
    const auto& observed = clicked.result["observed"];
    if (!observed["handlerRan"].GetBool()) {
        if (observed["handlers"].GetInt() == 0)
            return sdk::ToolResult::failure("uap_window_click: not clicked: " + describe(element) + " of \"" + target.title +
                                            "\" has no click handler (its Clickable's clicked and clickedWithEventInfo are empty), so a click runs "
                                            "nothing and none was sent. Look for the feature elsewhere (uap_window_dump, the window's menu items)");
        return sdk::ToolResult::failure("uap_window_click: not clicked: the click was sent to " + describe(element) + " of \"" + target.title +
                                        "\", but its handler was not observed to run (something above it may consume submit events). "
                                        "Nothing is known to have happened; check with uap_window_dump or uap_window_screenshot before trying again");
    }
    rapidjson::Document result(rapidjson::kObjectType);
    auto& allocator = result.GetAllocator();
    result.AddMember("clicked", true, allocator);
    result.AddMember("window", window_summary(target, allocator), allocator);
    result.AddMember("element", element_summary(element, allocator), allocator);
    result.AddMember("observed", rapidjson::Value(observed, allocator), allocator);
    result.AddMember("note", "the handler ran; what it did is up to the window: check with uap_window_dump or uap_window_screenshot", allocator);
    return sdk::ToolResult::success(std::move(result));
}

WindowSetValueTool::WindowSetValueTool()
    : WindowWriteTool({"uap_window_set_value",
                       "Set a field (text, toggle, number, enum, dropdown, slider) in a UI Toolkit editor window and read it back. Not undoable.",
                       R"({"type":"object","required":["value"],"properties":{)" UAP_WINDOW_ARGUMENTS "," UAP_ELEMENT_ARGUMENTS R"(,
"value":{"type":["string","number","boolean"]}}})",
                       sets,
                  R"({"type":"object","required":["window","element","previous","value","valueType"],"properties":{)"
                  UAP_WINDOW_SUMMARY_SCHEMAS R"(,"previous":{},"value":{},"valueType":{"type":"string"}}})"},
                      "エディタウィンドウの入力欄・トグル・数値・列挙・ドロップダウン・スライダーに値を設定して読み戻す（元に戻せない）") {}

sdk::ToolResult WindowSetValueTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    auto addressed = address(arguments, session, "uap_window_set_value", Needs::Element);
    if (auto* refusal = std::get_if<std::string>(&addressed))
        return sdk::ToolResult::failure(*refusal);
    const auto& [target, element] = std::get<Addressed>(addressed);
    if (!member(element.node, "valueType"))
        return sdk::ToolResult::failure("uap_window_set_value refused: " + describe(element) + " holds no value (it is not a field). "
                                        "Fields show value and valueType in uap_window_dump; a button is clicked with uap_window_click");
    if (auto refusal = refuse_disabled(element, "uap_window_set_value"))
        return sdk::ToolResult::failure(*refusal);
    rapidjson::Document params = window_params(target);
    auto& allocator = params.GetAllocator();
    params.AddMember("path", rapidjson::Value(element.path.c_str(), allocator), allocator);
    params.AddMember("value", rapidjson::Value(arguments["value"], allocator), allocator);
    EditorReply written = session.call("window.setValue", params);
    if (!written.ok())
        return window_failure("uap_window_set_value refused " + describe(element) + " of \"" + target.title + "\"", written);
    // The field's own answer could be wrong (a callback may reset it): read it again, separately.
    rapidjson::Document read = window_params(target);
    read.AddMember("path", rapidjson::Value(element.path.c_str(), read.GetAllocator()), read.GetAllocator());
    read.AddMember("limit", 1, read.GetAllocator());
    EditorReply reread = session.call("window.tree", read);
    if (!reread.ok())
        return window_failure("uap_window_set_value wrote " + describe(element) + " but could not read it back", reread);
    const auto& node = reread.result["nodes"][0];
    std::string value_type(string_member(node, "valueType"));
    if (!member(node, "value") || !same_value(node["value"], arguments["value"], value_type)) {
        std::string range;
        if (const auto* limits = member(node, "range"); limits && limits->IsArray() && limits->Size() == 2)
            range = " (the field's range is " + to_text((*limits)[0]) + " to " + to_text((*limits)[1]) + ")";
        return sdk::ToolResult::failure("uap_window_set_value: " + describe(element) + " reads back as " +
                                        (member(node, "value") ? to_text(node["value"]) : std::string("nothing")) + " after setting " +
                                        to_text(arguments["value"]) + range + "; the field did not take the value");
    }
    rapidjson::Document result(rapidjson::kObjectType);
    auto& result_allocator = result.GetAllocator();
    result.AddMember("window", window_summary(target, result_allocator), result_allocator);
    result.AddMember("element", element_summary(element, result_allocator), result_allocator);
    result.AddMember("previous", rapidjson::Value(written.result["observed"]["previous"], result_allocator), result_allocator);
    result.AddMember("value", rapidjson::Value(node["value"], result_allocator), result_allocator);
    result.AddMember("valueType", rapidjson::Value(value_type.c_str(), result_allocator), result_allocator);
    return sdk::ToolResult::success(std::move(result));
}

} // namespace uap::windows

// The read-only window tools: uap_window_list, uap_window_dump (a UI Toolkit window's element tree,
// paged) and uap_window_screenshot (one window, through screenshot.capture's window view).
#include "window_addressing.hpp"
#include "window_tools.hpp"

#include <screenshot_image.hpp>

#include <map>

namespace uap::windows {

using core::member;
using core::string_member;

namespace {

constexpr sdk::ToolTraits reads{sdk::Access::ReadOnly, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::Idempotent,
                                sdk::Duration::Quick};
constexpr int default_dump_limit = 100;

rapidjson::Value copy(const rapidjson::Value& value, rapidjson::Document::AllocatorType& allocator) { return rapidjson::Value(value, allocator); }

} // namespace

WindowListTool::WindowListTool()
    : WindowTool({"uap_window_list",
                  "List open editor windows: windowIndex, title, type, position, docked, focused, ui (uitoolkit, or imgui/empty: not automatable).",
                  R"({"type":"object","properties":{}})", reads,
                  R"({"type":"object","required":["windows"],"properties":{"windows":{"type":"array","items":{"type":"object",
"required":["windowIndex","title","type","ui"],"properties":{"windowIndex":{"type":"integer"},"title":{"type":"string"},"type":{"type":"string"},"ui":{"enum":["uitoolkit","imgui","empty"]}}}},
"sharedTitles":{"type":"array","items":{"type":"string"}},"note":{"type":"string"}}})"},
                 "開いているエディタウィンドウの一覧（番号、タイトル、型、位置、ドッキング、フォーカス、UI Toolkit か IMGUI か）") {}

sdk::ToolResult WindowListTool::run(const rapidjson::Value&, EditorSession& session) {
    rapidjson::Document none(rapidjson::kObjectType);
    EditorReply listed = session.call("window.list", none);
    if (!listed.ok())
        return window_failure("uap_window_list failed", listed);
    rapidjson::Document result(rapidjson::kObjectType);
    auto& allocator = result.GetAllocator();
    result.AddMember("windows", copy(listed.result["windows"], allocator), allocator);
    // Titles shared by several windows are named, so the model knows to pass windowIndex for them.
    std::map<std::string, int> titles;
    for (const auto& window : listed.result["windows"].GetArray())
        ++titles[std::string(string_member(window, "title"))];
    rapidjson::Value shared(rapidjson::kArrayType);
    for (const auto& [title, count] : titles)
        if (count > 1)
            shared.PushBack(rapidjson::Value(title.c_str(), allocator), allocator);
    if (!shared.Empty()) {
        result.AddMember("sharedTitles", shared, allocator);
        result.AddMember("note", "several windows share these titles: name them by windowIndex", allocator);
    }
    return sdk::ToolResult::success(std::move(result));
}

WindowDumpTool::WindowDumpTool()
    : WindowTool({"uap_window_dump",
                  "A UI Toolkit editor window's element tree (name, type, classes, text, value, enabled, bounds, path), paged by cursor.",
                  R"({"type":"object","properties":{)" UAP_WINDOW_ARGUMENTS R"(,
"element":{"type":"string","maxLength":2048,"description":"a path: dump only this subtree"},
"cursor":{"type":"string","maxLength":12},"limit":{"type":"integer","minimum":1,"maximum":500}}})",
                  reads,
                  R"({"type":"object","required":["window","nodes","total"],"properties":{"window":{"type":"object"},
"nodes":{"type":"array","items":{"type":"object","required":["path","type"],"properties":{"path":{"type":"string"},"type":{"type":"string"}}}},
"total":{"type":"integer"},"nextCursor":{"type":"string"},"note":{"type":"string"}}})"},
                 "UI Toolkit のエディタウィンドウの要素ツリーを表示（ボタン、ラベル、入力欄の名前・テキスト・値・有効状態・位置）") {}

sdk::ToolResult WindowDumpTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    auto addressed = address(arguments, session, "uap_window_dump", Needs::UiToolkitWindow);
    if (auto* refusal = std::get_if<std::string>(&addressed))
        return sdk::ToolResult::failure(*refusal);
    const auto& target = std::get<Addressed>(addressed).window;
    rapidjson::Document params = window_params(target);
    auto& allocator = params.GetAllocator();
    if (const auto* element = member(arguments, "element"))
        params.AddMember("path", copy(*element, allocator), allocator);
    if (const auto* cursor = member(arguments, "cursor"))
        params.AddMember("cursor", copy(*cursor, allocator), allocator);
    params.AddMember("limit", member(arguments, "limit") ? arguments["limit"].GetInt() : default_dump_limit, allocator);
    EditorReply tree = session.call("window.tree", params);
    if (!tree.ok())
        return window_failure("uap_window_dump failed on \"" + target.title + "\"", tree);
    rapidjson::Document result(rapidjson::kObjectType);
    auto& result_allocator = result.GetAllocator();
    for (const char* key : {"window", "nodes", "total", "nextCursor"})
        if (const auto* value = member(tree.result, key))
            result.AddMember(rapidjson::StringRef(key), copy(*value, result_allocator), result_allocator);
    if (member(tree.result, "nextCursor"))
        result.AddMember("note", "more nodes remain: call again with cursor set to nextCursor", result_allocator);
    return sdk::ToolResult::success(std::move(result));
}

WindowScreenshotTool::WindowScreenshotTool()
    : WindowTool({"uap_window_screenshot",
                  "Capture one editor window as drawn on screen (PNG, JPEG when large; long edge <= max_edge); return_image:true adds the image. IMGUI windows too.",
                  R"({"type":"object","properties":{)" UAP_WINDOW_ARGUMENTS "," UAP_MAX_EDGE_ARGUMENT R"(,"return_image":{"type":"boolean"}}})", reads,
                  R"({"type":"object","required":["mimeType","width","height","windowIndex","base64Bytes","capture"],"properties":{
"mimeType":{"type":"string"},"width":{"type":"integer"},"height":{"type":"integer"},"window":{"type":"object"},"windowIndex":{"type":"integer"},)"
                  UAP_IMAGE_RESULT_PROPERTIES "}}"},
                 "エディタウィンドウ1枚のスクリーンショットを撮る（画面に表示されたとおり、長辺 max_edge 以下に縮小した PNG または JPEG）") {}

sdk::ToolResult WindowScreenshotTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    auto addressed = address(arguments, session, "uap_window_screenshot", Needs::Window);
    if (auto* refusal = std::get_if<std::string>(&addressed))
        return sdk::ToolResult::failure(*refusal);
    const auto& target = std::get<Addressed>(addressed).window;
    rapidjson::Document params = window_params(target);
    params.AddMember("view", "window", params.GetAllocator());
    core::add_image_params(params, arguments);
    EditorReply shot = session.call("screenshot.capture", params);
    if (!shot.ok())
        return window_failure("uap_window_screenshot failed on \"" + target.title + "\"", shot);
    rapidjson::Document result(rapidjson::kObjectType);
    auto& allocator = result.GetAllocator();
    for (const char* key : {"mimeType", "width", "height", "window"})
        if (const auto* value = member(shot.result, key))
            result.AddMember(rapidjson::StringRef(key), copy(*value, allocator), allocator);
    result.AddMember("windowIndex", target.index, allocator);
    core::add_image_result(result, shot.result, arguments, " or less, make the window smaller, or dump its tree instead");
    return sdk::ToolResult::success(std::move(result));
}

} // namespace uap::windows

// Editor state tools: menu items, selection, play mode and the console. Each reads the state back
// after changing it.
#include "editor_tools.hpp"

#include <array>
#include <vector>

namespace uap::core {

namespace {

constexpr sdk::ToolTraits not_undoable_write{sdk::Access::Writes, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive,
                                             sdk::Repeat::Idempotent, sdk::Duration::Quick};

// Menu items that open a native modal dialog (a file chooser, a project picker): the editor's main
// thread would block on it until a human answers, so every later call would time out.
constexpr std::array<std::string_view, 10> modal_menu_items{
    "File/New Scene",           "File/Open Scene",         "File/Save As...",       "File/New Project...",
    "File/Open Project...",     "File/Build And Run",      "Assets/Import New Asset...", "Assets/Import Package/Custom Package...",
    "Assets/Export Package...", "File/Save Project As..."};

} // namespace

ExecuteMenuTool::ExecuteMenuTool()
    : EditorTool({"uap_editor_execute_menu",
                  "Run a Unity menu item (no modal dialogs).",
                  R"({"type":"object","required":["menuPath"],"properties":{"menuPath":{"type":"string"}}})",
                  {sdk::Access::Writes, sdk::Undo::NotUndoable, sdk::Impact::Destructive, sdk::Repeat::NotIdempotent,
                   sdk::Duration::Quick},
                  R"({"type":"object","required":["menuPath","executed","observed"],"properties":{
"menuPath":{"type":"string"},"executed":{"type":"boolean"},"observed":{"type":"object"}}})"}) {}

sdk::ToolResult ExecuteMenuTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    std::string_view path = string_member(arguments, "menuPath");
    for (auto modal : modal_menu_items)
        if (path == modal)
            return sdk::ToolResult::failure("uap_editor_execute_menu refused: '" + std::string(path) +
                                            "' opens a native modal dialog that would block the editor until someone answers it; "
                                            "use the typed tools (uap_scene_open, uap_scene_save, uap_asset_create) instead");
    rapidjson::Document params(rapidjson::kObjectType);
    params.AddMember("path", text(path, params.GetAllocator()), params.GetAllocator());
    EditorReply ran = session.call("menu.execute", params, 60000);
    if (!ran.ok()) {
        if (ran.code == "not_found")
            ran.message += " (menu paths are case-sensitive and use '/' between levels)";
        return failure("uap_editor_execute_menu failed", ran);
    }
    rapidjson::Document result(rapidjson::kObjectType);
    auto& allocator = result.GetAllocator();
    result.AddMember("menuPath", text(path, allocator), allocator);
    result.AddMember("executed", rapidjson::Value(ran.result["executed"], allocator), allocator);
    result.AddMember("observed", rapidjson::Value(ran.result["observed"], allocator), allocator);
    return sdk::ToolResult::success(std::move(result));
}

EditorSelectTool::EditorSelectTool()
    : EditorTool({"uap_editor_select",
                  "Select objects or an asset in the editor, or clear.",
                  R"({"type":"object","properties":{"path":{"type":"string"},
"paths":{"type":"array","minItems":1,"maxItems":256,"items":{"type":"string"}},"assetPath":{"type":"string"},
"clear":{"type":"boolean"}}})",
                  not_undoable_write,
                  R"({"type":"object","required":["selection"],"properties":{"selection":{"type":"object","required":["objects"],"properties":{
"objects":{"type":"array","items":{"type":"object","required":["instanceId"],"properties":{"instanceId":{"type":"integer"},"path":{"type":"string"},"assetPath":{"type":"string"}}}},
"assets":{"type":"array","items":{"type":"string"}}}}}})"}) {}

sdk::ToolResult EditorSelectTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    rapidjson::Document params(rapidjson::kObjectType);
    auto& allocator = params.GetAllocator();
    rapidjson::Value objects(rapidjson::kArrayType);
    std::vector<std::string_view> paths;
    if (!string_member(arguments, "path").empty())
        paths.push_back(string_member(arguments, "path"));
    if (const auto* many = member(arguments, "paths"))
        for (const auto& path : many->GetArray())
            paths.emplace_back(path.GetString(), path.GetStringLength());
    bool clear = member(arguments, "clear") && arguments["clear"].GetBool();
    bool asset = !string_member(arguments, "assetPath").empty();
    if (clear == (!paths.empty() || asset))
        return sdk::ToolResult::failure("uap_editor_select needs clear:true, or path/paths and/or assetPath (not both kinds of request)");
    for (auto path : paths) {
        rapidjson::Value reference;
        if (auto problem = object_reference(path, nullptr, reference, allocator))
            return sdk::ToolResult::failure("uap_editor_select refused, the selection is unchanged: " + *problem);
        objects.PushBack(reference, allocator);
    }
    if (asset) {
        rapidjson::Value reference(rapidjson::kObjectType);
        reference.AddMember("assetPath", rapidjson::Value(arguments["assetPath"], allocator), allocator);
        objects.PushBack(reference, allocator);
    }
    params.AddMember("objects", objects, allocator);
    EditorReply set = session.call("selection.set", params);
    if (!set.ok())
        return failure("uap_editor_select refused, the selection is unchanged", set);
    rapidjson::Document none(rapidjson::kObjectType);
    EditorReply now = session.call("selection.get", none);
    if (!now.ok())
        return failure("uap_editor_select ran, but the selection could not be read back", now);
    rapidjson::Document result(rapidjson::kObjectType);
    result.AddMember("selection", rapidjson::Value(now.result, result.GetAllocator()), result.GetAllocator());
    return sdk::ToolResult::success(std::move(result));
}

PlayModeTool::PlayModeTool()
    : EditorTool({"uap_play_mode",
                  "Start, pause, resume or stop play mode, or read it.",
                  R"({"type":"object","required":["action"],"properties":{"action":{"enum":["status","start","pause","resume","stop"]}}})",
                  not_undoable_write,
                  R"({"type":"object","required":["state","isPlaying","isPaused"],"properties":{
"state":{"enum":["edit","playing","paused"]},"isPlaying":{"type":"boolean"},"isPaused":{"type":"boolean"}}})"}) {}

sdk::ToolResult PlayModeTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    std::string_view action = string_member(arguments, "action");
    rapidjson::Document none(rapidjson::kObjectType);
    if (action != "status") {
        const char* state = action == "start" || action == "resume" ? "playing" : action == "pause" ? "paused" : "edit";
        if (action == "resume") {
            EditorReply current = session.call("playmode.get", none);
            if (!current.ok())
                return failure("uap_play_mode failed", current);
            if (string_member(current.result, "state") == "edit")
                return sdk::ToolResult::failure("uap_play_mode refused: resume needs paused play mode, and the editor is in edit mode; use action start");
        }
        rapidjson::Document params(rapidjson::kObjectType);
        params.AddMember("state", rapidjson::StringRef(state), params.GetAllocator());
        EditorReply set = session.call("playmode.set", params, 60000);
        if (!set.ok())
            return failure("uap_play_mode failed", set);
    }
    EditorReply now = session.call("playmode.get", none);
    if (!now.ok())
        return failure("uap_play_mode failed", now);
    rapidjson::Document result(rapidjson::kObjectType);
    auto& allocator = result.GetAllocator();
    std::string_view state = string_member(now.result, "state");
    result.AddMember("state", text(state, allocator), allocator);
    result.AddMember("isPlaying", state != "edit", allocator);
    result.AddMember("isPaused", state == "paused", allocator);
    return sdk::ToolResult::success(std::move(result));
}

ConsoleLogsTool::ConsoleLogsTool()
    : EditorTool({"uap_console_logs",
                  "Read Unity Console logs by type, text, since_id.",
                  R"({"type":"object","properties":{
"types":{"type":"array","items":{"enum":["log","warning","error","exception","assert"]}},"contains":{"type":"string"},
"since_id":{"type":"integer","minimum":0},"count":{"type":"integer","minimum":1,"maximum":1000}}})",
                  {sdk::Access::ReadOnly, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::Idempotent,
                   sdk::Duration::Quick},
                  R"({"type":"object","required":["entries","lastId"],"properties":{
"entries":{"type":"array","items":{"type":"object","required":["id","type","message"],"properties":{"id":{"type":"integer"},"type":{"type":"string"},"message":{"type":"string"}}}},
"lastId":{"type":"integer"},"more":{"type":"boolean"}}})"}) {}

sdk::ToolResult ConsoleLogsTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    rapidjson::Document params(rapidjson::kObjectType);
    auto& allocator = params.GetAllocator();
    if (const auto* types = member(arguments, "types"))
        params.AddMember("types", rapidjson::Value(*types, allocator), allocator);
    if (const auto* contains = member(arguments, "contains"))
        params.AddMember("contains", rapidjson::Value(*contains, allocator), allocator);
    if (const auto* since = member(arguments, "since_id"))
        params.AddMember("sinceId", rapidjson::Value(*since, allocator), allocator);
    params.AddMember("limit", member(arguments, "count") ? arguments["count"].GetInt() : 50, allocator);
    EditorReply read = session.call("console.read", params);
    if (!read.ok())
        return failure("uap_console_logs failed", read);
    rapidjson::Document result(rapidjson::kObjectType);
    result.CopyFrom(read.result, result.GetAllocator());
    return sdk::ToolResult::success(std::move(result));
}

ConsoleClearTool::ConsoleClearTool()
    : EditorTool({"uap_console_clear", "Clear the Unity Console.",
                  R"({"type":"object","properties":{}})", not_undoable_write,
                  R"({"type":"object","required":["remaining"],"properties":{"cleared":{"type":"integer"},"remaining":{"type":"integer"}}})"}) {}

sdk::ToolResult ConsoleClearTool::run(const rapidjson::Value&, EditorSession& session) {
    rapidjson::Document none(rapidjson::kObjectType);
    EditorReply cleared = session.call("console.clear", none);
    if (!cleared.ok())
        return failure("uap_console_clear failed", cleared);
    rapidjson::Document params(rapidjson::kObjectType);
    params.AddMember("limit", 1, params.GetAllocator());
    EditorReply left = session.call("console.read", params);
    if (!left.ok())
        return failure("uap_console_clear ran, but the console could not be read back", left);
    rapidjson::Document result(rapidjson::kObjectType);
    auto& allocator = result.GetAllocator();
    // The simulator counts the cleared entries; Unity's console.clear does not, so it is left out then.
    if (const auto* count = member(cleared.result, "observed") ? member(cleared.result["observed"], "cleared") : nullptr)
        result.AddMember("cleared", rapidjson::Value(*count, allocator), allocator);
    result.AddMember("remaining", left.result["entries"].Size(), allocator);
    return sdk::ToolResult::success(std::move(result));
}

} // namespace uap::core

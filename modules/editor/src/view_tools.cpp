// View tools: a screenshot of the scene or game view, and the Game view's resolution.
#include "editor_tools.hpp"

#include <screenshot_image.hpp>

namespace uap::core {

EditorScreenshotTool::EditorScreenshotTool()
    : EditorTool({"uap_editor_screenshot",
                  "Screenshot the game or scene view (PNG, JPEG when large; long edge <= max_edge); return_image:true adds the image.",
                  R"({"type":"object","properties":{"view":{"enum":["game","scene"]},
"width":{"type":"integer","minimum":32,"maximum":4096},"height":{"type":"integer","minimum":32,"maximum":4096},)" UAP_MAX_EDGE_ARGUMENT R"(,"return_image":{"type":"boolean"}}})",
                  {sdk::Access::ReadOnly, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::Idempotent,
                   sdk::Duration::Quick},
                  R"({"type":"object","required":["mimeType","width","height","base64Bytes","capture"],"properties":{
"mimeType":{"type":"string"},"width":{"type":"integer"},"height":{"type":"integer"},"view":{"type":"string"},"camera":{"type":"object"},
"markersInView":{"type":"array","items":{"type":"object","required":["id","x","y"]}},)" UAP_IMAGE_RESULT_PROPERTIES "}}"}) {}

sdk::ToolResult EditorScreenshotTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    rapidjson::Document params(rapidjson::kObjectType);
    auto& allocator = params.GetAllocator();
    params.AddMember("view", member(arguments, "view") ? rapidjson::Value(arguments["view"], allocator) : rapidjson::Value("game"), allocator);
    params.AddMember("width", member(arguments, "width") ? arguments["width"].GetInt() : 960, allocator);
    params.AddMember("height", member(arguments, "height") ? arguments["height"].GetInt() : 540, allocator);
    add_image_params(params, arguments);
    EditorReply shot = session.call("screenshot.capture", params);
    if (!shot.ok())
        return failure("uap_editor_screenshot failed", shot);
    rapidjson::Document result(rapidjson::kObjectType);
    auto& result_allocator = result.GetAllocator();
    // camera and markersInView: where the markers drawn in the editor appear in this image.
    for (const char* key : {"mimeType", "width", "height", "view", "camera", "markersInView"})
        if (const auto* value = member(shot.result, key))
            result.AddMember(rapidjson::StringRef(key), rapidjson::Value(*value, result_allocator), result_allocator);
    add_image_result(result, shot.result, arguments, " or less, or ask for a smaller width and height");
    return sdk::ToolResult::success(std::move(result));
}

GameViewSizeTool::GameViewSizeTool()
    : EditorTool({"uap_game_view_size",
                  "Get or set the Game view resolution.",
                  R"({"type":"object","properties":{"action":{"enum":["get","set"]},
"width":{"type":"integer","minimum":16,"maximum":8192},"height":{"type":"integer","minimum":16,"maximum":8192}}})",
                  {sdk::Access::Writes, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::Idempotent,
                   sdk::Duration::Quick},
                  R"({"type":"object","required":["open","width","height"],"properties":{
"open":{"type":"boolean"},"width":{"type":"integer"},"height":{"type":"integer"}}})"}) {}

sdk::ToolResult GameViewSizeTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    rapidjson::Document none(rapidjson::kObjectType);
    bool set = string_member(arguments, "action") == "set";
    if (set) {
        if (!member(arguments, "width") || !member(arguments, "height"))
            return sdk::ToolResult::failure("uap_game_view_size refused: action set needs both width and height");
        rapidjson::Document params(rapidjson::kObjectType);
        params.AddMember("width", arguments["width"].GetInt(), params.GetAllocator());
        params.AddMember("height", arguments["height"].GetInt(), params.GetAllocator());
        EditorReply written = session.call("gameView.set", params);
        if (!written.ok())
            return failure("uap_game_view_size failed", written);
    }
    EditorReply size = session.call("gameView.get", none);
    if (!size.ok())
        return failure("uap_game_view_size failed", size);
    if (set && (size.result["width"].GetInt() != arguments["width"].GetInt() || size.result["height"].GetInt() != arguments["height"].GetInt()))
        return sdk::ToolResult::failure("uap_game_view_size: the Game view reads back as " + std::to_string(size.result["width"].GetInt()) +
                                        "x" + std::to_string(size.result["height"].GetInt()) + " after the set");
    rapidjson::Document result(rapidjson::kObjectType);
    result.CopyFrom(size.result, result.GetAllocator());
    return sdk::ToolResult::success(std::move(result));
}

} // namespace uap::core

// View tools: a screenshot of the scene or game view, and the Game view's resolution.
#include "editor_tools.hpp"

namespace uap::core {

namespace {

// Base64 text kept in a reply; larger images are described, not returned, to stay under the
// host's result cap.
constexpr rapidjson::SizeType max_inline_base64 = 60000;

} // namespace

EditorScreenshotTool::EditorScreenshotTool()
    : EditorTool({"uap_editor_screenshot",
                  "Screenshot the game or scene view (PNG); return_image:true adds the image.",
                  R"({"type":"object","properties":{"view":{"enum":["game","scene"]},
"width":{"type":"integer","minimum":32,"maximum":4096},"height":{"type":"integer","minimum":32,"maximum":4096},"return_image":{"type":"boolean"}}})",
                  {sdk::Access::ReadOnly, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::Idempotent,
                   sdk::Duration::Quick},
                  R"({"type":"object","required":["mimeType","width","height","base64Bytes"],"properties":{
"mimeType":{"type":"string"},"width":{"type":"integer"},"height":{"type":"integer"},"view":{"type":"string"},"camera":{"type":"object"},
"markersInView":{"type":"array","items":{"type":"object","required":["id","x","y"]}},"base64Bytes":{"type":"integer"},"image":{"type":"string"},"note":{"type":"string"}}})"}) {}

sdk::ToolResult EditorScreenshotTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    rapidjson::Document params(rapidjson::kObjectType);
    auto& allocator = params.GetAllocator();
    params.AddMember("view", member(arguments, "view") ? rapidjson::Value(arguments["view"], allocator) : rapidjson::Value("game"), allocator);
    params.AddMember("width", member(arguments, "width") ? arguments["width"].GetInt() : 960, allocator);
    params.AddMember("height", member(arguments, "height") ? arguments["height"].GetInt() : 540, allocator);
    EditorReply shot = session.call("screenshot.capture", params);
    if (!shot.ok())
        return failure("uap_editor_screenshot failed", shot);
    rapidjson::Document result(rapidjson::kObjectType);
    auto& result_allocator = result.GetAllocator();
    // camera and markersInView: where the markers drawn in the editor appear in this image.
    for (const char* key : {"mimeType", "width", "height", "view", "camera", "markersInView"})
        if (const auto* value = member(shot.result, key))
            result.AddMember(rapidjson::StringRef(key), rapidjson::Value(*value, result_allocator), result_allocator);
    const auto& base64 = shot.result["base64"];
    result.AddMember("base64Bytes", base64.GetStringLength(), result_allocator);
    bool wanted = member(arguments, "return_image") && arguments["return_image"].GetBool();
    if (wanted && base64.GetStringLength() <= max_inline_base64) {
        // An MCP image block (the host moves "_images" out of the text), so the model sees the picture.
        rapidjson::Value image(rapidjson::kObjectType);
        image.AddMember("mimeType", member(shot.result, "mimeType") ? rapidjson::Value(shot.result["mimeType"], result_allocator) : rapidjson::Value("image/png"),
                        result_allocator);
        image.AddMember("data", rapidjson::Value(base64, result_allocator), result_allocator);
        rapidjson::Value images(rapidjson::kArrayType);
        images.PushBack(image, result_allocator);
        result.AddMember("_images", images, result_allocator);
        result.AddMember("image", "attached as an image block", result_allocator);
    }
    else if (wanted)
        result.AddMember("note", "the image is too large to return inline; ask for a smaller width and height", result_allocator);
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

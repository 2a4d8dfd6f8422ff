// The materials pack's tools; see material_tools.hpp. Each write is checked against the shader's
// property table before anything is written and read back afterwards by material.describe, a separate
// primitive, because material.set's own answer would not show a write the editor dropped.
#include "material_tools.hpp"

#include "asset_paths.hpp"
#include "material_values.hpp"

#include <algorithm>
#include <cctype>

namespace uap::materials {

using core::EditorReply;
using core::failure;
using core::member;
using core::string_member;
using core::text;

namespace {

constexpr int default_limit = 200;
constexpr const char* nothing_to_write =
    R"( refused: nothing to write; give values ({"_BaseColor": "#ff0000"}), keywords ({"_EMISSION": true}) or renderQueue. List the properties with uap_material_shader_properties.)";

// material.describe for the material at assetPath, the shader by name, or (neither) the shader a new
// material gets under the active render pipeline.
EditorReply describe(EditorSession& session, std::string_view asset_path, std::string_view shader) {
    rapidjson::Document params(rapidjson::kObjectType);
    if (!asset_path.empty())
        params.AddMember("assetPath", text(asset_path, params.GetAllocator()), params.GetAllocator());
    if (!shader.empty())
        params.AddMember("shader", text(shader, params.GetAllocator()), params.GetAllocator());
    return session.call("material.describe", params);
}

std::string folded(std::string_view value) {
    std::string out(value);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

bool hidden(const rapidjson::Value& property) {
    for (const auto& flag : property["flags"].GetArray())
        if (std::string_view(flag.GetString()) == "HideInInspector")
            return true;
    return false;
}

std::optional<std::string> material_path(std::string_view tool, std::string_view given, std::string& out) {
    auto checked = core::checked_asset_path(given, core::AssetRoots::AssetsOrPackages, "assetPath");
    if (!checked)
        return std::string(tool) + " refused: " + checked.error().message;
    out = checked.value();
    if (out.size() < 4 || out.compare(out.size() - 4, 4, ".mat") != 0)
        return std::string(tool) + " refused: assetPath must name a material (.mat), for example \"Assets/Materials/Red.mat\"; got '" +
               out + "'. Find materials with uap_asset_find (query \"t:Material\").";
    return std::nullopt;
}

bool has_writes(const rapidjson::Value& params) {
    return member(params, "values") || member(params, "keywords") || member(params, "renderQueue");
}

// material.set with params, then a separate material.describe; the read-back, or the failure that
// names every write the editor did not keep (the caller undoes them).
struct WriteOutcome {
    std::optional<rapidjson::Document> read_back;
    std::optional<sdk::ToolResult> failed;
    std::vector<std::string> not_kept;
};

WriteOutcome write_and_read_back(std::string_view tool, EditorSession& session, const rapidjson::Document& params,
                                 std::string_view asset_path) {
    WriteOutcome outcome;
    EditorReply written = session.call("material.set", params);
    if (!written.ok()) {
        outcome.failed = failure(std::string(tool) + " failed", written);
        return outcome;
    }
    EditorReply read = describe(session, asset_path, {});
    if (!read.ok()) {
        outcome.failed = sdk::ToolResult::failure(std::string(tool) + ": the editor accepted the write, but reading the material back failed (" +
                                                  read.message + " [" + read.code + "]); whether the values hold is unknown");
        return outcome;
    }
    outcome.not_kept = writes_not_kept(params, read.result);
    outcome.read_back = std::move(read.result);
    return outcome;
}

std::string joined(const std::vector<std::string>& items) {
    std::string out;
    for (const auto& item : items)
        out += (out.empty() ? "" : "; ") + item;
    return out;
}

} // namespace

MaterialShaderPropertiesTool::MaterialShaderPropertiesTool()
    : EditorTool({"uap_material_shader_properties",
                  "List a material's or shader's properties (type, range, default, flags, value), keywords and render queue.",
                  R"({"type":"object","properties":{
"assetPath":{"type":"string","minLength":1,"maxLength":1024},"shader":{"type":"string","minLength":1,"maxLength":512},
"filter":{"type":"string","maxLength":200},"includeHidden":{"type":"boolean"},"limit":{"type":"integer","minimum":1,"maximum":1000}}})",
                  {sdk::Access::ReadOnly, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::Idempotent,
                   sdk::Duration::Quick},
                  R"({"type":"object","required":["shader","properties","totalMatches","keywords"],"properties":{
"shader":{"type":"object","required":["name","renderQueue"]},"properties":{"type":"array","items":{"type":"object","required":["name","displayName","type","flags"]}},
"totalMatches":{"type":"integer"},"truncated":{"type":"string"},"hiddenLeftOut":{"type":"integer"},"keywords":{"type":"array","items":{"type":"string"}},
"material":{"type":"object","required":["assetPath","renderQueue","enabledKeywords"]}}})"}) {}

sdk::ToolResult MaterialShaderPropertiesTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    constexpr std::string_view tool = "uap_material_shader_properties";
    std::string asset_path;
    std::string_view shader = string_member(arguments, "shader");
    if (member(arguments, "assetPath") && member(arguments, "shader"))
        return sdk::ToolResult::failure(std::string(tool) + " refused: give assetPath (a material) or shader (a shader name such as "
                                        "\"Universal Render Pipeline/Lit\"), not both");
    if (member(arguments, "assetPath"))
        if (auto problem = material_path(tool, string_member(arguments, "assetPath"), asset_path))
            return sdk::ToolResult::failure(*problem);
    EditorReply described = describe(session, asset_path, shader);
    if (!described.ok())
        return failure(std::string(tool) + " failed", described);
    const bool include_hidden = member(arguments, "includeHidden") && arguments["includeHidden"].GetBool();
    const std::string filter = folded(string_member(arguments, "filter"));
    const int limit = member(arguments, "limit") ? arguments["limit"].GetInt() : default_limit;

    rapidjson::Document result(rapidjson::kObjectType);
    auto& allocator = result.GetAllocator();
    result.AddMember("shader", rapidjson::Value(described.result["shader"], allocator), allocator);
    rapidjson::Value properties(rapidjson::kArrayType);
    int matched = 0;
    int hidden_left_out = 0;
    for (const auto& property : described.result["properties"].GetArray()) {
        if (!include_hidden && hidden(property)) {
            ++hidden_left_out;
            continue;
        }
        if (!filter.empty() && folded(property["name"].GetString()).find(filter) == std::string::npos &&
            folded(property["displayName"].GetString()).find(filter) == std::string::npos)
            continue;
        if (matched++ < limit)
            properties.PushBack(rapidjson::Value(property, allocator), allocator);
    }
    result.AddMember("properties", properties, allocator);
    result.AddMember("totalMatches", matched, allocator);
    if (matched > limit)
        result.AddMember("truncated", "more properties match than limit; narrow with filter or raise limit (at most 1000)", allocator);
    if (hidden_left_out > 0)
        result.AddMember("hiddenLeftOut", hidden_left_out, allocator);
    result.AddMember("keywords", rapidjson::Value(described.result["keywords"], allocator), allocator);
    if (const auto* material = member(described.result, "material"))
        result.AddMember("material", rapidjson::Value(*material, allocator), allocator);
    return sdk::ToolResult::success(std::move(result));
}

#define UAP_MATERIAL_WRITE_SCHEMA                                                                                        \
    R"("values":{"type":"object","maxProperties":256},"keywords":{"type":"object","maxProperties":256,)"                \
    R"("additionalProperties":{"type":"boolean"}},"renderQueue":{"type":"integer","minimum":-1,"maximum":5000})"

// What uap_material_set and uap_material_create report as observed (observed_writes).
#define UAP_MATERIAL_OBSERVED_SCHEMA                                                                                     \
    R"({"type":"object","required":["values","enabledKeywords","renderQueue"],"properties":{)"                         \
    R"("values":{"type":"array","items":{"type":"object","required":["name","type","value"]}},)"                      \
    R"("enabledKeywords":{"type":"array","items":{"type":"string"}},"renderQueue":{"type":"integer"}}})"

MaterialSetTool::MaterialSetTool()
    : EditorTool({"uap_material_set",
                  "Set material properties by name (colour, float, range, vector, int, texture with tiling/offset), keywords and render queue; read back.",
                  R"({"type":"object","required":["assetPath"],"properties":{"assetPath":{"type":"string","minLength":1,"maxLength":1024},)"
                  UAP_MATERIAL_WRITE_SCHEMA R"(}})",
                  {sdk::Access::Writes, sdk::Undo::Undoable, sdk::Impact::NonDestructive, sdk::Repeat::Idempotent,
                   sdk::Duration::Quick},
                  R"({"type":"object","required":["assetPath","shader","observed","verifiedBy","undoable"],"properties":{
"assetPath":{"type":"string"},"shader":{"type":"string"},"observed":)" UAP_MATERIAL_OBSERVED_SCHEMA R"(,"verifiedBy":{"type":"string"},"undoable":{"enum":[true]}}})"}) {}

sdk::ToolResult MaterialSetTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    constexpr std::string_view tool = "uap_material_set";
    std::string asset_path;
    if (auto problem = material_path(tool, string_member(arguments, "assetPath"), asset_path))
        return sdk::ToolResult::failure(*problem);
    EditorReply described = describe(session, asset_path, {});
    if (!described.ok())
        return failure(std::string(tool) + " failed", described);
    rapidjson::Document params(rapidjson::kObjectType);
    params.AddMember("assetPath", text(asset_path, params.GetAllocator()), params.GetAllocator());
    if (auto problem = plan_writes(tool, arguments, described.result, params))
        return sdk::ToolResult::failure(*problem);
    if (!has_writes(params))
        return sdk::ToolResult::failure(std::string(tool) + nothing_to_write);
    core::UndoScope undo(session, "Set material properties");
    if (undo.opening_failure())
        return failure(std::string(tool) + " failed to open its Undo group", *undo.opening_failure());
    WriteOutcome outcome = write_and_read_back(tool, session, params, asset_path);
    if (outcome.failed)
        return std::move(*outcome.failed);
    if (!outcome.not_kept.empty())
        return sdk::ToolResult::failure(std::string(tool) + " failed: the editor accepted the write but did not keep it: " + joined(outcome.not_kept) +
                                        undo.revert() + ". Nothing of this call remains written.");
    rapidjson::Document result(rapidjson::kObjectType);
    auto& allocator = result.GetAllocator();
    result.AddMember("assetPath", text(asset_path, allocator), allocator);
    result.AddMember("shader", rapidjson::Value((*outcome.read_back)["shader"]["name"], allocator), allocator);
    result.AddMember("observed", observed_writes(params, *outcome.read_back, allocator), allocator);
    result.AddMember("verifiedBy", "material.describe", allocator);
    result.AddMember("undoable", true, allocator);
    return sdk::ToolResult::success(std::move(result));
}

MaterialCreateTool::MaterialCreateTool()
    : EditorTool({"uap_material_create",
                  "Create a material for the active render pipeline (or shader), with initial property values and keywords; read back.",
                  R"({"type":"object","required":["path"],"properties":{"path":{"type":"string","minLength":8,"maxLength":1024},)"
                  R"("shader":{"type":"string","minLength":1,"maxLength":512},)" UAP_MATERIAL_WRITE_SCHEMA R"(}})",
                  {sdk::Access::Writes, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::NotIdempotent,
                   sdk::Duration::Quick},
                  R"({"type":"object","required":["created","renamed","verifiedBy","undoable"],"properties":{
"created":{"type":"string"},"renamed":{"type":"boolean"},"shader":{"type":"object","required":["name"]},"observed":)" UAP_MATERIAL_OBSERVED_SCHEMA R"(,
"renderQueue":{"type":"integer"},"verifiedBy":{"type":"string"},"undoable":{"enum":[false]}}})"}) {}

sdk::ToolResult MaterialCreateTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    constexpr std::string_view tool = "uap_material_create";
    auto checked = core::checked_asset_path(string_member(arguments, "path"), core::AssetRoots::AssetsOnly);
    if (!checked)
        return sdk::ToolResult::failure(std::string(tool) + " refused: " + checked.error().message);
    std::string path = checked.value();
    if (path.size() < 4 || path.compare(path.size() - 4, 4, ".mat") != 0)
        return sdk::ToolResult::failure(std::string(tool) + " refused: path must end in .mat, for example \"Assets/Materials/Red.mat\"");
    std::string_view shader = string_member(arguments, "shader");
    // The shader is described before the material exists, so initial values are checked against its
    // table first and a wrong one creates nothing.
    EditorReply described = describe(session, {}, shader);
    if (!described.ok())
        return failure(std::string(tool) + " refused: the shader cannot be described", described);
    rapidjson::Document writes(rapidjson::kObjectType);
    if (auto problem = plan_writes(tool, arguments, described.result, writes))
        return sdk::ToolResult::failure(*problem);

    rapidjson::Document params(rapidjson::kObjectType);
    auto& params_allocator = params.GetAllocator();
    params.AddMember("path", text(path, params_allocator), params_allocator);
    params.AddMember("kind", "Material", params_allocator);
    if (!shader.empty())
        params.AddMember("shader", text(shader, params_allocator), params_allocator);
    EditorReply created = session.call("asset.create", params);
    if (!created.ok())
        return failure(std::string(tool) + " failed", created);
    std::string final_path(string_member(created.result["observed"]["asset"], "path"));

    // The separate read: the material as the editor loads it now, which also proves it exists.
    EditorReply read = describe(session, final_path, {});
    if (!read.ok())
        return sdk::ToolResult::failure(std::string(tool) + ": the editor reported creating '" + final_path +
                                        "', but reading it back failed (" + read.message + " [" + read.code + "]); the outcome is unknown");
    rapidjson::Document result(rapidjson::kObjectType);
    auto& allocator = result.GetAllocator();
    result.AddMember("created", text(final_path, allocator), allocator);
    result.AddMember("renamed", rapidjson::Value(created.result["observed"]["renamed"], allocator), allocator);
    if (const auto* chosen = member(created.result["observed"], "shader"))
        result.AddMember("shader", rapidjson::Value(*chosen, allocator), allocator);
    if (has_writes(writes)) {
        writes.AddMember("assetPath", text(final_path, writes.GetAllocator()), writes.GetAllocator());
        WriteOutcome outcome = write_and_read_back(tool, session, writes, final_path);
        if (outcome.failed)
            return sdk::ToolResult::failure(outcome.failed->message() + ". The material was created at '" + final_path +
                                            "' with its shader's defaults; set the values with uap_material_set.");
        if (!outcome.not_kept.empty())
            return sdk::ToolResult::failure(std::string(tool) + ": the material was created at '" + final_path + "', but the editor did not keep "
                                            "these initial values: " + joined(outcome.not_kept) +
                                            ". The other values are written; fix these with uap_material_set.");
        result.AddMember("observed", observed_writes(writes, *outcome.read_back, allocator), allocator);
    } else {
        result.AddMember("renderQueue", rapidjson::Value(read.result["material"]["renderQueue"], allocator), allocator);
    }
    result.AddMember("verifiedBy", "material.describe", allocator);
    result.AddMember("undoable", false, allocator);
    return sdk::ToolResult::success(std::move(result));
}

} // namespace uap::materials

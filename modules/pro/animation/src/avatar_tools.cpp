// uap_avatar_configure and uap_avatar_inspect (avatar_tools.hpp). The configure reads the model first
// (model.avatar.read: its human bones and transforms), refuses a mapping that cannot work before anything
// changes, sends model.avatar.configure, and then reads the model again: the call succeeds only on a valid
// human Avatar holding every requested bone, and otherwise names the bones that failed.
#include "avatar_tools.hpp"

#include "animation_arguments.hpp"
#include "close_names.hpp"

#include <algorithm>
#include <cctype>
#include <map>

namespace uap::pro::animation {

namespace {

using core::member;
using core::string_member;

// Reimporting a character model can take a while on a large project.
constexpr uint32_t reimport_timeout_ms = 120000;

// A human bone name as compared: letters and digits in lower case, so "LeftThumbProximal", "left_thumb_proximal"
// and HumanTrait.BoneName's own spelling of a finger bone name one bone.
std::string bone_key(std::string_view name) {
    std::string key;
    for (char character : name)
        if (std::isalnum(static_cast<unsigned char>(character)))
            key.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(character))));
    return key;
}

// What model.avatar.read listed, for checking a request against it.
struct Rig {
    std::vector<std::string> bones;
    std::vector<std::string> required;
    std::vector<std::string> transforms;
    bool every_transform_listed = false;
};

Rig rig_of(const rapidjson::Value& read) {
    Rig rig;
    for (const auto& bone : read["bones"].GetArray()) {
        rig.bones.emplace_back(string_member(bone, "humanBone"));
        if (bone["required"].GetBool())
            rig.required.emplace_back(string_member(bone, "humanBone"));
    }
    for (const auto& transform : read["transforms"].GetArray())
        rig.transforms.emplace_back(transform.GetString());
    rig.every_transform_listed = read["transformCount"].GetUint64() == rig.transforms.size();
    return rig;
}

std::string joined(const std::vector<std::string>& names) {
    std::string text;
    for (const auto& name : names)
        text += (text.empty() ? "" : ", ") + name;
    return text;
}

// The mapping argument as the editor spells the bones ([{humanBone, transform}]), or why it is refused.
std::optional<std::string> resolve_mapping(const rapidjson::Value& mapping, const Rig& rig, rapidjson::Value& resolved,
                                           rapidjson::Document::AllocatorType& allocator) {
    std::map<std::string, std::string> bone_by_key;
    for (const auto& bone : rig.bones)
        bone_by_key.emplace(bone_key(bone), bone);
    std::map<std::string, std::string> chosen; // editor's bone name → the argument's name for it.
    resolved.SetArray();
    for (const auto& entry : mapping.GetObject()) {
        std::string asked(entry.name.GetString(), entry.name.GetStringLength());
        std::string transform(entry.value.GetString(), entry.value.GetStringLength());
        auto bone = bone_by_key.find(bone_key(asked));
        if (bone == bone_by_key.end()) {
            auto close = close_names(asked, rig.bones);
            return "mapping names '" + asked + "', which is not a human bone" + (close.empty() ? "" : " (did you mean " + quoted_choices(close) + "?)") +
                   "; the human bones are " + joined(rig.bones) + " (uap_avatar_inspect lists them with the required ones marked)";
        }
        auto [previous, inserted] = chosen.emplace(bone->second, asked);
        if (!inserted)
            return "mapping names the human bone " + bone->second + " twice ('" + previous->second + "' and '" + asked + "'); give each bone once";
        if (rig.every_transform_listed && std::find(rig.transforms.begin(), rig.transforms.end(), transform) == rig.transforms.end()) {
            auto close = close_names(transform, rig.transforms);
            return "mapping." + asked + " names the transform '" + transform + "', which the model does not have" +
                   (close.empty() ? "" : " (close matches: " + quoted_choices(close) + ")") + "; uap_avatar_inspect lists the model's transforms";
        }
        rapidjson::Value pair(rapidjson::kObjectType);
        pair.AddMember("humanBone", core::text(bone->second, allocator), allocator);
        pair.AddMember("transform", core::text(transform, allocator), allocator);
        resolved.PushBack(pair, allocator);
    }
    std::vector<std::string> missing;
    for (const auto& bone : rig.required)
        if (!chosen.count(bone))
            missing.push_back(bone);
    if (!missing.empty())
        return "mapping leaves required human bones unmapped: " + joined(missing) +
               "; Unity builds no valid Humanoid Avatar without them (leave mapping out to let Unity map the bones by itself)";
    return std::nullopt;
}

// The bones whose transform is shared with another bone: "'Spine' is mapped to Spine and Chest".
std::vector<std::string> shared_transforms(const rapidjson::Value& read) {
    std::map<std::string, std::vector<std::string>> bones_by_transform;
    for (const auto& bone : read["bones"].GetArray())
        if (bone["transform"].IsString())
            bones_by_transform[bone["transform"].GetString()].emplace_back(string_member(bone, "humanBone"));
    std::vector<std::string> shared;
    for (const auto& [transform, bones] : bones_by_transform)
        if (bones.size() > 1)
            shared.push_back("'" + transform + "' is mapped to " + joined(bones));
    return shared;
}

// What is wrong with the model read back after a configure, or nothing when it holds a valid human
// Avatar with every requested bone where it was asked to be.
std::optional<std::string> avatar_problem(const rapidjson::Value& read, const rapidjson::Value* requested) {
    std::vector<std::string> problems;
    if (string_member(read, "animationType") != "Human")
        problems.push_back("its animationType reads back as " + std::string(string_member(read, "animationType")));
    if (!read["avatar"].IsObject())
        problems.push_back("the import made no Avatar");
    if (!read["missingRequired"].Empty()) {
        std::vector<std::string> missing;
        for (const auto& bone : read["missingRequired"].GetArray())
            missing.emplace_back(bone.GetString());
        problems.push_back("required human bones are not mapped: " + joined(missing));
    }
    if (requested)
        for (const auto& wanted : requested->GetArray())
            for (const auto& bone : read["bones"].GetArray())
                if (string_member(bone, "humanBone") == string_member(wanted, "humanBone") &&
                    (!bone["transform"].IsString() || string_member(bone, "transform") != string_member(wanted, "transform")))
                    problems.push_back(std::string(string_member(wanted, "humanBone")) + " reads back as " + core::to_text(bone["transform"]) + ", not '" +
                                       std::string(string_member(wanted, "transform")) + "'");
    for (const auto& shared : shared_transforms(read))
        problems.push_back(shared);
    if (read["avatar"].IsObject() && !read["avatar"]["isValid"].GetBool())
        problems.push_back("Unity reports the Avatar invalid (isValid false; the Console names the bone it rejected)");
    else if (read["avatar"].IsObject() && !read["avatar"]["isHuman"].GetBool())
        problems.push_back("the Avatar is not a human one (isHuman false)");
    if (problems.empty())
        return std::nullopt;
    return joined(problems);
}

sdk::ToolResult read_refusal(std::string_view tool, const core::EditorReply& reply) {
    return editor_refusal(tool, reply, "uap_asset_find with filter t:Model lists the project's models.");
}

constexpr std::string_view configure_schema =
    R"({"type":"object","required":["assetPath"],"additionalProperties":false,"properties":{"assetPath":{"type":"string"},"overwrite":{"type":"boolean"},
"mapping":{"type":"object","minProperties":1,"maxProperties":64,"additionalProperties":{"type":"string","minLength":1,"maxLength":256}}}})";

} // namespace

AvatarConfigureTool::AvatarConfigureTool()
    : EditorTool({"uap_avatar_configure",
                  "Set a model (.fbx, .obj ...) up as a Humanoid: rig Human, Avatar from this model, automatic or explicit bone mapping "
                  "(human bone -> transform), reimport, then check the Avatar is valid. Not undoable.",
                  configure_schema,
                  {sdk::Access::Writes, sdk::Undo::NotUndoable, sdk::Impact::Destructive, sdk::Repeat::Idempotent, sdk::Duration::Quick},
                  R"({"type":"object","required":["assetPath","avatar","mapping","verified","undoable"],"properties":{
"assetPath":{"type":"string"},"avatar":{"type":"object","required":["name","isValid","isHuman"]},"mapping":{"type":"object","additionalProperties":{"type":"string"}},
"verified":{"type":"string"},"undoable":{"enum":[false]}}})"}) {}

std::string_view AvatarConfigureTool::japanese_description() const {
    return "モデル（.fbx、.obj など）をヒューマノイドに設定：リグを Humanoid、このモデルからアバターを作成、ボーンのマッピングは自動または指定"
           "（ヒューマンボーン→トランスフォーム）、再インポートしてアバターが有効か確かめます。元に戻せません。";
}

sdk::ToolResult AvatarConfigureTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    constexpr std::string_view tool = "uap_avatar_configure";
    std::string path;
    if (auto problem = check_model_argument(tool, arguments, path))
        return sdk::ToolResult::failure(*problem);
    core::EditorReply before = read_asset(session, "model.avatar.read", path);
    if (!before.ok())
        return read_refusal(tool, before);
    bool overwrite = member(arguments, "overwrite") && arguments["overwrite"].GetBool();
    std::size_t mapped_before = before.result["bones"].Size();
    for (const auto& bone : before.result["bones"].GetArray())
        mapped_before -= bone["transform"].IsString() ? 0 : 1;
    if (string_member(before.result, "animationType") == "Human" && mapped_before > 0 && !overwrite)
        return sdk::ToolResult::failure(std::string(tool) + " refused: '" + path + "' is already a Humanoid with " + std::to_string(mapped_before) +
                                        " mapped human bones (uap_avatar_inspect shows them); pass overwrite: true to replace its mapping, which "
                                        "cannot be undone; nothing was changed");
    rapidjson::Document params(rapidjson::kObjectType);
    auto& allocator = params.GetAllocator();
    params.AddMember("path", core::text(path, allocator), allocator);
    if (const auto* mapping = member(arguments, "mapping")) {
        rapidjson::Value resolved;
        if (auto problem = resolve_mapping(*mapping, rig_of(before.result), resolved, allocator))
            return sdk::ToolResult::failure(std::string(tool) + " refused: " + *problem + "; nothing was changed");
        params.AddMember("mapping", resolved, allocator);
    }
    core::EditorReply configured = session.call("model.avatar.configure", params, reimport_timeout_ms);
    if (!configured.ok())
        return editor_refusal(tool, configured, "uap_avatar_inspect lists the model's human bones and transforms.");
    core::EditorReply after = read_asset(session, "model.avatar.read", path);
    if (!after.ok())
        return core::failure(std::string(tool) + ": the editor reported reimporting '" + path + "' as a Humanoid, but reading it back failed; the outcome is unknown",
                             after);
    if (auto problem = avatar_problem(after.result, member(params, "mapping")))
        return sdk::ToolResult::failure(std::string(tool) + " failed: '" + path + "' was set to Humanoid and reimported (not undoable), but " + *problem +
                                        ". Call again with overwrite: true and a mapping giving each required bone its own transform of the model "
                                        "(uap_avatar_inspect lists them), or set Animation Type back in the model's Import Settings (Rig tab)");
    rapidjson::Document result(rapidjson::kObjectType);
    auto& result_allocator = result.GetAllocator();
    result.AddMember("assetPath", core::text(path, result_allocator), result_allocator);
    result.AddMember("avatar", rapidjson::Value(after.result["avatar"], result_allocator), result_allocator);
    rapidjson::Value mapped(rapidjson::kObjectType);
    for (const auto& bone : after.result["bones"].GetArray())
        if (bone["transform"].IsString())
            mapped.AddMember(rapidjson::Value(bone["humanBone"], result_allocator), rapidjson::Value(bone["transform"], result_allocator), result_allocator);
    result.AddMember("mapping", mapped, result_allocator);
    result.AddMember("verified", "a valid human Avatar with every required bone and every requested mapping, read back by model.avatar.read", result_allocator);
    result.AddMember("undoable", false, result_allocator);
    return sdk::ToolResult::success(std::move(result));
}

AvatarInspectTool::AvatarInspectTool()
    : EditorTool({"uap_avatar_inspect",
                  "Read a model's rig: animation type, Avatar validity, the human bone map, the required bones still unmapped, the model's transforms.",
                  R"({"type":"object","required":["assetPath"],"additionalProperties":false,"properties":{"assetPath":{"type":"string"}}})",
                  {sdk::Access::ReadOnly, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::Idempotent, sdk::Duration::Quick},
                  R"({"type":"object","required":["path","guid","animationType","avatar","bones","missingRequired","transforms","transformCount"],
"properties":{"path":{"type":"string"},"guid":{"type":"string"},"animationType":{"enum":["None","Legacy","Generic","Human"]},
"avatar":{"type":["object","null"],"required":["name","isValid","isHuman"]},"bones":{"type":"array","items":{"type":"object","required":["humanBone","required","transform"]}},
"missingRequired":{"type":"array","items":{"type":"string"}},"transforms":{"type":"array","items":{"type":"string"}},"transformCount":{"type":"integer"}}})"}) {}

std::string_view AvatarInspectTool::japanese_description() const {
    return "モデルのリグを調べる：アニメーションタイプ、アバターが有効か、ヒューマンボーンのマッピング、未設定の必須ボーン、モデルのトランスフォーム。";
}

sdk::ToolResult AvatarInspectTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    constexpr std::string_view tool = "uap_avatar_inspect";
    std::string path;
    if (auto problem = check_model_argument(tool, arguments, path))
        return sdk::ToolResult::failure(*problem);
    core::EditorReply observed = read_asset(session, "model.avatar.read", path);
    if (!observed.ok())
        return read_refusal(tool, observed);
    rapidjson::Document result(rapidjson::kObjectType);
    result.CopyFrom(observed.result, result.GetAllocator());
    return sdk::ToolResult::success(std::move(result));
}

} // namespace uap::pro::animation

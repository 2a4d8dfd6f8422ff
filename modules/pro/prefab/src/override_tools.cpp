// The instance tools; see override_tools.hpp. Each write is read back with a separate
// prefab.overrides.get (and a revert's property values with property.get), and fails loudly when the
// editor's listing does not show the change.
#include "override_tools.hpp"

#include "prefab_instance.hpp"

namespace uap::pro::prefab {

namespace {

using core::member;
using core::string_member;

constexpr std::size_t default_page = 100;

sdk::ToolResult refusal(std::string_view tool, const std::string& why) {
    return sdk::ToolResult::failure(std::string(tool) + " refused: " + why + "; nothing was changed");
}

// The override overrideIndex names in a listing, or the refusal that says which indexes exist.
std::optional<std::string> check_index(const rapidjson::Value& arguments, const rapidjson::Value& overrides, std::string_view tool) {
    const auto* index = member(arguments, "overrideIndex");
    if (!index)
        return std::nullopt;
    std::size_t count = overrides.Size();
    if (index->GetUint64() >= count)
        return std::string(tool) + " refused: overrideIndex " + std::to_string(index->GetUint64()) + " is out of range; the instance has " +
               std::to_string(count) + " override(s)" + (count > 0 ? " (indexes 0 to " + std::to_string(count - 1) + ")" : std::string()) +
               "; list them with uap_prefab_get_overrides; nothing was changed";
    return std::nullopt;
}

// prefab.overrides.apply or .revert params: the object, and for one override its index and identity.
rapidjson::Document change_params(const rapidjson::Value& object_reference, const rapidjson::Value& arguments, const rapidjson::Value& overrides) {
    rapidjson::Document params(rapidjson::kObjectType);
    auto& allocator = params.GetAllocator();
    params.AddMember("object", rapidjson::Value(object_reference, allocator), allocator);
    if (const auto* index = member(arguments, "overrideIndex")) {
        params.AddMember("index", index->GetUint64(), allocator);
        params.AddMember("expect", override_identity(overrides[static_cast<rapidjson::SizeType>(index->GetUint64())], allocator), allocator);
    }
    return params;
}

// The overrides of after still listing one the same as chosen (or, with no chosen one, any).
std::size_t still_listed(const rapidjson::Value& after, const rapidjson::Value* chosen) {
    std::size_t count = 0;
    for (const auto& entry : after.GetArray())
        if (!chosen || same_override(entry, *chosen))
            ++count;
    return count;
}

// A property override's instance value, read by a separate property.get; nullopt when it is not a
// component property (the GameObject's own name or active flag).
std::optional<EditorReply> read_instance_value(EditorSession& session, const rapidjson::Value& entry) {
    if (!member(entry, "componentType") || string_member(entry, "kind") != "property")
        return std::nullopt;
    rapidjson::Document params(rapidjson::kObjectType);
    auto& allocator = params.GetAllocator();
    rapidjson::Value object(rapidjson::kObjectType);
    object.AddMember("instanceId", entry["instanceId"].GetInt64(), allocator);
    rapidjson::Value component(rapidjson::kObjectType);
    component.AddMember("object", object, allocator);
    component.AddMember("type", rapidjson::Value(entry["componentType"], allocator), allocator);
    component.AddMember("index", rapidjson::Value(entry["componentIndex"], allocator), allocator);
    rapidjson::Value target(rapidjson::kObjectType);
    target.AddMember("component", component, allocator);
    params.AddMember("target", target, allocator);
    rapidjson::Value paths(rapidjson::kArrayType);
    paths.PushBack(rapidjson::Value(entry["propertyPath"], allocator), allocator);
    params.AddMember("paths", paths, allocator);
    return session.call("property.get", params);
}

// What apply and revert share: list, check, change, list again.
enum class Change { Apply, Revert };

sdk::ToolResult change_overrides(const rapidjson::Value& arguments, EditorSession& session, Change change) {
    const std::string_view tool = change == Change::Apply ? "uap_prefab_apply_overrides" : "uap_prefab_revert_overrides";
    rapidjson::Document reference(rapidjson::kObjectType);
    if (auto problem = add_instance_reference(arguments, reference))
        return refusal(tool, *problem);
    const rapidjson::Value& object = reference["object"];
    EditorReply before = read_overrides(session, object);
    if (!before.ok())
        return editor_failure(tool, "refused, since it could not list the instance's overrides (nothing was changed)", before);
    const rapidjson::Value& listed = before.result["overrides"];
    std::string asset_path(string_member(before.result, "assetPath"));
    if (change == Change::Apply && string_member(before.result, "assetType") == "Model")
        return refusal(tool, "the instance comes from the model " + asset_path +
                                 ", a model prefab, which Unity imports from the model file and cannot apply to; revert the overrides "
                                 "with uap_prefab_revert_overrides, unpack the instance with uap_prefab_unpack, or make a variant of the model "
                                 "with uap_prefab_create (basePrefab) and work on an instance of that");
    if (auto problem = check_index(arguments, listed, tool))
        return sdk::ToolResult::failure(*problem);
    if (listed.Empty())
        return refusal(tool, "the instance of " + asset_path + " has no overrides to " + (change == Change::Apply ? "apply" : "revert"));
    const auto* index = member(arguments, "overrideIndex");
    const rapidjson::Value* chosen = index ? &listed[static_cast<rapidjson::SizeType>(index->GetUint64())] : nullptr;
    rapidjson::Document params = change_params(object, arguments, listed);
    EditorReply changed = session.call(change == Change::Apply ? "prefab.overrides.apply" : "prefab.overrides.revert", params);
    if (!changed.ok())
        return editor_failure(tool, "failed", changed);
    // The separate read: the listing must no longer show what was applied or reverted.
    EditorReply after = read_overrides(session, object);
    if (!after.ok())
        return editor_failure(tool, "could not read the overrides back after the editor reported the change, so the outcome is unknown", after);
    std::size_t left = still_listed(after.result["overrides"], chosen);
    if (left > 0)
        return sdk::ToolResult::failure(std::string(tool) + ": the editor reported the change, but a separate listing still shows " +
                                        std::to_string(left) + (chosen ? " override the same as the one chosen" : " override(s)") +
                                        "; list them with uap_prefab_get_overrides");
    rapidjson::Document result(rapidjson::kObjectType);
    auto& allocator = result.GetAllocator();
    rapidjson::Value done(rapidjson::kArrayType);
    if (chosen) {
        done.PushBack(rapidjson::Value(*chosen, allocator), allocator);
    } else {
        for (const auto& entry : listed.GetArray())
            done.PushBack(rapidjson::Value(entry, allocator), allocator);
    }
    // A reverted component property must now read the prefab's value in the instance.
    if (change == Change::Revert) {
        rapidjson::Value verified(rapidjson::kArrayType);
        for (const auto& entry : done.GetArray()) {
            auto read = read_instance_value(session, entry);
            if (!read)
                continue;
            if (!read->ok())
                return editor_failure(tool, "reverted, but could not read the instance's value back, so the outcome is unknown", *read);
            const rapidjson::Value& value = read->result["properties"][0]["value"];
            if (value != entry["assetValue"])
                return sdk::ToolResult::failure(std::string(tool) + ": the editor reported the revert, but " + std::string(string_member(entry, "propertyPath")) +
                                                " reads " + core::to_text(value) + " in the instance, not the prefab's " + core::to_text(entry["assetValue"]));
            verified.PushBack(rapidjson::Value(entry["propertyPath"], allocator), allocator);
        }
        result.AddMember("valuesReadBack", verified, allocator);
    }
    result.AddMember(rapidjson::StringRef(change == Change::Apply ? "applied" : "reverted"), done, allocator);
    result.AddMember("assetPath", core::text(asset_path, allocator), allocator);
    result.AddMember("remainingOverrides", after.result["overrides"].Size(), allocator);
    if (change == Change::Apply) {
        result.AddMember("undoable", false, allocator);
        result.AddMember("note", "The prefab asset file was rewritten; every instance and variant that does not override these values now has them. "
                                 "Undo does not restore the file.",
                         allocator);
    }
    return sdk::ToolResult::success(std::move(result));
}

} // namespace

PrefabGetOverridesTool::PrefabGetOverridesTool()
    : EditorTool({"uap_prefab_get_overrides",
                  "List a prefab instance's overrides: changed properties (instance and prefab values), added/removed components and children.",
                  R"({"type":"object","required":["path"],"properties":{
"path":{"type":"string","maxLength":2048},"scene":{"type":"string","maxLength":1024},"offset":{"type":"integer","minimum":0},"limit":{"type":"integer","minimum":1,"maximum":500}}})",
                  {sdk::Access::ReadOnly, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::Idempotent, sdk::Duration::Quick},
                  R"({"type":"object","required":["instanceRoot","assetPath","assetType","overrideCount","overrides"],"properties":{
"instanceRoot":{"type":"object"},"assetPath":{"type":"string"},"assetType":{"enum":["Regular","Variant","Model"]},"basePrefab":{"type":"string"},"overrideCount":{"type":"integer"},
"overrides":{"type":"array","items":{"type":"object","required":["index","kind","objectPath"],"properties":{"index":{"type":"integer"},"kind":{"type":"string"},"objectPath":{"type":"string"}}}},
"nextOffset":{"type":"integer"}}})"}) {}

std::string_view PrefabGetOverridesTool::japanese_description() const {
    return "プレハブインスタンスのオーバーライド（変更したプロパティとプレハブの値、追加・削除したコンポーネントと子オブジェクト）を一覧する。";
}

sdk::ToolResult PrefabGetOverridesTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    constexpr std::string_view tool = "uap_prefab_get_overrides";
    rapidjson::Document reference(rapidjson::kObjectType);
    if (auto problem = add_instance_reference(arguments, reference))
        return sdk::ToolResult::failure(std::string(tool) + " refused: " + *problem);
    EditorReply listed = read_overrides(session, reference["object"]);
    if (!listed.ok())
        return editor_failure(tool, "failed", listed);
    std::size_t offset = member(arguments, "offset") ? arguments["offset"].GetUint64() : 0;
    std::size_t limit = member(arguments, "limit") ? arguments["limit"].GetUint64() : default_page;
    const rapidjson::Value& overrides = listed.result["overrides"];
    rapidjson::Document result(rapidjson::kObjectType);
    auto& allocator = result.GetAllocator();
    for (const char* name : {"instanceRoot", "assetPath", "assetType", "basePrefab"})
        if (const auto* value = member(listed.result, name))
            result.AddMember(rapidjson::StringRef(name), rapidjson::Value(*value, allocator), allocator);
    result.AddMember("overrideCount", overrides.Size(), allocator);
    rapidjson::Value page(rapidjson::kArrayType);
    for (std::size_t index = offset; index < overrides.Size() && index < offset + limit; ++index)
        page.PushBack(rapidjson::Value(overrides[static_cast<rapidjson::SizeType>(index)], allocator), allocator);
    result.AddMember("overrides", page, allocator);
    if (offset + limit < overrides.Size())
        result.AddMember("nextOffset", static_cast<std::uint64_t>(offset + limit), allocator);
    return sdk::ToolResult::success(std::move(result));
}

PrefabApplyOverridesTool::PrefabApplyOverridesTool()
    : EditorTool({"uap_prefab_apply_overrides",
                  "Apply a prefab instance's overrides (all, or overrideIndex) to the prefab ASSET: rewrites the .prefab file and every "
                  "instance that follows it. Not undoable.",
                  R"({"type":"object","required":["path"],"properties":{
"path":{"type":"string","maxLength":2048},"scene":{"type":"string","maxLength":1024},"overrideIndex":{"type":"integer","minimum":0}}})",
                  {sdk::Access::Writes, sdk::Undo::NotUndoable, sdk::Impact::Destructive, sdk::Repeat::NotIdempotent, sdk::Duration::Quick},
                  R"({"type":"object","required":["applied","assetPath","remainingOverrides","undoable","note"],"properties":{
"applied":{"type":"array","items":{"type":"object","required":["kind","objectPath"]}},"assetPath":{"type":"string"},"remainingOverrides":{"type":"integer"},
"undoable":{"enum":[false]},"note":{"type":"string"}}})"}) {}

std::string_view PrefabApplyOverridesTool::japanese_description() const {
    return "プレハブインスタンスのオーバーライドをプレハブアセットに適用する（すべて、または overrideIndex の1件）。.prefab ファイルと他のインスタンスが変わり、元に戻せない。";
}

sdk::ToolResult PrefabApplyOverridesTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    return change_overrides(arguments, session, Change::Apply);
}

PrefabRevertOverridesTool::PrefabRevertOverridesTool()
    : EditorTool({"uap_prefab_revert_overrides",
                  "Revert a prefab instance's overrides (all, or overrideIndex) to the prefab's values; changes the instance only. Undoable.",
                  R"({"type":"object","required":["path"],"properties":{
"path":{"type":"string","maxLength":2048},"scene":{"type":"string","maxLength":1024},"overrideIndex":{"type":"integer","minimum":0}}})",
                  {sdk::Access::Writes, sdk::Undo::Undoable, sdk::Impact::NonDestructive, sdk::Repeat::NotIdempotent, sdk::Duration::Quick},
                  R"({"type":"object","required":["reverted","valuesReadBack","assetPath","remainingOverrides"],"properties":{
"reverted":{"type":"array","items":{"type":"object","required":["kind","objectPath"]}},"valuesReadBack":{"type":"array","items":{"type":"string"}},
"assetPath":{"type":"string"},"remainingOverrides":{"type":"integer"}}})"}) {}

std::string_view PrefabRevertOverridesTool::japanese_description() const {
    return "プレハブインスタンスのオーバーライドを取り消してプレハブの値に戻す（すべて、または1件）。変わるのはインスタンスだけで、Undo できる。";
}

sdk::ToolResult PrefabRevertOverridesTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    return change_overrides(arguments, session, Change::Revert);
}

PrefabUnpackTool::PrefabUnpackTool()
    : EditorTool({"uap_prefab_unpack",
                  "Unpack a prefab instance into plain GameObjects (mode outermostRoot keeps nested prefabs; completely). Undoable.",
                  R"({"type":"object","required":["path"],"properties":{
"path":{"type":"string","maxLength":2048},"scene":{"type":"string","maxLength":1024},"mode":{"enum":["outermostRoot","completely"]}}})",
                  {sdk::Access::Writes, sdk::Undo::Undoable, sdk::Impact::NonDestructive, sdk::Repeat::NotIdempotent, sdk::Duration::Quick},
                  R"({"type":"object","required":["unpacked","mode","wasInstanceOf","droppedOverrides","verifiedUnlinked"],"properties":{
"unpacked":{"type":"object","required":["instanceId"]},"mode":{"enum":["outermostRoot","completely"]},"wasInstanceOf":{"type":"string"},"droppedOverrides":{"type":"integer"},
"verifiedUnlinked":{"type":"boolean"}}})"}) {}

std::string_view PrefabUnpackTool::japanese_description() const {
    return "プレハブインスタンスをアンパック（展開）して普通のゲームオブジェクトにする（一番外側だけ、または完全に）。Undo できる。";
}

sdk::ToolResult PrefabUnpackTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    constexpr std::string_view tool = "uap_prefab_unpack";
    rapidjson::Document params(rapidjson::kObjectType);
    if (auto problem = add_instance_reference(arguments, params))
        return refusal(tool, *problem);
    EditorReply before = read_overrides(session, params["object"]);
    if (!before.ok())
        return editor_failure(tool, "refused, since the object is not part of a prefab instance (nothing was changed)", before);
    std::string_view mode = member(arguments, "mode") ? string_member(arguments, "mode") : "outermostRoot";
    params.AddMember("mode", core::text(mode, params.GetAllocator()), params.GetAllocator());
    EditorReply unpacked = session.call("prefab.unpack", params);
    if (!unpacked.ok())
        return editor_failure(tool, "failed", unpacked);
    // The separate read: the object must no longer be part of a prefab instance.
    rapidjson::Value object(rapidjson::kObjectType);
    object.AddMember("instanceId", unpacked.result["observed"]["instanceId"].GetInt64(), params.GetAllocator());
    EditorReply after = read_overrides(session, object);
    if (after.ok())
        return sdk::ToolResult::failure(std::string(tool) + ": the editor reported unpacking, but a separate read still finds the object in an instance of " +
                                        std::string(string_member(after.result, "assetPath")));
    if (after.code != "conflict")
        return editor_failure(tool, "unpacked, but could not check the result, so the outcome is unknown", after);
    rapidjson::Document result(rapidjson::kObjectType);
    auto& allocator = result.GetAllocator();
    result.AddMember("unpacked", rapidjson::Value(unpacked.result["observed"], allocator), allocator);
    result.AddMember("mode", core::text(mode, allocator), allocator);
    result.AddMember("wasInstanceOf", rapidjson::Value(before.result["assetPath"], allocator), allocator);
    result.AddMember("droppedOverrides", before.result["overrides"].Size(), allocator);
    result.AddMember("verifiedUnlinked", true, allocator);
    return sdk::ToolResult::success(std::move(result));
}

} // namespace uap::pro::prefab

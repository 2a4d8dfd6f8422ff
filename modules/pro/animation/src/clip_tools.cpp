// uap_anim_create_clip and uap_anim_inspect_clip (clip_tools.hpp). The clip is checked whole on the host
// before the editor sees it, written by animation.clip.write, and compared key by key with what a
// separate animation.clip.read returns.
#include "clip_tools.hpp"

#include "animation_arguments.hpp"

#include <algorithm>
#include <set>
#include <tuple>

namespace uap::pro::animation {

namespace {

using core::member;
using core::string_member;

constexpr std::size_t max_total_keys = 20000;
constexpr int read_back_key_limit = 1000; // The most keys a curve may have, so every key is compared.

constexpr std::string_view missing_target_hint =
    "Component types are listed by uap_query_component_types (type may be GameObject); assets by uap_asset_find; a missing "
    "folder is made with uap_asset_create assetType Folder.";

std::string at(std::string_view list, rapidjson::SizeType index) { return std::string(list) + index_text(index); }

// Key times rising strictly and every number fitting a float, for one curve's keys; counts its keys.
std::optional<std::string> check_keys(const rapidjson::Value& curve, const std::string& where, std::size_t& total_keys) {
    const auto& keys = curve["keys"].GetArray();
    total_keys += keys.Size();
    for (rapidjson::SizeType index = 0; index < keys.Size(); ++index) {
        const auto& key = keys[index];
        std::string key_where = where + ".keys" + index_text(index);
        for (const char* name : {"time", "value", "inTangent", "outTangent"})
            if (key.HasMember(name) && !fits_float(key[name].GetDouble()))
                return key_where + "." + name + " (" + std::to_string(key[name].GetDouble()) +
                       ") does not fit a 32-bit float, which is how Unity stores it; use a value within ±3.4e38";
        if (index > 0 && key["time"].GetDouble() <= keys[index - 1]["time"].GetDouble())
            return key_where + ".time (" + std::to_string(key["time"].GetDouble()) + ") must be greater than " + where + ".keys[" +
                   std::to_string(index - 1) + "].time (" + std::to_string(keys[index - 1]["time"].GetDouble()) +
                   "): list the keys in time order, one key per time";
    }
    return std::nullopt;
}

// Everything the host can check before the editor sees the clip.
std::optional<std::string> check_clip(const rapidjson::Value& arguments) {
    std::size_t total_keys = 0;
    std::set<std::tuple<std::string, std::string, std::string>> bindings;
    for (const char* list : {"curves", "objectCurves"}) {
        const auto* curves = member(arguments, list);
        if (!curves)
            continue;
        for (rapidjson::SizeType index = 0; index < curves->Size(); ++index) {
            const auto& curve = (*curves)[index];
            std::string where = at(list, index);
            if (auto problem = check_keys(curve, where, total_keys))
                return problem;
            auto binding = std::make_tuple(std::string(string_member(curve, "path")), std::string(string_member(curve, "type")),
                                           std::string(string_member(curve, "propertyName")));
            if (!bindings.insert(binding).second)
                return where + " animates " + std::get<1>(binding) + "." + std::get<2>(binding) + " at path '" + std::get<0>(binding) +
                       "' a second time; put all of that property's keys in one curve";
        }
    }
    if (total_keys > max_total_keys)
        return "the clip has " + std::to_string(total_keys) + " keys, more than the " + std::to_string(max_total_keys) +
               " one call may write; split the animation into several clips";
    if (const auto* events = member(arguments, "events"))
        for (rapidjson::SizeType index = 0; index < events->Size(); ++index)
            for (const char* name : {"time", "floatParameter"})
                if ((*events)[index].HasMember(name) && !fits_float((*events)[index][name].GetDouble()))
                    return at("events", index) + "." + name + " does not fit a 32-bit float; use a value within ±3.4e38";
    return std::nullopt;
}

// The curve read back for a requested binding; the requested type may be the short name.
const rapidjson::Value* observed_curve(const rapidjson::Value& observed_curves, const rapidjson::Value& requested) {
    std::string_view type = string_member(requested, "type");
    for (const auto& curve : observed_curves.GetArray()) {
        std::string_view observed_type = string_member(curve, "type");
        bool type_matches = observed_type == type || (observed_type.size() > type.size() && observed_type.substr(observed_type.size() - type.size()) == type &&
                                                      observed_type[observed_type.size() - type.size() - 1] == '.');
        if (type_matches && string_member(curve, "path") == string_member(requested, "path") &&
            string_member(curve, "propertyName") == string_member(requested, "propertyName"))
            return &curve;
    }
    return nullptr;
}

std::optional<std::string> compare_float_keys(const rapidjson::Value& requested, const rapidjson::Value& observed, const std::string& where) {
    const auto& keys = requested["keys"].GetArray();
    if (observed["keyCount"].GetUint() != keys.Size())
        return where + " has " + std::to_string(observed["keyCount"].GetUint()) + " keys, not " + std::to_string(keys.Size());
    for (rapidjson::SizeType index = 0; index < keys.Size(); ++index)
        for (const char* name : {"time", "value", "inTangent", "outTangent"}) {
            double wanted = keys[index].HasMember(name) ? keys[index][name].GetDouble() : 0.0;
            // Tangents left out are whatever Unity gives a new key; only given ones are compared.
            if (!keys[index].HasMember(name))
                continue;
            double seen = observed["keys"][index][name].GetDouble();
            if (!same_float(wanted, seen))
                return where + ".keys" + index_text(index) + "." + name + " reads back as " + std::to_string(seen) + ", not " + std::to_string(wanted);
        }
    return std::nullopt;
}

std::optional<std::string> compare_object_keys(const rapidjson::Value& requested, const rapidjson::Value& observed, const std::string& where) {
    const auto& keys = requested["keys"].GetArray();
    if (observed["keyCount"].GetUint() != keys.Size())
        return where + " has " + std::to_string(observed["keyCount"].GetUint()) + " keys, not " + std::to_string(keys.Size());
    for (rapidjson::SizeType index = 0; index < keys.Size(); ++index) {
        const auto& seen = observed["keys"][index];
        if (!same_float(keys[index]["time"].GetDouble(), seen["time"].GetDouble()) ||
            string_member(seen, "assetPath") != string_member(keys[index], "assetPath") ||
            string_member(seen, "subAsset") != string_member(keys[index], "subAsset"))
            return where + ".keys" + index_text(index) + " reads back as " + core::to_text(seen);
    }
    return std::nullopt;
}

// Whether the clip read back is the clip that was asked for: every curve and key, the settings and the events.
std::optional<std::string> compare_clip(const rapidjson::Value& arguments, const rapidjson::Value& observed) {
    for (const char* list : {"curves", "objectCurves"}) {
        const auto* curves = member(arguments, list);
        std::size_t wanted = curves ? curves->Size() : 0;
        if (observed[list].Size() != wanted)
            return std::string("the clip has ") + std::to_string(observed[list].Size()) + " " + list + ", not " + std::to_string(wanted);
        for (rapidjson::SizeType index = 0; curves && index < curves->Size(); ++index) {
            const auto& curve = (*curves)[index];
            const rapidjson::Value* seen = observed_curve(observed[list], curve);
            std::string where = at(list, index);
            if (!seen)
                return where + " (" + std::string(string_member(curve, "type")) + "." + std::string(string_member(curve, "propertyName")) + ") is not in the clip";
            auto problem = std::string_view(list) == "curves" ? compare_float_keys(curve, *seen, where) : compare_object_keys(curve, *seen, where);
            if (problem)
                return problem;
        }
    }
    if (const auto* rate = member(arguments, "frameRate"); rate && !same_float(rate->GetDouble(), observed["frameRate"].GetDouble()))
        return "frameRate reads back as " + core::to_text(observed["frameRate"]);
    bool loop = member(arguments, "loopTime") && arguments["loopTime"].GetBool();
    if (observed["loopTime"].GetBool() != loop)
        return "loopTime reads back as " + core::to_text(observed["loopTime"]);
    std::vector<const rapidjson::Value*> events;
    if (const auto* list = member(arguments, "events"))
        for (const auto& event : list->GetArray())
            events.push_back(&event);
    // Unity keeps events in time order.
    std::stable_sort(events.begin(), events.end(), [](auto* a, auto* b) { return (*a)["time"].GetDouble() < (*b)["time"].GetDouble(); });
    if (observed["events"].Size() != events.size())
        return "the clip has " + std::to_string(observed["events"].Size()) + " events, not " + std::to_string(events.size());
    for (std::size_t index = 0; index < events.size(); ++index) {
        const auto& wanted = *events[index];
        const auto& seen = observed["events"][static_cast<rapidjson::SizeType>(index)];
        bool same = same_float(wanted["time"].GetDouble(), seen["time"].GetDouble()) &&
                    string_member(seen, "functionName") == string_member(wanted, "functionName") &&
                    string_member(seen, "stringParameter") == string_member(wanted, "stringParameter") &&
                    same_float(wanted.HasMember("floatParameter") ? wanted["floatParameter"].GetDouble() : 0.0, seen["floatParameter"].GetDouble()) &&
                    seen["intParameter"].GetInt() == (wanted.HasMember("intParameter") ? wanted["intParameter"].GetInt() : 0);
        if (!same)
            return "event " + std::to_string(index) + " (by time) reads back as " + core::to_text(seen);
    }
    return std::nullopt;
}

// The clip's bindings and key counts without the keys, for a short result.
#define UAP_CURVE_SUMMARY_SCHEMA R"({"type":"array","items":{"type":"object","required":["path","type","propertyName","keyCount"]}})"

rapidjson::Value curve_summary(const rapidjson::Value& curves, core::Allocator& allocator) {
    rapidjson::Value summary(rapidjson::kArrayType);
    for (const auto& curve : curves.GetArray()) {
        rapidjson::Value entry(rapidjson::kObjectType);
        for (const char* name : {"path", "type", "propertyName", "keyCount"})
            entry.AddMember(rapidjson::StringRef(name), rapidjson::Value(curve[name], allocator), allocator);
        summary.PushBack(entry, allocator);
    }
    return summary;
}

constexpr std::string_view create_clip_schema = R"({"type":"object","required":["assetPath"],"additionalProperties":false,"properties":{"assetPath":{"type":"string"},"overwrite":{"type":"boolean"},
"frameRate":{"type":"number","minimum":1,"maximum":1000},"loopTime":{"type":"boolean"},
"curves":{"type":"array","maxItems":256,"items":{"type":"object","required":["path","type","propertyName","keys"],"additionalProperties":false,"properties":{
"path":{"type":"string","maxLength":1024},"type":{"type":"string","minLength":1,"maxLength":256},"propertyName":{"type":"string","minLength":1,"maxLength":256},
"keys":{"type":"array","minItems":1,"maxItems":1000,"items":{"type":"object","required":["time","value"],"additionalProperties":false,"properties":{"time":{"type":"number","minimum":0},"value":{"type":"number"},"inTangent":{"type":"number"},"outTangent":{"type":"number"}}}}}}},
"objectCurves":{"type":"array","maxItems":64,"items":{"type":"object","required":["path","type","propertyName","keys"],"additionalProperties":false,"properties":{
"path":{"type":"string","maxLength":1024},"type":{"type":"string","minLength":1,"maxLength":256},"propertyName":{"type":"string","minLength":1,"maxLength":256},
"keys":{"type":"array","minItems":1,"maxItems":1000,"items":{"type":"object","required":["time","assetPath"],"additionalProperties":false,"properties":{"time":{"type":"number","minimum":0},"assetPath":{"type":"string","minLength":1},"subAsset":{"type":"string","minLength":1}}}}}}},
"events":{"type":"array","maxItems":256,"items":{"type":"object","required":["time","functionName"],"additionalProperties":false,"properties":{
"time":{"type":"number","minimum":0},"functionName":{"type":"string","minLength":1,"maxLength":256},"stringParameter":{"type":"string","maxLength":1024},
"floatParameter":{"type":"number"},"intParameter":{"type":"integer","minimum":-2147483648,"maximum":2147483647}}}}}})";

} // namespace

AnimCreateClipTool::AnimCreateClipTool()
    : EditorTool({"uap_anim_create_clip",
                  "Create an animation clip (.anim): keyframe curves, sprite/material swaps, loop, events. Not undoable.",
                  create_clip_schema,
                  {sdk::Access::Writes, sdk::Undo::NotUndoable, sdk::Impact::Destructive, sdk::Repeat::NotIdempotent, sdk::Duration::Quick},
                  R"({"type":"object","required":["assetPath","guid","created","frameRate","length","loopTime","curves","objectCurves","eventCount",
"verified","undoable"],"properties":{"assetPath":{"type":"string"},"guid":{"type":"string"},"created":{"type":"boolean"},"frameRate":{"type":"number"},"length":{"type":"number"},
"loopTime":{"type":"boolean"},"curves":)" UAP_CURVE_SUMMARY_SCHEMA R"(,"objectCurves":)" UAP_CURVE_SUMMARY_SCHEMA R"(,"eventCount":{"type":"integer"},
"verified":{"type":"string"},"undoable":{"enum":[false]}}})"}) {}

std::string_view AnimCreateClipTool::japanese_description() const {
    return "アニメーションクリップ（.anim）を作成：キーフレームのカーブ、スプライトやマテリアルの切り替え、ループ、アニメーションイベント。元に戻せません。";
}

sdk::ToolResult AnimCreateClipTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    constexpr std::string_view tool = "uap_anim_create_clip";
    std::string path;
    if (auto problem = check_asset_argument(tool, arguments, ".anim", path))
        return sdk::ToolResult::failure(*problem);
    if (auto problem = check_clip(arguments))
        return sdk::ToolResult::failure(std::string(tool) + " refused: " + *problem + "; nothing was changed");
    core::EditorReply written = session.call("animation.clip.write", primitive_params(arguments, path));
    if (!written.ok())
        return editor_refusal(tool, written,
                              written.code == "conflict" ? "Pass overwrite: true to replace the clip's curves, events and settings (not undoable), or choose another assetPath."
                                                         : missing_target_hint);
    core::EditorReply observed = read_asset(session, "animation.clip.read", path, read_back_key_limit);
    if (!observed.ok())
        return core::failure(std::string(tool) + ": the editor reported writing '" + path + "', but reading it back failed; the outcome is unknown", observed);
    if (auto mismatch = compare_clip(arguments, observed.result))
        return sdk::ToolResult::failure(std::string(tool) + ": the editor reported writing '" + path + "', but the clip read back differs: " + *mismatch);
    rapidjson::Document result(rapidjson::kObjectType);
    auto& result_allocator = result.GetAllocator();
    const auto& observed_write = written.result["observed"];
    result.AddMember("assetPath", core::text(path, result_allocator), result_allocator);
    result.AddMember("guid", rapidjson::Value(observed.result["guid"], result_allocator), result_allocator);
    result.AddMember("created", rapidjson::Value(observed_write["created"], result_allocator), result_allocator);
    for (const char* name : {"frameRate", "length", "loopTime"})
        result.AddMember(rapidjson::StringRef(name), rapidjson::Value(observed.result[name], result_allocator), result_allocator);
    result.AddMember("curves", curve_summary(observed.result["curves"], result_allocator), result_allocator);
    result.AddMember("objectCurves", curve_summary(observed.result["objectCurves"], result_allocator), result_allocator);
    result.AddMember("eventCount", observed.result["events"].Size(), result_allocator);
    result.AddMember("verified", "every curve, key, setting and event read back by animation.clip.read", result_allocator);
    result.AddMember("undoable", false, result_allocator);
    return sdk::ToolResult::success(std::move(result));
}

AnimInspectClipTool::AnimInspectClipTool()
    : EditorTool({"uap_anim_inspect_clip",
                  "Read an animation clip: curves with keys, sprite/material keys, frame rate, length, loop, events.",
                  R"({"type":"object","required":["assetPath"],"additionalProperties":false,"properties":{"assetPath":{"type":"string"},"keyLimit":{"type":"integer","minimum":0,"maximum":1000}}})",
                  {sdk::Access::ReadOnly, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::Idempotent, sdk::Duration::Quick},
                  R"({"type":"object","required":["path","guid","frameRate","length","loopTime","curves","objectCurves","events","keyLimit"],
"properties":{"path":{"type":"string"},"guid":{"type":"string"},"frameRate":{"type":"number"},"length":{"type":"number"},"loopTime":{"type":"boolean"},
"curves":{"type":"array","items":{"type":"object","required":["path","type","propertyName","keyCount","keys"]}},
"objectCurves":{"type":"array","items":{"type":"object","required":["path","type","propertyName","keyCount","keys"]}},
"events":{"type":"array","items":{"type":"object","required":["time","functionName"]}},"keyLimit":{"type":"integer"}}})"}) {}

std::string_view AnimInspectClipTool::japanese_description() const {
    return "アニメーションクリップを調べる：カーブとキーフレーム、スプライトの切り替え、フレームレート、長さ、ループ、イベント。";
}

sdk::ToolResult AnimInspectClipTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    constexpr std::string_view tool = "uap_anim_inspect_clip";
    std::string path;
    if (auto problem = check_asset_argument(tool, arguments, ".anim", path))
        return sdk::ToolResult::failure(*problem);
    int key_limit = member(arguments, "keyLimit") ? arguments["keyLimit"].GetInt() : 100;
    core::EditorReply observed = read_asset(session, "animation.clip.read", path, key_limit);
    if (!observed.ok())
        return core::failure(std::string(tool) + " failed", observed);
    rapidjson::Document result(rapidjson::kObjectType);
    result.CopyFrom(observed.result, result.GetAllocator());
    result.AddMember("keyLimit", key_limit, result.GetAllocator());
    return sdk::ToolResult::success(std::move(result));
}

} // namespace uap::pro::animation

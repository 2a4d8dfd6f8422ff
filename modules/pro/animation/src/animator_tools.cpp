// uap_animator_edit and uap_animator_inspect (animator_tools.hpp). The edit goes to animator.edit, which
// checks it whole against the controller before changing anything; a separate animator.read then shows
// every requested parameter, layer, state, transition and default state, or the tool fails.
#include "animator_tools.hpp"

#include "animation_arguments.hpp"

namespace uap::pro::animation {

namespace {

using core::member;
using core::string_member;

const rapidjson::Value* named(const rapidjson::Value& list, std::string_view name) {
    for (const auto& entry : list.GetArray())
        if (string_member(entry, "name") == name)
            return &entry;
    return nullptr;
}

// The layer an entry names, or the first layer when it names none.
const rapidjson::Value* layer_of(const rapidjson::Value& controller, const rapidjson::Value& entry) {
    const auto& layers = controller["layers"];
    if (!member(entry, "layer"))
        return layers.Empty() ? nullptr : &layers[0];
    return named(layers, string_member(entry, "layer"));
}

bool same_number(const rapidjson::Value& wanted, const rapidjson::Value& seen, const char* name) {
    return !member(wanted, name) || (member(seen, name) && same_float(wanted[name].GetDouble(), seen[name].GetDouble()));
}

bool conditions_match(const rapidjson::Value& wanted, const rapidjson::Value& seen) {
    const auto* conditions = member(wanted, "conditions");
    rapidjson::SizeType count = conditions ? conditions->Size() : 0;
    if (seen["conditions"].Size() != count)
        return false;
    for (rapidjson::SizeType index = 0; index < count; ++index) {
        const auto& condition = (*conditions)[index];
        const auto& observed = seen["conditions"][index];
        if (string_member(observed, "mode") != string_member(condition, "mode") ||
            string_member(observed, "parameter") != string_member(condition, "parameter") || !same_number(condition, observed, "threshold"))
            return false;
    }
    return true;
}

bool transition_present(const rapidjson::Value& transitions, const rapidjson::Value& wanted) {
    for (const auto& seen : transitions.GetArray()) {
        bool exit_time_matches = !member(wanted, "hasExitTime") || seen["hasExitTime"].GetBool() == wanted["hasExitTime"].GetBool();
        if (string_member(seen, "to") == string_member(wanted, "to") && exit_time_matches && same_number(wanted, seen, "exitTime") &&
            same_number(wanted, seen, "duration") && conditions_match(wanted, seen))
            return true;
    }
    return false;
}

std::optional<std::string> compare_state(const rapidjson::Value& wanted, const rapidjson::Value& layer, const std::string& where) {
    std::string_view name = string_member(wanted, "name");
    const rapidjson::Value* state = named(layer["states"], name);
    if (!state)
        return where + " '" + std::string(name) + "' is not in layer '" + std::string(string_member(layer, "name")) + "'";
    if (member(wanted, "motion") && (!(*state)["motion"].IsString() || string_member(*state, "motion") != string_member(wanted, "motion")))
        return where + ".motion reads back as " + core::to_text((*state)["motion"]);
    if (!same_number(wanted, *state, "speed"))
        return where + ".speed reads back as " + core::to_text((*state)["speed"]);
    if (const auto* tree = member(wanted, "blendTree")) {
        const auto* seen = member(*state, "blendTree");
        if (!seen || string_member(*seen, "blendType") != string_member(*tree, "blendType") ||
            string_member(*seen, "parameter") != string_member(*tree, "parameter") || (*seen)["children"].Size() != (*tree)["children"].Size())
            return where + ".blendTree reads back as " + (seen ? core::to_text(*seen) : std::string("no blend tree"));
        for (rapidjson::SizeType index = 0; index < (*tree)["children"].Size(); ++index)
            if (string_member((*seen)["children"][index], "motion") != string_member((*tree)["children"][index], "motion"))
                return where + ".blendTree.children" + index_text(index) + " reads back as " + core::to_text((*seen)["children"][index]);
    }
    if (member(wanted, "default") && wanted["default"].GetBool() && string_member(layer, "defaultState") != name)
        return where + " was asked to be the default state, but the layer's default reads back as " + core::to_text(layer["defaultState"]);
    return std::nullopt;
}

// Whether the controller read back holds everything the edit asked for.
std::optional<std::string> compare_controller(const rapidjson::Value& arguments, const rapidjson::Value& controller) {
    if (const auto* parameters = member(arguments, "parameters"))
        for (rapidjson::SizeType index = 0; index < parameters->Size(); ++index) {
            const rapidjson::Value* seen = named(controller["parameters"], string_member((*parameters)[index], "name"));
            if (!seen || string_member(*seen, "type") != string_member((*parameters)[index], "type"))
                return "parameters" + index_text(index) + " reads back as " + (seen ? core::to_text(*seen) : std::string("missing"));
        }
    if (const auto* layers = member(arguments, "layers"))
        for (rapidjson::SizeType index = 0; index < layers->Size(); ++index)
            if (!named(controller["layers"], string_member((*layers)[index], "name")))
                return "layers" + index_text(index) + " is not in the controller";
    if (const auto* states = member(arguments, "states"))
        for (rapidjson::SizeType index = 0; index < states->Size(); ++index) {
            std::string where = "states" + index_text(index);
            const rapidjson::Value* layer = layer_of(controller, (*states)[index]);
            if (!layer)
                return where + ".layer is not in the controller";
            if (auto problem = compare_state((*states)[index], *layer, where))
                return problem;
        }
    if (const auto* transitions = member(arguments, "transitions"))
        for (rapidjson::SizeType index = 0; index < transitions->Size(); ++index) {
            const auto& wanted = (*transitions)[index];
            std::string where = "transitions" + index_text(index);
            const rapidjson::Value* layer = layer_of(controller, wanted);
            std::string_view from = string_member(wanted, "from");
            const rapidjson::Value* state = layer && from != "Any" ? named((*layer)["states"], from) : nullptr;
            const rapidjson::Value* list = !layer ? nullptr : from == "Any" ? &(*layer)["anyStateTransitions"] : state ? &(*state)["transitions"] : nullptr;
            if (!list || !transition_present(*list, wanted))
                return where + " (" + std::string(from) + " -> " + std::string(string_member(wanted, "to")) + ") is not in the controller as asked";
        }
    return std::nullopt;
}

constexpr std::string_view edit_schema =
    R"({"type":"object","required":["assetPath"],"additionalProperties":false,"properties":{"assetPath":{"type":"string"},"create":{"type":"boolean"},"overwrite":{"type":"boolean"},
"parameters":{"type":"array","maxItems":64,"items":{"type":"object","required":["name","type"],"additionalProperties":false,"properties":{"name":{"type":"string","minLength":1,"maxLength":256},"type":{"enum":["Float","Int","Bool","Trigger"]},"default":{"type":["number","boolean"]}}}},
"layers":{"type":"array","maxItems":16,"items":{"type":"object","required":["name"],"additionalProperties":false,"properties":{"name":{"type":"string","minLength":1,"maxLength":256}}}},
"states":{"type":"array","maxItems":64,"items":{"type":"object","required":["name"],"additionalProperties":false,"properties":{"layer":{"type":"string","minLength":1},"name":{"type":"string","minLength":1,"maxLength":256},"motion":{"type":"string","minLength":1},"speed":{"type":"number"},"default":{"type":"boolean"},
"blendTree":{"type":"object","required":["blendType","parameter","children"],"additionalProperties":false,"properties":{"blendType":{"enum":["Simple1D","SimpleDirectional2D","FreeformDirectional2D","FreeformCartesian2D"]},"parameter":{"type":"string","minLength":1},"parameterY":{"type":"string","minLength":1},
"children":{"type":"array","minItems":1,"maxItems":32,"items":{"type":"object","required":["motion"],"additionalProperties":false,"properties":{"motion":{"type":"string","minLength":1},"threshold":{"type":"number"},"position":{"type":"array","minItems":2,"maxItems":2,"items":{"type":"number"}}}}}}}}}},
"transitions":{"type":"array","maxItems":128,"items":{"type":"object","required":["from","to"],"additionalProperties":false,"properties":{"layer":{"type":"string","minLength":1},"from":{"type":"string","minLength":1},"to":{"type":"string","minLength":1},"hasExitTime":{"type":"boolean"},"exitTime":{"type":"number","minimum":0},"duration":{"type":"number","minimum":0},
"conditions":{"type":"array","maxItems":8,"items":{"type":"object","required":["mode","parameter"],"additionalProperties":false,"properties":{"mode":{"enum":["If","IfNot","Greater","Less","Equals","NotEqual"]},"parameter":{"type":"string","minLength":1},"threshold":{"type":"number"}}}}}}}}})";

} // namespace

AnimatorEditTool::AnimatorEditTool()
    : EditorTool({"uap_animator_edit",
                  "Edit an Animator Controller: parameters, layers, states, transitions with conditions, blend trees. Not undoable.",
                  edit_schema,
                  {sdk::Access::Writes, sdk::Undo::NotUndoable, sdk::Impact::Destructive, sdk::Repeat::NotIdempotent, sdk::Duration::Quick},
                  R"({"type":"object","required":["assetPath","created","controller","verified","undoable"],"properties":{
"assetPath":{"type":"string"},"created":{"type":"boolean"},"controller":{"type":"object","required":["path","guid","parameters","layers"]},
"verified":{"type":"string"},"undoable":{"enum":[false]}}})"}) {}

std::string_view AnimatorEditTool::japanese_description() const {
    return "アニメーターコントローラーを編集：パラメーター、レイヤー、ステート、遷移と条件、ブレンドツリー、デフォルトステート。元に戻せません。";
}

sdk::ToolResult AnimatorEditTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    constexpr std::string_view tool = "uap_animator_edit";
    std::string path;
    if (auto problem = check_asset_argument(tool, arguments, ".controller", path))
        return sdk::ToolResult::failure(*problem);
    bool create = member(arguments, "create") && arguments["create"].GetBool();
    if (member(arguments, "overwrite") && arguments["overwrite"].GetBool() && !create)
        return sdk::ToolResult::failure(std::string(tool) + " refused: overwrite resets a controller that create would make; pass create: true with it, "
                                                            "or leave overwrite out to edit the controller; nothing was changed");
    core::EditorReply edited = session.call("animator.edit", primitive_params(arguments, path));
    if (!edited.ok()) {
        std::string hint = edited.code == "conflict" && create
                               ? "Leave out create to edit the existing controller, or pass overwrite: true to reset it to one empty Base Layer (not undoable)."
                               : "uap_animator_inspect lists the controller's layers, states and parameters (add a state or parameter in the same call's "
                                 "states or parameters); motions are AnimationClip assets (.anim) found with uap_asset_find; a missing controller "
                                 "needs create: true.";
        return editor_refusal(tool, edited, hint);
    }
    core::EditorReply observed = read_asset(session, "animator.read", path);
    if (!observed.ok())
        return core::failure(std::string(tool) + ": the editor reported editing '" + path + "', but reading it back failed; the outcome is unknown", observed);
    if (auto mismatch = compare_controller(arguments, observed.result))
        return sdk::ToolResult::failure(std::string(tool) + ": the editor reported editing '" + path + "', but the controller read back differs: " + *mismatch);
    rapidjson::Document result(rapidjson::kObjectType);
    auto& result_allocator = result.GetAllocator();
    result.AddMember("assetPath", core::text(path, result_allocator), result_allocator);
    result.AddMember("created", rapidjson::Value(edited.result["observed"]["created"], result_allocator), result_allocator);
    result.AddMember("controller", rapidjson::Value(observed.result, result_allocator), result_allocator);
    result.AddMember("verified", "every requested parameter, layer, state, transition and default state read back by animator.read", result_allocator);
    result.AddMember("undoable", false, result_allocator);
    return sdk::ToolResult::success(std::move(result));
}

AnimatorInspectTool::AnimatorInspectTool()
    : EditorTool({"uap_animator_inspect",
                  "Read an Animator Controller: parameters, layers, states, blend trees, transitions, default states.",
                  R"({"type":"object","required":["assetPath"],"additionalProperties":false,"properties":{"assetPath":{"type":"string"}}})",
                  {sdk::Access::ReadOnly, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::Idempotent, sdk::Duration::Quick},
                  R"({"type":"object","required":["path","guid","parameters","layers"],"properties":{
"path":{"type":"string"},"guid":{"type":"string"},"parameters":{"type":"array","items":{"type":"object","required":["name","type"]}},
"layers":{"type":"array","items":{"type":"object","required":["name","states"]}}}})"}) {}

std::string_view AnimatorInspectTool::japanese_description() const {
    return "アニメーターコントローラーを調べる：パラメーター、レイヤー、ステート、ブレンドツリー、遷移、デフォルトステート。";
}

sdk::ToolResult AnimatorInspectTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    constexpr std::string_view tool = "uap_animator_inspect";
    std::string path;
    if (auto problem = check_asset_argument(tool, arguments, ".controller", path))
        return sdk::ToolResult::failure(*problem);
    core::EditorReply observed = read_asset(session, "animator.read", path);
    if (!observed.ok())
        return core::failure(std::string(tool) + " failed", observed);
    rapidjson::Document result(rapidjson::kObjectType);
    result.CopyFrom(observed.result, result.GetAllocator());
    return sdk::ToolResult::success(std::move(result));
}

} // namespace uap::pro::animation

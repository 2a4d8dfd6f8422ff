// Simulator primitives for animation assets: animation.clip.write/read and animator.edit/read, over the
// model in animation_assets.hpp. Every write is checked whole before the asset changes, as the Unity
// package checks it, so a refused call leaves the asset as it was.
#include "world.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>

namespace uap::editor_sim {

namespace {

// "[3]", the index of an element in an argument path such as "curves[3].keys[0]".
std::string index_text(std::size_t index) { return '[' + std::to_string(index) + ']'; }

std::string parent_folder(const std::string& path) {
    auto slash = path.find_last_of('/');
    return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

bool ends_with(const std::string& text, std::string_view suffix) {
    return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), std::string::npos, suffix) == 0;
}

// A path for a new or existing asset of this extension under Assets/, in an existing folder.
std::optional<Reply> check_asset_path(Simulation& simulation, const std::string& path, std::string_view extension) {
    if (path.rfind("Assets/", 0) != 0 || path.find("..") != std::string::npos)
        return error_reply("invalid_params", "asset paths lie under Assets/ (got '" + path + "')");
    if (!ends_with(path, extension))
        return error_reply("invalid_params", "the path must end in " + std::string(extension) + " (got '" + path + "')");
    Asset* folder = simulation.find_asset(parent_folder(path));
    if (!folder || folder->kind != "Folder")
        return error_reply("not_found", "folder '" + parent_folder(path) + "' does not exist; create it first");
    return std::nullopt;
}

// A number as Unity stores it (a 32-bit float), or nothing when it does not fit one.
std::optional<float> as_float(const rapidjson::Value& number) {
    double value = number.GetDouble();
    if (!std::isfinite(value) || std::fabs(value) > FLT_MAX)
        return std::nullopt;
    return static_cast<float>(value);
}

float float_member(const rapidjson::Value& object, const char* name, float fallback) {
    return object.HasMember(name) ? static_cast<float>(object[name].GetDouble()) : fallback;
}

bool bool_member(const rapidjson::Value& object, const char* name, bool fallback) {
    return object.HasMember(name) ? object[name].GetBool() : fallback;
}

std::string string_member(const rapidjson::Value& object, const char* name) {
    return object.HasMember(name) ? object[name].GetString() : std::string();
}

// The binding's type by full or short name: GameObject or a component type, as EditorCurveBinding takes.
std::optional<Reply> binding_of(Simulation& simulation, const rapidjson::Value& curve, const std::string& where, CurveBinding& binding) {
    binding.path = curve["path"].GetString();
    binding.property_name = curve["propertyName"].GetString();
    std::string type = curve["type"].GetString();
    if (type == "GameObject" || type == "UnityEngine.GameObject") {
        binding.type = "UnityEngine.GameObject";
        return std::nullopt;
    }
    Reply error;
    const TypeSpec* spec = simulation.find_type(type, error);
    if (!spec)
        return error_reply("not_found", where + ".type: no component type named '" + type + "' (type.find lists them)");
    if (spec->kind != TypeKind::Component)
        return error_reply("type_mismatch", where + ".type: " + spec->full_name + " is not a component type");
    binding.type = spec->full_name;
    return std::nullopt;
}

// Key times must rise strictly: Unity would sort them, or merge two keys at one time, silently.
std::optional<Reply> check_time(const rapidjson::Value& key, const std::string& where, std::optional<float> previous, float& time) {
    auto value = as_float(key["time"]);
    if (!value)
        return error_reply("invalid_params", where + ".time is outside the range of a float");
    if (previous && *value <= *previous)
        return error_reply("invalid_params", where + ".time must be greater than the key before it (" + std::to_string(*previous) + ")");
    time = *value;
    return std::nullopt;
}

// A curve's binding and keys; read_key fills each key's own members after its time was checked.
template <typename Curve, typename ReadKey>
std::optional<Reply> read_curve(Simulation& simulation, const rapidjson::Value& input, const std::string& where, Curve& curve, ReadKey read_key) {
    if (auto problem = binding_of(simulation, input, where, curve.binding))
        return problem;
    std::optional<float> previous;
    const auto& keys = input["keys"].GetArray();
    for (rapidjson::SizeType index = 0; index < keys.Size(); ++index) {
        std::string key_where = where + ".keys" + index_text(index);
        typename decltype(curve.keys)::value_type key;
        if (auto problem = check_time(keys[index], key_where, previous, key.time))
            return problem;
        previous = key.time;
        if (auto problem = read_key(keys[index], key_where, key))
            return problem;
        curve.keys.push_back(std::move(key));
    }
    return std::nullopt;
}

std::optional<Reply> read_float_key(const rapidjson::Value& input, const std::string& where, FloatKey& key) {
    for (auto [name, target] : {std::pair{"value", &key.value}, {"inTangent", &key.in_tangent}, {"outTangent", &key.out_tangent}}) {
        if (!input.HasMember(name))
            continue;
        auto value = as_float(input[name]);
        if (!value)
            return error_reply("invalid_params", where + "." + name + " is outside the range of a float");
        *target = *value;
    }
    return std::nullopt;
}

std::optional<Reply> read_object_key(Simulation& simulation, const rapidjson::Value& input, const std::string& where, ObjectKey& key) {
    key.asset_path = input["assetPath"].GetString();
    key.sub_asset = string_member(input, "subAsset");
    const Asset* asset = simulation.find_asset(key.asset_path);
    if (!asset)
        return error_reply("not_found", where + ".assetPath: no asset at '" + key.asset_path + "'");
    key.object_type = asset->kind;
    if (key.sub_asset.empty())
        return std::nullopt;
    auto found = std::find_if(asset->sub_assets.begin(), asset->sub_assets.end(), [&](const auto& sub) { return sub.first == key.sub_asset; });
    if (found == asset->sub_assets.end())
        return error_reply("not_found", where + ".subAsset: '" + key.asset_path + "' has no sub-asset named '" + key.sub_asset + "'");
    key.object_type = found->second;
    return std::nullopt;
}

// The whole clip the params describe, or why it cannot be written.
std::optional<Reply> read_clip(Simulation& simulation, const rapidjson::Value& params, AnimationClipData& clip) {
    if (params.HasMember("frameRate"))
        clip.frame_rate = static_cast<float>(params["frameRate"].GetDouble());
    clip.loop_time = bool_member(params, "loopTime", false);
    if (params.HasMember("curves"))
        for (rapidjson::SizeType index = 0; index < params["curves"].Size(); ++index) {
            FloatCurve curve;
            if (auto problem = read_curve(simulation, params["curves"][index], "curves" + index_text(index), curve, read_float_key))
                return problem;
            clip.curves.push_back(std::move(curve));
        }
    if (params.HasMember("objectCurves"))
        for (rapidjson::SizeType index = 0; index < params["objectCurves"].Size(); ++index) {
            ObjectCurve curve;
            auto read_key = [&](const rapidjson::Value& input, const std::string& where, ObjectKey& key) { return read_object_key(simulation, input, where, key); };
            if (auto problem = read_curve(simulation, params["objectCurves"][index], "objectCurves" + index_text(index), curve, read_key))
                return problem;
            clip.object_curves.push_back(std::move(curve));
        }
    if (params.HasMember("events"))
        for (rapidjson::SizeType index = 0; index < params["events"].Size(); ++index) {
            const auto& input = params["events"][index];
            std::string where = "events" + index_text(index);
            ClipEvent event;
            auto time = as_float(input["time"]);
            auto parameter = input.HasMember("floatParameter") ? as_float(input["floatParameter"]) : std::optional<float>(0.0f);
            if (!time || !parameter)
                return error_reply("invalid_params", where + " has a number outside the range of a float");
            event.time = *time;
            event.float_parameter = *parameter;
            event.function_name = input["functionName"].GetString();
            event.string_parameter = string_member(input, "stringParameter");
            event.int_parameter = input.HasMember("intParameter") ? input["intParameter"].GetInt() : 0;
            clip.events.push_back(std::move(event));
        }
    // Unity keeps a clip's events sorted by time.
    std::stable_sort(clip.events.begin(), clip.events.end(), [](const ClipEvent& a, const ClipEvent& b) { return a.time < b.time; });
    return std::nullopt;
}

void write_binding(JsonWriter& writer, const CurveBinding& binding) {
    writer.Key("path");
    writer.String(binding.path.c_str());
    writer.Key("type");
    writer.String(binding.type.c_str());
    writer.Key("propertyName");
    writer.String(binding.property_name.c_str());
}

// A list of curves: each binding, its key count and its first limit keys, written by write_key.
template <typename Curve, typename WriteKey>
void write_curves(JsonWriter& writer, const char* list, const std::vector<Curve>& curves, std::size_t limit, WriteKey write_key) {
    writer.Key(list);
    writer.StartArray();
    for (const auto& curve : curves) {
        writer.StartObject();
        write_binding(writer, curve.binding);
        writer.Key("keyCount");
        writer.Uint64(curve.keys.size());
        writer.Key("keys");
        writer.StartArray();
        for (std::size_t index = 0; index < curve.keys.size() && index < limit; ++index) {
            writer.StartObject();
            write_key(curve.keys[index]);
            writer.EndObject();
        }
        writer.EndArray();
        writer.EndObject();
    }
    writer.EndArray();
}

void write_observed(Output& out, const Asset& asset, bool created) {
    out.writer.StartObject();
    out.writer.Key("observed");
    out.writer.StartObject();
    out.writer.Key("path");
    out.writer.String(asset.path.c_str());
    out.writer.Key("guid");
    out.writer.String(asset.guid.c_str());
    out.writer.Key("created");
    out.writer.Bool(created);
    out.writer.EndObject();
    out.writer.EndObject();
}

// The asset to write at path: a new one (created set), or the existing one of this kind when overwrite allows it.
std::optional<Reply> target_asset(Simulation& simulation, const std::string& path, const std::string& kind, bool overwrite, bool& created) {
    const Asset* existing = simulation.find_asset(path);
    created = existing == nullptr;
    if (!existing)
        return std::nullopt;
    if (existing->kind != kind)
        return error_reply("conflict", "'" + path + "' is a " + existing->kind + ", not an " + kind);
    if (!overwrite)
        return error_reply("conflict", "an " + kind + " already exists at '" + path + "'; pass overwrite to replace it");
    return std::nullopt;
}

Asset& stored_asset(Simulation& simulation, const std::string& path, const std::string& kind) {
    Asset& asset = simulation.world.assets[path];
    if (asset.guid.empty()) {
        asset.path = path;
        asset.kind = kind;
        asset.guid = "sim" + std::to_string(simulation.world.next_id++);
    }
    return asset;
}

Reply clip_write(Simulation& simulation, const rapidjson::Value& params) {
    std::string path = params["path"].GetString();
    if (auto problem = check_asset_path(simulation, path, ".anim"))
        return *problem;
    bool created = false;
    if (auto problem = target_asset(simulation, path, "AnimationClip", bool_member(params, "overwrite", false), created))
        return *problem;
    AnimationClipData clip;
    if (auto problem = read_clip(simulation, params, clip))
        return *problem;
    Asset& asset = stored_asset(simulation, path, "AnimationClip");
    asset.clip = std::move(clip);
    Output out;
    write_observed(out, asset, created);
    return out.reply();
}

Reply clip_read(Simulation& simulation, const rapidjson::Value& params) {
    std::string path = params["path"].GetString();
    const Asset* asset = simulation.find_asset(path);
    if (!asset || !asset->clip)
        return error_reply("not_found", "no AnimationClip at '" + path + "'");
    const AnimationClipData& clip = *asset->clip;
    std::size_t limit = params.HasMember("keyLimit") ? static_cast<std::size_t>(params["keyLimit"].GetInt()) : 100;
    Output out;
    auto& writer = out.writer;
    writer.StartObject();
    writer.Key("path");
    writer.String(asset->path.c_str());
    writer.Key("guid");
    writer.String(asset->guid.c_str());
    writer.Key("frameRate");
    writer.Double(clip.frame_rate);
    writer.Key("length");
    writer.Double(clip.length());
    writer.Key("loopTime");
    writer.Bool(clip.loop_time);
    write_curves(writer, "curves", clip.curves, limit, [&](const FloatKey& key) {
        for (auto [name, value] : {std::pair{"time", key.time}, {"value", key.value}, {"inTangent", key.in_tangent}, {"outTangent", key.out_tangent}}) {
            writer.Key(name);
            writer.Double(value);
        }
    });
    write_curves(writer, "objectCurves", clip.object_curves, limit, [&](const ObjectKey& key) {
        writer.Key("time");
        writer.Double(key.time);
        writer.Key("assetPath");
        writer.String(key.asset_path.c_str());
        if (!key.sub_asset.empty()) {
            writer.Key("subAsset");
            writer.String(key.sub_asset.c_str());
        }
        writer.Key("objectType");
        writer.String(key.object_type.c_str());
    });
    writer.Key("events");
    writer.StartArray();
    for (const auto& event : clip.events) {
        writer.StartObject();
        writer.Key("time");
        writer.Double(event.time);
        writer.Key("functionName");
        writer.String(event.function_name.c_str());
        writer.Key("stringParameter");
        writer.String(event.string_parameter.c_str());
        writer.Key("floatParameter");
        writer.Double(event.float_parameter);
        writer.Key("intParameter");
        writer.Int(event.int_parameter);
        writer.EndObject();
    }
    writer.EndArray();
    writer.EndObject();
    return out.reply();
}

// The layer a state or transition names: the named one, or the first when none is named.
ControllerLayer* layer_of(AnimatorControllerData& controller, const rapidjson::Value& entry, const std::string& where, Reply& error) {
    std::string name = string_member(entry, "layer");
    ControllerLayer* layer = name.empty() ? (controller.layers.empty() ? nullptr : &controller.layers.front()) : controller.find_layer(name);
    if (!layer)
        error = error_reply("not_found", where + ".layer: the controller has no layer named '" + name + "'");
    return layer;
}

// An AnimationClip asset for a state's or blend tree child's motion.
std::optional<Reply> check_motion(Simulation& simulation, const std::string& path, const std::string& where) {
    const Asset* asset = simulation.find_asset(path);
    if (!asset)
        return error_reply("not_found", where + ": no asset at '" + path + "'");
    if (asset->kind != "AnimationClip")
        return error_reply("type_mismatch", where + ": '" + path + "' is a " + asset->kind + ", not an AnimationClip");
    return std::nullopt;
}

std::optional<Reply> read_blend_tree(Simulation& simulation, const AnimatorControllerData& controller, const rapidjson::Value& input,
                                     const std::string& where, BlendTreeData& tree) {
    tree.blend_type = input["blendType"].GetString();
    tree.parameter = input["parameter"].GetString();
    tree.parameter_y = string_member(input, "parameterY");
    bool two_dimensional = tree.blend_type != "Simple1D";
    if (two_dimensional && tree.parameter_y.empty())
        return error_reply("invalid_params", where + ".parameterY is needed by a " + tree.blend_type + " blend tree");
    for (const auto& [member, name] : {std::pair{"parameter", tree.parameter}, {"parameterY", tree.parameter_y}}) {
        if (name.empty())
            continue;
        const ControllerParameter* parameter = controller.find_parameter(name);
        if (!parameter)
            return error_reply("not_found", where + "." + member + ": the controller has no parameter named '" + name + "'");
        if (parameter->type != "Float")
            return error_reply("type_mismatch", where + "." + member + ": '" + name + "' is a " + parameter->type + " parameter; blend trees take Float parameters");
    }
    const auto& children = input["children"].GetArray();
    for (rapidjson::SizeType index = 0; index < children.Size(); ++index) {
        std::string child_where = where + ".children" + index_text(index);
        BlendChild child;
        child.motion = children[index]["motion"].GetString();
        if (auto problem = check_motion(simulation, child.motion, child_where + ".motion"))
            return problem;
        if (two_dimensional) {
            if (!children[index].HasMember("position"))
                return error_reply("invalid_params", child_where + ".position [x, y] is needed in a 2D blend tree");
            child.x = static_cast<float>(children[index]["position"][0].GetDouble());
            child.y = static_cast<float>(children[index]["position"][1].GetDouble());
        } else {
            child.threshold = float_member(children[index], "threshold", static_cast<float>(index));
        }
        tree.children.push_back(std::move(child));
    }
    return std::nullopt;
}

std::optional<Reply> read_transition(const AnimatorControllerData& controller, ControllerLayer& layer, const rapidjson::Value& input,
                                     const std::string& where, StateTransition& transition) {
    transition.destination = input["to"].GetString();
    if (!layer.find_state(transition.destination))
        return error_reply("not_found", where + ".to: layer '" + layer.name + "' has no state named '" + transition.destination + "'");
    transition.has_exit_time = bool_member(input, "hasExitTime", false);
    transition.exit_time = float_member(input, "exitTime", 0.75f);
    transition.duration = float_member(input, "duration", 0.25f);
    if (input.HasMember("conditions"))
        for (rapidjson::SizeType index = 0; index < input["conditions"].Size(); ++index) {
            const auto& condition_input = input["conditions"][index];
            std::string condition_where = where + ".conditions" + index_text(index);
            TransitionCondition condition{condition_input["mode"].GetString(), condition_input["parameter"].GetString(),
                                          float_member(condition_input, "threshold", 0)};
            const ControllerParameter* parameter = controller.find_parameter(condition.parameter);
            if (!parameter)
                return error_reply("not_found", condition_where + ".parameter: the controller has no parameter named '" + condition.parameter + "'");
            if (!condition_fits(condition.mode, parameter->type))
                return error_reply("type_mismatch", condition_where + ".mode: " + condition.mode + " does not fit the " + parameter->type +
                                                        " parameter '" + condition.parameter + "'");
            transition.conditions.push_back(std::move(condition));
        }
    return std::nullopt;
}

// Applies the params to a copy of the controller; the caller stores it only when nothing was refused.
std::optional<Reply> apply_edit(Simulation& simulation, const rapidjson::Value& params, AnimatorControllerData& controller) {
    if (params.HasMember("parameters"))
        for (rapidjson::SizeType index = 0; index < params["parameters"].Size(); ++index) {
            const auto& input = params["parameters"][index];
            ControllerParameter parameter{input["name"].GetString(), input["type"].GetString()};
            if (const ControllerParameter* existing = controller.find_parameter(parameter.name)) {
                if (existing->type != parameter.type)
                    return error_reply("conflict", "parameters" + index_text(index) + ": '" + parameter.name + "' exists as a " + existing->type + " parameter");
                continue;
            }
            if (input.HasMember("default")) {
                const auto& value = input["default"];
                bool wants_boolean = parameter.type == "Bool" || parameter.type == "Trigger";
                if (value.IsBool() != wants_boolean)
                    return error_reply("type_mismatch", "parameters" + index_text(index) + ".default does not fit a " + parameter.type + " parameter");
                if (value.IsBool())
                    parameter.default_bool = value.GetBool();
                else if (parameter.type == "Int")
                    parameter.default_int = static_cast<int>(value.GetDouble());
                else
                    parameter.default_float = static_cast<float>(value.GetDouble());
            }
            controller.parameters.push_back(std::move(parameter));
        }
    if (params.HasMember("layers"))
        for (const auto& input : params["layers"].GetArray())
            if (!controller.find_layer(input["name"].GetString()))
                controller.layers.push_back(ControllerLayer{input["name"].GetString()});
    if (params.HasMember("states"))
        for (rapidjson::SizeType index = 0; index < params["states"].Size(); ++index) {
            const auto& input = params["states"][index];
            std::string where = "states" + index_text(index);
            Reply error;
            ControllerLayer* layer = layer_of(controller, input, where, error);
            if (!layer)
                return error;
            std::string name = input["name"].GetString();
            if (input.HasMember("motion") && input.HasMember("blendTree"))
                return error_reply("invalid_params", where + " has both motion and blendTree; a state plays one of them");
            ControllerState updated;
            if (ControllerState* existing = layer->find_state(name))
                updated = *existing;
            updated.name = name;
            if (input.HasMember("motion")) {
                if (auto problem = check_motion(simulation, input["motion"].GetString(), where + ".motion"))
                    return problem;
                updated.motion = input["motion"].GetString();
                updated.blend_tree.reset();
            }
            if (input.HasMember("blendTree")) {
                BlendTreeData tree;
                if (auto problem = read_blend_tree(simulation, controller, input["blendTree"], where + ".blendTree", tree))
                    return problem;
                updated.motion.clear();
                updated.blend_tree = std::move(tree);
            }
            updated.speed = float_member(input, "speed", updated.speed);
            if (ControllerState* existing = layer->find_state(name))
                *existing = std::move(updated);
            else
                layer->states.push_back(std::move(updated));
            // The first state of a state machine becomes its default, as in Unity.
            if (layer->default_state.empty() || bool_member(input, "default", false))
                layer->default_state = name;
        }
    if (params.HasMember("transitions"))
        for (rapidjson::SizeType index = 0; index < params["transitions"].Size(); ++index) {
            const auto& input = params["transitions"][index];
            std::string where = "transitions" + index_text(index);
            Reply error;
            ControllerLayer* layer = layer_of(controller, input, where, error);
            if (!layer)
                return error;
            StateTransition transition;
            if (auto problem = read_transition(controller, *layer, input, where, transition))
                return problem;
            std::string from = input["from"].GetString();
            if (from == "Any") {
                layer->any_state_transitions.push_back(std::move(transition));
                continue;
            }
            ControllerState* source = layer->find_state(from);
            if (!source)
                return error_reply("not_found", where + ".from: layer '" + layer->name + "' has no state named '" + from + "'");
            source->transitions.push_back(std::move(transition));
        }
    return std::nullopt;
}

Reply animator_edit(Simulation& simulation, const rapidjson::Value& params) {
    std::string path = params["path"].GetString();
    if (auto problem = check_asset_path(simulation, path, ".controller"))
        return *problem;
    bool create = bool_member(params, "create", false);
    bool overwrite = bool_member(params, "overwrite", false);
    const Asset* existing = simulation.find_asset(path);
    if (!existing && !create)
        return error_reply("not_found", "no AnimatorController at '" + path + "'; pass create to make one");
    if (existing && existing->kind != "AnimatorController")
        return error_reply("conflict", "'" + path + "' is a " + existing->kind + ", not an AnimatorController");
    if (existing && create && !overwrite)
        return error_reply("conflict", "an AnimatorController already exists at '" + path + "'; pass overwrite to reset it, or leave out create to edit it");
    AnimatorControllerData controller;
    // CreateAnimatorControllerAtPath makes one layer, "Base Layer"; overwrite resets to that.
    if (existing && !overwrite)
        controller = *existing->controller;
    else
        controller.layers.push_back(ControllerLayer{"Base Layer"});
    if (auto problem = apply_edit(simulation, params, controller))
        return *problem;
    Asset& asset = stored_asset(simulation, path, "AnimatorController");
    asset.controller = std::move(controller);
    Output out;
    write_observed(out, asset, existing == nullptr);
    return out.reply();
}

void write_transition(JsonWriter& writer, const StateTransition& transition) {
    writer.StartObject();
    writer.Key("to");
    writer.String(transition.destination.c_str());
    writer.Key("hasExitTime");
    writer.Bool(transition.has_exit_time);
    writer.Key("exitTime");
    writer.Double(transition.exit_time);
    writer.Key("duration");
    writer.Double(transition.duration);
    writer.Key("conditions");
    writer.StartArray();
    for (const auto& condition : transition.conditions) {
        writer.StartObject();
        writer.Key("mode");
        writer.String(condition.mode.c_str());
        writer.Key("parameter");
        writer.String(condition.parameter.c_str());
        writer.Key("threshold");
        writer.Double(condition.threshold);
        writer.EndObject();
    }
    writer.EndArray();
    writer.EndObject();
}

void write_blend_tree(JsonWriter& writer, const BlendTreeData& tree) {
    writer.StartObject();
    writer.Key("blendType");
    writer.String(tree.blend_type.c_str());
    writer.Key("parameter");
    writer.String(tree.parameter.c_str());
    writer.Key("parameterY");
    writer.String(tree.parameter_y.c_str());
    writer.Key("children");
    writer.StartArray();
    for (const auto& child : tree.children) {
        writer.StartObject();
        writer.Key("motion");
        writer.String(child.motion.c_str());
        writer.Key("threshold");
        writer.Double(child.threshold);
        writer.Key("position");
        writer.StartArray();
        writer.Double(child.x);
        writer.Double(child.y);
        writer.EndArray();
        writer.EndObject();
    }
    writer.EndArray();
    writer.EndObject();
}

void write_state(JsonWriter& writer, const ControllerState& state) {
    writer.StartObject();
    writer.Key("name");
    writer.String(state.name.c_str());
    writer.Key("motion");
    if (state.motion.empty())
        writer.Null();
    else
        writer.String(state.motion.c_str());
    if (state.blend_tree) {
        writer.Key("blendTree");
        write_blend_tree(writer, *state.blend_tree);
    }
    writer.Key("speed");
    writer.Double(state.speed);
    writer.Key("transitions");
    writer.StartArray();
    for (const auto& transition : state.transitions)
        write_transition(writer, transition);
    writer.EndArray();
    writer.EndObject();
}

Reply animator_read(Simulation& simulation, const rapidjson::Value& params) {
    std::string path = params["path"].GetString();
    const Asset* asset = simulation.find_asset(path);
    if (!asset || !asset->controller)
        return error_reply("not_found", "no AnimatorController at '" + path + "'");
    const AnimatorControllerData& controller = *asset->controller;
    Output out;
    auto& writer = out.writer;
    writer.StartObject();
    writer.Key("path");
    writer.String(asset->path.c_str());
    writer.Key("guid");
    writer.String(asset->guid.c_str());
    writer.Key("parameters");
    writer.StartArray();
    for (const auto& parameter : controller.parameters) {
        writer.StartObject();
        writer.Key("name");
        writer.String(parameter.name.c_str());
        writer.Key("type");
        writer.String(parameter.type.c_str());
        writer.Key("default");
        if (parameter.type == "Float")
            writer.Double(parameter.default_float);
        else if (parameter.type == "Int")
            writer.Int(parameter.default_int);
        else
            writer.Bool(parameter.default_bool);
        writer.EndObject();
    }
    writer.EndArray();
    writer.Key("layers");
    writer.StartArray();
    for (const auto& layer : controller.layers) {
        writer.StartObject();
        writer.Key("name");
        writer.String(layer.name.c_str());
        writer.Key("defaultState");
        if (layer.default_state.empty())
            writer.Null();
        else
            writer.String(layer.default_state.c_str());
        writer.Key("states");
        writer.StartArray();
        for (const auto& state : layer.states)
            write_state(writer, state);
        writer.EndArray();
        writer.Key("anyStateTransitions");
        writer.StartArray();
        for (const auto& transition : layer.any_state_transitions)
            write_transition(writer, transition);
        writer.EndArray();
        writer.EndObject();
    }
    writer.EndArray();
    writer.EndObject();
    return out.reply();
}

} // namespace

void register_animation_primitives(std::map<std::string, Primitive, std::less<>>& table) {
    table["animation.clip.write"] = &clip_write;
    table["animation.clip.read"] = &clip_read;
    table["animator.edit"] = &animator_edit;
    table["animator.read"] = &animator_read;
}

} // namespace uap::editor_sim

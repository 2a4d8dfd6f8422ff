// The play-mode guard of the simulator's scene writes, the same rule as the Unity package's
// PlayModeGuard.cs: refuse with the command that stops play mode, or write and say it will not last.
#include "play_mode_guard.hpp"

#include <array>

namespace uap::editor_sim {

namespace {

// The primitives that change a scene object; asset writes (a material's properties, asset.create)
// survive play mode in Unity and are not guarded.
constexpr std::array<std::string_view, 11> scene_writes = {
    "object.create", "object.destroy", "object.rename", "object.reparent", "object.setActive", "object.duplicate",
    "object.instantiate", "transform.set", "component.add", "component.remove", "property.set"};

bool writes_scene(std::string_view method, const rapidjson::Value& params) {
    bool listed = false;
    for (std::string_view write : scene_writes)
        listed = listed || write == method;
    if (!listed)
        return false;
    // property.set writes an asset (which keeps the change) when its target names one.
    if (method == "property.set")
        return params.HasMember("target") && params["target"].IsObject() && params["target"].HasMember("component");
    return true;
}

} // namespace

PlayModeGuard guard_play_mode_write(const Simulation& simulation, std::string_view method, const rapidjson::Value& params) {
    PlayModeGuard guard;
    if (simulation.play_mode == "edit" || !writes_scene(method, params))
        return guard;
    auto requested = params.FindMember("playModeWrite");
    if (requested != params.MemberEnd() && requested->value.IsString() && std::string_view(requested->value.GetString()) == "revertOnExit") {
        guard.outcome = PlayModeWriteOutcome::RevertsOnExit;
        return guard;
    }
    rapidjson::StringBuffer data;
    JsonWriter writer(data);
    writer.StartObject();
    writer.Key("playMode");
    writer.String(simulation.play_mode.c_str());
    writer.Key("fix");
    writer.String("uap_play_mode with action \"stop\" (bridge: playmode.set with state \"edit\")");
    writer.EndObject();
    guard.refusal = error_reply(
        "conflict",
        std::string(method) + " refused: the editor is in play mode (" + simulation.play_mode +
            "), and Unity restores the scene when play mode ends, so this change would be lost. Stop play mode first "
            "with the tool uap_play_mode, action \"stop\" (bridge: playmode.set with state \"edit\"; in Unity: Edit > Play), "
            "or send playModeWrite \"revertOnExit\" to make a change that lasts only until play mode ends",
        data.GetString());
    return guard;
}

Reply mark_reverting_on_exit(Reply reply) {
    if (!reply.ok())
        return reply;
    rapidjson::Document result;
    result.Parse(reply.json.c_str());
    if (result.HasParseError() || !result.IsObject())
        return reply;
    result.AddMember("willRevertOnExitPlayMode", true, result.GetAllocator());
    reply.json = to_json(result);
    return reply;
}

} // namespace uap::editor_sim

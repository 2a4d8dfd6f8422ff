// Simulator primitives that bracket an agent turn: one named undo step per turn (revertible while it
// is the newest step) and an asset auto-refresh hold released with one refresh when the turn ends;
// and prefab mode, during which the tools refuse writes that are not to the open prefab.
#include "prefab_stage.hpp"
#include "world.hpp"
#include "support/json_writer.hpp"

#include <algorithm>

namespace uap::editor_sim {

namespace {

std::string interleaved_refusal(const std::string& turn, const std::vector<std::string>& user_steps) {
    std::string names;
    for (const auto& step : user_steps)
        names += (names.empty() ? "'" : ", '") + step + "'";
    return "'" + turn + "' cannot be reverted without your own changes made while it ran (" + names +
           "): Undo takes steps back newest first only, and yours sit between the agent's; nothing was reverted. "
           "Use Edit > Undo in the editor step by step to choose what to take back";
}

bool optional_flag(const rapidjson::Value& params, const char* name) {
    auto member = params.FindMember(name);
    return member == params.MemberEnd() || member->value.GetBool();
}

Reply turn_begin(Simulation& simulation, const rapidjson::Value& params) {
    // Like Undo.IncrementCurrentGroup: a group of its own, which the turn's writes (each in a later
    // group, or inside a batch's group) follow; turn.end collapses them into it.
    simulation.group_open = false;
    int group = ++simulation.undo_group;
    TurnBracket& turn = simulation.turns[group];
    turn.name = params["name"].GetString();
    if (optional_flag(params, "holdRefresh")) {
        turn.holds_refresh = true;
        ++simulation.refresh_holds;
    }
    return result_reply(json::TextWriter().begin_object().field("group", group).field("refreshHolds", simulation.refresh_holds).end_object().text());
}

Reply turn_end(Simulation& simulation, const rapidjson::Value& params) {
    int group = params["group"].GetInt();
    auto found = simulation.turns.find(group);
    if (found == simulation.turns.end())
        return error_reply("not_found", "undo group " + std::to_string(group) + " was not started by turn.begin; nothing was changed");
    TurnBracket& turn = found->second;
    bool refreshed = false;
    if (!turn.ended) {
        turn.ended = true;
        turn.name = params["name"].GetString();
        simulation.group_open = false;
        // The agent's steps since the turn began become one step, its oldest snapshot the scene before
        // them. The user's own steps are never merged in: those made before the agent's first write stay
        // older steps of their own; any made after it keep the agent's steps apart (Undo takes steps back
        // newest first only, so no single step could leave them out).
        auto is_turns = [&](const UndoStep& step) { return step.group >= group; };
        auto is_agents = [](const UndoStep& step) { return step.author == UndoAuthor::Agent; };
        auto first = std::find_if(simulation.undo.begin(), simulation.undo.end(), is_turns);
        auto first_agent = std::find_if(first, simulation.undo.end(), is_agents);
        for (auto step = first; step != simulation.undo.end(); ++step)
            if (!is_agents(*step))
                turn.user_steps.push_back(step->name);
        turn.interleaved = std::any_of(first_agent, simulation.undo.end(), [&](const UndoStep& step) { return !is_agents(step); });
        if (first_agent != simulation.undo.end()) {
            turn.recorded = true;
            if (!turn.interleaved) {
                simulation.absorb_later_steps(first_agent);
                first_agent->group = group;
                first_agent->name = turn.name;
                simulation.undo.erase(first_agent + 1, simulation.undo.end());
            }
        }
        ++simulation.undo_group; // Later changes are not part of the turn.
        if (turn.holds_refresh && optional_flag(params, "releaseRefresh")) {
            turn.holds_refresh = false;
            refreshed = simulation.release_refresh_hold();
        }
    }
    json::TextWriter out;
    out.begin_object()
        .field("group", group)
        .field("recorded", turn.recorded)
        .field("refreshed", refreshed)
        .field("refreshHolds", simulation.refresh_holds)
        .field("revertible", turn.recorded && !turn.interleaved)
        .key("userSteps")
        .begin_array();
    for (const auto& step : turn.user_steps)
        out.value(step);
    return result_reply(out.end_array().end_object().text());
}

Reply turn_revert(Simulation& simulation, const rapidjson::Value& params) {
    int group = params["group"].GetInt();
    std::string name = params["name"].GetString();
    auto found = simulation.turns.find(group);
    if (found == simulation.turns.end() || found->second.name != name)
        return error_reply("not_found", "no agent turn '" + name + "' began with undo group " + std::to_string(group) + "; nothing was reverted");
    if (!found->second.ended)
        return error_reply("conflict", "'" + name + "' has not ended yet (turn.end was not called); nothing was reverted");
    if (found->second.truncated)
        return error_reply("conflict", "'" + name + "' made more changes than the undo history keeps, so the scene before it is gone; "
                                       "nothing was reverted. Use Edit > Undo in the editor step by step");
    if (!found->second.recorded)
        return error_reply("not_found", "'" + name + "' changed nothing that Undo records; nothing was reverted");
    if (found->second.interleaved)
        return error_reply("conflict", interleaved_refusal(name, found->second.user_steps));
    if (simulation.undo.empty() || simulation.undo.back().group != group) {
        std::string newest = simulation.undo.empty() ? "nothing (the undo history was cleared)" : "'" + simulation.undo.back().name + "'";
        return error_reply("conflict", "'" + name + "' is no longer the newest undo step (the newest is " + newest +
                                           "); nothing was reverted. Undo the later changes first with Edit > Undo in the editor");
    }
    World snapshot = simulation.take_state_before(simulation.undo.end() - 1);
    simulation.undo.pop_back();
    simulation.restore(std::move(snapshot));
    found->second.recorded = false;
    for (const auto& scene : simulation.world.scenes)
        simulation.mark_dirty(scene.handle);
    return result_reply(json::TextWriter()
                            .begin_object()
                            .key("observed")
                            .begin_object()
                            .field("reverted", true)
                            .field("objectCount", static_cast<int64_t>(simulation.world.objects.size()))
                            .end_object()
                            .end_object()
                            .text());
}

Reply prefab_stage_observed(const Simulation& simulation) {
    json::TextWriter out;
    out.begin_object().key("observed").begin_object().key("prefabStage");
    if (simulation.prefab_stage.empty())
        out.null();
    else
        out.begin_object().field("assetPath", simulation.prefab_stage).end_object();
    return result_reply(out.end_object().end_object().text());
}

// Prefab mode: the prefab's contents become the stage object addresses resolve in (prefab_stage.cpp).
Reply prefab_stage_open(Simulation& simulation, const rapidjson::Value& params) {
    if (auto error = open_prefab_stage(simulation, params["assetPath"].GetString()))
        return *error;
    return prefab_stage_observed(simulation);
}

Reply prefab_stage_close(Simulation& simulation, const rapidjson::Value&) {
    close_prefab_stage(simulation);
    return prefab_stage_observed(simulation);
}

} // namespace

void register_turn_primitives(std::map<std::string, Primitive, std::less<>>& table) {
    table["turn.begin"] = &turn_begin;
    table["turn.end"] = &turn_end;
    table["turn.revert"] = &turn_revert;
    table["prefabStage.open"] = &prefab_stage_open;
    table["prefabStage.close"] = &prefab_stage_close;
}

} // namespace uap::editor_sim

// Simulator primitives for editor info and state, undo groups, selection, menus, console and play mode.
#include "world.hpp"
#include "support/json_writer.hpp"

#include <algorithm>
#include <utility>

namespace uap::editor_sim {

namespace {

Reply ping(Simulation& simulation, const rapidjson::Value&) {
    Output out;
    out.writer.StartObject();
    out.writer.Key("mainThread");
    out.writer.StartObject();
    out.writer.Key("busy");
    out.writer.Bool(false);
    out.writer.Key("compiling");
    out.writer.Bool(simulation.compiling);
    out.writer.Key("importing");
    out.writer.Bool(simulation.importing);
    out.writer.Key("playMode");
    out.writer.String(simulation.play_mode.c_str());
    out.writer.EndObject();
    out.writer.EndObject();
    return out.reply();
}

Reply request_status(Simulation&, const rapidjson::Value&) {
    return result_reply(R"({"state":"unknown","detail":"the in-process simulator runs requests synchronously and keeps no queue"})");
}

Reply editor_info(Simulation& simulation, const rapidjson::Value&) {
    Output out;
    out.writer.StartObject();
    out.writer.Key("unityVersion");
    out.writer.String(simulation.identity.unity_version.c_str());
    out.writer.Key("projectPath");
    out.writer.String(simulation.identity.project_path.c_str());
    out.writer.Key("editorPid");
    out.writer.Int64(simulation.identity.editor_pid);
    out.writer.Key("editorSessionId");
    out.writer.String(simulation.identity.editor_session_id.c_str());
    out.writer.Key("platform");
    out.writer.String("LinuxEditor");
    out.writer.Key("protocolVersion");
    out.writer.Int(1);
    out.writer.Key("simulator");
    out.writer.Bool(true);
    out.writer.EndObject();
    return out.reply();
}

Reply editor_state(Simulation& simulation, const rapidjson::Value&) {
    Output out;
    out.writer.StartObject();
    out.writer.Key("playMode");
    out.writer.String(simulation.play_mode.c_str());
    out.writer.Key("compiling");
    out.writer.Bool(simulation.compiling);
    out.writer.Key("importing");
    out.writer.Bool(simulation.importing);
    out.writer.Key("scenes");
    out.writer.StartArray();
    for (const auto& scene : simulation.world.scenes) {
        out.writer.StartObject();
        out.writer.Key("name");
        out.writer.String(scene.name.c_str());
        out.writer.Key("dirty");
        out.writer.Bool(scene.dirty);
        out.writer.EndObject();
    }
    out.writer.EndArray();
    out.writer.Key("selectionCount");
    out.writer.Uint64(simulation.world.selection.size() + simulation.world.selected_assets.size());
    out.writer.Key("objectCount");
    out.writer.Uint64(simulation.world.objects.size());
    out.writer.Key("undoGroup");
    out.writer.Int(simulation.undo_group);
    out.writer.Key("prefabStage");
    if (simulation.prefab_stage.empty()) {
        out.writer.Null();
    } else {
        out.writer.StartObject();
        out.writer.Key("assetPath");
        out.writer.String(simulation.prefab_stage.c_str());
        out.writer.EndObject();
    }
    out.writer.Key("autoRefresh");
    out.writer.StartObject();
    out.writer.Key("holds");
    out.writer.Int(simulation.refresh_holds);
    out.writer.Key("releaseRefreshes");
    out.writer.Int64(simulation.release_refreshes);
    out.writer.EndObject();
    out.writer.EndObject();
    return out.reply();
}

Reply group_reply(int group) { return result_reply(json::TextWriter().begin_object().field("group", group).end_object().text()); }

// {"observed": {"state": ..., "changed": ...}}: what a play-mode change left behind.
Reply play_mode_observed(const std::string& state, bool changed) {
    return result_reply(
        json::TextWriter().begin_object().key("observed").begin_object().field("state", state).field("changed", changed).end_object().end_object().text());
}

Reply undo_begin(Simulation& simulation, const rapidjson::Value& params) {
    ++simulation.undo_group;
    simulation.undo_group_name = params["name"].GetString();
    simulation.group_open = true;
    simulation.group_recorded = false;
    return group_reply(simulation.undo_group);
}

Reply undo_end(Simulation& simulation, const rapidjson::Value&) {
    if (!simulation.group_open)
        return error_reply("conflict", "no undo group is open");
    simulation.group_open = false;
    return group_reply(simulation.undo_group);
}

Reply undo_collapse(Simulation& simulation, const rapidjson::Value& params) {
    int group = params["group"].GetInt();
    if (group > simulation.undo_group)
        return error_reply("not_found", "undo group " + std::to_string(group) + " has not started yet");
    auto first = std::find_if(simulation.undo.begin(), simulation.undo.end(), [&](const UndoStep& step) { return step.group >= group; });
    if (first != simulation.undo.end())
        simulation.absorb_later_steps(first);
    bool kept = false;
    std::vector<UndoStep> steps;
    for (auto& step : simulation.undo) {
        if (step.group < group) {
            steps.push_back(std::move(step));
        } else if (!kept) {
            step.group = group;
            steps.push_back(std::move(step));
            kept = true;
        }
    }
    simulation.undo = std::move(steps);
    return group_reply(group);
}

Reply undo_revert(Simulation& simulation, const rapidjson::Value& params) {
    int group = params["group"].GetInt();
    auto first = std::find_if(simulation.undo.begin(), simulation.undo.end(), [&](const UndoStep& step) { return step.group >= group; });
    if (first == simulation.undo.end())
        return error_reply("not_found", "nothing was recorded in undo group " + std::to_string(group) + " or later");
    std::size_t steps = static_cast<std::size_t>(simulation.undo.end() - first);
    World snapshot = simulation.take_state_before(first);
    simulation.undo.erase(first, simulation.undo.end());
    simulation.restore(std::move(snapshot));
    simulation.group_open = false;
    for (const auto& scene : simulation.world.scenes)
        simulation.mark_dirty(scene.handle);
    Output out;
    out.writer.StartObject();
    out.writer.Key("observed");
    out.writer.StartObject();
    out.writer.Key("revertedSteps");
    out.writer.Uint64(steps);
    out.writer.Key("objectCount");
    out.writer.Uint64(simulation.world.objects.size());
    out.writer.EndObject();
    out.writer.EndObject();
    return out.reply();
}

void write_selection(Simulation& simulation, JsonWriter& writer) {
    writer.StartObject();
    writer.Key("objects");
    writer.StartArray();
    for (int id : simulation.world.selection) {
        writer.StartObject();
        const GameObject& object = simulation.world.objects.at(id);
        writer.Key("instanceId");
        writer.Int(id);
        // Unity's relay names each object and its type too (SelectionAndMenuPrimitives.Describe).
        writer.Key("name");
        writer.String(object.name.c_str());
        writer.Key("type");
        writer.String("UnityEngine.GameObject");
        writer.Key("path");
        writer.String(simulation.path_of(object).c_str());
        writer.EndObject();
    }
    writer.EndArray();
    writer.Key("assets");
    writer.StartArray();
    for (const auto& path : simulation.world.selected_assets)
        writer.String(path.c_str());
    writer.EndArray();
    writer.EndObject();
}

Reply selection_get(Simulation& simulation, const rapidjson::Value&) {
    Output out;
    write_selection(simulation, out.writer);
    return out.reply();
}

Reply selection_set(Simulation& simulation, const rapidjson::Value& params) {
    std::vector<int> objects;
    std::vector<std::string> assets;
    for (auto& reference : params["objects"].GetArray()) {
        if (reference.HasMember("assetPath")) {
            if (!simulation.find_asset(reference["assetPath"].GetString()))
                return error_reply("not_found", std::string("no asset at '") + reference["assetPath"].GetString() + "'");
            assets.push_back(reference["assetPath"].GetString());
            continue;
        }
        Reply error;
        GameObject* object = simulation.find_object(reference, error);
        if (!object)
            return error;
        if (std::find(objects.begin(), objects.end(), object->id) == objects.end())
            objects.push_back(object->id);
    }
    simulation.world.selection = objects;
    simulation.world.selected_assets = assets;
    Output event;
    write_selection(simulation, event.writer);
    simulation.emit("selectionChanged", event.buffer.GetString());
    Output out;
    out.writer.StartObject();
    out.writer.Key("observed");
    write_selection(simulation, out.writer);
    out.writer.EndObject();
    return out.reply();
}

Reply menu_list(Simulation& simulation, const rapidjson::Value& params) {
    std::string prefix = params.HasMember("prefix") ? params["prefix"].GetString() : "";
    Output out;
    out.writer.StartObject();
    out.writer.Key("items");
    out.writer.StartArray();
    for (const auto& item : simulation.menus)
        if (item.path.rfind(prefix, 0) == 0) {
            out.writer.StartObject();
            out.writer.Key("path");
            out.writer.String(item.path.c_str());
            out.writer.Key("enabled");
            out.writer.Bool(item.enabled);
            out.writer.EndObject();
        }
    out.writer.EndArray();
    out.writer.EndObject();
    return out.reply();
}

Reply set_play_mode(Simulation& simulation, const std::string& state);

Reply menu_execute(Simulation& simulation, const rapidjson::Value& params) {
    std::string path = params["path"].GetString();
    auto item = std::find_if(simulation.menus.begin(), simulation.menus.end(), [&](const MenuItem& candidate) { return candidate.path == path; });
    if (item == simulation.menus.end())
        return error_reply("not_found", "no menu item '" + path + "'");
    if (!item->enabled)
        return error_reply("conflict", "menu item '" + path + "' is disabled now");
    std::size_t objects_before = simulation.world.objects.size();
    int64_t console_before = simulation.next_console_id;
    std::string action = item->action;
    std::string detail = "ran; the simulator models no effect for this item";
    if (action == "create-empty") {
        simulation.record_undo("Create Empty");
        simulation.create_object("GameObject", 0, simulation.world.active_scene);
        simulation.mark_dirty(simulation.world.active_scene);
        detail = "created an empty GameObject in the active scene";
    } else if (action == "play") {
        set_play_mode(simulation, simulation.play_mode == "edit" ? "playing" : "edit");
        detail = "toggled play mode";
    } else if (action == "log") {
        simulation.add_console(ConsoleKind::Log, "Menu item '" + path + "' executed");
        detail = "logged a line";
    }
    Output out;
    out.writer.StartObject();
    out.writer.Key("executed");
    out.writer.Bool(true);
    out.writer.Key("observed");
    out.writer.StartObject();
    out.writer.Key("detail");
    out.writer.String(detail.c_str());
    out.writer.Key("objectCountBefore");
    out.writer.Uint64(objects_before);
    out.writer.Key("objectCountAfter");
    out.writer.Uint64(simulation.world.objects.size());
    out.writer.Key("newConsoleEntries");
    out.writer.Int64(simulation.next_console_id - console_before);
    out.writer.Key("playMode");
    out.writer.String(simulation.play_mode.c_str());
    out.writer.EndObject();
    out.writer.EndObject();
    return out.reply();
}

std::string_view kind_name(ConsoleKind kind) {
    static const char* names[] = {"log", "warning", "error", "exception", "assert"};
    return names[static_cast<int>(kind)];
}

Reply console_read(Simulation& simulation, const rapidjson::Value& params) {
    std::vector<std::string> types;
    if (params.HasMember("types"))
        for (auto& type : params["types"].GetArray())
            types.push_back(type.GetString());
    std::string contains = params.HasMember("contains") ? params["contains"].GetString() : "";
    int64_t since = params.HasMember("sinceId") ? params["sinceId"].GetInt64() : 0;
    std::size_t limit = params.HasMember("limit") ? static_cast<std::size_t>(params["limit"].GetInt()) : 100;
    std::size_t returned = 0;
    int64_t last = since;
    bool more = false;
    // As the package does with LogEntries.consoleFlags and its search text: the user's Console filters
    // are lifted for the read, so a hidden error still reaches the agent, and put back afterwards.
    ConsoleFilters user_filters = std::exchange(simulation.console_filters, ConsoleFilters{});
    std::vector<const ConsoleEntry*> rows = simulation.console_rows();
    simulation.console_filters = std::move(user_filters);
    Output out;
    out.writer.StartObject();
    out.writer.Key("entries");
    out.writer.StartArray();
    for (const ConsoleEntry* row : rows) {
        const ConsoleEntry& entry = *row;
        if (entry.id <= since || (!types.empty() && std::find(types.begin(), types.end(), kind_name(entry.kind)) == types.end()) ||
            entry.message.find(contains) == std::string::npos)
            continue;
        if (returned == limit) {
            more = true;
            break;
        }
        out.writer.StartObject();
        out.writer.Key("id");
        out.writer.Int64(entry.id);
        out.writer.Key("type");
        auto kind = kind_name(entry.kind);
        out.writer.String(kind.data(), static_cast<rapidjson::SizeType>(kind.size()));
        out.writer.Key("message");
        out.writer.String(entry.message.c_str());
        out.writer.EndObject();
        last = entry.id;
        ++returned;
    }
    out.writer.EndArray();
    out.writer.Key("lastId");
    out.writer.Int64(last);
    out.writer.Key("more");
    out.writer.Bool(more);
    out.writer.Key("consoleFiltersBypassed");
    out.writer.Bool(true);
    out.writer.EndObject();
    return out.reply();
}

Reply console_clear(Simulation& simulation, const rapidjson::Value&) {
    std::size_t cleared = simulation.console.size();
    simulation.console.clear();
    return result_reply(json::TextWriter()
                            .begin_object()
                            .key("observed")
                            .begin_object()
                            .field("cleared", cleared)
                            .field("remaining", simulation.console.size())
                            .end_object()
                            .end_object()
                            .text());
}

Reply playmode_get(Simulation& simulation, const rapidjson::Value&) {
    return result_reply(json::TextWriter().begin_object().field("state", simulation.play_mode).end_object().text());
}

Reply set_play_mode(Simulation& simulation, const std::string& state) {
    std::string before = simulation.play_mode;
    if (state == before)
        return play_mode_observed(state, false);
    if (before == "edit")
        simulation.play_backup = simulation.world;
    if (state == "edit" && simulation.play_backup) {
        simulation.restore(std::move(*simulation.play_backup));
        simulation.play_backup.reset();
    }
    simulation.play_mode = state;
    simulation.emit("playModeChanged", json::TextWriter().begin_object().field("state", state).field("previous", before).end_object().text());
    return play_mode_observed(simulation.play_mode, true);
}

Reply playmode_set(Simulation& simulation, const rapidjson::Value& params) {
    std::string state = params["state"].GetString();
    if (state == "paused" && simulation.play_mode == "edit")
        return error_reply("conflict", "cannot pause: the editor is not in play mode");
    return set_play_mode(simulation, state);
}

} // namespace

void register_editor_primitives(std::map<std::string, Primitive, std::less<>>& table) {
    table["ping"] = &ping;
    table["request.status"] = &request_status;
    table["editor.info"] = &editor_info;
    table["editor.state"] = &editor_state;
    table["undo.beginGroup"] = &undo_begin;
    table["undo.endGroup"] = &undo_end;
    table["undo.collapse"] = &undo_collapse;
    table["undo.revertGroup"] = &undo_revert;
    table["selection.get"] = &selection_get;
    table["selection.set"] = &selection_set;
    table["menu.list"] = &menu_list;
    table["menu.execute"] = &menu_execute;
    table["console.read"] = &console_read;
    table["console.clear"] = &console_clear;
    table["playmode.get"] = &playmode_get;
    table["playmode.set"] = &playmode_set;
}

} // namespace uap::editor_sim

// Simulator primitives for editor views: the Game view's target resolution.
#include "world.hpp"

namespace uap::editor_sim {

namespace {

Reply write_size(Simulation& simulation, const char* key) {
    Output out;
    out.writer.StartObject();
    if (key) {
        out.writer.Key(key);
        out.writer.StartObject();
    }
    out.writer.Key("open");
    out.writer.Bool(true);
    out.writer.Key("width");
    out.writer.Int(simulation.game_view_width);
    out.writer.Key("height");
    out.writer.Int(simulation.game_view_height);
    if (key)
        out.writer.EndObject();
    out.writer.EndObject();
    return out.reply();
}

Reply game_view_get(Simulation& simulation, const rapidjson::Value&) { return write_size(simulation, nullptr); }

Reply game_view_set(Simulation& simulation, const rapidjson::Value& params) {
    simulation.game_view_width = params["width"].GetInt();
    simulation.game_view_height = params["height"].GetInt();
    return write_size(simulation, "observed");
}

} // namespace

void register_view_primitives(std::map<std::string, Primitive, std::less<>>& table) {
    table["gameView.get"] = &game_view_get;
    table["gameView.set"] = &game_view_set;
}

} // namespace uap::editor_sim

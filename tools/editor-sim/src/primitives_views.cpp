// Simulator primitives for editor views (the Game view's target resolution) and the asset refresh
// that imports scripts written to the project's Assets/ folder on disk.
#include "world.hpp"
#include "support/utf8_path.hpp"

#include <filesystem>

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

Reply asset_refresh(Simulation& simulation, const rapidjson::Value&) { return refresh_assets(simulation); }

} // namespace

// Registers .cs files found on disk under <project>/Assets that the asset database does not know yet
// (with their folders), as AssetDatabase.Refresh imports them. Nothing is compiled.
Reply refresh_assets(Simulation& simulation) {
    namespace fs = std::filesystem;
    fs::path root = uap::utf8::to_path(simulation.identity.project_path) / "Assets";
    Output out;
    out.writer.StartObject();
    out.writer.Key("observed");
    out.writer.StartObject();
    out.writer.Key("imported");
    out.writer.StartArray();
    bool scripts = false;
    std::error_code error;
    if (!simulation.identity.project_path.empty() && fs::is_directory(root, error))
        for (auto entry = fs::recursive_directory_iterator(root, fs::directory_options::skip_permission_denied, error);
             entry != fs::recursive_directory_iterator(); entry.increment(error)) {
            if (error)
                break;
            std::string relative = "Assets/" + fs::relative(entry->path(), root, error).generic_string();
            bool folder = entry->is_directory(error);
            if ((!folder && entry->path().extension() != ".cs") || simulation.find_asset(relative))
                continue;
            Asset asset;
            asset.path = relative;
            asset.kind = folder ? "Folder" : "MonoScript";
            asset.guid = "sim" + std::to_string(simulation.world.next_id++);
            simulation.world.assets[relative] = std::move(asset);
            scripts = scripts || !folder;
            out.writer.String(relative.c_str());
        }
    out.writer.EndArray();
    out.writer.Key("compileStarted");
    out.writer.Bool(false);
    out.writer.EndObject();
    out.writer.EndObject();
    return out.reply();
}

void register_view_primitives(std::map<std::string, Primitive, std::less<>>& table) {
    table["gameView.get"] = &game_view_get;
    table["gameView.set"] = &game_view_set;
    table["asset.refresh"] = &asset_refresh;
}

} // namespace uap::editor_sim

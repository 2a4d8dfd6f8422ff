// Simulator primitives for editor views (the Game view's target resolution) and the asset refresh
// that imports scripts written to the project's Assets/ folder on disk.
#include "world.hpp"
#include "support/utf8_path.hpp"

#include <filesystem>
#include <fstream>

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

// FNV-1a of a file's bytes: enough to notice that a script changed since its last import.
uint64_t content_hash(const std::filesystem::path& path) {
    std::ifstream file(path, std::ios::binary);
    uint64_t hash = 14695981039346656037ull;
    for (char c; file.get(c);)
        hash = (hash ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    return hash;
}

} // namespace

// Registers .cs files found on disk under <project>/Assets that the asset database does not know yet
// (with their folders), as AssetDatabase.Refresh imports them; imported scripts request a compile.
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
            if (!folder && entry->path().extension() != ".cs")
                continue;
            uint64_t hash = folder ? 0 : content_hash(entry->path());
            if (Asset* known = simulation.find_asset(relative)) {
                if (folder || known->content_hash == hash)
                    continue;
                known->content_hash = hash; // A changed script is imported again, and compiled.
                scripts = true;
                out.writer.String(relative.c_str());
                continue;
            }
            Asset asset;
            asset.content_hash = hash;
            asset.path = relative;
            asset.kind = folder ? "Folder" : "MonoScript";
            asset.guid = "sim" + std::to_string(simulation.world.next_id++);
            simulation.world.assets[relative] = std::move(asset);
            scripts = scripts || !folder;
            out.writer.String(relative.c_str());
        }
    out.writer.EndArray();
    // Unity compiles after importing scripts; the connected runtime runs that compile next.
    simulation.compile_requested = simulation.compile_requested || scripts;
    out.writer.Key("compileStarted");
    out.writer.Bool(scripts);
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

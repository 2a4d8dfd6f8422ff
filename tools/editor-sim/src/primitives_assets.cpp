// Simulator primitives for assets, import settings, scenes, search, screenshots and script validation.
#include "material_shaders.hpp"
#include "prefab_links.hpp"
#include "world.hpp"
#include "script_checks.hpp"
#include "sim_image.hpp"
#include "support/json_writer.hpp"

#include <Poco/Base64Encoder.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <sstream>

namespace uap::editor_sim {

std::optional<std::string> canonical_setting(Simulation& simulation, const Property& property, const rapidjson::Value& value,
                                             std::string& reason);

std::vector<std::string> asset_types(const Asset& asset) {
    std::vector<std::string> types{asset.kind};
    if (asset.type && asset.type->kind == TypeKind::ScriptableObject)
        types.push_back(asset.type->short_name);
    if (asset.kind == "Prefab" || asset.kind == "Model")
        types.push_back("GameObject");
    return types;
}

std::string folded(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

std::string file_stem(const std::string& path) {
    auto slash = path.find_last_of('/');
    std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    auto dot = name.find_last_of('.');
    return dot == std::string::npos ? name : name.substr(0, dot);
}

namespace {

std::string parent_folder(const std::string& path) {
    auto slash = path.find_last_of('/');
    return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

// A parsed search filter: "t:Type" words and plain name words, all of which must match.
struct Filter {
    std::vector<std::string> types;
    std::vector<std::string> words;

    explicit Filter(std::string_view text) {
        std::istringstream stream{std::string(text)};
        std::string word;
        while (stream >> word)
            if (word.rfind("t:", 0) == 0)
                types.push_back(folded(word.substr(2)));
            else
                words.push_back(folded(word));
    }
    bool name_matches(const std::string& name) const {
        auto lowered = folded(name);
        return std::all_of(words.begin(), words.end(), [&](const std::string& word) { return lowered.find(word) != std::string::npos; });
    }
    bool type_matches(const std::vector<std::string>& candidates) const {
        return std::all_of(types.begin(), types.end(), [&](const std::string& type) {
            return std::any_of(candidates.begin(), candidates.end(), [&](const std::string& candidate) { return folded(candidate) == type; });
        });
    }
};


void write_asset(JsonWriter& writer, const Asset& asset) {
    writer.StartObject();
    writer.Key("path");
    writer.String(asset.path.c_str());
    writer.Key("kind");
    writer.String(asset.kind.c_str());
    writer.Key("guid");
    writer.String(asset.guid.c_str());
    if (asset.type) {
        writer.Key("type");
        writer.String(asset.type->full_name.c_str());
    }
    writer.EndObject();
}

Reply asset_find(Simulation& simulation, const rapidjson::Value& params) {
    Filter filter(params["filter"].GetString());
    std::vector<std::string> folders;
    if (params.HasMember("folders"))
        for (auto& folder : params["folders"].GetArray())
            folders.push_back(std::string(folder.GetString()) + "/");
    std::vector<const Asset*> matches;
    for (const auto& [path, asset] : simulation.world.assets) {
        const std::string& asset_path = path; // clang 14 cannot capture a structured binding.
        if (!folders.empty() &&
            std::none_of(folders.begin(), folders.end(), [&](const std::string& folder) { return asset_path.rfind(folder, 0) == 0; }))
            continue;
        if (filter.name_matches(file_stem(path)) && filter.type_matches(asset_types(asset)))
            matches.push_back(&asset);
    }
    auto offset = parse_cursor(params);
    if (!offset)
        return error_reply("invalid_params", "cursor is not one this editor issued");
    std::size_t limit = params.HasMember("limit") ? static_cast<std::size_t>(params["limit"].GetInt()) : 200;
    std::size_t end = std::min(matches.size(), *offset + limit);
    Output out;
    out.writer.StartObject();
    out.writer.Key("assets");
    out.writer.StartArray();
    for (std::size_t index = *offset; index < end; ++index)
        write_asset(out.writer, *matches[index]);
    out.writer.EndArray();
    out.writer.Key("total");
    out.writer.Uint64(matches.size());
    if (end < matches.size()) {
        out.writer.Key("nextCursor");
        out.writer.String(std::to_string(end).c_str());
    }
    out.writer.EndObject();
    return out.reply();
}

std::string unique_path(Simulation& simulation, const std::string& path) {
    if (!simulation.find_asset(path))
        return path;
    auto dot = path.find_last_of('.');
    bool has_extension = dot != std::string::npos && dot > path.find_last_of('/');
    std::string stem = has_extension ? path.substr(0, dot) : path;
    std::string extension = has_extension ? path.substr(dot) : "";
    for (int number = 1;; ++number) {
        std::string candidate = stem + " " + std::to_string(number) + extension;
        if (!simulation.find_asset(candidate))
            return candidate;
    }
}

Reply asset_create(Simulation& simulation, const rapidjson::Value& params) {
    std::string requested = params["path"].GetString();
    std::string kind = params["kind"].GetString();
    if (requested.rfind("Assets/", 0) != 0)
        return error_reply("invalid_params", "asset paths start with 'Assets/'");
    Asset* folder = simulation.find_asset(parent_folder(requested));
    if (!folder || folder->kind != "Folder")
        return error_reply("not_found", "folder '" + parent_folder(requested) + "' does not exist; create it first");
    static const std::map<std::string, std::string> extensions{{"Material", ".mat"}, {"Prefab", ".prefab"}, {"ScriptableObject", ".asset"}};
    auto extension = extensions.find(kind);
    if (extension != extensions.end() &&
        (requested.size() < extension->second.size() || requested.compare(requested.size() - extension->second.size(), std::string::npos, extension->second) != 0))
        return error_reply("invalid_params", "a " + kind + " asset path must end in " + extension->second);
    Asset asset;
    asset.kind = kind;
    Reply error;
    if (kind == "Material") {
        asset.type = simulation.types.find("UnityEngine.Material");
    } else if (kind == "ScriptableObject") {
        if (!params.HasMember("type"))
            return error_reply("invalid_params", "a ScriptableObject needs 'type'");
        asset.type = simulation.find_type(params["type"].GetString(), error);
        if (!asset.type)
            return error;
        if (asset.type->kind != TypeKind::ScriptableObject)
            return error_reply("type_mismatch", asset.type->full_name + " is not a ScriptableObject type");
    } else if (kind == "Prefab") {
        if (!params.HasMember("source"))
            return error_reply("invalid_params", "a Prefab needs 'source', the scene object to save");
        GameObject* source = simulation.find_object(params["source"], error);
        if (!source)
            return error;
        if (source->prefab_asset.empty() && source->prefab_source != 0)
            return error_reply("conflict", "Can't save part of a Prefab instance as a Prefab: " + source->name +
                                               " is inside an instance; save its instance root, or unpack the instance first");
        asset.stored = simulation.store_subtree(source->id);
    }
    if (asset.type)
        for (const auto& spec : asset.type->properties)
            asset.properties.push_back(Property{&spec, spec.default_json});
    std::optional<MaterialShader> shader;
    if (kind == "Material") {
        shader = choose_material_shader(simulation, params);
        asset.properties[0].value_json = quoted_json(shader->name);
    }
    asset.path = unique_path(simulation, requested);
    asset.guid = "sim" + std::to_string(simulation.world.next_id++);
    std::string path = asset.path;
    simulation.world.assets[path] = std::move(asset);
    if (kind == "Prefab") {
        GameObject* source = simulation.find_object(params["source"], error);
        connect_saved_prefab(simulation, source->id, path);
    }
    Output out;
    out.writer.StartObject();
    out.writer.Key("observed");
    out.writer.StartObject();
    out.writer.Key("exists");
    out.writer.Bool(simulation.find_asset(path) != nullptr);
    out.writer.Key("asset");
    write_asset(out.writer, *simulation.find_asset(path));
    out.writer.Key("renamed");
    out.writer.Bool(path != requested);
    if (shader)
        write_material_shader(out.writer, *shader);
    out.writer.EndObject();
    out.writer.EndObject();
    return out.reply();
}

Reply asset_delete(Simulation& simulation, const rapidjson::Value& params) {
    std::string path = params["path"].GetString();
    if (!simulation.find_asset(path))
        return error_reply("not_found", "no asset at '" + path + "'");
    if (path == "Assets")
        return error_reply("conflict", "the Assets folder cannot be deleted");
    std::vector<std::string> removed;
    for (const auto& [candidate, asset] : simulation.world.assets)
        if (candidate == path || candidate.rfind(path + "/", 0) == 0)
            removed.push_back(candidate);
    for (const auto& candidate : removed) {
        simulation.world.assets.erase(candidate);
        simulation.world.trash.push_back(candidate);
    }
    Output out;
    out.writer.StartObject();
    out.writer.Key("observed");
    out.writer.StartObject();
    out.writer.Key("exists");
    out.writer.Bool(simulation.find_asset(path) != nullptr);
    out.writer.Key("movedToTrash");
    out.writer.Uint64(removed.size());
    out.writer.EndObject();
    out.writer.EndObject();
    return out.reply();
}

void write_settings(JsonWriter& writer, const Asset& asset) {
    writer.StartArray();
    for (const auto& setting : asset.import_settings) {
        writer.StartObject();
        writer.Key("path");
        writer.String(setting.spec->path.c_str());
        writer.Key("type");
        auto type = type_name(setting.spec->type);
        writer.String(type.data(), static_cast<rapidjson::SizeType>(type.size()));
        writer.Key("value");
        writer.RawValue(setting.value_json.data(), setting.value_json.size(), rapidjson::kObjectType);
        writer.EndObject();
    }
    writer.EndArray();
}

Asset* importable(Simulation& simulation, const rapidjson::Value& params, Reply& error) {
    Asset* asset = simulation.find_asset(params["path"].GetString());
    if (!asset)
        error = error_reply("not_found", std::string("no asset at '") + params["path"].GetString() + "'");
    else if (asset->importer.empty())
        error = error_reply("unsupported", "asset '" + asset->path + "' (" + asset->kind + ") has no importer settings");
    else
        return asset;
    return nullptr;
}

Reply import_settings_get(Simulation& simulation, const rapidjson::Value& params) {
    Reply error;
    Asset* asset = importable(simulation, params, error);
    if (!asset)
        return error;
    Output out;
    out.writer.StartObject();
    out.writer.Key("importer");
    out.writer.String(asset->importer.c_str());
    out.writer.Key("settings");
    write_settings(out.writer, *asset);
    out.writer.EndObject();
    return out.reply();
}

Reply import_settings_set(Simulation& simulation, const rapidjson::Value& params) {
    Reply error;
    Asset* asset = importable(simulation, params, error);
    if (!asset)
        return error;
    std::vector<std::pair<Property*, std::string>> writes;
    for (auto& entry : params["values"].GetArray()) {
        std::string path = entry["path"].GetString();
        auto found = std::find_if(asset->import_settings.begin(), asset->import_settings.end(),
                                  [&](const Property& setting) { return setting.spec->path == path; });
        if (found == asset->import_settings.end())
            return error_reply("not_found", asset->importer + " has no setting '" + path + "'; nothing was written");
        if (type_name(found->spec->type) != entry["type"].GetString())
            return error_reply("type_mismatch", "setting '" + path + "' is " + std::string(type_name(found->spec->type)) + "; nothing was written");
        std::string reason;
        auto canonical = canonical_setting(simulation, *found, entry["value"], reason);
        if (!canonical)
            return error_reply("type_mismatch", "setting '" + path + "': " + reason + "; nothing was written");
        writes.emplace_back(&*found, *canonical);
    }
    for (auto& [setting, value] : writes)
        setting->value_json = value;
    Output out;
    out.writer.StartObject();
    out.writer.Key("observed");
    out.writer.StartObject();
    out.writer.Key("reimported");
    out.writer.Bool(true);
    out.writer.Key("settings");
    write_settings(out.writer, *asset);
    out.writer.EndObject();
    out.writer.EndObject();
    return out.reply();
}

void write_scene(JsonWriter& writer, const Simulation& simulation, const Scene& scene) {
    writer.StartObject();
    writer.Key("name");
    writer.String(scene.name.c_str());
    writer.Key("path");
    writer.String(scene.path.c_str());
    writer.Key("dirty");
    writer.Bool(scene.dirty);
    writer.Key("active");
    writer.Bool(scene.handle == simulation.world.active_scene);
    writer.Key("rootCount");
    writer.Uint64(scene.roots.size());
    writer.EndObject();
}

Reply scene_list(Simulation& simulation, const rapidjson::Value&) {
    Output out;
    out.writer.StartObject();
    out.writer.Key("open");
    out.writer.StartArray();
    for (const auto& scene : simulation.world.scenes)
        write_scene(out.writer, simulation, scene);
    out.writer.EndArray();
    out.writer.Key("sceneAssets");
    out.writer.StartArray();
    for (const auto& [path, asset] : simulation.world.assets)
        if (asset.kind == "Scene")
            out.writer.String(path.c_str());
    out.writer.EndArray();
    out.writer.EndObject();
    return out.reply();
}

Reply scene_open(Simulation& simulation, const rapidjson::Value& params) {
    if (simulation.play_mode != "edit")
        return error_reply("conflict", "scenes cannot be opened from the editor API in play mode");
    std::string path = params["path"].GetString();
    Asset* asset = simulation.find_asset(path);
    if (!asset || asset->kind != "Scene")
        return error_reply("not_found", "no scene asset at '" + path + "'");
    bool additive = params.HasMember("mode") && std::string(params["mode"].GetString()) == "additive";
    bool discard = params.HasMember("discardChanges") && params["discardChanges"].GetBool();
    if (additive && simulation.find_scene(path))
        return error_reply("conflict", "scene '" + path + "' is already open");
    if (!additive && !discard)
        for (const auto& scene : simulation.world.scenes)
            if (scene.dirty)
                return error_reply("conflict", "open scene '" + scene.name + "' has unsaved changes; save it or pass discardChanges");
    if (!additive) {
        for (auto& scene : simulation.world.scenes)
            for (int root : std::vector<int>(scene.roots))
                simulation.destroy_object(root);
        simulation.world.scenes.clear();
        simulation.world.selection.clear();
        simulation.undo.clear();
    }
    Scene scene;
    scene.handle = simulation.world.next_scene_handle++;
    scene.path = path;
    scene.name = file_stem(path);
    simulation.world.scenes.push_back(scene);
    if (!additive || simulation.world.active_scene == 0)
        simulation.world.active_scene = scene.handle;
    for (int root : asset->stored.roots)
        simulation.copy_objects(asset->stored, root, 0, scene.handle);
    simulation.emit("sceneChanged", json::TextWriter().begin_object().field("scene", scene.name).field("opened", true).end_object().text());
    Output out;
    out.writer.StartObject();
    out.writer.Key("observed");
    write_scene(out.writer, simulation, *simulation.scene_by_handle(scene.handle));
    out.writer.EndObject();
    return out.reply();
}

Reply scene_save(Simulation& simulation, const rapidjson::Value& params) {
    if (simulation.play_mode != "edit")
        return error_reply("conflict", "scenes cannot be saved in play mode");
    Scene* scene = params.HasMember("scene") ? simulation.find_scene(params["scene"].GetString())
                                             : simulation.scene_by_handle(simulation.world.active_scene);
    if (!scene)
        return error_reply("not_found", "no such open scene");
    std::string path = params.HasMember("saveAs") ? params["saveAs"].GetString() : scene->path;
    if (path.empty())
        return error_reply("conflict", "the scene is untitled; pass saveAs");
    if (path.rfind("Assets/", 0) != 0 || path.size() < 7 || path.substr(path.size() - 6) != ".unity")
        return error_reply("invalid_params", "scene paths start with 'Assets/' and end in '.unity'");
    if (!simulation.find_asset(parent_folder(path)))
        return error_reply("not_found", "folder '" + parent_folder(path) + "' does not exist");
    Asset& asset = simulation.world.assets[path];
    asset.path = path;
    asset.kind = "Scene";
    if (asset.guid.empty())
        asset.guid = "sim" + std::to_string(simulation.world.next_id++);
    asset.stored = StoredObjects{};
    for (int root : scene->roots) {
        StoredObjects subtree = simulation.store_subtree(root);
        // A prefab instance at a scene root stays one when the scene is opened again.
        subtree.objects.at(root).prefab_asset = simulation.world.objects.at(root).prefab_asset;
        asset.stored.objects.insert(subtree.objects.begin(), subtree.objects.end());
        asset.stored.roots.push_back(root);
    }
    scene->path = path;
    scene->name = file_stem(path);
    scene->dirty = false;
    Output out;
    out.writer.StartObject();
    out.writer.Key("observed");
    out.writer.StartObject();
    out.writer.Key("scene");
    write_scene(out.writer, simulation, *scene);
    out.writer.Key("savedObjects");
    out.writer.Uint64(asset.stored.objects.size());
    out.writer.EndObject();
    out.writer.EndObject();
    return out.reply();
}

// The camera's background colour with one square per root object, and a faint fixed grain: a real
// render's textures and lighting make its PNG large, and a flat colour would let every capture pass
// as a small PNG, so the JPEG fallback could never be exercised.
RgbImage render_view(const Simulation& simulation, int width, int height) {
    double background[3] = {0.19, 0.3, 0.47};
    for (const auto& [id, object] : simulation.world.objects)
        for (const auto& component : object.components)
            if (component.type->short_name == "Camera") {
                rapidjson::Document colour;
                colour.Parse(component.properties[1].value_json.c_str());
                background[0] = colour["r"].GetDouble(), background[1] = colour["g"].GetDouble(), background[2] = colour["b"].GetDouble();
            }
    std::size_t roots = 0;
    for (const auto& scene : simulation.world.scenes)
        roots += scene.roots.size();
    RgbImage image{width, height, {}};
    image.pixels.reserve(static_cast<std::size_t>(width) * height * 3);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            std::size_t cell = static_cast<std::size_t>(x / 16);
            bool marker = y >= height / 2 - 4 && y < height / 2 + 4 && cell < roots && x % 16 < 8;
            uint32_t hash = (static_cast<uint32_t>(x) * 73856093u) ^ (static_cast<uint32_t>(y) * 19349663u);
            hash = (hash ^ (hash >> 13)) * 1274126177u;
            int grain = static_cast<int>((hash >> 24) % 5) - 2;
            for (double channel : background)
                image.pixels.push_back(static_cast<uint8_t>(marker ? 230 : std::clamp(static_cast<int>(std::clamp(channel, 0.0, 1.0) * 255) + grain, 0, 255)));
        }
    return image;
}

// The size that keeps the long edge at most max_edge (never larger than the source, aspect kept).
std::pair<int, int> fitted_size(int width, int height, int max_edge) {
    int long_edge = std::max(width, height);
    if (long_edge <= max_edge)
        return {width, height};
    double scale = static_cast<double>(max_edge) / long_edge;
    return {std::clamp(static_cast<int>(std::lround(width * scale)), 1, max_edge), std::clamp(static_cast<int>(std::lround(height * scale)), 1, max_edge)};
}

// Quality as the Unity shim's (ImageFitting.JpegQuality).
constexpr int jpeg_quality = 80;

Reply screenshot_capture(Simulation& simulation, const rapidjson::Value& params) {
    int width = params.HasMember("width") ? params["width"].GetInt() : 320;
    int height = params.HasMember("height") ? params["height"].GetInt() : 180;
    int max_edge = params.HasMember("maxEdge") ? params["maxEdge"].GetInt() : 4096;
    int64_t max_bytes = params.HasMember("maxBytes") ? params["maxBytes"].GetInt64() : INT64_MAX;
    bool window_view = params.HasMember("view") && std::string_view(params["view"].GetString()) == "window";
    EditorWindowModel* window = nullptr;
    if (window_view) {
        // A window is captured at its size on screen (the image's pixels are the scene render: a deviation).
        Reply error;
        window = find_editor_window(simulation, params, error);
        if (!window)
            return error;
        width = static_cast<int>(window->position.width);
        height = static_cast<int>(window->position.height);
    }
    int source_width = width, source_height = height;
    auto [fitted_width, fitted_height] = fitted_size(width, height, max_edge);
    // As in Unity: a camera renders at the fitted size, a window is captured whole and scaled down.
    if (!window_view)
        width = fitted_width, height = fitted_height;
    if (static_cast<int64_t>(width) * height > 4096 * 4096)
        return error_reply("result_too_large", "the simulator renders at most 4096x4096 pixels; ask for a smaller image");
    RgbImage image = render_view(simulation, width, height);
    if (width != fitted_width || height != fitted_height)
        image = scaled_image(image, fitted_width, fitted_height);
    std::string encoded = encode_png(image);
    std::size_t png_bytes = encoded.size();
    bool jpeg = static_cast<int64_t>(png_bytes) > max_bytes;
    if (jpeg)
        encoded = encode_jpeg(image, jpeg_quality);
    bool fits = static_cast<int64_t>(encoded.size()) <= max_bytes;
    Output out;
    out.writer.StartObject();
    out.writer.Key("mimeType");
    out.writer.String(jpeg ? "image/jpeg" : "image/png");
    out.writer.Key("width");
    out.writer.Int(image.width);
    out.writer.Key("height");
    out.writer.Int(image.height);
    out.writer.Key("sourceWidth");
    out.writer.Int(source_width);
    out.writer.Key("sourceHeight");
    out.writer.Int(source_height);
    out.writer.Key("bytes");
    out.writer.Uint64(encoded.size());
    out.writer.Key("pngBytes");
    out.writer.Uint64(png_bytes);
    if (jpeg) {
        out.writer.Key("jpegQuality");
        out.writer.Int(jpeg_quality);
    }
    out.writer.Key("fits");
    out.writer.Bool(fits);
    out.writer.Key("view");
    out.writer.String(params.HasMember("view") ? params["view"].GetString() : "game");
    out.writer.Key("simulated");
    out.writer.Bool(true);
    if (window) {
        out.writer.Key("window");
        out.writer.StartObject();
        out.writer.Key("windowId");
        out.writer.Int64(window->id);
        out.writer.Key("title");
        out.writer.String(window->title.c_str());
        out.writer.EndObject();
    } else {
        write_capture_camera(out.writer, simulation, params, image.width, image.height);
    }
    if (fits) {
        std::ostringstream base64;
        Poco::Base64Encoder encoder(base64);
        encoder.rdbuf()->setLineLength(0);
        encoder.write(encoded.data(), static_cast<std::streamsize>(encoded.size()));
        encoder.close();
        out.writer.Key("base64");
        out.writer.String(base64.str().c_str());
    }
    out.writer.EndObject();
    return out.reply();
}

Reply search_query(Simulation& simulation, const rapidjson::Value& params) {
    Filter filter(params["query"].GetString());
    std::string scope = params.HasMember("scope") ? params["scope"].GetString() : "all";
    std::size_t limit = params.HasMember("limit") ? static_cast<std::size_t>(params["limit"].GetInt()) : 100;
    std::size_t found = 0;
    Output out;
    out.writer.StartObject();
    out.writer.Key("results");
    out.writer.StartArray();
    if (scope != "assets") {
        std::vector<int> order;
        for (const auto& [id, object] : simulation.world.objects)
            order.push_back(id);
        std::sort(order.begin(), order.end());
        for (int id : order) {
            const auto& object = simulation.world.objects.at(id);
            std::vector<std::string> types{"GameObject"};
            for (const auto& component : object.components)
                types.push_back(component.type->short_name);
            if (!filter.name_matches(object.name) || !filter.type_matches(types))
                continue;
            if (found++ < limit) {
                out.writer.StartObject();
                out.writer.Key("kind");
                out.writer.String("sceneObject");
                out.writer.Key("instanceId");
                out.writer.Int(id);
                out.writer.Key("path");
                out.writer.String(simulation.path_of(object).c_str());
                out.writer.EndObject();
            }
        }
    }
    if (scope != "scene")
        for (const auto& [path, asset] : simulation.world.assets)
            if (filter.name_matches(file_stem(path)) && filter.type_matches(asset_types(asset)) && found++ < limit) {
                out.writer.StartObject();
                out.writer.Key("kind");
                out.writer.String("asset");
                out.writer.Key("path");
                out.writer.String(path.c_str());
                out.writer.Key("assetKind");
                out.writer.String(asset.kind.c_str());
                out.writer.EndObject();
            }
    out.writer.EndArray();
    out.writer.Key("total");
    out.writer.Uint64(found);
    out.writer.Key("truncated");
    out.writer.Bool(found > limit);
    out.writer.EndObject();
    return out.reply();
}

// A stand-in for compiling staged sources (script_checks.hpp).
Reply scripts_validate(Simulation&, const rapidjson::Value& params) {
    Output out;
    bool ok = true;
    out.writer.StartObject();
    out.writer.Key("diagnostics");
    out.writer.StartArray();
    for (auto& source : params["sources"].GetArray()) {
        std::string path = source["path"].GetString();
        check_script(source["text"].GetString(), [&](const ScriptDiagnostic& diagnostic) {
            ok = false;
            out.writer.StartObject();
            out.writer.Key("path");
            out.writer.String(path.c_str());
            out.writer.Key("line");
            out.writer.Int(diagnostic.line);
            out.writer.Key("severity");
            out.writer.String("error");
            out.writer.Key("message");
            out.writer.String(diagnostic.message.c_str());
            out.writer.EndObject();
        });
    }
    out.writer.EndArray();
    out.writer.Key("ok");
    out.writer.Bool(ok);
    out.writer.Key("simulated");
    out.writer.Bool(true);
    out.writer.Key("checks");
    out.writer.String(script_checks_scope);
    out.writer.EndObject();
    return out.reply();
}

} // namespace

std::string unique_asset_path(Simulation& simulation, const std::string& path) { return unique_path(simulation, path); }

void register_asset_primitives(std::map<std::string, Primitive, std::less<>>& table) {
    table["asset.find"] = &asset_find;
    table["asset.create"] = &asset_create;
    table["asset.delete"] = &asset_delete;
    table["asset.importSettings.get"] = &import_settings_get;
    table["asset.importSettings.set"] = &import_settings_set;
    table["scene.list"] = &scene_list;
    table["scene.open"] = &scene_open;
    table["scene.save"] = &scene_save;
    table["screenshot.capture"] = &screenshot_capture;
    table["search.query"] = &search_query;
    table["scripts.validate"] = &scripts_validate;
}

} // namespace uap::editor_sim

// The simulator's search.unity: the subset of Unity Search's query language the host's tests use
// (t:, ref:, h:, is:static and its spelling isstatic, name words, negation with -) over the adb and
// scene providers. docs/simulator-deviations.md lists where it differs from Unity.
#include "world.hpp"

#include <algorithm>
#include <cctype>
#include <functional>
#include <sstream>

namespace uap::editor_sim {

namespace {

enum class Condition { Name, Type, Reference, Static };
enum class Sense { Wanted, Negated };

struct Term {
    Condition condition = Condition::Name;
    Sense sense = Sense::Wanted;
    std::string value; // Lower case; for Reference the asset path it resolved to (empty: no such asset).
};

// What one object or asset offers the terms: its name, its types, the asset paths it references, whether it is static.
struct Candidate {
    std::string name;
    std::vector<std::string> types;
    std::vector<std::string> references;
    bool is_static = false;
};

struct ParsedQuery {
    std::vector<Term> terms;
    bool hierarchy_only = false; // "h:" names the scene provider, as each provider's filter id does in Unity.
    std::string error;
};

// The asset a ref: value names: its path, its file name or its name without extension, in that order.
std::string referenced_asset(const Simulation& simulation, const std::string& value) {
    for (int pass = 0; pass < 3; ++pass)
        for (const auto& [path, asset] : simulation.world.assets) {
            std::string candidate = folded(path);
            auto slash = candidate.find_last_of('/');
            std::string file = slash == std::string::npos ? candidate : candidate.substr(slash + 1);
            std::string stem = file_stem(candidate);
            if ((pass == 0 && candidate == value) || (pass == 1 && file == value) || (pass == 2 && stem == value))
                return path;
        }
    return {};
}

ParsedQuery parse(const Simulation& simulation, std::string_view query) {
    ParsedQuery parsed;
    std::istringstream stream{std::string(query)};
    std::string word;
    while (stream >> word) {
        Term term;
        if (word.size() > 1 && word[0] == '-') {
            term.sense = Sense::Negated;
            word.erase(0, 1);
        }
        std::string lower = folded(word);
        if (lower.rfind("h:", 0) == 0 && term.sense == Sense::Wanted) {
            parsed.hierarchy_only = true;
            lower.erase(0, 2);
            if (lower.empty())
                continue;
        }
        auto colon = lower.find(':');
        if (lower == "isstatic" || lower == "is:static") {
            term.condition = Condition::Static;
        } else if (lower.rfind("t:", 0) == 0) {
            term.condition = Condition::Type;
            term.value = lower.substr(2);
        } else if (lower.rfind("ref:", 0) == 0) {
            term.condition = Condition::Reference;
            term.value = referenced_asset(simulation, lower.substr(4));
        } else if (colon != std::string::npos) {
            parsed.error = "the simulator's Unity Search supports only t:, ref:, h:, is:static (or isstatic), name words "
                           "and - before any of them, not '" + word + "'";
            return parsed;
        } else {
            term.value = lower;
        }
        parsed.terms.push_back(std::move(term));
    }
    return parsed;
}

bool holds(const Term& term, const Candidate& candidate) {
    switch (term.condition) {
    case Condition::Name:
        return folded(candidate.name).find(term.value) != std::string::npos;
    case Condition::Type:
        return std::any_of(candidate.types.begin(), candidate.types.end(), [&](const std::string& type) { return folded(type) == term.value; });
    case Condition::Reference:
        return !term.value.empty() && std::find(candidate.references.begin(), candidate.references.end(), term.value) != candidate.references.end();
    case Condition::Static:
        return candidate.is_static;
    }
    return false;
}

bool matches(const std::vector<Term>& terms, const Candidate& candidate) {
    return std::all_of(terms.begin(), terms.end(), [&](const Term& term) { return holds(term, candidate) == (term.sense == Sense::Wanted); });
}

// Every asset path an object reference inside a stored value names.
void collect_references(const rapidjson::Value& value, std::vector<std::string>& references) {
    if (value.IsObject()) {
        if (value.HasMember("assetPath") && value["assetPath"].IsString())
            references.emplace_back(value["assetPath"].GetString());
        for (const auto& member : value.GetObject())
            collect_references(member.value, references);
    } else if (value.IsArray()) {
        for (const auto& element : value.GetArray())
            collect_references(element, references);
    }
}

void add_references(const std::vector<Property>& properties, std::vector<std::string>& references) {
    for (const auto& property : properties) {
        if (property.value_json.find("assetPath") == std::string::npos)
            continue;
        rapidjson::Document value;
        value.Parse(property.value_json.c_str());
        if (!value.HasParseError())
            collect_references(value, references);
    }
}

void add_object_references(const GameObject& object, std::vector<std::string>& references) {
    if (!object.prefab_asset.empty())
        references.push_back(object.prefab_asset);
    for (const auto& component : object.components)
        add_references(component.properties, references);
}

Candidate scene_candidate(const GameObject& object) {
    Candidate candidate{object.name, {"GameObject"}, {}, object.is_static};
    for (const auto& component : object.components)
        candidate.types.push_back(component.type->short_name);
    add_object_references(object, candidate.references);
    return candidate;
}

Candidate asset_candidate(const std::string& path, const Asset& asset) {
    Candidate candidate{file_stem(path), asset_types(asset), {}, false};
    add_references(asset.properties, candidate.references);
    for (const auto& [id, object] : asset.stored.objects)
        add_object_references(object, candidate.references);
    std::erase(candidate.references, path); // An asset does not reference itself.
    return candidate;
}

// The type item.ToObject() has in Unity: a prefab or model loads as its root GameObject.
std::string object_type(const Asset& asset) {
    if (asset.kind == "Prefab" || asset.kind == "Model")
        return "GameObject";
    if (asset.kind == "Scene")
        return "SceneAsset";
    if (asset.kind == "Folder")
        return "DefaultAsset";
    if (asset.type && asset.kind == "ScriptableObject")
        return asset.type->short_name;
    return asset.kind;
}

struct Answer {
    Output out;
    std::size_t total = 0;
    std::size_t limit = 0;
    bool truncated() const { return total > limit; }
};

void write_scene_item(Answer& answer, const Simulation& simulation, const GameObject& object) {
    auto& writer = answer.out.writer;
    std::string path = simulation.path_of(object);
    writer.StartObject();
    writer.Key("provider");
    writer.String("scene");
    writer.Key("id");
    writer.String(std::to_string(object.id).c_str());
    writer.Key("label");
    writer.String(object.name.c_str());
    writer.Key("description");
    writer.String(path.c_str());
    writer.Key("type");
    writer.String("GameObject");
    writer.Key("scenePath");
    writer.String(path.c_str());
    writer.Key("instanceId");
    writer.Int(object.id);
    writer.EndObject();
}

void write_asset_item(Answer& answer, const std::string& path, const Asset& asset, const std::string& label) {
    auto& writer = answer.out.writer;
    writer.StartObject();
    writer.Key("provider");
    writer.String("adb");
    writer.Key("id");
    writer.String(("GlobalObjectId_V1-1-" + asset.guid + "-0-0").c_str());
    writer.Key("label");
    writer.String(label.c_str());
    writer.Key("description");
    writer.String(path.c_str());
    writer.Key("type");
    writer.String(object_type(asset).c_str());
    writer.Key("assetPath");
    writer.String(path.c_str());
    writer.EndObject();
}

// Scene objects in hierarchy order (depth first), in the scenes object addresses resolve in.
void search_scenes(Simulation& simulation, const std::vector<Term>& terms, Answer& answer) {
    std::function<void(int)> visit = [&](int id) {
        const auto& object = simulation.world.objects.at(id);
        if (matches(terms, scene_candidate(object)) && answer.total++ < answer.limit)
            write_scene_item(answer, simulation, object);
        for (int child : object.children)
            visit(child);
    };
    for (Scene* scene : simulation.addressed_scenes())
        for (int root : scene->roots)
            visit(root);
}

void search_assets(Simulation& simulation, const std::vector<Term>& terms, Answer& answer) {
    // adb answers nothing for an empty query, as AdbProvider.FetchItems does.
    if (terms.empty())
        return;
    for (const auto& [path, asset] : simulation.world.assets) {
        if (asset.kind == "Folder")
            continue;
        Candidate candidate = asset_candidate(path, asset);
        if (matches(terms, candidate) && answer.total++ < answer.limit)
            write_asset_item(answer, path, asset, candidate.name);
    }
}

Reply search_unity(Simulation& simulation, const rapidjson::Value& params) {
    if (simulation.unity_search == UnitySearchState::Unavailable)
        return error_reply("unsupported", "Unity Search is unavailable in this editor (the simulator was told so by its fixture)");
    ParsedQuery parsed = parse(simulation, params["query"].GetString());
    if (!parsed.error.empty())
        return error_reply("invalid_params", parsed.error);
    bool scene = false, adb = false;
    for (const auto& provider : params["providers"].GetArray()) {
        scene = scene || std::string_view(provider.GetString()) == "scene";
        adb = adb || std::string_view(provider.GetString()) == "adb";
    }
    Answer answer;
    answer.limit = params.HasMember("limit") ? static_cast<std::size_t>(params["limit"].GetInt()) : 50;
    answer.out.writer.StartObject();
    answer.out.writer.Key("items");
    answer.out.writer.StartArray();
    if (scene)
        search_scenes(simulation, parsed.terms, answer);
    if (adb && !parsed.hierarchy_only)
        search_assets(simulation, parsed.terms, answer);
    answer.out.writer.EndArray();
    answer.out.writer.Key("total");
    answer.out.writer.Uint64(answer.total);
    answer.out.writer.Key("truncated");
    answer.out.writer.Bool(answer.truncated());
    answer.out.writer.EndObject();
    return answer.out.reply();
}

} // namespace

void register_search_primitives(std::map<std::string, Primitive, std::less<>>& table) { table["search.unity"] = &search_unity; }

} // namespace uap::editor_sim

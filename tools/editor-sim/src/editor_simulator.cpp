// The editor simulator's front: request dispatch with schema checks against the protocol
// description, fixtures, the sample scene, and scale helpers.
#include <uap/editor_sim/editor_simulator.hpp>
#include <uap/protocol/protocol_schemas.hpp>

#include "play_mode_guard.hpp"
#include "prefab_stage.hpp"
#include "world.hpp"

#include <mutex>

namespace uap::editor_sim {

struct EditorSimulator::State {
    mutable std::mutex mutex;
    Simulation simulation;
    std::map<std::string, Primitive, std::less<>> table;
};

namespace {

PropertySpec setting(std::string path, ValueType type, std::string default_json, std::vector<std::string> names = {}) {
    return PropertySpec{std::move(path), type, std::move(default_json), std::move(names), {}};
}

const std::vector<PropertySpec>& texture_importer_specs() {
    static const std::vector<PropertySpec> specs{
        setting("textureType", ValueType::Enum, R"({"index":0,"name":"Default"})", {"Default", "NormalMap", "Sprite"}),
        setting("maxTextureSize", ValueType::Integer, "2048"),
        setting("sRGBTexture", ValueType::Boolean, "true"),
        setting("mipmapEnabled", ValueType::Boolean, "true"),
        setting("filterMode", ValueType::Enum, R"({"index":1,"name":"Bilinear"})", {"Point", "Bilinear", "Trilinear"})};
    return specs;
}

const std::vector<PropertySpec>& model_importer_specs() {
    static const std::vector<PropertySpec> specs{setting("globalScale", ValueType::Float, "1.0"),
                                                 setting("importAnimation", ValueType::Boolean, "true"),
                                                 setting("isReadable", ValueType::Boolean, "false")};
    return specs;
}

void add_asset(Simulation& simulation, std::string path, std::string kind) {
    Asset asset;
    asset.path = path;
    asset.kind = std::move(kind);
    asset.guid = "sim" + std::to_string(simulation.world.next_id++);
    simulation.world.assets[path] = std::move(asset);
}

void set_importer(Asset& asset, std::string importer, const std::vector<PropertySpec>& specs) {
    asset.importer = std::move(importer);
    for (const auto& spec : specs)
        asset.import_settings.push_back(Property{&spec, spec.default_json});
}

// A model file as Unity's importer would make it from a scene hierarchy ({"path":"Assets/Models/Hero.fbx",
// "source":"/Hero"}): the simulator reads no FBX, so a fixture builds the transforms with object.create
// calls and turns them into the model's objects; the scene object goes, as the Rock of the sample scene does.
std::string import_model(Simulation& simulation, const rapidjson::Value& entry) {
    if (!entry.IsObject() || !entry.HasMember("path") || !entry["path"].IsString() || !entry.HasMember("source") || !entry["source"].IsString())
        return "each model needs a 'path' and a 'source' scene path";
    std::string path = entry["path"].GetString();
    auto slash = path.find_last_of('/');
    Asset* folder = simulation.find_asset(slash == std::string::npos ? std::string() : path.substr(0, slash));
    if (path.rfind("Assets/", 0) != 0 || !folder || folder->kind != "Folder" || simulation.find_asset(path))
        return "'" + path + "' must be a new path under an existing folder of Assets/";
    rapidjson::Document reference(rapidjson::kObjectType);
    reference.AddMember("scenePath", rapidjson::Value(entry["source"], reference.GetAllocator()), reference.GetAllocator());
    Reply error;
    GameObject* source = simulation.find_object(reference, error);
    if (!source)
        return error.json;
    add_asset(simulation, path, "Model");
    Asset& model = simulation.world.assets[path];
    model.stored = simulation.store_subtree(source->id);
    model.sub_assets.emplace_back(source->name, "Mesh");
    set_importer(model, "ModelImporter", model_importer_specs());
    simulation.destroy_object(source->id);
    simulation.hierarchy_changed();
    return {};
}

void seed_defaults(Simulation& simulation) {
    add_asset(simulation, "Assets", "Folder");
    add_asset(simulation, "Library/unity default resources", "BuiltinResources");
    for (const char* mesh : {"Cube", "Sphere", "Capsule", "Cylinder", "Plane", "Quad"})
        simulation.world.assets["Library/unity default resources"].sub_assets.emplace_back(mesh, "Mesh");
    add_asset(simulation, "Resources/unity_builtin_extra", "BuiltinResources");
    simulation.world.assets["Resources/unity_builtin_extra"].sub_assets.emplace_back("Default-Material", "Material");
    Scene scene;
    scene.handle = simulation.world.next_scene_handle++;
    scene.name = "Untitled";
    simulation.world.scenes.push_back(scene);
    simulation.world.active_scene = scene.handle;
    simulation.menus = {{"GameObject/Create Empty", true, "create-empty"}, {"Edit/Play", true, "play"},
                        {"Tools/Log Hello", true, "log"},                 {"Tools/Disabled Item", false, ""},
                        {"Window/General/Console", true, ""}};
    // Windows are ScriptableObjects made at run time, whose instance ids Unity makes negative.
    simulation.editor_windows = default_editor_windows(-1200);
}

} // namespace

EditorSimulator::EditorSimulator(SimulatorIdentity identity) : m_state(std::make_unique<State>()) {
    m_state->simulation.identity = std::move(identity);
    m_state->simulation.types.set_package_check(
        [project = m_state->simulation.identity.project_path](std::string_view package) { return project_has_package(project, package); });
    register_object_primitives(m_state->table);
    register_property_primitives(m_state->table);
    register_asset_primitives(m_state->table);
    register_editor_primitives(m_state->table);
    register_transform_primitives(m_state->table);
    register_view_primitives(m_state->table);
    register_turn_primitives(m_state->table);
    register_marker_primitives(m_state->table);
    register_package_primitives(m_state->table);
    register_material_primitives(m_state->table);
    register_lighting_primitives(m_state->table);
    register_search_primitives(m_state->table);
    register_prefab_primitives(m_state->table);
    register_animation_primitives(m_state->table);
    register_avatar_primitives(m_state->table);
    register_window_primitives(m_state->table);
    register_project_tool_primitives(m_state->table);
    register_test_primitives(m_state->table);
    m_state->simulation.primitives = &m_state->table;
    seed_defaults(m_state->simulation);
}

EditorSimulator::~EditorSimulator() = default;

void EditorSimulator::host_disconnected() {
    std::lock_guard lock(m_state->mutex);
    Simulation& simulation = m_state->simulation;
    if (simulation.refresh_holds == 0)
        return;
    for (auto& [group, turn] : simulation.turns)
        turn.holds_refresh = false;
    simulation.refresh_holds = 1;
    simulation.release_refresh_hold();
}

// The Test Framework primitives live in an assembly Unity compiles only when the project has the package.
bool EditorSimulator::implements(std::string_view method) const {
    return !method.starts_with("tests.run.") || project_has_package(m_state->simulation.identity.project_path, "com.unity.test-framework");
}

std::vector<std::string> EditorSimulator::implemented_methods() const {
    std::vector<std::string> names;
    for (const auto& [name, primitive] : m_state->table)
        if (implements(name))
            names.push_back(name);
    return names;
}

Reply EditorSimulator::call(std::string_view method, std::string_view params_json) { return perform(method, params_json, UndoAuthor::Agent); }

Reply EditorSimulator::answer_host_request(std::string_view method, std::string_view params_json) {
    return perform(method, params_json, UndoAuthor::Agent, ResultCheck::LeftToHost);
}

Reply EditorSimulator::user_edit(std::string_view method, std::string_view params_json) { return perform(method, params_json, UndoAuthor::User); }

Reply EditorSimulator::perform(std::string_view method, std::string_view params_json, UndoAuthor author, ResultCheck check) {
    auto primitive = m_state->table.find(method);
    if (primitive == m_state->table.end())
        return error_reply("unknown_method", "this editor implements no primitive '" + std::string(method) + "'");
    if (!implements(method))
        return error_reply("unsupported", "this editor does not implement '" + std::string(method) + "' yet; hello.primitives lists what it does");
    rapidjson::Document params;
    params.Parse(params_json.empty() ? "{}" : params_json.data(), params_json.empty() ? 2 : params_json.size());
    if (params.HasParseError() || !params.IsObject())
        return error_reply("invalid_params", "params must be a JSON object");
    const auto& schemas = protocol::ProtocolSchemas::instance();
    std::string violation = schemas.check_method(method, protocol::SchemaPart::Params, params);
    if (!violation.empty()) {
        rapidjson::StringBuffer data;
        JsonWriter writer(data);
        writer.StartObject();
        writer.Key("schemaError");
        writer.String(violation.c_str());
        writer.EndObject();
        return error_reply("invalid_params", std::string(method) + ": " + violation + "; nothing was changed", data.GetString());
    }
    Reply reply;
    try {
        std::lock_guard lock(m_state->mutex);
        PlayModeGuard guard = guard_play_mode_write(m_state->simulation, method, params);
        if (guard.refusal)
            return *guard.refusal;
        Simulation& simulation = m_state->simulation;
        if (author == UndoAuthor::User) {
            // A user's action is a group of its own even while the agent holds one open.
            const bool agent_group_open = std::exchange(simulation.group_open, false);
            simulation.recording_author = UndoAuthor::User;
            reply = primitive->second(simulation, params);
            simulation.recording_author = UndoAuthor::Agent;
            simulation.group_open = agent_group_open;
        } else {
            reply = primitive->second(simulation, params);
        }
        if (guard.outcome == PlayModeWriteOutcome::RevertsOnExit)
            reply = mark_reverting_on_exit(std::move(reply));
        reply = mark_stage(m_state->simulation, method, std::move(reply));
        if (!keeps_hierarchy(method))
            simulation.hierarchy_changed();
    } catch (const std::exception& exception) {
        // What the primitive changed before it failed is unknown.
        std::lock_guard lock(m_state->mutex);
        m_state->simulation.hierarchy_changed();
        return error_reply("internal_error", std::string("simulator bug in ") + std::string(method) + ": " + exception.what());
    }
    if (reply.ok() && check == ResultCheck::Checked) {
        std::string mismatch = schemas.check_method_text(method, protocol::SchemaPart::Result, reply.json);
        if (!mismatch.empty())
            return error_reply("internal_error", "simulator result for " + std::string(method) + " breaks the protocol: " + mismatch);
    }
    return reply;
}

std::string EditorSimulator::handle(std::string_view request_json) {
    rapidjson::Document request;
    request.Parse(request_json.data(), request_json.size());
    std::string id;
    Reply reply;
    if (request.HasParseError() || !request.IsObject()) {
        reply = error_reply("parse_error", "the request is not one JSON object");
    } else {
        if (request.HasMember("id") && request["id"].IsString())
            id = request["id"].GetString();
        std::string violation = protocol::ProtocolSchemas::instance().check_named("envelope/request", request);
        if (!violation.empty())
            reply = error_reply("invalid_request", "the request envelope is wrong: " + violation);
        else
            reply = call(request["method"].GetString(), request.HasMember("params") ? to_json(request["params"]) : "{}");
    }
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    writer.StartObject();
    writer.Key("id");
    writer.String(id.c_str());
    writer.Key(reply.ok() ? "result" : "error");
    writer.RawValue(reply.json.data(), reply.json.size(), rapidjson::kObjectType);
    writer.EndObject();
    return buffer.GetString();
}

std::string EditorSimulator::load_project_tools(std::string_view description_json) {
    rapidjson::Document description;
    description.Parse(description_json.data(), description_json.size());
    if (description.HasParseError())
        return "the project tools file is not valid JSON";
    std::lock_guard lock(m_state->mutex);
    return editor_sim::load_project_tools(m_state->simulation, description);
}

std::string EditorSimulator::project_tools_json() const {
    std::lock_guard lock(m_state->mutex);
    if (m_state->simulation.project_tools.empty())
        return {};
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    writer.StartArray();
    for (const auto& tool : m_state->simulation.project_tools)
        writer.RawValue(tool.advertised_json.c_str(), tool.advertised_json.size(), rapidjson::kObjectType);
    writer.EndArray();
    return std::string(buffer.GetString(), buffer.GetSize());
}

std::string EditorSimulator::load_fixture(std::string_view fixture_json) {
    rapidjson::Document fixture;
    fixture.Parse(fixture_json.data(), fixture_json.size());
    if (fixture.HasParseError() || !fixture.IsObject())
        return "the fixture is not a JSON object";
    if (fixture.HasMember("types")) {
        std::lock_guard lock(m_state->mutex);
        auto error = m_state->simulation.types.add_user_types(fixture["types"]);
        if (!error.empty())
            return error;
    }
    if (fixture.HasMember("menus") && fixture["menus"].IsArray()) {
        std::lock_guard lock(m_state->mutex);
        for (auto& item : fixture["menus"].GetArray())
            if (item.IsObject() && item.HasMember("path") && item["path"].IsString())
                m_state->simulation.menus.push_back(
                    {item["path"].GetString(), !item.HasMember("enabled") || !item["enabled"].IsBool() || item["enabled"].GetBool(), ""});
    }
    if (fixture.HasMember("unitySearch") && fixture["unitySearch"] == "unavailable") {
        std::lock_guard lock(m_state->mutex);
        m_state->simulation.unity_search = UnitySearchState::Unavailable;
    }
    // How long a simulated bake takes, and whether Bakery's editor assembly is in the project.
    if (fixture.HasMember("lighting") && fixture["lighting"].IsObject()) {
        std::lock_guard lock(m_state->mutex);
        const auto& lighting = fixture["lighting"];
        if (lighting.HasMember("bakeMs") && lighting["bakeMs"].IsInt64() && lighting["bakeMs"].GetInt64() >= 0)
            m_state->simulation.lighting.bake_ms = lighting["bakeMs"].GetInt64();
        if (lighting.HasMember("bakery") && lighting["bakery"].IsBool())
            m_state->simulation.lighting.bakery_installed = lighting["bakery"].GetBool();
    }
    // The project's test cases: the simulator cannot compile C# tests, so a fixture says what they are and how each ends.
    if (fixture.HasMember("tests")) {
        std::lock_guard lock(m_state->mutex);
        if (auto problem = load_test_fixture(m_state->simulation.tests, fixture["tests"]); !problem.empty())
            return problem;
    }
    // The static flag is set in the Inspector in Unity, and no primitive writes it, so a fixture marks objects static.
    if (fixture.HasMember("static") && fixture["static"].IsArray()) {
        std::lock_guard lock(m_state->mutex);
        for (auto& path : fixture["static"].GetArray()) {
            rapidjson::Document reference(rapidjson::kObjectType);
            reference.AddMember("scenePath", rapidjson::Value(path, reference.GetAllocator()), reference.GetAllocator());
            Reply error;
            GameObject* object = m_state->simulation.find_object(reference, error);
            if (!object)
                return "fixture static: " + error.json;
            object->is_static = true;
        }
    }
    // Objects and assets go through the primitives themselves, so a fixture cannot build what a client could not.
    for (const char* section : {"calls"})
        if (fixture.HasMember(section) && fixture[section].IsArray())
            for (auto& entry : fixture[section].GetArray()) {
                if (!entry.IsObject() || !entry.HasMember("method") || !entry["method"].IsString())
                    return "each fixture call needs a 'method'";
                Reply reply = call(entry["method"].GetString(), entry.HasMember("params") ? to_json(entry["params"]) : "{}");
                if (!reply.ok())
                    return std::string("fixture call ") + entry["method"].GetString() + " failed: " + reply.json;
            }
    if (fixture.HasMember("models") && fixture["models"].IsArray()) {
        std::lock_guard lock(m_state->mutex);
        for (auto& entry : fixture["models"].GetArray()) {
            std::string refused = import_model(m_state->simulation, entry);
            if (!refused.empty())
                return "fixture models: " + refused;
        }
    }
    return {};
}

void EditorSimulator::build_sample_scene() {
    auto run = [this](std::string_view method, std::string_view params) {
        Reply reply = call(method, params);
        if (!reply.ok())
            throw std::runtime_error("sample scene: " + std::string(method) + " failed: " + reply.json);
        return reply;
    };
    {
        std::lock_guard lock(m_state->mutex);
        auto& simulation = m_state->simulation;
        for (const char* folder : {"Assets/Scenes", "Assets/Materials", "Assets/Prefabs", "Assets/Textures", "Assets/Models", "Assets/Scripts"})
            add_asset(simulation, folder, "Folder");
        add_asset(simulation, "Assets/Textures/Checker.png", "Texture2D");
        set_importer(simulation.world.assets["Assets/Textures/Checker.png"], "TextureImporter", texture_importer_specs());
        add_asset(simulation, "Assets/Scripts/PlayerController.cs", "MonoScript");
    }
    run("object.create", R"({"name":"Main Camera","position":[0,1,-10]})");
    run("component.add", R"({"object":{"scenePath":"/Main Camera"},"type":"Camera"})");
    run("object.create", R"({"name":"Directional Light","position":[0,3,0]})");
    run("component.add", R"({"object":{"scenePath":"/Directional Light"},"type":"Light"})");
    run("object.create", R"({"name":"Ground","primitive":"Plane"})");
    run("object.create", R"({"name":"Player","primitive":"Capsule","position":[0,1,0]})");
    run("component.add", R"({"object":{"scenePath":"/Player"},"type":"Rigidbody"})");
    run("object.create", R"({"name":"Weapon","primitive":"Cube","parent":{"scenePath":"/Player"}})");
    run("object.create", R"({"name":"CameraTarget","parent":{"scenePath":"/Player"}})");
    run("asset.create", R"({"path":"Assets/Materials/Red.mat","kind":"Material"})");
    run("property.set", R"({"target":{"asset":{"assetPath":"Assets/Materials/Red.mat"}},"values":[{"path":"_Color","type":"color","value":[1,0,0,1]},{"path":"_MainTex","type":"objectReference","value":{"assetPath":"Assets/Textures/Checker.png"}}]})");
    run("object.create", R"({"name":"Crate","primitive":"Cube"})");
    run("component.add", R"({"object":{"scenePath":"/Crate"},"type":"Rigidbody"})");
    run("asset.create", R"({"path":"Assets/Prefabs/Crate.prefab","kind":"Prefab","source":{"scenePath":"/Crate"}})");
    run("object.destroy", R"({"object":{"scenePath":"/Crate"}})");
    run("object.create", R"({"name":"Rock","primitive":"Sphere"})");
    {
        std::lock_guard lock(m_state->mutex);
        rapidjson::Document rock;
        rock.Parse(R"({"path":"Assets/Models/Rock.fbx","source":"/Rock"})");
        std::string refused = import_model(m_state->simulation, rock);
        if (!refused.empty())
            throw std::runtime_error("sample scene: " + refused);
    }
    run("scene.save", R"({"saveAs":"Assets/Scenes/SampleScene.unity"})");
    std::lock_guard lock(m_state->mutex);
    m_state->simulation.undo.clear();
    m_state->simulation.events.clear();
    m_state->simulation.add_console(ConsoleKind::Log, "Sample scene loaded");
}

void EditorSimulator::add_flat_objects(std::size_t count, std::string_view name_prefix) {
    std::lock_guard lock(m_state->mutex);
    auto& simulation = m_state->simulation;
    const TypeSpec* collider = simulation.types.find("UnityEngine.BoxCollider");
    simulation.world.objects.reserve(simulation.world.objects.size() + count);
    for (std::size_t index = 0; index < count; ++index) {
        auto& object = simulation.create_object(std::string(name_prefix) + std::to_string(index), 0, simulation.world.active_scene);
        object.components.push_back(simulation.make_component(*collider));
    }
}

void EditorSimulator::add_nested_objects(std::size_t count, std::string_view name_prefix, std::size_t chain_length) {
    std::lock_guard lock(m_state->mutex);
    auto& simulation = m_state->simulation;
    simulation.world.objects.reserve(simulation.world.objects.size() + count);
    int parent = 0;
    for (std::size_t index = 0, chain = 0; index < count; ++index) {
        std::size_t level = index % chain_length;
        if (level == 0)
            parent = simulation.create_object(std::string(name_prefix) + std::to_string(chain++), 0, simulation.world.active_scene).id;
        else
            parent = simulation.create_object("Link" + std::to_string(level), parent, simulation.world.active_scene).id;
    }
}

Reply EditorSimulator::place_pin(std::string_view data_json) {
    std::lock_guard lock(m_state->mutex);
    return simulate_pin(m_state->simulation, data_json);
}

Reply EditorSimulator::finish_stroke(std::string_view data_json) {
    std::lock_guard lock(m_state->mutex);
    return simulate_stroke(m_state->simulation, data_json);
}

void EditorSimulator::forget_domain_state() {
    std::lock_guard lock(m_state->mutex);
    m_state->simulation.marker_scene.markers.clear();
    m_state->simulation.marker_scene.pins.clear();
}

std::vector<std::string> EditorSimulator::take_events() {
    std::lock_guard lock(m_state->mutex);
    return std::exchange(m_state->simulation.events, {});
}

void EditorSimulator::log(ConsoleKind kind, std::string_view message) {
    std::lock_guard lock(m_state->mutex);
    m_state->simulation.add_console(kind, std::string(message));
}

void EditorSimulator::set_console_filters(ConsoleFilters filters) {
    std::lock_guard lock(m_state->mutex);
    m_state->simulation.console_filters = std::move(filters);
}

ConsoleFilters EditorSimulator::console_filters() const {
    std::lock_guard lock(m_state->mutex);
    return m_state->simulation.console_filters;
}

std::size_t EditorSimulator::visible_console_rows() const {
    std::lock_guard lock(m_state->mutex);
    return m_state->simulation.console_rows().size();
}

std::string EditorSimulator::editor_log_text() const {
    std::lock_guard lock(m_state->mutex);
    return m_state->simulation.editor_log;
}

void EditorSimulator::set_render_pipeline(RenderPipeline pipeline) {
    std::lock_guard lock(m_state->mutex);
    m_state->simulation.render_pipeline = pipeline;
}

const SimulatorIdentity& EditorSimulator::identity() const { return m_state->simulation.identity; }

void EditorSimulator::add_package_source(std::string identifier, std::string name, std::string version) {
    std::lock_guard lock(m_state->mutex);
    m_state->simulation.package_sources[std::move(identifier)] = {std::move(name), std::move(version)};
}
void EditorSimulator::fail_package_adds(std::string code, std::string message) {
    std::lock_guard lock(m_state->mutex);
    if (code.empty())
        m_state->simulation.package_add_failure.reset();
    else
        m_state->simulation.package_add_failure = {std::move(code), std::move(message)};
}
void EditorSimulator::set_compiling(bool compiling) {
    std::lock_guard lock(m_state->mutex);
    m_state->simulation.compiling = compiling;
}
void EditorSimulator::set_importing(bool importing) {
    std::lock_guard lock(m_state->mutex);
    m_state->simulation.importing = importing;
}
bool EditorSimulator::compiling() const {
    std::lock_guard lock(m_state->mutex);
    return m_state->simulation.compiling;
}
bool EditorSimulator::take_compile_request() {
    std::lock_guard lock(m_state->mutex);
    return std::exchange(m_state->simulation.compile_requested, false);
}
CompileResult EditorSimulator::compile_scripts() {
    std::lock_guard lock(m_state->mutex);
    return compile_project_scripts(m_state->simulation);
}
bool EditorSimulator::importing() const {
    std::lock_guard lock(m_state->mutex);
    return m_state->simulation.importing;
}
std::string EditorSimulator::play_mode() const {
    std::lock_guard lock(m_state->mutex);
    return m_state->simulation.play_mode;
}

} // namespace uap::editor_sim

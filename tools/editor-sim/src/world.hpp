// The simulator's internal model: objects, components with serialized properties, scenes,
// assets, selection, console, undo snapshots, play mode; and the lookups primitives share.
#pragma once

#include "animation_assets.hpp"
#include "editor_windows.hpp"
#include "markers_model.hpp"
#include "object_index.hpp"
#include "test_runner.hpp"
#include "type_registry.hpp"
#include "typed_values.hpp"

#include <uap/editor_sim/editor_simulator.hpp>

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace uap::editor_sim {

using JsonWriter = rapidjson::Writer<rapidjson::StringBuffer>;

struct Property {
    const PropertySpec* spec = nullptr;
    std::string value_json; // Canonical typed value, see typed_values.hpp.
};

struct Component {
    const TypeSpec* type = nullptr;
    std::vector<Property> properties;
    int local_id = 0; // Its own id, kept when stored in an asset, so prefab instances can name it.
    // Part of a prefab instance or variant: the local_id of the component it comes from in the source
    // asset; 0: added to the instance (an added-component override).
    int source_component = 0;
};

struct GameObject {
    int id = 0;
    std::string name;
    bool active = true;
    bool is_static = false; // GameObject.isStatic; only a fixture sets it (no primitive writes it).
    int parent = 0; // 0: a scene root.
    int scene = 0;  // Scene handle.
    std::vector<int> children;
    std::vector<Component> components;
    std::string prefab_asset; // Non-empty on a prefab instance root.
    // Part of a prefab instance or variant: the key of the object it comes from in the source asset's
    // stored objects; 0: added to the instance (an added-GameObject override). Overrides are computed by
    // comparing with that object (prefab_links.hpp), never stored.
    int prefab_source = 0;
};

struct Scene {
    int handle = 0;
    std::string path; // Empty for an untitled scene.
    std::string name;
    bool dirty = false;
    std::vector<int> roots;
};

// Objects saved in a scene or prefab asset: ids local to the asset, roots in order.
struct StoredObjects {
    std::unordered_map<int, GameObject> objects;
    std::vector<int> roots;
};

struct Asset {
    std::string path;
    std::string kind; // Folder, Material, ScriptableObject, Prefab, Scene, Texture2D, Mesh, MonoScript, AnimationClip, AnimatorController.
    std::string guid;
    const TypeSpec* type = nullptr; // Material and ScriptableObject: their serialized type.
    std::vector<Property> properties;
    std::string importer; // TextureImporter, ModelImporter, or empty.
    std::vector<Property> import_settings;
    std::vector<std::pair<std::string, std::string>> sub_assets; // (name, type), e.g. ("Cube", "Mesh").
    uint64_t content_hash = 0; // MonoScript: its file's bytes when last imported, so a refresh sees edits.
    StoredObjects stored; // Prefab and Scene contents.
    std::string variant_of; // A prefab variant: its base prefab, whose objects its stored objects link to.
    std::optional<AnimationClipData> clip;             // kind AnimationClip.
    std::optional<AnimatorControllerData> controller;  // kind AnimatorController.
    ModelRig rig;                                      // kind Model.
};

// What a Material holds beyond its serialized table (material_primitives.cpp): the values written by
// shader property name (canonical JSON; a name not here holds the shader's default), the keywords, and
// the custom render queue (-1: the shader's). Part of World, so Undo.RecordObject's undo restores it.
struct MaterialState {
    std::map<std::string, std::string> values;
    std::vector<std::string> enabled_keywords;  // Declared by the shader (Material.enabledKeywords).
    std::vector<std::string> invalid_keywords;  // Enabled by name but not declared: kept, never enabled.
    int render_queue = -1;
};

struct ConsoleEntry {
    int64_t id = 0;
    ConsoleKind kind = ConsoleKind::Log;
    std::string message;
};

// Everything an undo snapshot restores.
struct World {
    std::unordered_map<int, GameObject> objects;
    std::vector<Scene> scenes;
    int active_scene = 0;
    std::map<std::string, Asset> assets;
    std::vector<std::string> trash;
    std::vector<int> selection;
    std::vector<std::string> selected_assets;
    std::map<std::string, MaterialState> materials; // By asset path; a material not here holds its shader's defaults.
    int next_id = 1000;
    int next_scene_handle = 1;
    // Prefab mode's own scene (handle 0: no prefab stage is open): the prefab's contents, loaded on
    // prefabStage.open, which object addresses and hierarchy answers use while it is open.
    Scene prefab_stage_scene;
};

// One step of the undo history. A whole step holds the World as it was before the step. A partial
// step, like Unity's Undo.RecordObject, holds only the objects its writes recorded (as they were before
// their first write in the step) and everything of the World but the objects; it is recorded by writes
// that change existing objects alone, so a step on a big scene does not copy every object.
struct UndoStep {
    int group = 0;
    std::string name;
    World before;
    UndoAuthor author = UndoAuthor::Agent;
    bool partial = false;
};

struct TurnBracket {
    std::string name;
    bool holds_refresh = false;
    bool ended = false;
    bool recorded = false; // Whether the turn left an undo step when it ended.
    bool truncated = false; // The undo history dropped the state before the turn: it cannot be reverted whole.
    // The user's own steps made while the turn ran, never merged into its step; when any came after the
    // agent's first, the agent's steps stay apart and the turn cannot be reverted without them.
    std::vector<std::string> user_steps;
    bool interleaved = false;
};

// Where a hierarchy.subtree walk stands: the nodes still to visit, the next start to take, and how
// many nodes it has passed.
struct SubtreeWalk {
    std::vector<std::pair<int, int>> pending; // (id, depth), reversed for a depth-first walk in sibling order.
    std::vector<int> starts;                  // The walk's roots when it starts at one object.
    std::size_t scene_index = 0;
    std::size_t root_index = 0;
    std::size_t position = 0;
};

// hierarchy.subtree walks stopped at page boundaries, so a page asked for with a cursor the editor
// issued resumes there instead of walking from the first node again. Valid for one root, one depth
// and one index generation (any hierarchy change drops them).
struct SubtreeWalks {
    std::uint64_t generation = 0;
    int root = 0;
    int depth = 0;
    std::map<std::size_t, SubtreeWalk> stopped; // By position.
};

struct MenuItem {
    std::string path;
    bool enabled = true;
    std::string action; // Built-in action key, or empty for a fixture item with no simulated effect.
};

// The simulated lightmapper (primitives_lighting.cpp): one bake at a time, running on the steady clock
// for bake_ms, then leaving lightmaps; not part of World, as Unity cannot undo a bake.
struct LightingBake {
    int id = 0;
    std::string engine;   // unity or bakery.
    std::chrono::steady_clock::time_point started;
    bool reflection_probes = false;
    int lightmaps_before = 0;
};
// One ReflectionProbe as a bake that was asked to bake probes left it: the texture asset it wrote, or
// why it was skipped.
struct ReflectionProbeOutcome {
    std::string object; // Scene path.
    std::string mode;   // Baked, Realtime or Custom (m_Mode).
    std::string texture;
    std::string skipped_reason;
};
struct LightingOutcome {
    int id = 0;
    std::string engine;
    std::string outcome; // completed, cancelled or failed.
    int64_t elapsed_ms = 0;
    int lightmap_count = 0;
    std::optional<std::vector<ReflectionProbeOutcome>> reflection_probes; // Only when the bake was asked to bake them.
    std::vector<std::string> warnings;
};
struct LightingState {
    int64_t bake_ms = 2000;          // How long a bake takes (fixture "lighting": {"bakeMs"}).
    bool bakery_installed = false;   // Whether Bakery's ftRenderLightmap type exists (fixture "lighting": {"bakery"}).
    int next_id = 1;
    int lightmap_count = 0;          // LightmapSettings.lightmaps.Length.
    std::optional<LightingBake> running;
    std::optional<LightingOutcome> last;
};

// A tool "written in C# in the user's project", as a test describes it (--project-tools): what the
// hello advertises, verbatim, and its canned behaviour: primitives to run as one Undo group, each
// with params whose "$name" strings are replaced by the call's arguments; or an exception to throw.
struct ProjectToolSpec {
    std::string name;
    std::string advertised_json; // The hello's projectTools entry, as the test wrote it.
    std::string steps_json;      // [{"method","params"}], or empty.
    std::string throws;          // The message of the exception the tool throws; empty: none.
    std::string result_json;     // The tool's result object; empty: the steps' results.
};

// Whether search.unity runs, or answers unsupported as an editor whose Unity Search cannot run does.
enum class UnitySearchState { Available, Unavailable };

struct Simulation {
    SimulatorIdentity identity;
    TypeRegistry types;
    World world;
    std::vector<UndoStep> undo;
    int undo_group = 1;
    std::string undo_group_name;
    bool group_open = false;
    bool group_recorded = false;
    UndoAuthor recording_author = UndoAuthor::Agent; // Whose change the primitive running now makes.
    // Agent turns bracketed by turn.begin/turn.end, by their undo group, and the asset auto-refresh
    // holds they took (released with one refresh at the turn's end or when the host disconnects).
    std::map<int, TurnBracket> turns;
    std::string prefab_stage; // The prefab asset open in prefab mode; empty: the main stage.
    int refresh_holds = 0;
    int64_t release_refreshes = 0;
    std::string play_mode = "edit";
    int game_view_width = 1920; // The Game view's target resolution (a fixed size, as Unity's "Free Aspect" is not modelled).
    int game_view_height = 1080;
    std::optional<World> play_backup;
    bool compiling = false;
    bool compile_requested = false; // A refresh imported scripts; the runtime compiles them next.
    bool importing = false;
    std::vector<ConsoleEntry> console;
    int64_t next_console_id = 1;
    ConsoleFilters console_filters;
    std::string editor_log; // What Unity would have written to Editor.log (console_store.cpp), the newest 1 MiB.
    RenderPipeline render_pipeline = RenderPipeline::BuiltIn;
    LightingState lighting;
    TestRunnerState tests; // Not in World: undo leaves test runs alone.
    UnitySearchState unity_search = UnitySearchState::Available;
    std::vector<MenuItem> menus;
    std::vector<std::string> events;
    MarkerScene marker_scene; // Not in World: undo and play mode leave drawn markers alone.
    EditorWindows editor_windows; // Not in World: undo and play mode leave editor windows alone.
    // packages.add: git URLs (or other identifiers) the simulated Package Manager can resolve →
    // {name, version}, and a failure every add answers with while set ({code, message}).
    std::map<std::string, std::pair<std::string, std::string>> package_sources;
    std::optional<std::pair<std::string, std::string>> package_add_failure;
    std::vector<ProjectToolSpec> project_tools; // Domain state: the project's C# tools (project_tools.cpp).
    // The primitive table, for project tools whose canned behaviour runs primitives.
    const std::map<std::string, Reply (*)(Simulation&, const rapidjson::Value&), std::less<>>* primitives = nullptr;
    // Path lookups by name (object_index.hpp), invalidated by hierarchy_changed().
    ObjectIndex index;
    SubtreeWalks subtree_walks;

    // To be called after anything that may change names, parents, children, roots or the open scenes:
    // the dispatcher calls it after every primitive that is not known to leave them alone.
    void hierarchy_changed() { index.invalidate(); }

    // Lookups. Each returns nullptr and sets error (a Reply error) when the target is not there.
    GameObject* find_object(const rapidjson::Value& reference, Reply& error);
    Asset* find_asset(std::string_view path);
    Scene* find_scene(std::string_view name_or_path);
    Scene* scene_by_handle(int handle);
    // The scenes object addresses resolve in: the prefab stage's alone while prefab mode is open, as
    // the user sees it, else every open scene (prefab_stage.cpp).
    std::vector<Scene*> addressed_scenes();
    // {"object","type"[,"index"]} → the index-th component of that type on the object.
    Component* find_component(const rapidjson::Value& component_reference, GameObject*& owner, Reply& error);
    const TypeSpec* find_type(std::string_view name, Reply& error) const;
    std::string path_of(const GameObject& object) const;
    std::vector<int>& siblings_of(const GameObject& object);

    // Object lifecycle.
    GameObject& create_object(std::string name, int parent, int scene_handle);
    void destroy_object(int id);
    Component make_component(const TypeSpec& type);
    // Copies keep the links of what they copy (a duplicate of an instance stays one), or link each copy
    // to the object it was copied from (an instance of the asset the source objects are stored in).
    enum class CopyLinks { Keep, ToSource };
    int copy_objects(const StoredObjects& source, int source_root, int parent, int scene_handle, CopyLinks links = CopyLinks::Keep);
    StoredObjects store_subtree(int root) const;

    // Bookkeeping around writes: undo snapshot, scene dirty flag, events (undo_history.cpp).
    void record_undo(std::string_view name);
    // Records one existing object before a write that changes that object alone (besides scene dirty
    // flags and other parts of World that are not objects): a partial undo step.
    void record_object_undo(std::string_view name, int id);
    // The World as it was before the step first, laid together from that step and every later one;
    // it leaves those steps emptied, for the caller to erase.
    World take_state_before(std::vector<UndoStep>::iterator first);
    // Lets kept hold what the steps after it recorded, so they can be erased and kept alone restores
    // the World as it was before kept.
    void absorb_later_steps(std::vector<UndoStep>::iterator kept);
    // Restores an undo snapshot or the edit-mode backup; assets are not part of scene undo.
    void restore(World snapshot);
    // Drops a refresh hold; the last one refreshes once, as Unity does when auto-refresh is allowed again.
    bool release_refresh_hold();
    void mark_dirty(int scene_handle);
    void emit(std::string_view event, std::string data_json);
    void add_console(ConsoleKind kind, std::string message);
    // Appends one line to the simulated Editor.log, as Unity writes every console message and its own progress there.
    void append_editor_log(std::string_view line);
    // The console store's rows under the current Console filters, oldest first (console_store.cpp).
    std::vector<const ConsoleEntry*> console_rows() const;

    // Writes a node summary {"instanceId","name","path","active","childCount"[,"components"]}.
    void write_node(JsonWriter& writer, const GameObject& object, bool with_components, int depth = -1) const;
};

// Reply helpers.
Reply result_reply(std::string json);
// What a cancel primitive answers: {"wasRunning", "running"}.
Reply cancel_reply(bool was_running, bool running);

// A primitive's result under construction: write into writer, then return reply().
struct Output {
    rapidjson::StringBuffer buffer;
    JsonWriter writer{buffer};
    Reply reply() { return result_reply(std::string(buffer.GetString(), buffer.GetSize())); }
};
Reply error_reply(std::string_view code, std::string_view message, std::string data_json = {});
std::string to_json(const rapidjson::Value& value);

// One primitive handler.
using Primitive = Reply (*)(Simulation& simulation, const rapidjson::Value& params);
void register_object_primitives(std::map<std::string, Primitive, std::less<>>& table);
void register_property_primitives(std::map<std::string, Primitive, std::less<>>& table);
void register_asset_primitives(std::map<std::string, Primitive, std::less<>>& table);
void register_editor_primitives(std::map<std::string, Primitive, std::less<>>& table);
void register_transform_primitives(std::map<std::string, Primitive, std::less<>>& table);
void register_view_primitives(std::map<std::string, Primitive, std::less<>>& table);
void register_turn_primitives(std::map<std::string, Primitive, std::less<>>& table);
// What asset.refresh does: imports the files that changed on disk under Assets/.
Reply refresh_assets(Simulation& simulation);
// What Unity's compile after such a refresh reports: compileFinished's data (script_compile.cpp).
CompileResult compile_project_scripts(Simulation& simulation);
void register_marker_primitives(std::map<std::string, Primitive, std::less<>>& table);
void register_package_primitives(std::map<std::string, Primitive, std::less<>>& table);
// Whether the project's Packages/manifest.json lists the package among its dependencies, as Unity
// loads a package's assemblies only then (primitives_packages.cpp).
bool project_has_package(const std::string& project_path, std::string_view name);
void register_material_primitives(std::map<std::string, Primitive, std::less<>>& table);
void register_lighting_primitives(std::map<std::string, Primitive, std::less<>>& table);
void register_search_primitives(std::map<std::string, Primitive, std::less<>>& table);
void register_prefab_primitives(std::map<std::string, Primitive, std::less<>>& table);
// The path asset.create would give an asset requested at path: itself, or with " 1", " 2" ... before the extension.
std::string unique_asset_path(Simulation& simulation, const std::string& path);
void register_animation_primitives(std::map<std::string, Primitive, std::less<>>& table);
void register_avatar_primitives(std::map<std::string, Primitive, std::less<>>& table);
void register_window_primitives(std::map<std::string, Primitive, std::less<>>& table);
void register_project_tool_primitives(std::map<std::string, Primitive, std::less<>>& table);
void register_test_primitives(std::map<std::string, Primitive, std::less<>>& table);
// Reads {"tools":[...]} (see docs/simulator-deviations.md, "Project tools"); an empty string on success.
std::string load_project_tools(Simulation& simulation, const rapidjson::Value& description);
// The editor window params name ({"windowIndex"[,"windowId"]}); nullptr with error set when none does.
EditorWindowModel* find_editor_window(Simulation& simulation, const rapidjson::Value& params, Reply& error);
// The types an asset answers to in t: filters: its kind, GameObject for prefabs and models, a ScriptableObject's own type.
std::vector<std::string> asset_types(const Asset& asset);
// Lower-case ASCII, for the case-insensitive matching of names and types in searches.
std::string folded(std::string_view text);
// "Assets/Materials/Red.mat" → "Red".
std::string file_stem(const std::string& path);

// Paging cursors are decimal offsets; nullopt when a cursor is not one.
std::optional<std::size_t> parse_cursor(const rapidjson::Value& params);

} // namespace uap::editor_sim

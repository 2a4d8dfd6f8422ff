// The editor simulator: an in-memory model of the Unity editor semantics the bridge primitives
// expose, answering bridge protocol v1 requests in-process (library uap_editor_sim).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace uap::editor_sim {

// One answer of a primitive: the result object on success, an error object {"code","message"} otherwise.
struct Reply {
    enum class Kind { Result, Error };
    Kind kind = Kind::Result;
    std::string json;

    bool ok() const { return kind == Kind::Result; }
};

// Who the simulated editor says it is in editor.info and in the hello handshake.
struct SimulatorIdentity {
    std::string project_path;
    std::string unity_version = "2022.3.40f1 (simulated)";
    int64_t editor_pid = 0;
    std::string editor_session_id;
};

// A script compile's outcome: the compileFinished event's data, and whether it failed.
struct CompileResult {
    std::string finished_json;
    bool failed = false;
};

enum class ConsoleKind { Log, Warning, Error, Exception, Assert };

// The Console window's filters. As in Unity (LogEntries.consoleFlags and its search text), they decide
// which rows the console store exposes; console.read lifts them for its read and puts them back.
struct ConsoleFilters {
    bool show_logs = true;
    bool show_warnings = true;
    bool show_errors = true; // Errors, exceptions and asserts share the Console's error toggle.
    bool collapse = false;   // Identical messages shown as one row.
    std::string search_text;
    bool operator==(const ConsoleFilters&) const = default;
};

// Which project template the simulated editor pretends to be: its active render pipeline decides the
// shader of a new Material, as GraphicsSettings.currentRenderPipeline does in Unity.
// Who made an undo step: the agent through a primitive, or the user in the editor's own windows.
// The simulator knows it; the Unity package infers it (steps that appear between its own writes).
enum class UndoAuthor { Agent, User };

enum class RenderPipeline { BuiltIn, Universal, HighDefinition };

class EditorSimulator {
public:
    explicit EditorSimulator(SimulatorIdentity identity);
    ~EditorSimulator();
    EditorSimulator(const EditorSimulator&) = delete;
    EditorSimulator& operator=(const EditorSimulator&) = delete;

    // Answers one request envelope {"id","method","params"} with one response envelope. Thread-safe.
    std::string handle(std::string_view request_json);

    // Calls one primitive directly. params_json must be an object ("{}" when there are none). Thread-safe.
    Reply call(std::string_view method, std::string_view params_json);
    // As call, for a request the host sent over the bridge: the host checks every result against
    // the protocol's schema as it receives it, so the simulator does not check it a second time.
    Reply answer_host_request(std::string_view method, std::string_view params_json);

    // Test API for a change the user makes in the editor's own windows (a rename in the Hierarchy, a
    // drag in the Scene view): the primitive's change, recorded as the user's own undo step in a group
    // of its own, as Unity records user input. Thread-safe.
    Reply user_edit(std::string_view method, std::string_view params_json);

    // The methods this simulator implements, sorted: the hello's primitives. The Test Framework's need
    // com.unity.test-framework in the project's Packages/manifest.json, as Unity's do.
    std::vector<std::string> implemented_methods() const;
    bool implements(std::string_view method) const;

    // Adds user-defined types, objects, assets and menu items from a fixture (see docs/simulator-deviations.md).
    // Returns an empty string on success, otherwise why the fixture was refused.
    std::string load_fixture(std::string_view fixture_json);

    // The project's C# tools from {"tools":[...]} (docs/simulator-deviations.md, "Project tools"):
    // advertised in the hello, run by project.tool.call. Returns an empty string on success, otherwise why
    // the description was refused (the tools stay as they were).
    std::string load_project_tools(std::string_view description_json);
    // The hello's projectTools array as JSON text; empty when no tools were loaded.
    std::string project_tools_json() const;

    // A small scene: Main Camera, Directional Light, Ground, Player with children, a material and a prefab.
    void build_sample_scene();

    // Adds count root objects (each with a Transform and a BoxCollider) for scale tests.
    void add_flat_objects(std::size_t count, std::string_view name_prefix);
    // Adds count objects as chains chain_length deep: roots "<prefix><chain>", each with one child
    // "Link1", whose child is "Link2", and so on, for scale tests of deep paths and paging.
    void add_nested_objects(std::size_t count, std::string_view name_prefix, std::size_t chain_length);

    // Test API for what a user does in the Scene view. place_pin takes {"position":[x,y,z]} plus
    // optional label, normal, object (objectRef, resolved to instanceId and path); finish_stroke takes
    // {"points":[[x,y,z],...]} plus optional normals, hitObjects, closed, plane. Each numbers the pin
    // (P1, ...) or stroke (S1, ...) as the Unity overlay does and returns the event's data (Reply
    // error when the input is malformed). A pin is also drawn (markers.list, captures).
    Reply place_pin(std::string_view data_json);
    Reply finish_stroke(std::string_view data_json);
    // What a domain reload forgets: the drawn markers and pins (the host draws them again).
    void forget_domain_state();

    // Editor events ({"event","data"} text) produced since the last call.
    std::vector<std::string> take_events();

    void log(ConsoleKind kind, std::string_view message);
    // What the user set in the Console window; console_filters() reads them back (a read restores them).
    void set_console_filters(ConsoleFilters filters);
    ConsoleFilters console_filters() const;
    // The rows the Console window shows under its current filters (what Unity's store exposes).
    std::size_t visible_console_rows() const;
    // What the simulated editor wrote to its Editor.log: every console message, and the line Unity
    // writes when a script compile begins (the newest 1 MiB).
    std::string editor_log_text() const;
    // The project's render pipeline (built-in at start).
    void set_render_pipeline(RenderPipeline pipeline);
    const SimulatorIdentity& identity() const;

    // The host's connection ended (not by a reload): releases every asset auto-refresh hold its
    // turns took, with one refresh, so the user's own edits are imported again.
    void host_disconnected();
    // packages.add: an identifier (a git URL) the simulated Package Manager resolves to name@version;
    // and a failure ({code, message}, as Unity's Error) every add answers with, cleared by an empty code.
    void add_package_source(std::string identifier, std::string name, std::string version);
    void fail_package_adds(std::string code, std::string message);
    // Pretends the main thread is compiling or importing; editor.state and ping report it.
    void set_compiling(bool compiling);
    void set_importing(bool importing);
    bool compiling() const;
    // Whether an asset refresh imported scripts since the last call: Unity would compile them now.
    bool take_compile_request();
    // Checks every MonoScript under Assets/ as scripts.validate does; errors also reach the console.
    CompileResult compile_scripts();
    bool importing() const;
    std::string play_mode() const;

private:
    enum class ResultCheck { Checked, LeftToHost };
    Reply perform(std::string_view method, std::string_view params_json, UndoAuthor author, ResultCheck check = ResultCheck::Checked);

    struct State;
    std::unique_ptr<State> m_state;
};

} // namespace uap::editor_sim

// Unit tests for a module, out of tree: loads the built module library into the test process and
// plays the host for it (settings, log, progress, cancellation, host info), with the in-process
// editor simulator answering its editor calls. Link uap::testkit (find_package(uap-sdk)).
#pragma once

#include <uap/abi/uap_module.h>
#include <uap/editor_sim/editor_simulator.hpp>

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace uap::testkit {

// How one call ended: on success text is the result object as JSON, otherwise the message the
// module (or the harness, for arguments that break the input schema) wrote.
struct CallResult {
    uap_status status = UAP_STATUS_INTERNAL_ERROR;
    std::string text;

    bool ok() const { return status == UAP_STATUS_OK; }
};

struct ProgressReport {
    double progress = 0;
    double total = 0;
    std::string message;
};

// Whether the editor starts with the simulator's small sample scene or with an empty one.
enum class StartingScene { Sample, Empty };

struct HarnessOptions {
    std::string settings_json = "{}"; // What the module's read_settings returns.
    StartingScene scene = StartingScene::Sample;
};

class ModuleHarness {
public:
    // Loads the library, negotiates the ABI as the host does and initialises the module. Throws
    // std::runtime_error saying what failed (no such file, no entry symbol, init refused, ...).
    explicit ModuleHarness(const std::filesystem::path& library, HarnessOptions options = {});
    ~ModuleHarness();
    ModuleHarness(const ModuleHarness&) = delete;
    ModuleHarness& operator=(const ModuleHarness&) = delete;

    // The module's self-description (JSON) and its tool names in the order it lists them.
    const std::string& description_json() const;
    std::vector<std::string> tool_names() const;

    // Validates arguments against the tool's input schema (as the host does), then calls it.
    CallResult call(std::string_view tool, std::string_view arguments_json = "{}");

    // The editor the module's editor calls reach; read it to check what a tool changed.
    editor_sim::EditorSimulator& editor();

    // The next calls see is_cancelled() become true after the module has polled it this many times.
    void cancel_after_polls(int polls);
    // Progress reported during the last call, and every log line so far ("<level>: <message>").
    const std::vector<ProgressReport>& progress() const;
    const std::vector<std::string>& log_lines() const;

private:
    struct State;
    friend struct HostTable;
    std::unique_ptr<State> m_state;
};

} // namespace uap::testkit

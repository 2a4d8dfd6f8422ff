// Test harness for the editor bridge: a loopback Poco HTTP server that mounts the bridge at /bridge
// with its security checks, a temporary project with the discovery and token files, an in-process
// simulated editor, and a standalone uap-editor-sim child process driven over stdin.
#pragma once

#include "bridge/bridge_server.hpp"

#include <uap/abi/uap_module.h>
#include <uap/editor_sim/simulated_editor.hpp>

#include <Poco/Pipe.h>
#include <Poco/PipeStream.h>
#include <Poco/Process.h>
#include "server/access_tokens.hpp"
#include "server/host_server.hpp"
#include "server/request_guard.hpp"
#include "server/router.hpp"

#include <chrono>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace uap::testing {

inline constexpr const char* editor_token = "editor-token-0123456789abcdef";

// A host with only the bridge route, on 127.0.0.1 and an ephemeral port.
class BridgeHarness {
public:
    // The bridge reads its timeouts from clock: a test that passes a manual clock moves time itself.
    explicit BridgeHarness(bridge::BridgeOptions options = {}, const Clock& clock = SteadyClock::instance());
    ~BridgeHarness();

    bridge::BridgeServer& bridge() { return *m_bridge; }
    uint16_t port() const { return m_port; }
    const std::filesystem::path& project() const { return m_project; }

    // An editor simulator with the sample scene, running in this process and connected to the host.
    // Its stalls, reloads and ticks are timed on editor_clock.
    std::unique_ptr<editor_sim::SimulatedEditor> connect_in_process(editor_sim::EditorSimulator& simulator,
                                                                    const Clock& editor_clock = SteadyClock::instance());
    editor_sim::SimulatorIdentity identity(std::string session) const;
    editor_sim::HostEndpoint endpoint() const;

    // Calls a primitive with a parsed answer.
    struct Answer {
        uap_status status;
        std::string json;
    };
    Answer call(std::string_view method, std::string_view params, uint32_t timeout_ms = 10000);

private:
    std::filesystem::path m_project;
    std::unique_ptr<bridge::BridgeServer> m_bridge;
    std::unique_ptr<server::AccessTokens> m_tokens;
    std::unique_ptr<server::RequestGuard> m_guard;
    std::unique_ptr<server::Router> m_router;
    std::unique_ptr<server::HostServer> m_server;
    uint16_t m_port = 0;
};

// uap-editor-sim as a child process: stdin commands, stdout lines collected on a thread.
class EditorProcess {
public:
    EditorProcess(const std::filesystem::path& project, std::vector<std::string> extra_arguments = {});
    ~EditorProcess();

    void command(const std::string& line);
    // Returns once every command sent before it has been taken in: a stall or reload is then queued on
    // the editor's main thread ahead of any request the test sends next.
    bool settle();
    // Moves the time of an editor started with --manual-clock on by amount, once it has taken in every
    // command sent before; returns whether the editor confirmed the move.
    bool advance(std::chrono::milliseconds amount);
    // One of the counters the "stats" command prints (queued, reloads, executed ...), or -1.
    long long counter(const std::string& name);
    // Waits for a stdout line starting with prefix (consumed lines are kept for later waits).
    bool wait_for_line(const std::string& prefix, std::chrono::milliseconds timeout, std::string* line = nullptr);
    // Waits for the process to exit; returns its status, or -1 on timeout.
    int wait_exit(std::chrono::milliseconds timeout);
    int pid() const { return m_pid; }

private:
    std::unique_ptr<Poco::Pipe> m_input;
    std::unique_ptr<Poco::Pipe> m_output;
    std::unique_ptr<Poco::ProcessHandle> m_handle;
    std::unique_ptr<Poco::PipeOutputStream> m_stdin;
    int m_pid = 0;
    bool m_exited = false;
    std::thread m_reader;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<std::string> m_lines;
    bool m_closed = false;
};

} // namespace uap::testing

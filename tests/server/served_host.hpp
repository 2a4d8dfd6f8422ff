// Test helpers for the HTTP server's capacity: a `uap-host serve` child process on a fresh
// project, a minimal authenticated MCP client, and an attacker that holds idle, slow (slowloris)
// and idle /panel WebSocket connections open. Shared by the tests and tests/bench/server.
#pragma once

#include "support/child_process.hpp"

#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/StreamSocket.h>
#include <Poco/Net/WebSocket.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <memory>
#include <mutex>
#include <map>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace uap::testing {

// A new, empty folder under the system's temporary folder: <prefix>-<random suffix>.
std::filesystem::path fresh_folder(const std::string& prefix);

// A running `uap-host` with its output collected (both pipes drained, so logging never blocks).
class HostProcess {
public:
    HostProcess(const std::filesystem::path& host_binary, const std::vector<std::string>& arguments);
    ~HostProcess();
    int pid() const;
    std::string output() const;
    std::optional<int> exit_code();
    // True once the host printed that it serves; false when it exited first or the time ran out.
    bool wait_serving(std::chrono::milliseconds limit);
    std::optional<int> wait_exit(std::chrono::milliseconds limit);

private:
    std::unique_ptr<ChildProcess> m_child;
    std::thread m_drain;
    std::atomic<bool> m_drained{false}; // Both pipes reached their end.
    mutable std::mutex m_output_mutex;
    std::string m_output;
};

// `uap-host serve --project <fresh folder>` with the given "limits" settings (JSON object text).
class ServedHost {
public:
    ServedHost(const std::filesystem::path& host_binary, const std::string& limits_json = "{}");
    ~ServedHost();

    uint16_t port() const { return m_port; }
    const std::string& mcp_token() const { return m_mcp_token; }
    const std::string& panel_token() const { return m_panel_token; }
    const std::filesystem::path& project() const { return m_project; }
    bool running();
    std::string output() const;

private:
    std::filesystem::path m_project;
    std::unique_ptr<HostProcess> m_process;
    uint16_t m_port = 0;
    std::string m_mcp_token;
    std::string m_panel_token;
};

// One keep-alive MCP session over one connection.
class McpProbe {
public:
    McpProbe(uint16_t port, std::string token);
    // initialize + notifications/initialized; an error text when refused.
    std::optional<std::string> open();
    // initialize alone (one request, on a new connection when none is open); an error text when refused.
    std::optional<std::string> initialize();
    // tools/call; true when the call answered 200 with a non-error result.
    bool call(const std::string& tool, const std::string& arguments_json = "{}");
    const std::string& last_body() const { return m_body; }

private:
    int post(const std::string& payload);

    uint16_t m_port;
    std::string m_token;
    std::string m_session;
    std::string m_body;
    long m_next_id = 1;
    std::unique_ptr<Poco::Net::HTTPClientSession> m_client;
};

// A panel WebSocket handshake; the socket on success, else the HTTP status and body.
struct PanelAttempt {
    std::unique_ptr<Poco::Net::WebSocket> socket;
    int status = 0;
    std::string body;
};
PanelAttempt open_panel(uint16_t port, const std::string& token);

enum class Reopen { Never, WhenClosed };

struct AttackPlan {
    int idle = 500;      // TCP connections that never send a byte.
    int slowloris = 64;  // Connections that send one header byte per interval.
    int panels = 63;     // Authenticated /panel WebSockets that never send.
    std::chrono::milliseconds slowloris_interval{5000};
    Reopen reopen = Reopen::WhenClosed;
};

class Attack {
public:
    struct Counts {
        int idle_open = 0;
        int slowloris_open = 0;
        int panels_open = 0;
        int closed_by_server = 0; // Idle and slow connections the server closed (then reopened).
        int panels_refused = 0;
        int passes = 0; // Rounds over every connection so far; the counts above are from the last.
    };

    Attack(uint16_t port, std::string panel_token, AttackPlan plan);
    ~Attack();
    // Opens every connection (panels first), then keeps them as the plan says on a thread.
    void start();
    void stop();
    Counts counts() const;
    // The counts once the keeping thread has gone over every connection (slow under Wine), or
    // whatever they are when the limit passes.
    Counts counts_after_first_pass(std::chrono::milliseconds limit) const;

private:
    struct Slow {
        std::optional<Poco::Net::StreamSocket> socket; // Empty once closed and not reopened.
        size_t sent = 0;
        std::chrono::steady_clock::time_point next;
    };
    std::optional<Poco::Net::StreamSocket> connect_plain();
    void run();
    bool closed_by_peer(Poco::Net::StreamSocket& socket);

    uint16_t m_port;
    std::string m_panel_token;
    AttackPlan m_plan;
    std::vector<std::optional<Poco::Net::StreamSocket>> m_idle; // Empty once closed and not reopened.
    std::vector<Slow> m_slow;
    std::vector<std::unique_ptr<Poco::Net::WebSocket>> m_panels;
    mutable std::mutex m_mutex;
    Counts m_counts;
    std::atomic<bool> m_stopping{false};
    std::thread m_thread;
};

} // namespace uap::testing

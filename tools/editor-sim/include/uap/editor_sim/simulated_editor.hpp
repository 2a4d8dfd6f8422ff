// The simulated editor process's runtime: a "main thread" that executes primitives one at a time,
// a socket thread that answers liveness off the main thread, a completed-results ledger that
// survives injected domain reloads, and fault injection. Connects to a host like the Unity shim.
#pragma once

#include <uap/editor_sim/editor_simulator.hpp>

#include "support/clock.hpp"
#include "support/mutex.hpp"

#include <rapidjson/fwd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>

namespace Poco::Net {
class WebSocket;
}

namespace uap::editor_sim {

struct HostEndpoint {
    std::string address = "127.0.0.1";
    uint16_t port = 0;
    std::string token;
    std::string path = "/bridge";
};

// What the runtime has done, for tests and the "stats" command.
struct RuntimeCounters {
    uint64_t executed = 0;             // Primitives that ran on the main thread.
    uint64_t deduplicated = 0;         // Re-sent ids answered from the ledger or ignored while queued.
    uint64_t dropped_by_reload = 0;    // Queued requests forgotten by a reload (the host re-sends them).
    uint64_t reloads = 0;
    uint64_t connections = 0;
    uint64_t protocol_errors = 0;      // protocolError events received from the host.
};

class TickGaps;

// Whether a throttled main thread ticks early when a request arrives (the package signals the editor's
// tick from its socket thread) or only on its schedule (an editor that ignores the signal).
enum class WakeOnRequest { Honoured, Ignored };

class SimulatedEditor {
public:
    using Reporter = std::function<void(const std::string& line)>;

    // Every stall, reload, tick and busy age is timed on clock: a test that passes a manual clock
    // ends a stall or a reload, or brings a throttled tick, by moving it.
    SimulatedEditor(editor_sim::EditorSimulator& simulator, HostEndpoint endpoint, Reporter reporter = {},
                    const Clock& clock = SteadyClock::instance());
    ~SimulatedEditor();

    void start();
    void stop();

    // Fault injection; each runs on the main thread after what is already queued, as in Unity.
    void inject_reload(std::chrono::milliseconds duration);
    void inject_stall(std::chrono::milliseconds duration);
    void inject_modal(std::string title, std::chrono::milliseconds duration);
    void inject_compile(std::chrono::milliseconds duration, std::string error_message);
    // A background editor: the main thread ticks once per tick_interval (zero: as fast as work comes),
    // running what is queued at each tick, and reports the measured gap in its liveness answers.
    void throttle_main_thread(std::chrono::milliseconds tick_interval, WakeOnRequest wake);
    // Sends an editor event now (for example a user pin).
    void send_event(const std::string& name, const std::string& data_json);
    // The user pins a point or finishes a sketch stroke (EditorSimulator::place_pin, finish_stroke);
    // the event goes to the host at once. Returns the simulator's refusal, or empty.
    std::string place_pin(const std::string& data_json);
    std::string finish_stroke(const std::string& data_json);

    // The timeout is the caller's real patience for a real socket, whatever clock the editor runs on.
    bool wait_connected(std::chrono::milliseconds timeout);
    // Requests waiting for the main thread now, and whether a tick is running: a request that arrives
    // during a tick runs in it. The "stats" command shows both.
    std::size_t queued_requests() const;
    bool ticking() const;
    bool refused() const { return m_refused; }
    std::string refusal() const;
    RuntimeCounters counters() const;
    std::string session_id() const { return m_simulator.identity().editor_session_id; }
    std::string hello_json();

private:
    struct Task {
        enum class Kind { Request, Reload, Stall, Modal, Compile } kind = Kind::Request;
        std::string id;
        std::string method;
        std::string params;
        std::chrono::milliseconds duration{0};
        std::string text;
    };

    void main_loop();
    void wait_for_tick(std::unique_lock<std::mutex>& lock);
    // Waits on m_changed until done() holds or duration passes on the editor's clock.
    template <typename Done>
    bool wait_on_clock(std::unique_lock<std::mutex>& lock, std::chrono::milliseconds duration, Done done) {
        return uap::wait_until(m_clock, m_changed, lock, m_clock.now() + duration, done);
    }
    // Runs what is queued, one task at a time, until the queue is empty.
    void run_tick();
    void connection_loop();
    void read_loop(Poco::Net::WebSocket& socket);
    // A frame from the host: an event of the host's, a request answered off the main thread (ping,
    // request.status), or a request queued for the main thread.
    void handle_frame(const std::string& frame);
    void handle_host_event(const std::string& name, const rapidjson::Value* data);
    void answer_status_request(const std::string& id, const std::string& params);
    void accept_request(const std::string& id, const std::string& method, const std::string& params);
    void execute(const Task& task);
    void perform_reload(std::chrono::milliseconds duration);
    // compileStarted, "compiling" for duration, then compileFinished: the injected error, or the
    // project's scripts checked; a reload follows a compile that succeeded.
    void compile(std::chrono::milliseconds duration, const std::string& injected_error);
    void busy_for(std::chrono::milliseconds duration, const std::string& modal_title);
    bool send(const std::string& frame);
    bool send_locked(const std::string& frame); // The caller holds m_send_mutex.
    void deliver(const std::string& id, const std::string& response);
    void flush_events();
    std::string user_action(Reply reply);
    std::string main_thread_json();
    void enqueue(Task task);

    editor_sim::EditorSimulator& m_simulator;
    HostEndpoint m_endpoint;
    Reporter m_reporter;
    const Clock& m_clock;

    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<Task> m_tasks;
    std::set<std::string> m_queued_ids;
    std::string m_current_id;
    std::string m_busy_kind;
    std::chrono::milliseconds m_busy_since{0}; // A reading of m_clock.
    std::chrono::milliseconds m_tick_interval{0};
    WakeOnRequest m_wake = WakeOnRequest::Honoured;
    bool m_wake_requested = false;
    std::unique_ptr<TickGaps> m_tick_gaps;
    std::string m_modal_title;
    std::string m_play_mode = "edit";
    std::map<std::string, std::string> m_ledger; // id → response envelope.
    std::deque<std::string> m_ledger_order;
    std::set<std::string> m_undelivered;
    bool m_reloading = false;
    bool m_connected = false;
    bool m_stopping = false;
    bool m_announce_reloaded = false;
    std::atomic<bool> m_refused{false};
    std::string m_refusal;
    std::size_t m_max_result_bytes = 1024 * 1024;
    RuntimeCounters m_counters;

    std::mutex m_send_mutex;
    std::shared_ptr<Poco::Net::WebSocket> m_socket;

    std::thread m_main;
    std::thread m_connection;
};

} // namespace uap::editor_sim

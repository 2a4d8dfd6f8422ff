// The editor bridge, host side: one connected editor at a time, a request journal with durable
// ids that survives reloads (exactly-once with the editor's ledger), structured outcomes for slow
// calls, jobs, liveness pings and editor events. Modules reach it as an EditorLink.
#pragma once

#include "bridge/bridge_options.hpp"
#include "bridge/compile_state.hpp"
#include "api/editor_link.hpp"
#include "api/editor_events.hpp"
#include "support/clock.hpp"
#include "support/mutex.hpp"

#include <Poco/Net/WebSocket.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <variant>

namespace uap::bridge {

using api::CallControl;
using api::EditorLink;

// What the host read about an editor that is not connected: JSON object text and a sentence for refusals.
struct OfflineReport {
    std::string json;
    std::string summary; // Empty when there is nothing to tell the agent.
};

// Counters the tests and benchmarks read.
struct BridgeStatistics {
    uint64_t requests = 0;
    uint64_t frames_sent = 0;
    uint64_t resent = 0;
    uint64_t responses = 0;
    uint64_t duplicate_responses = 0;
    uint64_t protocol_errors = 0;
    uint64_t connections = 0;
    uint64_t refused = 0;
};

class BridgeServer final : public EditorLink, public api::EditorEventSource {
public:
    // Every timeout, wait and age the bridge keeps is read from clock; tests move a manual one.
    explicit BridgeServer(BridgeOptions options, const Clock& clock = SteadyClock::instance());
    ~BridgeServer() override;

    Expected<std::string> call(std::string_view method, std::string_view params_json, uint32_t timeout_ms,
                               const CallControl* control) override;
    // Sends every request before it waits for the first answer (see EditorLink::call_all).
    std::vector<Expected<std::string>> call_all(std::span<const api::EditorRequest> requests, uint32_t timeout_ms,
                                                const CallControl* control) override;
    std::string state_json() const override;

    // Serves one upgraded WebSocket until it closes; runs on the HTTP server's connection thread.
    void serve_connection(Poco::Net::WebSocket& socket);
    // Handles one frame as if a connected editor had sent it on a socket that is already gone, so
    // replies go nowhere: the frame handler without a network, for its fuzz target.
    void handle_detached_frame(std::string_view frame);

    // Editor events ({"event","data"}) as they arrive, on the connection thread. Returns a ticket for unsubscribe.
    int subscribe(EventListener listener) override;
    void unsubscribe(int ticket) override;

    // What the host knows of an editor that cannot connect (the editor log's compile errors): its JSON
    // object text goes into state_json as "editorLog" and into not_connected refusals, its summary into
    // their message. The function must answer at once (a cache); it is called with the bridge's lock held.
    void set_offline_report(std::function<OfflineReport()> report);

    // Runs after an editor's hello was welcomed (with its hello data as JSON text) and after it
    // disconnected (with an empty text), on the connection's thread, outside the bridge's lock.
    // Set before serving.
    void on_editor_change(std::function<void(const std::string& hello_json)> listener) { m_editor_change = std::move(listener); }

    BridgeStatistics statistics() const;
    bool connected() const;
    // Waits until an editor is connected (welcome sent) or the timeout passes.
    bool wait_connected(std::chrono::milliseconds timeout) const;
    void shutdown();

    struct Entry;
    struct Connection;

private:
    enum class Outcome { StillRunning, NeverStarted, Abandoned, NotConnected, Cancelled };

    // A request the bridge answered at once (params that are not an object, host methods, the
    // liveness protocol's own), or the entry it sent to the editor.
    using Started = std::variant<Expected<std::string>, std::shared_ptr<Entry>>;
    Started start(std::string_view method, std::string_view params_json);
    std::shared_ptr<Entry> submit(std::string_view method, std::string_view params_json, bool internal);
    // Waits for a call's answer, deciding each time it wakes through next_wait_step (wait_steps.hpp).
    Expected<std::string> wait_for(const std::shared_ptr<Entry>& entry, std::chrono::milliseconds timeout, const CallControl* control);
    // Out of time or cancelled with the request at the editor: the outcome the editor's status probe
    // (its report, empty when it did not answer) gives.
    Expected<std::string> probed_outcome(MutexLock& lock, const std::shared_ptr<Entry>& entry, bool cancelled, const std::string& report)
        UAP_REQUIRES(m_mutex);
    Expected<std::string> finish(MutexLock& lock, const std::shared_ptr<Entry>& entry) UAP_REQUIRES(m_mutex);
    // For an unknown_method error on a primitive the editor's hello did not list: an error that says
    // the Unity package is older than the host and how to match them. Called with m_mutex held.
    std::optional<std::string> explain_missing_primitive(const std::string& method, const std::string& error_json) const UAP_REQUIRES(m_mutex);
    Error outcome(MutexLock& lock, const std::shared_ptr<Entry>& entry, Outcome kind, const std::string& detail,
                  const std::string& editor_report) UAP_REQUIRES(m_mutex);
    std::string probe(const std::string& request_id, bool withdraw);
    // Sends one of the bridge's own requests (ping, request.status) and waits up to timeout for it;
    // returns its result as JSON text, or an empty string when it failed or did not come in time.
    std::string internal_request(std::string_view method, std::string_view params_json, std::chrono::milliseconds timeout);
    Expected<std::string> host_method(std::string_view method, std::string_view params_json);
    // host.compileState: the compile state, waiting (bounded) for a compile that finishes after afterSequence.
    Expected<std::string> compile_state_method(const rapidjson::Document& params);

    bool send(const std::shared_ptr<Connection>& connection, const std::string& frame);
    // The handshake in steps: check the hello, admit its session (or refuse a second editor), take
    // over the journal's answers the editor completed while away, and send the welcome.
    bool accept_hello(const std::shared_ptr<Connection>& connection, const std::string& frame);
    bool refuse_editor(const std::shared_ptr<Connection>& connection, const Error& refused);
    Expected<void> admit(const std::shared_ptr<Connection>& connection, const rapidjson::Value& data);
    void take_over_session_locked(const std::shared_ptr<Connection>& connection, const std::string& session, const rapidjson::Value& data) UAP_REQUIRES(m_mutex);
    void adopt_completed_locked(const rapidjson::Value& completed) UAP_REQUIRES(m_mutex);
    std::vector<std::string> welcome_frames_locked(const std::string& session, bool replaced) UAP_REQUIRES(m_mutex);
    void handle_frame(const std::shared_ptr<Connection>& connection, const char* data, std::size_t size);
    // result, when given, is json already parsed (a result, ok): it is checked against the method's
    // schema as it is, instead of parsing a page of tens of kilobytes a second time.
    void handle_response(const std::string& id, bool ok, std::string json, const rapidjson::Value* result = nullptr);
    // Keeps an answer for an id of an earlier host run as a finished job; false for an id of this run.
    // Called with m_mutex held.
    bool adopt_previous_run_answer_locked(const std::string& id, bool ok, std::string json) UAP_REQUIRES(m_mutex);
    void handle_event(const std::string& name, const std::string& frame);
    void protocol_error(const std::shared_ptr<Connection>& connection, std::string_view code, std::string_view message);
    void on_disconnect(const std::shared_ptr<Connection>& connection);
    void close_socket(const std::shared_ptr<Connection>& connection, int code, const std::string& reason);
    void abandon_session_locked(const std::string& session, const std::string& reason) UAP_REQUIRES(m_mutex);
    // Wakes every waiter, each call's included: for changes all of them read (the connection, the
    // session, shutting down). A response wakes only its own call (Entry::changed).
    void wake_everyone_locked() UAP_REQUIRES(m_mutex);
    // Abandons the session when the editor's process has ended. Lets go of the mutex while it probes
    // the process, so the caller reads the state again afterwards.
    void check_editor_process_locked() UAP_REQUIRES(m_mutex);
    void ping_loop();

    BridgeOptions m_options;
    const Clock& m_clock;
    std::string m_id_prefix;
    std::atomic<uint64_t> m_next_id{1};

    // Guards the journal and everything known about the editor: the members from here to the next
    // blank line. A connection's send mutex, when both are held, is taken first (docs/architecture.md,
    // "Locking").
    mutable Mutex m_mutex;
    mutable std::condition_variable m_changed;
    std::map<std::string, std::shared_ptr<Entry>> m_entries UAP_GUARDED_BY(m_mutex);
    std::shared_ptr<Connection> m_connection UAP_GUARDED_BY(m_mutex);
    std::string m_session UAP_GUARDED_BY(m_mutex);  // The editor session the journal belongs to.
    std::string m_hello UAP_GUARDED_BY(m_mutex);    // Its hello data, as JSON text.
    // The part of the hello that state_json reports, written once per hello: every editor tool reads
    // the state before it runs.
    std::string m_editor_summary UAP_GUARDED_BY(m_mutex);
    int64_t m_editor_pid UAP_GUARDED_BY(m_mutex) = 0;
    bool m_reloading UAP_GUARDED_BY(m_mutex) = false;
    bool m_editor_gone UAP_GUARDED_BY(m_mutex) = false;
    // Readings of m_clock.
    std::chrono::milliseconds m_disconnected_since UAP_GUARDED_BY(m_mutex);
    std::chrono::milliseconds m_connected_since UAP_GUARDED_BY(m_mutex){0};
    std::string m_main_thread UAP_GUARDED_BY(m_mutex) = "null";
    std::chrono::milliseconds m_main_thread_at UAP_GUARDED_BY(m_mutex){0};
    BridgeStatistics m_statistics UAP_GUARDED_BY(m_mutex);
    std::deque<std::pair<uint64_t, std::string>> m_events UAP_GUARDED_BY(m_mutex);
    uint64_t m_event_sequence UAP_GUARDED_BY(m_mutex) = 0;
    CompileState m_compile UAP_GUARDED_BY(m_mutex);
    std::map<int, EventListener> m_listeners UAP_GUARDED_BY(m_mutex);
    int m_next_ticket UAP_GUARDED_BY(m_mutex) = 1;
    bool m_stopping UAP_GUARDED_BY(m_mutex) = false;
    std::function<OfflineReport()> m_offline_report UAP_GUARDED_BY(m_mutex);

    // The listener is set before the server starts and only read afterwards; the pinger is started and
    // joined by start() and stop().
    std::function<void(const std::string&)> m_editor_change;
    std::thread m_pinger;
};

} // namespace uap::bridge

// The tools/call requests being served, by session and JSON-RPC id, each with the cancellation
// flag its tool polls. notifications/cancelled, a session's DELETE and the client closing its
// connection set that flag; a watcher thread notices closed connections.
#pragma once

#include "api/editor_link.hpp"

#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace uap::mcp {

class InFlightCalls {
public:
    // How often connections of running calls are checked.
    static constexpr std::chrono::milliseconds watch_interval{20};

    InFlightCalls() = default;
    ~InFlightCalls(); // Stops the watcher.
    InFlightCalls(const InFlightCalls&) = delete;
    InFlightCalls& operator=(const InFlightCalls&) = delete;

    struct Call;
    // Removes the call from the table when it goes out of scope.
    class Registration {
    public:
        Registration(InFlightCalls& table, std::shared_ptr<Call> call) : m_table(table), m_call(std::move(call)) {}
        ~Registration();
        Registration(const Registration&) = delete;
        Registration& operator=(const Registration&) = delete;
        const api::CallControl& control() const;

    private:
        InFlightCalls& m_table;
        std::shared_ptr<Call> m_call;
    };

    // request_id is the JSON text of the id (so 7 and "7" stay distinct). peer_gone, when given,
    // says whether the client has closed the connection; it is polled from the watcher thread.
    std::unique_ptr<Registration> add(const std::string& session, const std::string& request_id, std::function<bool()> peer_gone);

    // True when a call with that id was running in the session (and is now cancelled).
    bool cancel(const std::string& session, const std::string& request_id);
    // Cancels every call of the session; returns how many.
    size_t cancel_session(const std::string& session);
    size_t size() const;

private:
    void remove(const Call* call);
    void watch();

    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
    std::multimap<std::pair<std::string, std::string>, std::shared_ptr<Call>> m_calls;
    bool m_stopping = false;
    bool m_watcher_idle = true; // The watcher sleeps its long sleep (no calls when it last looked).
    std::thread m_watcher;
};

} // namespace uap::mcp

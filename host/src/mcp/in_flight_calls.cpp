// The in-flight tools/call table and its connection watcher.
#include "mcp/in_flight_calls.hpp"

#include "support/log.hpp"

namespace uap::mcp {

struct InFlightCalls::Call {
    std::pair<std::string, std::string> key;
    std::function<bool()> peer_gone;
    api::CallControl control;
    std::chrono::steady_clock::time_point registered = std::chrono::steady_clock::now();
};

InFlightCalls::~InFlightCalls() {
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
        m_changed.notify_all();
    }
    if (m_watcher.joinable())
        m_watcher.join();
}

InFlightCalls::Registration::~Registration() { m_table.remove(m_call.get()); }

const api::CallControl& InFlightCalls::Registration::control() const { return m_call->control; }

std::unique_ptr<InFlightCalls::Registration> InFlightCalls::add(const std::string& session, const std::string& request_id,
                                                                 std::function<bool()> peer_gone) {
    auto call = std::make_shared<Call>();
    call->key = {session, request_id};
    call->peer_gone = std::move(peer_gone);
    std::lock_guard lock(m_mutex);
    m_calls.emplace(call->key, call);
    if (call->peer_gone && !m_watcher.joinable())
        m_watcher = std::thread([this] { watch(); });
    // Only an idle watcher needs waking: a busy one looks again within watch_interval anyway, and
    // waking it for every call would cost a thread switch and the lock per call under load.
    if (m_watcher_idle) {
        m_watcher_idle = false;
        m_changed.notify_all();
    }
    return std::make_unique<Registration>(*this, call);
}

void InFlightCalls::remove(const Call* call) {
    std::lock_guard lock(m_mutex);
    auto [first, last] = m_calls.equal_range(call->key);
    for (auto it = first; it != last; ++it)
        if (it->second.get() == call) {
            m_calls.erase(it);
            return;
        }
}

bool InFlightCalls::cancel(const std::string& session, const std::string& request_id) {
    std::lock_guard lock(m_mutex);
    auto [first, last] = m_calls.equal_range({session, request_id});
    for (auto it = first; it != last; ++it)
        it->second->control.cancelled = true;
    return first != last;
}

size_t InFlightCalls::cancel_session(const std::string& session) {
    std::lock_guard lock(m_mutex);
    size_t count = 0;
    for (auto& [key, call] : m_calls)
        if (key.first == session) {
            call->control.cancelled = true;
            ++count;
        }
    return count;
}

size_t InFlightCalls::size() const {
    std::lock_guard lock(m_mutex);
    return m_calls.size();
}

void InFlightCalls::watch() {
    std::unique_lock lock(m_mutex);
    while (!m_stopping) {
        // Sleeps while nothing runs; a registration wakes it.
        m_watcher_idle = m_calls.empty();
        m_changed.wait_for(lock, m_watcher_idle ? std::chrono::milliseconds(1000) : watch_interval);
        // A call younger than the interval is left alone: most calls end before their connection
        // is worth a look, and each look is a system call.
        auto now = std::chrono::steady_clock::now();
        for (auto& [key, call] : m_calls)
            if (call->peer_gone && now - call->registered >= watch_interval && !call->control.cancelled.load() && call->peer_gone()) {
                call->control.cancelled = true;
                log::mcp.info("the client closed the connection of request {}; cancelling the call", key.second.substr(0, 80));
            }
    }
}

} // namespace uap::mcp

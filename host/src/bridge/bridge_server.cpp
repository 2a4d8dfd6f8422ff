// The editor bridge, host side: construction, shutdown and the public state, statistics and
// event-subscription queries. The rest of the class lives in the other bridge_*.cpp files.
#include "bridge/bridge_internal.hpp"
#include "bridge/main_thread_liveness.hpp"
#include "support/random.hpp"


namespace uap::bridge {

namespace {

// Request ids are unique across host runs, so an editor never mistakes an old answer for a new one.
std::string random_prefix() { return std::string("h").append(random::unique_suffix(), 0, 8); }

} // namespace

BridgeServer::BridgeServer(BridgeOptions options, const Clock& clock)
    : m_options(std::move(options)), m_clock(clock), m_id_prefix(random_prefix()), m_disconnected_since(clock.now()) {
    m_pinger = std::thread([this] { ping_loop(); });
}

BridgeServer::~BridgeServer() { shutdown(); }

void BridgeServer::shutdown() {
    std::shared_ptr<Connection> connection;
    {
        MutexLock lock(m_mutex);
        if (m_stopping && !m_pinger.joinable())
            return;
        m_stopping = true;
        connection = m_connection;
        wake_everyone_locked();
    }
    if (connection)
        close_socket(connection, Poco::Net::WebSocket::WS_ENDPOINT_GOING_AWAY, "the host is shutting down");
    if (m_pinger.joinable())
        m_pinger.join();
}

std::string BridgeServer::state_json() const {
    MutexLock lock(m_mutex);
    std::string state = m_connection ? "connected" : m_session.empty() ? "not_connected" : m_reloading ? "reloading" : "disconnected";
    std::size_t pending = 0, jobs = 0;
    for (const auto& [id, entry] : m_entries) {
        if (entry->internal)
            continue;
        if (entry->job)
            ++jobs;
        else if (entry->state == EntryState::Queued || entry->state == EntryState::Sent)
            ++pending;
    }
    json::TextWriter writer;
    writer.begin_object().field("state", state).field("pendingRequests", pending).field("jobs", jobs);
    if (!m_session.empty()) {
        writer.raw_field("editor", m_editor_summary);
        if (m_main_thread != "null") {
            writer.raw_field("mainThread", m_main_thread).field("mainThreadReportAgeMs", (m_clock.now() - m_main_thread_at).count());
            writer.key("liveness");
            write_liveness(writer, read_liveness(parse_trusted(m_main_thread), m_options.throttled_tick_gap));
        }
        if (!m_connection)
            writer.field("disconnectedForMs", (m_clock.now() - m_disconnected_since).count())
                .field("editorProcess", m_editor_gone ? "gone" : "alive_or_unknown");
    } else {
        writer.field("detail", "no editor has connected to this host yet");
    }
    if (m_compile.phase() != CompilePhase::Unknown) {
        writer.key("compile");
        m_compile.write(writer);
    }
    if (!m_connection && m_offline_report)
        if (OfflineReport report = m_offline_report(); !report.json.empty())
            writer.raw_field("editorLog", report.json);
    return writer.end_object().text();
}

void BridgeServer::set_offline_report(std::function<OfflineReport()> report) {
    MutexLock lock(m_mutex);
    m_offline_report = std::move(report);
}

int BridgeServer::subscribe(EventListener listener) {
    MutexLock lock(m_mutex);
    m_listeners[m_next_ticket] = std::move(listener);
    return m_next_ticket++;
}

void BridgeServer::unsubscribe(int ticket) {
    MutexLock lock(m_mutex);
    m_listeners.erase(ticket);
}

BridgeStatistics BridgeServer::statistics() const {
    MutexLock lock(m_mutex);
    return m_statistics;
}

bool BridgeServer::connected() const {
    MutexLock lock(m_mutex);
    return m_connection != nullptr;
}

bool BridgeServer::wait_connected(std::chrono::milliseconds timeout) const {
    MutexLock lock(m_mutex);
    return lock.wait_until(m_clock, m_changed, m_clock.now() + timeout, [this]() UAP_REQUIRES(m_mutex) { return m_connection != nullptr; });
}

} // namespace uap::bridge

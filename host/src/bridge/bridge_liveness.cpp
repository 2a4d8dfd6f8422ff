// Liveness: periodic pings that keep the editor's latest main-thread report, and the check
// that abandons in-flight requests once the editor process is gone.
#include "bridge/bridge_internal.hpp"

#include "support/processes.hpp"
#include "support/log.hpp"

namespace uap::bridge {

void BridgeServer::ping_loop() {
    MutexLock lock(m_mutex);
    while (!m_stopping) {
        lock.wait_until(m_clock, m_changed, m_clock.now() + m_options.ping_interval, [this]() UAP_REQUIRES(m_mutex) { return m_stopping; });
        if (m_stopping || !m_connection)
            continue;
        lock.unlock();
        std::string answer = internal_request("ping", "{}", std::min(m_options.ping_interval, m_options.status_probe_timeout));
        lock.lock();
        if (!answer.empty()) {
            rapidjson::Document report = parse_trusted(answer);
            if (report.IsObject() && report.HasMember("mainThread")) {
                m_main_thread = json::to_text(report["mainThread"]);
                m_main_thread_at = m_clock.now();
            }
        }
    }
}

void BridgeServer::check_editor_process_locked() {
    if (m_editor_gone || m_editor_pid <= 0)
        return;
    int64_t pid = m_editor_pid;
    // The probe is a system call (on Linux a read of /proc), made without the mutex; what it found is
    // acted on only if the editor is still the one probed.
    m_mutex.unlock();
    bool gone = processes::probe(pid) == processes::ProcessState::Gone;
    m_mutex.lock();
    if (!gone || m_editor_gone || pid != m_editor_pid)
        return;
    m_editor_gone = true;
    log::bridge.warn("editor process {} is gone; its in-flight requests are abandoned", pid);
    abandon_session_locked(m_session, "the editor process exited while the request was in flight; its effect is unknown");
}

} // namespace uap::bridge

// Watches the editor's log while no editor is connected: when Unity cannot load the package (compile
// errors, Safe Mode), the agent's refusals, the host's status and every panel say why.
#pragma once

#include "api/event_sink.hpp"
#include "bridge/bridge_server.hpp"
#include "bridge/editor_log.hpp"
#include "support/periodic_task.hpp"

#include <chrono>
#include <memory>
#include <mutex>
#include <string>

namespace uap::app {

class EditorLogWatch {
public:
    // Reads the log every interval while the bridge has no editor, and installs itself as the bridge's
    // offline report. panels may be null (no notices).
    EditorLogWatch(bridge::EditorLogSearch search, bridge::BridgeServer& bridge, api::EventSink* panels,
                   std::chrono::milliseconds interval = std::chrono::seconds(2));
    ~EditorLogWatch();
    EditorLogWatch(const EditorLogWatch&) = delete;
    EditorLogWatch& operator=(const EditorLogWatch&) = delete;

    // The latest report (empty while an editor is connected). Never reads the file.
    bridge::OfflineReport report() const;
    // Reads the log now instead of at the next interval.
    void refresh();

private:
    void announce(const std::string& summary);

    bridge::EditorLogSearch m_search;
    bridge::BridgeServer& m_bridge;
    api::EventSink* m_panels;
    mutable std::mutex m_mutex;
    bridge::OfflineReport m_report;
    std::string m_announced; // The summary the panels were last told, so each change is told once.
    std::unique_ptr<PeriodicTask> m_task; // Last: its thread uses the members above.
};

} // namespace uap::app

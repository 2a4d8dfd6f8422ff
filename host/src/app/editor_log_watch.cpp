// Watches the editor's log while no editor is connected and tells the bridge and the panels what it says.
#include "app/editor_log_watch.hpp"

#include "support/json.hpp"
#include "support/json_writer.hpp"

namespace uap::app {

EditorLogWatch::EditorLogWatch(bridge::EditorLogSearch search, bridge::BridgeServer& bridge, api::EventSink* panels,
                               std::chrono::milliseconds interval)
    : m_search(std::move(search)), m_bridge(bridge), m_panels(panels) {
    m_bridge.set_offline_report([this] { return report(); });
    m_task = std::make_unique<PeriodicTask>(interval, [this] { refresh(); }, FirstRun::Immediately);
}

EditorLogWatch::~EditorLogWatch() {
    m_task->stop();
    m_bridge.set_offline_report({});
}

bridge::OfflineReport EditorLogWatch::report() const {
    std::lock_guard lock(m_mutex);
    return m_report;
}

void EditorLogWatch::refresh() {
    // A connected editor runs the package and reports its own compiles; its log is not read then.
    if (m_bridge.connected()) {
        std::lock_guard lock(m_mutex);
        m_report = {};
        m_announced.clear();
        return;
    }
    bridge::EditorLogReport read = bridge::read_editor_log(m_search);
    read.project = m_search.project;
    json::TextWriter writer;
    read.write(writer);
    std::string summary = read.summary();
    {
        std::lock_guard lock(m_mutex);
        m_report = {writer.text(), summary};
        if (summary == m_announced)
            return;
        m_announced = summary;
    }
    if (!summary.empty())
        announce(summary);
}

void EditorLogWatch::announce(const std::string& summary) {
    if (!m_panels)
        return;
    rapidjson::Document notice(rapidjson::kObjectType);
    auto& allocator = notice.GetAllocator();
    notice.AddMember("type", "notice", allocator);
    notice.AddMember("level", "error", allocator);
    notice.AddMember("text", json::string_value(summary, allocator), allocator);
    m_panels->publish(std::move(notice));
}

} // namespace uap::app

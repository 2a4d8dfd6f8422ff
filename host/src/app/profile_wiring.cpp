// Profile wiring: instruction source, pack folders, and the watcher thread.
#include "app/profile_wiring.hpp"

namespace uap::app {

agent::InstructionSource profile_instructions(profiles::ProfileService& service) {
    return [&service] {
        std::vector<agent::InstructionSection> sections;
        for (auto& section : service.sections_for_spawn())
            sections.push_back({std::move(section.heading), std::move(section.body)});
        return sections;
    };
}

std::vector<profiles::PackProfiles> loaded_pack_profiles(const mcp::ModuleTools& tools) {
    std::vector<profiles::PackProfiles> packs;
    auto host = tools.host();
    if (!host)
        return packs;
    for (auto& pack : host->packs())
        if (pack->state == modules::PackState::Loaded && pack->manifest && !pack->manifest->profiles.empty() && !host->runtime_problem(*pack))
            packs.push_back({pack->manifest->id, pack->manifest->profiles});
    return packs;
}

ProfileWatcher::ProfileWatcher(profiles::ProfileService& service, agent::AgentSession& session, std::chrono::milliseconds interval)
    : m_thread([this, &service, &session, interval] {
          std::unique_lock lock(m_mutex);
          while (!m_stopping) {
              m_woken = false;
              lock.unlock();
              if (service.poll())
                  session.request_relaunch("because the extension profiles changed");
              lock.lock();
              m_wake.wait_for(lock, interval, [this] { return m_stopping || m_woken; });
          }
      }) {}

ProfileWatcher::~ProfileWatcher() { stop(); }

void ProfileWatcher::wake() {
    {
        std::lock_guard lock(m_mutex);
        m_woken = true;
    }
    m_wake.notify_all();
}

void ProfileWatcher::stop() {
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    if (m_thread.joinable())
        m_thread.join();
}

} // namespace uap::app

// The panel commands of the integrations: install_plugin (runs the install on a thread and
// publishes integration_install events), set_integration_settings (the steering toggle and the
// --plugin-dir fallback), apply_uloop_preset, and preview_uloop_install / install_uloop (the
// manifest change, shown exactly before it is made; with an editor connected, Unity's Package
// Manager makes it through the packages.add primitive and uloop_install events report the end).
#pragma once

#include "agent/agent_session.hpp"
#include "api/editor_link.hpp"
#include "api/event_sink.hpp"
#include "panel/command_extension.hpp"

#include <atomic>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <thread>

namespace uap::app {

class IntegrationCommands : public panel::CommandExtension {
public:
    IntegrationCommands(std::filesystem::path project, std::vector<std::string> cli_environment, api::EventSink& events,
                        agent::AgentSession& session, std::chrono::milliseconds step_timeout = std::chrono::seconds(120),
                        api::EditorLink* editor = nullptr);
    ~IntegrationCommands() override; // Stops a running install's step (and a Package Manager add) and waits for their threads.

    bool handles(const std::string& type) const override;
    Expected<void> run(const std::string& type, const rapidjson::Value& command, rapidjson::Document& reply) override;

private:
    Expected<void> start_install(rapidjson::Document& reply);
    Expected<void> save_settings(const rapidjson::Value& command, rapidjson::Document& reply);
    Expected<void> apply_preset(rapidjson::Document& reply);
    Expected<void> install_uloop(const std::string& type, const rapidjson::Value& command, rapidjson::Document& reply);
    bool editor_connected() const;
    // Starts packages.add on a thread; its end is published as a uloop_install event.
    Expected<void> add_uloop_through_editor(rapidjson::Document& reply);
    void finish_uloop_add(const Expected<std::string>& answer);

    std::filesystem::path m_project;
    std::vector<std::string> m_environment;
    api::EventSink& m_events;
    agent::AgentSession& m_session;
    std::chrono::milliseconds m_step_timeout;
    std::mutex m_mutex;
    std::thread m_install;
    std::atomic<bool> m_installing{false};
    std::atomic<bool> m_stopping{false};
    api::EditorLink* m_editor;
    std::thread m_uloop_add;
    std::atomic<bool> m_adding_uloop{false};
    api::CallControl m_uloop_control; // Cancelled when the host shuts down.
};

} // namespace uap::app

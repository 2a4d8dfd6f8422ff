// The panel's profile commands: list_profiles, show_profile (the full text a user approves),
// approve_profile (only the exact bytes that were shown) and set_profile_enabled, served to the
// panel endpoint as a command extension.
#pragma once

#include "panel/command_extension.hpp"
#include "profiles/profile_service.hpp"

#include <functional>

namespace uap::app {

class ProfileCommands final : public panel::CommandExtension {
public:
    // changed: runs after an approval or a switch, so the host applies it at once.
    ProfileCommands(profiles::ProfileService& service, std::function<void()> changed)
        : m_service(service), m_changed(std::move(changed)) {}

    bool handles(const std::string& type) const override;
    Expected<void> run(const std::string& type, const rapidjson::Value& command, rapidjson::Document& reply) override;

private:
    profiles::ProfileService& m_service;
    std::function<void()> m_changed;
};

} // namespace uap::app

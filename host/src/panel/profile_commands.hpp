// The panel's profile commands: list_profiles, show_profile (the full text a user approves),
// approve_profile (only the exact bytes that were shown) and set_profile_enabled.
#pragma once

#include "profiles/profile_service.hpp"
#include "support/expected.hpp"

#include <rapidjson/document.h>

#include <string>

namespace uap::panel {

bool is_profile_command(const std::string& type);

// Runs one profile command; the answer's fields are added to reply. changed: after an approval or a switch.
Expected<void> run_profile_command(const std::string& type, const rapidjson::Value& command, profiles::ProfileService* service,
                                   const std::function<void()>& changed, rapidjson::Document& reply);

} // namespace uap::panel

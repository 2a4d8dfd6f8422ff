// The panel commands that decide what the agent may do without asking: answering a permission
// card, the permission mode, the auto-approve level, the always-ask kinds and the saved rules.
#pragma once

#include "agent/agent_session.hpp"
#include "support/expected.hpp"

#include <rapidjson/document.h>

#include <string>

namespace uap::panel {

bool is_permission_command(const std::string& type);
Expected<void> run_permission_command(const std::string& type, const rapidjson::Value& command, agent::AgentSession& session);

} // namespace uap::panel

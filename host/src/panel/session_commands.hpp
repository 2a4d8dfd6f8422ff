// The panel commands that drive the agent's conversation: send, interrupt, history and resume, the
// model, turn revert and continue, custom instructions, retry, and sign-in. One table names them.
#pragma once

#include "agent/agent_session.hpp"
#include "support/expected.hpp"

#include <rapidjson/document.h>

#include <string>

namespace uap::panel {

// Runs the command of this type, writing what it answers into reply; an unknown type is refused.
Expected<void> run_session_command(const std::string& type, const rapidjson::Value& command, agent::AgentSession& session,
                                   rapidjson::Document& reply);

} // namespace uap::panel

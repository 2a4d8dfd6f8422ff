// Connects the integrations (Unity's plugin) to the agent session: the steering lines and the
// opt-in --plugin-dir argument at every spawn, and the plugin states in every status event.
#pragma once

#include "agent/agent_session.hpp"
#include "app/module_tools.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace uap::app {

// The environment the CLI will get: the host's, then the session's overrides (later entries win).
std::vector<std::string> cli_environment(const std::vector<std::string>& overrides);

// Adds the integrations' instruction, argument and status sources to options (which must already
// name the project and carry the environment overrides). tools says at each spawn which of the
// host's tools the agent can call; it must outlive the agent session.
void add_integration_sources(agent::AgentOptions& options, const ModuleTools& tools);

} // namespace uap::app

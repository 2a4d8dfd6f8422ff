// Extension profiles in the running host: the instruction source the agent asks at every spawn,
// the packs whose profiles count (loaded and enabled), and the watcher that restarts the CLI with
// --resume between turns when the active set changes (pack toggled, profile approved, package added).
#pragma once

#include "agent/agent_session.hpp"
#include "app/module_tools.hpp"
#include "mcp/resource_sources.hpp"
#include "profiles/profile_service.hpp"

#include <filesystem>
#include <functional>
#include <vector>


namespace uap::app {

// The profiles' sections of the appended system prompt (asked under the agent session's lock).
agent::InstructionSource profile_instructions(profiles::ProfileService& service);

// The profiles folders of the packs the registry loaded (a disabled pack is not loaded).
std::vector<profiles::PackProfiles> loaded_pack_profiles(const ModuleTools& tools);

// The Profiles~ folders of the project's packages (the Pro package ships its profiles there), as
// pack profiles named after the package. The lock file is read again only when it or the package
// folders changed (modules::package_folders_fingerprint), not at every poll.
std::function<std::vector<profiles::PackProfiles>()> package_profiles(const std::filesystem::path& project);

// One poll of the profile service: when the active set differs from what the running CLI was given,
// asks the session for a restart with --resume at the next moment no turn runs.
void poll_profiles(profiles::ProfileService& service, agent::AgentSession& session);

// The active profiles (detected, trusted, switched on) as the MCP endpoint's resources and prompts
// show them; an unapproved project profile is never among them.
std::vector<mcp::ProfileView> profile_views(const profiles::ProfileService& service);


} // namespace uap::app

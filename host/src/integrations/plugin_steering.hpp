// The lines the agent's appended instructions gain when Unity's plugin is installed and enabled:
// when to use its skills and when our tools, its Unity 6 assumption, and what never to run.
#pragma once

#include "integrations/claude_plugin.hpp"
#include "integrations/integration_settings.hpp"

#include <optional>
#include <string>

namespace uap::integrations {

struct SteeringLines {
    std::string heading;
    std::string body; // One rule per line, ASCII, English (it goes to the model).
};

// Decided from the files alone: at spawn there is no system/init yet. nullopt unless the plugin is
// installed and enabled and the user's toggle is on.
std::optional<SteeringLines> plugin_steering_lines(const StaticFindings& findings, PluginSteering toggle);

// The safety line on its own, so tests can look for it in what the model receives.
const std::string& plugin_safety_line();

} // namespace uap::integrations

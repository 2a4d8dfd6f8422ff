// What the endpoint's resources, prompts and completions read from outside the MCP layer: the
// editor (through the bridge's interfaces) and the project's extension profiles as plain values,
// so this layer needs neither the bridge nor the profiles library.
#pragma once

#include "api/editor_events.hpp"
#include "api/editor_link.hpp"

#include <functional>
#include <string>
#include <vector>

namespace uap::mcp {

// One quick action of a profile: served as a prompt.
struct QuickActionView {
    std::string id;
    std::string label;
    std::string prompt;
};

// One active or available extension profile, as resources and prompts show it.
struct ProfileView {
    std::string id;
    std::string display_name;
    std::vector<std::string> instruction_lines;
    std::vector<std::string> sources;
    std::vector<QuickActionView> quick_actions;
};

struct ResourceSources {
    api::EditorLink* editor = nullptr;                // Null: editor resources answer "not connected".
    api::EditorEventSource* editor_events = nullptr;  // Null: no update notifications from editor events.
    std::function<std::vector<ProfileView>()> profiles; // Empty: no profiles, no prompts.
};

} // namespace uap::mcp

// The agent's per-project choices: auto-approve level, the tools that ask at every level, "always
// allow" and "always deny" rules, model, permission mode and sign-in mode, stored owner-only in <project>/UserSettings/AgentPanel/agent-settings.json.
#pragma once

#include "support/expected.hpp"

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace uap::agent {

// How much the broker approves without asking, from our modules' tool metadata.
enum class AutoApprove { Ask, ReadOnly, Undoable, AllUnityTools, AllTools };
std::string to_string(AutoApprove level);
std::optional<AutoApprove> parse_auto_approve(std::string_view text);

// Kinds of our tools that ask at every auto-approve level, all_tools included, because what they do
// cannot be taken back: destructive tools (menu items, asset delete, scene open discarding changes)
// and tools Undo cannot revert (play mode, asset create, scene save). Both by default; the user may
// take either out, and an always-allow rule for one tool still allows that tool.
enum class AlwaysAsk { Destructive, NotUndoable };
std::string to_string(AlwaysAsk kind);
std::optional<AlwaysAsk> parse_always_ask(std::string_view text);
std::vector<AlwaysAsk> default_always_ask();

// Automatic: the CLI uses ANTHROPIC_API_KEY when the host's environment has one. SubscriptionOnly:
// the key is removed from the CLI's environment, so the CLI signs in with the Claude subscription.
enum class AuthMode { Automatic, SubscriptionOnly };
std::string to_string(AuthMode mode);
std::optional<AuthMode> parse_auth_mode(std::string_view text);

struct AgentSettings {
    AutoApprove auto_approve = AutoApprove::Ask;
    std::vector<AlwaysAsk> always_ask = default_always_ask(); // A saved list, even empty, is the user's choice.
    std::vector<std::string> always_allow; // CLI permission rules, e.g. "mcp__uap__set_property" or "Bash(ls:*)".
    std::vector<std::string> always_deny;  // Rules of the same form that refuse without asking, whatever else allows.
    std::string model;                     // Empty: the CLI's default.
    std::string permission_mode = "default";
    std::string cli_path;                  // Empty: located automatically.
    AuthMode auth = AuthMode::Automatic;
    std::string append_system_prompt;
    // How long a permission request waits while no front-end is connected before it is denied
    // (the model is told why); zero: it waits until someone answers.
    std::chrono::seconds unattended_permission_timeout{600};

    static std::filesystem::path file_for(const std::filesystem::path& project);
    // Missing file: defaults. A corrupt file is an error (the caller decides to keep defaults).
    static Expected<AgentSettings> load(const std::filesystem::path& project);
    Expected<void> save(const std::filesystem::path& project) const;
};

} // namespace uap::agent

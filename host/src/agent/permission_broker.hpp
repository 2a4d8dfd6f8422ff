// The permission broker's decision for one can_use_tool request, in order: the script gate, the
// auto-approve level (from our modules' tool metadata, never from free text; the always-ask kinds
// are left out of every level), then the "always allow" rules. Whatever none of them settles is
// asked on the panels.
#pragma once

#include "agent/agent_settings.hpp"
#include "api/tool_metadata.hpp"

#include <rapidjson/document.h>

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace uap::agent {

// Our own tool's metadata by its module name (without the mcp__uap__ prefix); nullopt if unknown.
using MetadataLookup = std::function<std::optional<modules::ToolMetadata>(std::string_view tool)>;
// The module names of our tools being served now.
using ToolLister = std::function<std::vector<std::string>()>;

enum class Verdict { Allow, Deny, Ask };

struct BrokerDecision {
    Verdict verdict;
    std::string message; // For Deny: what the model is told.
    std::string basis;   // Why (for logs and the panel): "script gate", "auto-approve read_only", "rule X".
};

struct BrokerContext {
    std::filesystem::path project;
    std::filesystem::path cwd;
    AutoApprove level = AutoApprove::Ask;
    const std::vector<std::string>* always_allow = nullptr;
    MetadataLookup metadata;
    std::vector<AlwaysAsk> always_ask = default_always_ask();
    const std::vector<std::string>* always_deny = nullptr;
};

// The module tool name of one of our MCP tools ("mcp__uap__echo" → "echo"), nullopt for others.
std::optional<std::string> our_tool_name(std::string_view tool_name);

// The tool a call really runs: for our uap_tool_call, the tool it forwards to ("mcp__uap__<target>"),
// whose traits and rules decide; any other name as it is.
std::string effective_tool_name(std::string_view tool_name, const rapidjson::Value& input);
// The arguments that tool receives: a forwarded call's "arguments" (an empty object when absent).
const rapidjson::Value& effective_input(std::string_view tool_name, const rapidjson::Value& input);

BrokerDecision decide_permission(std::string_view tool_name, const rapidjson::Value& input, const BrokerContext& context);

// What stands in for the broker when the CLI cannot ask it (one that rejects
// --permission-prompt-tool): a fixed allow list (permissions.allow) of the always-allow rules plus each of our
// tools the auto-approve level approves (never an always-ask kind). The CLI refuses everything else;
// the script gate is a hook and holds either way.
std::vector<std::string> static_allow_rules(const AgentSettings& settings, const std::vector<std::string>& our_tools, const MetadataLookup& metadata);

// True when a CLI permission rule ("Tool" or "Tool(content)") covers this call. Content rules are
// honoured for Bash ("prefix:*" or an exact command) and for file tools (a project-relative file,
// or "folder/**"); other content rules are left to the CLI.
bool rule_matches(std::string_view rule, std::string_view tool_name, const rapidjson::Value& input, const std::filesystem::path& project);
// A deny rule covers a call as rule_matches says, and a Bash command also when it covers any part of
// it split at the shell's separators (";", "&", "|", newline): "ls; rm -rf x" must not slip past
// Bash(rm:*). A command hidden inside $(...) or backticks is not seen here; the CLI, which gets the
// same rules in its deny list, parses commands itself.
bool deny_rule_matches(std::string_view rule, std::string_view tool_name, const rapidjson::Value& input, const std::filesystem::path& project);
// Whether text has the form of a permission rule: "Tool" or "Tool(content)", the tool's name of
// letters, digits, '_' and '-' (MCP tools: mcp__server__tool), at most 512 bytes. The error says what is wrong.
Expected<void> check_rule_form(std::string_view rule);

// The "Tool" / "Tool(content)" allow rules a can_use_tool request's permission_suggestions offer;
// the bare tool name when it offers none.
std::vector<std::string> allow_rules_from_suggestions(const rapidjson::Value& suggestions, std::string_view tool_name);

} // namespace uap::agent

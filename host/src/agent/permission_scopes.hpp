// What "allow always" may add for one tool call, narrowest first: this exact file, this folder's
// files, the suggested command rule, or the tool everywhere — as CLI permission rules such as
// "Write(Assets/Docs/**)" — which one an answer saves, and how a file-scoped rule is matched
// against a later call.
#pragma once

#include "support/expected.hpp"

#include <rapidjson/document.h>

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace uap::agent {

enum class RuleScope { File, Folder, Command, Suggested, Tool };
std::string to_string(RuleScope scope);

struct ScopedRule {
    RuleScope scope;
    std::string rule;
};

// The file relative to the project ('/'-separated, normalised), nullopt when it lies outside. Judged
// from the text only: links are the file jail's business when the file is opened.
std::optional<std::string> project_relative(std::string_view file, const std::filesystem::path& project);

// The file a file tool works on ("file_path", or "notebook_path" for NotebookEdit); nullopt otherwise.
std::optional<std::string> file_argument(std::string_view tool_name, const rapidjson::Value& input);

// True for the tools whose cards offer something narrower than the whole tool (file tools and Bash),
// so a bare rule for one of them allows far more than one card showed.
bool offers_narrower_scopes(std::string_view tool_name);

// The choices a permission card offers, narrowest first, without duplicates. File tools get the
// file and its folder (paths relative to the project, '/'-separated) when the file lies inside the
// project; Bash gets its exact command; the CLI's own suggestions follow; the bare tool comes last.
std::vector<ScopedRule> always_allow_scopes(std::string_view tool_name, const rapidjson::Value& input, const rapidjson::Value& suggestions,
                                            const std::filesystem::path& project);

// An answer that names a bare tool rule says whether it means the tool everywhere.
enum class ToolWide { NotConfirmed, Confirmed };

// The rule allow-always saves for a card: the chosen one, or the card's narrowest when none was
// chosen, so a front-end that names no rule never widens a file or command to the whole tool. A
// bare tool rule while the card offers a narrower scope needs ToolWide::Confirmed; a rule the card
// does not offer is refused. A refusal says what to send instead.
Expected<std::string> rule_to_save(std::string_view tool_name, const std::vector<ScopedRule>& offered, std::string_view chosen, ToolWide tool_wide);

// True when the file-rule content ("Assets/Docs/a.txt" or "Assets/Docs/**") covers the file,
// resolved against the project; a path that leaves the project never matches.
bool file_rule_covers(std::string_view content, std::string_view file, const std::filesystem::path& project);

} // namespace uap::agent

// Scopes for "allow always" and file-rule matching.
#include "agent/permission_scopes.hpp"

#include "agent/permission_broker.hpp"
#include "support/json.hpp"
#include "support/utf8_path.hpp"

#include <algorithm>

namespace uap::agent {

namespace fs = std::filesystem;

namespace {

// The argument naming a file tool's file; null for other tools.
const char* file_field(std::string_view tool_name) {
    if (tool_name == "NotebookEdit")
        return "notebook_path";
    if (tool_name == "Write" || tool_name == "Edit" || tool_name == "MultiEdit" || tool_name == "Read")
        return "file_path";
    return nullptr;
}

// Rule text must survive the CLI's "Tool(content)" rule form; commas, on which the CLI's rule lists split, are refused too.
bool usable_rule_content(std::string_view content) { return content.find_first_of(",()\n\r") == std::string_view::npos; }

} // namespace

std::string to_string(RuleScope scope) {
    switch (scope) {
    case RuleScope::File: return "file";
    case RuleScope::Folder: return "folder";
    case RuleScope::Command: return "command";
    case RuleScope::Suggested: return "suggested";
    case RuleScope::Tool: return "tool";
    }
    return "tool";
}

std::optional<std::string> project_relative(std::string_view file, const fs::path& project) {
    fs::path path = utf8::to_path(file);
    if (path.is_relative())
        path = project / path;
    fs::path relative = path.lexically_normal().lexically_relative(project.lexically_normal());
    std::string text = utf8::generic_from_path(relative);
    if (text.empty() || text == "." || text.rfind("..", 0) == 0)
        return std::nullopt;
    return text;
}

std::optional<std::string> file_argument(std::string_view tool_name, const rapidjson::Value& input) {
    if (const char* field = file_field(tool_name))
        return json::string_field(input, field);
    return std::nullopt;
}

bool offers_narrower_scopes(std::string_view tool_name) { return tool_name == "Bash" || file_field(tool_name) != nullptr; }

std::vector<ScopedRule> always_allow_scopes(std::string_view tool_name, const rapidjson::Value& input, const rapidjson::Value& suggestions,
                                            const fs::path& project) {
    std::vector<ScopedRule> scopes;
    auto add = [&](RuleScope scope, std::string rule) {
        if (std::none_of(scopes.begin(), scopes.end(), [&](const ScopedRule& existing) { return existing.rule == rule; }))
            scopes.push_back({scope, std::move(rule)});
    };
    std::string tool(tool_name);
    if (auto file = file_argument(tool_name, input))
        if (auto relative = project_relative(*file, project); relative && usable_rule_content(*relative)) {
            add(RuleScope::File, tool + "(" + *relative + ")");
            auto slash = relative->rfind('/');
            add(RuleScope::Folder, tool + "(" + (slash == std::string::npos ? std::string("**") : relative->substr(0, slash) + "/**") + ")");
        }
    if (tool_name == "Bash")
        if (auto command = json::string_field(input, "command"); command && !command->empty() && usable_rule_content(*command))
            add(RuleScope::Command, tool + "(" + *command + ")");
    for (auto& rule : allow_rules_from_suggestions(suggestions, tool_name))
        add(rule == tool ? RuleScope::Tool : RuleScope::Suggested, rule);
    add(RuleScope::Tool, tool);
    return scopes;
}

Expected<std::string> rule_to_save(std::string_view tool_name, const std::vector<ScopedRule>& offered, std::string_view chosen, ToolWide tool_wide) {
    if (offered.empty())
        return Error("this card offers no always-allow rule; answer allow or deny");
    if (chosen.empty())
        return offered.front().rule;
    auto found = std::find_if(offered.begin(), offered.end(), [&](const ScopedRule& scope) { return scope.rule == chosen; });
    if (found == offered.end())
        return Error("rule \"" + std::string(chosen) + "\" is not one this card offers (see its always_allow_scopes); the request stays pending");
    bool narrower_offered = std::any_of(offered.begin(), offered.end(), [](const ScopedRule& scope) { return scope.scope != RuleScope::Tool; });
    if (found->scope == RuleScope::Tool && narrower_offered && tool_wide != ToolWide::Confirmed) {
        std::string narrower;
        for (auto& scope : offered)
            if (scope.scope != RuleScope::Tool)
                narrower += (narrower.empty() ? "" : ", ") + scope.rule;
        return Error("rule \"" + std::string(chosen) + "\" would allow every " + std::string(tool_name) + " call everywhere, but this card offers " +
                     "narrower rules (" + narrower + "); send one of them as rule, or add \"tool_wide\": true to the answer to allow " +
                     std::string(tool_name) + " everywhere; the request stays pending");
    }
    return found->rule;
}

bool file_rule_covers(std::string_view content, std::string_view file, const fs::path& project) {
    auto relative = project_relative(file, project);
    if (!relative || content.empty())
        return false;
    if (content == "**")
        return true;
    constexpr std::string_view below = "/**";
    if (content.size() > below.size() && content.substr(content.size() - below.size()) == below) {
        std::string_view folder = content.substr(0, content.size() - below.size());
        return relative->size() > folder.size() && relative->compare(0, folder.size(), folder) == 0 && (*relative)[folder.size()] == '/';
    }
    return *relative == content;
}

} // namespace uap::agent

// Permission broker decisions and rule matching.
#include "agent/permission_broker.hpp"

#include "agent/launch_files.hpp"
#include "agent/permission_scopes.hpp"
#include "agent/script_gate.hpp"
#include "api/tool_forwarding.hpp"
#include "support/json.hpp"

#include <algorithm>

namespace uap::agent {

std::optional<std::string> our_tool_name(std::string_view tool_name) {
    std::string prefix = std::string("mcp__") + mcp_server_name + "__";
    if (tool_name.substr(0, prefix.size()) != prefix || tool_name.size() == prefix.size())
        return std::nullopt;
    return std::string(tool_name.substr(prefix.size()));
}

namespace {

bool forwards(std::string_view tool_name, const rapidjson::Value& input) {
    auto ours = our_tool_name(tool_name);
    return ours && *ours == api::forwarding_tool_name && input.IsObject() && input.HasMember("tool") && input["tool"].IsString();
}

} // namespace

std::string effective_tool_name(std::string_view tool_name, const rapidjson::Value& input) {
    if (!forwards(tool_name, input))
        return std::string(tool_name);
    return std::string("mcp__") + mcp_server_name + "__" + std::string(input["tool"].GetString(), input["tool"].GetStringLength());
}

const rapidjson::Value& effective_input(std::string_view tool_name, const rapidjson::Value& input) {
    static const rapidjson::Value empty(rapidjson::kObjectType);
    if (!forwards(tool_name, input))
        return input;
    auto arguments = input.FindMember("arguments");
    return arguments != input.MemberEnd() && arguments->value.IsObject() ? arguments->value : empty;
}

namespace {

bool asks_at_every_level(const modules::ToolMetadata& metadata, const std::vector<AlwaysAsk>& always_ask) {
    auto listed = [&](AlwaysAsk kind) { return std::find(always_ask.begin(), always_ask.end(), kind) != always_ask.end(); };
    return (metadata.destructive && listed(AlwaysAsk::Destructive)) || (!metadata.undoable && !metadata.read_only && listed(AlwaysAsk::NotUndoable));
}

std::optional<BrokerDecision> auto_approval(std::string_view tool_name, const BrokerContext& context) {
    if (tool_name == "AskUserQuestion" || context.level == AutoApprove::Ask)
        return std::nullopt;
    std::string basis = "auto-approve " + to_string(context.level);
    auto ours = our_tool_name(tool_name);
    std::optional<modules::ToolMetadata> metadata;
    if (ours && context.metadata)
        metadata = context.metadata(*ours);
    if (metadata && asks_at_every_level(*metadata, context.always_ask))
        return std::nullopt;
    if (context.level == AutoApprove::AllTools)
        return BrokerDecision{Verdict::Allow, {}, basis};
    if (!metadata)
        return std::nullopt;
    bool approved = context.level == AutoApprove::AllUnityTools ||
                    (context.level == AutoApprove::Undoable && (metadata->read_only || metadata->undoable)) ||
                    (context.level == AutoApprove::ReadOnly && metadata->read_only);
    if (!approved)
        return std::nullopt;
    return BrokerDecision{Verdict::Allow, {}, basis};
}

} // namespace

BrokerDecision decide_permission(std::string_view tool_name, const rapidjson::Value& input, const BrokerContext& context) {
    if (auto refusal = check_tool_call(tool_name, input, context.cwd, context.project))
        return BrokerDecision{Verdict::Deny, *refusal, "script gate"};
    // A call through uap_tool_call is judged as the call it forwards: its target's traits and rules,
    // never the dispatcher's (an "always allow" of the dispatcher would allow every hidden tool).
    std::string subject = effective_tool_name(tool_name, input);
    if (auto approval = auto_approval(subject, context))
        return *approval;
    if (tool_name != "AskUserQuestion" && context.always_allow)
        for (auto& rule : *context.always_allow)
            if (rule_matches(rule, subject, effective_input(tool_name, input), context.project))
                return BrokerDecision{Verdict::Allow, {}, "rule " + rule};
    return BrokerDecision{Verdict::Ask, {}, "ask"};
}

std::vector<std::string> static_allow_rules(const AgentSettings& settings, const std::vector<std::string>& our_tools, const MetadataLookup& metadata) {
    std::vector<std::string> rules = settings.always_allow;
    BrokerContext context{{}, {}, settings.auto_approve, nullptr, metadata, settings.always_ask};
    for (auto& tool : our_tools) {
        std::string name = std::string("mcp__") + mcp_server_name + "__" + tool;
        if (auto_approval(name, context) && std::find(rules.begin(), rules.end(), name) == rules.end())
            rules.push_back(std::move(name));
    }
    return rules;
}

bool rule_matches(std::string_view rule, std::string_view tool_name, const rapidjson::Value& input, const std::filesystem::path& project) {
    auto open = rule.find('(');
    if (open == std::string_view::npos)
        return rule == tool_name;
    if (rule.substr(0, open) != tool_name || rule.back() != ')')
        return false;
    std::string_view content = rule.substr(open + 1, rule.size() - open - 2);
    if (auto file = file_argument(tool_name, input))
        return file_rule_covers(content, *file, project);
    if (tool_name != "Bash")
        return false;
    auto command = json::string_field(input, "command");
    if (!command)
        return false;
    if (content.size() >= 2 && content.substr(content.size() - 2) == ":*") {
        std::string_view prefix = content.substr(0, content.size() - 2);
        // A prefix rule never covers a compound command.
        bool compound = command->find_first_of(";&|`$><\n") != std::string::npos;
        return !compound && command->rfind(prefix, 0) == 0 &&
               (command->size() == prefix.size() || (*command)[prefix.size()] == ' ');
    }
    return *command == content;
}

std::vector<std::string> allow_rules_from_suggestions(const rapidjson::Value& suggestions, std::string_view tool_name) {
    std::vector<std::string> rules;
    if (suggestions.IsArray())
        for (auto& suggestion : suggestions.GetArray()) {
            if (json::string_field(suggestion, "type").value_or("") != "addRules" ||
                json::string_field(suggestion, "behavior").value_or("allow") != "allow")
                continue;
            auto list = suggestion.FindMember("rules");
            if (list == suggestion.MemberEnd() || !list->value.IsArray())
                continue;
            for (auto& rule : list->value.GetArray()) {
                auto name = json::string_field(rule, "toolName");
                if (!name)
                    continue;
                auto content = json::string_field(rule, "ruleContent");
                rules.push_back(content && !content->empty() ? *name + "(" + *content + ")" : *name);
            }
        }
    if (rules.empty())
        rules.emplace_back(tool_name);
    return rules;
}

} // namespace uap::agent

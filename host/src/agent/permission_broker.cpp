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
        return BrokerDecision{Verdict::Deny, refusal->guidance, "script gate"};
    // A call through uap_tool_call is judged as the call it forwards: its target's traits and rules,
    // never the dispatcher's (an "always allow" of the dispatcher would allow every hidden tool).
    std::string subject = effective_tool_name(tool_name, input);
    if (context.always_deny)
        for (auto& rule : *context.always_deny)
            if (deny_rule_matches(rule, subject, effective_input(tool_name, input), context.project))
                return BrokerDecision{Verdict::Deny,
                                      "The user's deny rule \"" + rule + "\" refuses this call (the Deny list in the Agent Panel's settings). "
                                      "Do not retry it or work around it; tell the user what you wanted to do, and they can remove the rule if they agree.",
                                      "deny rule " + rule};
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

bool deny_rule_matches(std::string_view rule, std::string_view tool_name, const rapidjson::Value& input, const std::filesystem::path& project) {
    if (rule_matches(rule, tool_name, input, project))
        return true;
    auto command = tool_name == "Bash" ? json::string_field(input, "command") : std::nullopt;
    if (!command)
        return false;
    std::size_t start = 0;
    while (start <= command->size()) {
        std::size_t end = command->find_first_of(";&|\n", start);
        std::string_view part = std::string_view(*command).substr(start, end == std::string::npos ? std::string::npos : end - start);
        part.remove_prefix(std::min(part.find_first_not_of(" \t"), part.size()));
        part.remove_suffix(part.size() - (part.find_last_not_of(" \t") + 1));
        if (!part.empty() && part.size() != command->size()) {
            rapidjson::Document alone(rapidjson::kObjectType);
            alone.AddMember("command", json::string_value(part, alone.GetAllocator()), alone.GetAllocator());
            if (rule_matches(rule, tool_name, alone, project))
                return true;
        }
        if (end == std::string::npos)
            break;
        start = end + 1;
    }
    return false;
}

Expected<void> check_rule_form(std::string_view rule) {
    constexpr std::size_t max_rule_bytes = 512;
    if (rule.empty() || rule.size() > max_rule_bytes)
        return Error("a rule is 1 to " + std::to_string(max_rule_bytes) + " bytes, e.g. Bash(rm:*)");
    std::size_t open = rule.find('(');
    std::string_view tool = rule.substr(0, open);
    bool name_ok = !tool.empty() && std::all_of(tool.begin(), tool.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    });
    // Appended piece by piece: "literal" + std::string trips GCC 12's false -Wrestrict.
    std::string quoted(1, '"');
    quoted += rule;
    quoted += '"';
    if (!name_ok)
        return Error(quoted + " does not start with a tool's name (letters, digits, _ and -), e.g. Bash(rm:*) or mcp__uap__uap_asset_delete");
    if (open != std::string_view::npos && (rule.back() != ')' || rule.size() - open <= 2))
        return Error(quoted + " opens a parenthesis but is not Tool(content) with the content inside, e.g. Bash(rm:*) or Write(Assets/Plugins/**)");
    return {};
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

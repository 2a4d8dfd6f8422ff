// Permission commands: parsing and checks before they reach the session.
#include "panel/permission_commands.hpp"

#include "support/json.hpp"

#include <algorithm>
#include <array>

namespace uap::panel {

namespace {

constexpr std::array<const char*, 7> permission_commands = {"answer_permission", "set_permission_mode", "set_auto_approve", "set_always_ask",
                                                            "remove_always_allow", "add_always_deny", "remove_always_deny"};

Expected<void> answer_permission(const rapidjson::Value& command, agent::AgentSession& session) {
    auto id = json::string_field(command, "permission_id");
    auto decision = json::string_field(command, "decision");
    if (!id || !decision)
        return Error("answer_permission needs permission_id and decision");
    agent::PermissionAnswer answer;
    if (*decision == "allow")
        answer.choice = agent::PermissionChoice::Allow;
    else if (*decision == "allow_always")
        answer.choice = agent::PermissionChoice::AllowAlways;
    else if (*decision == "deny")
        answer.choice = agent::PermissionChoice::Deny;
    else
        return Error("decision must be allow, allow_always or deny");
    answer.message = json::string_field(command, "message").value_or("");
    answer.rule = json::string_field(command, "rule").value_or("");
    answer.tool_wide = json::bool_field(command, "tool_wide").value_or(false) ? agent::ToolWide::Confirmed : agent::ToolWide::NotConfirmed;
    if (auto edited = command.FindMember("updated_input"); edited != command.MemberEnd()) {
        if (!edited->value.IsObject())
            return Error("updated_input must be an object");
        answer.updated_input = &edited->value;
    }
    return session.answer_permission(*id, answer);
}

Expected<void> set_always_ask(const rapidjson::Value& command, agent::AgentSession& session) {
    auto kinds = command.FindMember("kinds");
    constexpr const char* usage = "set_always_ask needs kinds, a list of destructive and not_undoable (an empty list lets the auto-approve level "
                                  "cover those tools too)";
    if (kinds == command.MemberEnd() || !kinds->value.IsArray())
        return Error(usage);
    std::vector<agent::AlwaysAsk> chosen;
    for (auto& kind : kinds->value.GetArray()) {
        auto known = kind.IsString() ? agent::parse_always_ask(kind.GetString()) : std::nullopt;
        if (!known)
            return Error(std::string(usage) + "; nothing was changed");
        if (std::find(chosen.begin(), chosen.end(), *known) == chosen.end())
            chosen.push_back(*known);
    }
    return session.set_always_ask(std::move(chosen));
}

} // namespace

bool is_permission_command(const std::string& type) {
    return std::find(permission_commands.begin(), permission_commands.end(), type) != permission_commands.end();
}

Expected<void> run_permission_command(const std::string& type, const rapidjson::Value& command, agent::AgentSession& session) {
    if (type == "answer_permission")
        return answer_permission(command, session);
    if (type == "set_always_ask")
        return set_always_ask(command, session);
    if (type == "set_permission_mode") {
        auto mode = json::string_field(command, "mode");
        if (!mode)
            return Error("set_permission_mode needs mode");
        bool confirmed = json::bool_field(command, "confirm_bypass").value_or(false);
        return session.set_permission_mode(*mode, confirmed ? agent::BypassConfirmation::Confirmed : agent::BypassConfirmation::NotConfirmed);
    }
    if (type == "set_auto_approve") {
        auto level = agent::parse_auto_approve(json::string_field(command, "level").value_or(""));
        if (!level)
            return Error("level must be ask, read_only, undoable, all_unity_tools or all_tools");
        return session.set_auto_approve(*level);
    }
    auto rule = json::string_field(command, "rule");
    if (!rule)
        return Error(type + " needs rule, a string such as Bash(rm:*)");
    if (type == "add_always_deny")
        return session.add_always_deny(*rule);
    if (type == "remove_always_deny")
        return session.remove_always_deny(*rule);
    return session.remove_always_allow(*rule);
}

} // namespace uap::panel

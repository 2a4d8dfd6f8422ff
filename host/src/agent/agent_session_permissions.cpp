// AgentSession: the CLI's control requests, mainly can_use_tool: the broker decides or a card goes
// to the panels; the user's answer goes back to the CLI, and cards are withdrawn when they lapse.
#include "agent/agent_session.hpp"

#include "agent/edit_preview.hpp"
#include "agent/event_json.hpp"

#include <algorithm>

namespace uap::agent {

void AgentSession::withdraw_all_locked(const std::string& reason, bool answer_cli) {
    while (!m_pending.empty()) {
        PendingPermission pending = std::move(m_pending.front());
        m_pending.pop_front();
        if (answer_cli && m_process) {
            // Answer as denied, so the CLI never waits for a card nobody can see; after its own
            // control_cancel_request a late answer is ignored.
            rapidjson::Document payload(rapidjson::kObjectType);
            payload.AddMember("behavior", "deny", payload.GetAllocator());
            payload.AddMember("message", json::string_value(reason, payload.GetAllocator()), payload.GetAllocator());
            report_if_failed_locked(m_process->send(wire::control_success(pending.request_id, payload)),
                                    "the withdrawn permission request could not be answered to the CLI");
        }
        auto withdrawn = event("permission_withdrawn");
        put(withdrawn, "permission_id", pending.permission_id);
        put(withdrawn, "reason", reason);
        m_hub.publish(std::move(withdrawn));
    }
}

std::string AgentSession::unattended_denial_text_locked() const {
    return "Nobody could answer this permission request: no Agent Panel was open for " +
           std::to_string(m_settings.unattended_permission_timeout.count()) +
           " s, so it was denied. Do not retry tools that need permission in this turn; finish it and tell the user "
           "what still needs their approval.";
}

void AgentSession::expire_unattended_permissions_locked(std::chrono::steady_clock::time_point now) {
    auto limit = m_settings.unattended_permission_timeout;
    if (m_pending.empty() || limit.count() == 0 || m_hub.subscriber_count() > 0) {
        m_unattended_since.reset();
        return;
    }
    if (!m_unattended_since)
        m_unattended_since = now;
    if (now - *m_unattended_since < limit)
        return;
    m_unattended_since.reset();
    m_unattended_turn = m_turns.current_turn();
    std::string tools;
    for (auto& pending : m_pending)
        tools += (tools.empty() ? "" : ", ") + pending.tool_name;
    withdraw_all_locked(unattended_denial_text_locked(), true);
    publish_notice_locked("warning", notice("unattended_denied", {{"tools", tools}, {"seconds", std::to_string(limit.count())}}));
    publish_status_locked();
}

Expected<void> AgentSession::answer_permission(const std::string& permission_id, const PermissionAnswer& answer) {
    std::lock_guard lock(m_mutex);
    auto found = std::find_if(m_pending.begin(), m_pending.end(), [&](auto& pending) { return pending.permission_id == permission_id; });
    if (found == m_pending.end())
        return Error("permission request " + permission_id + " is no longer pending");
    std::vector<std::string> new_rules;
    if (answer.choice == PermissionChoice::AllowAlways) {
        auto rule = rule_to_save(found->tool_name, found->scopes, answer.rule, answer.tool_wide);
        if (!rule)
            return rule.error();
        new_rules.push_back(std::move(*rule));
    }
    PendingPermission pending = std::move(*found);
    m_pending.erase(found);
    rapidjson::Document payload(rapidjson::kObjectType);
    auto& allocator = payload.GetAllocator();
    if (answer.choice == PermissionChoice::Deny) {
        std::string reason = answer.message.empty() ? "The user denied this tool use." : answer.message;
        payload.AddMember("behavior", "deny", allocator);
        payload.AddMember("message", json::string_value(reason, allocator), allocator);
        if (auto call = m_running_tools.find(pending.tool_use_id); call != m_running_tools.end())
            call->second.denial = std::move(reason);
    } else {
        payload.AddMember("behavior", "allow", allocator);
        const rapidjson::Value& input = answer.updated_input && answer.updated_input->IsObject() ? *answer.updated_input : pending.input;
        payload.AddMember("updatedInput", rapidjson::Value(input, allocator), allocator);
        if (answer.choice == PermissionChoice::AllowAlways) {
            // Written only now, when the answer went to a request that was still pending.
            for (auto& rule : new_rules)
                if (std::find(m_settings.always_allow.begin(), m_settings.always_allow.end(), rule) == m_settings.always_allow.end())
                    m_settings.always_allow.push_back(rule);
            if (auto saved = m_settings.save(m_options.project); !saved)
                publish_notice_locked("error", notice("rule_not_saved", {{"error", saved.error().message()}}));
        }
    }
    if (m_process)
        if (auto sent = m_process->send(wire::control_success(pending.request_id, payload)); !sent)
            publish_notice_locked("error", notice("answer_not_sent", {{"error", sent.error().message()}}));
    auto answered = event("permission_answered");
    put(answered, "permission_id", permission_id);
    put(answered, "decision", answer.choice == PermissionChoice::Deny ? "deny" : answer.choice == PermissionChoice::Allow ? "allow" : "allow_always");
    put(answered, "message", answer.message);
    rapidjson::Value rules(rapidjson::kArrayType);
    for (auto& rule : new_rules)
        rules.PushBack(json::string_value(rule, answered.GetAllocator()), answered.GetAllocator());
    answered.AddMember("rules", rules, answered.GetAllocator());
    m_hub.publish(std::move(answered));
    publish_status_locked();
    return {};
}

void AgentSession::handle_control_request(const rapidjson::Value& message) {
    std::string id = json::string_field(message, "request_id").value_or("");
    const rapidjson::Value* request = member(message, "request");
    std::string subtype = request ? json::string_field(*request, "subtype").value_or("") : "";
    if (subtype == "can_use_tool" && request) {
        handle_can_use_tool(id, *request);
        return;
    }
    if (m_process)
        report_if_failed_locked(m_process->send(wire::control_error(id, "Unsupported control request subtype: " + subtype)),
                                "the CLI's " + subtype + " request could not be refused");
}

void AgentSession::handle_can_use_tool(const std::string& request_id, const rapidjson::Value& request) {
    std::string tool_name = json::string_field(request, "tool_name").value_or("");
    rapidjson::Document input(rapidjson::kObjectType);
    if (const rapidjson::Value* given = member(request, "input"); given && given->IsObject())
        input.CopyFrom(*given, input.GetAllocator());
    BrokerContext context{m_options.project, m_options.project, m_settings.auto_approve, &m_settings.always_allow, m_options.metadata,
                          m_settings.always_ask, &m_settings.always_deny};
    BrokerDecision decision = decide_permission(tool_name, input, context);
    if (decision.verdict == Verdict::Ask && m_unattended_turn != 0 && m_unattended_turn == m_turns.current_turn() &&
        m_hub.subscriber_count() == 0)
        decision = BrokerDecision{Verdict::Deny, unattended_denial_text_locked(), "unattended timeout"};
    if (decision.verdict != Verdict::Ask) {
        rapidjson::Document payload(rapidjson::kObjectType);
        if (decision.verdict == Verdict::Allow) {
            payload.AddMember("behavior", "allow", payload.GetAllocator());
            payload.AddMember("updatedInput", rapidjson::Value(input, payload.GetAllocator()), payload.GetAllocator());
        } else {
            payload.AddMember("behavior", "deny", payload.GetAllocator());
            payload.AddMember("message", json::string_value(decision.message, payload.GetAllocator()), payload.GetAllocator());
        }
        if (m_process)
            report_if_failed_locked(m_process->send(wire::control_success(request_id, payload)),
                                    "the permission decision for " + tool_name + " did not reach the CLI");
        auto decided = event("permission_decided");
        put(decided, "tool_name", tool_name);
        put(decided, "decision", decision.verdict == Verdict::Allow ? "allow" : "deny");
        put(decided, "basis", decision.basis);
        put(decided, "message", decision.message); // A refusal's guidance, shown as policy.
        put(decided, "tool_use_id", json::string_field(request, "tool_use_id").value_or(""));
        m_hub.publish(std::move(decided));
        return;
    }
    // The card shows the tool that will run: for uap_tool_call, its target, with the target's traits,
    // and "always allow" offers the target's rule, never the dispatcher's.
    std::string subject = effective_tool_name(tool_name, input);
    PendingPermission pending;
    pending.permission_id = "perm_" + std::to_string(++m_permission_counter);
    pending.request_id = request_id;
    pending.tool_use_id = json::string_field(request, "tool_use_id").value_or("");
    pending.tool_name = subject;
    pending.input.CopyFrom(input, pending.input.GetAllocator());
    if (const rapidjson::Value* suggestions = member(request, "permission_suggestions"))
        pending.suggestions.CopyFrom(*suggestions, pending.suggestions.GetAllocator());
    pending.turn_id = m_turns.current_turn();

    auto requested = event("permission_requested");
    auto& allocator = requested.GetAllocator();
    rapidjson::Value card(rapidjson::kObjectType);
    card.AddMember("permission_id", json::string_value(pending.permission_id, allocator), allocator);
    card.AddMember("tool_name", json::string_value(subject, allocator), allocator);
    std::string display_name = subject == tool_name ? json::string_field(request, "display_name").value_or(tool_name) : subject;
    card.AddMember("display_name", json::string_value(display_name, allocator), allocator);
    if (subject != tool_name)
        card.AddMember("forwarded_by", json::string_value(tool_name, allocator), allocator);
    card.AddMember("description", json::string_value(json::string_field(request, "description").value_or(""), allocator), allocator);
    card.AddMember("tool_use_id", json::string_value(pending.tool_use_id, allocator), allocator);
    card.AddMember("input", rapidjson::Value(input, allocator), allocator);
    if (auto preview = preview_file_change(subject, input, m_options.project))
        card.AddMember("preview", to_json(*preview, allocator), allocator);
    static const rapidjson::Value no_suggestions;
    const rapidjson::Value& suggestions = subject == tool_name ? static_cast<const rapidjson::Value&>(pending.suggestions) : no_suggestions;
    pending.scopes = always_allow_scopes(subject, effective_input(tool_name, input), suggestions, m_options.project);
    // What allow-always saves when the answer names no rule: the narrowest scope.
    rapidjson::Value offered(rapidjson::kArrayType);
    if (!pending.scopes.empty())
        offered.PushBack(json::string_value(pending.scopes.front().rule, allocator), allocator);
    card.AddMember("always_allow_rules", offered, allocator);
    rapidjson::Value scopes(rapidjson::kArrayType);
    for (auto& scope : pending.scopes) {
        rapidjson::Value choice(rapidjson::kObjectType);
        choice.AddMember("scope", json::string_value(to_string(scope.scope), allocator), allocator);
        choice.AddMember("rule", json::string_value(scope.rule, allocator), allocator);
        scopes.PushBack(choice, allocator);
    }
    card.AddMember("always_allow_scopes", scopes, allocator);
    card.AddMember("turn_id", pending.turn_id, allocator);
    if (auto ours = our_tool_name(subject); ours && m_options.metadata)
        if (auto metadata = m_options.metadata(*ours)) {
            rapidjson::Value facts(rapidjson::kObjectType);
            facts.AddMember("read_only", metadata->read_only, allocator);
            facts.AddMember("undoable", metadata->undoable, allocator);
            facts.AddMember("destructive", metadata->destructive, allocator);
            card.AddMember("metadata", facts, allocator);
        }
    requested.AddMember("permission", card, allocator);
    m_pending.push_back(std::move(pending));
    m_hub.publish(std::move(requested));
    publish_status_locked();
}

} // namespace uap::agent

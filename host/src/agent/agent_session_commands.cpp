// AgentSession: the commands panels give (send, interrupt, new session, resume, model, permission
// mode, auto-approve level, always-ask kinds, MCP reconnect) and the control requests they send to the CLI.
#include "agent/agent_session.hpp"

#include "agent/event_json.hpp"
#include "agent/launch_files.hpp"
#include "support/utf8_path.hpp"

#include <algorithm>
#include <utility>

namespace uap::agent {

using Clock = std::chrono::steady_clock;

namespace {

const std::vector<std::string> permission_modes = {"default", "acceptEdits", "plan", "bypassPermissions", "dontAsk", "auto"};

constexpr const char* bypass_refusal =
    "bypassPermissions was not turned on: in that mode the CLI runs every tool (Bash, file edits, every MCP tool, menu items, "
    "play mode) without a permission card, so the auto-approve level, the always-ask tools and the always-allow rules no "
    "longer apply and only the script gate's hook still holds. To turn it on anyway, confirm the warning the panel shows "
    "(a front-end sends set_permission_mode with \"confirm_bypass\": true).";

// What Continue sends: the user's own words for "go on", so the model picks up its interrupted work.
constexpr const char* continue_prompt = "Continue where you left off.";

} // namespace

Expected<void> AgentSession::send(const std::string& text, const std::vector<ImageAttachment>& images, std::string attached_context) {
    std::lock_guard lock(m_mutex);
    if (text.empty() && images.empty())
        return Error("the message is empty");
    if (m_shutting_down)
        return Error("the host is shutting down");
    if (!m_process || (m_relaunch_reason && m_turns.phase() == TurnPhase::Idle)) {
        if (m_cli.empty())
            return Error("the agent session is not started (the host runs without --agent, or the CLI was not found)");
        if (m_errored && !m_respawn_due)
            return Error("the agent is stopped: " + m_error + " (start a new session or resume one)");
        m_outbox.push_back(QueuedMessage{text, images, Delivery::First, std::move(attached_context)});
        publish_notice_locked("info", m_process ? notice("message_after_restart", {{"reason", *m_relaunch_reason}}) : notice("message_when_back"));
        publish_status_locked();
        return {};
    }
    deliver_locked(QueuedMessage{text, images, Delivery::First, std::move(attached_context)});
    return {};
}

void AgentSession::send_control_locked(const std::string& subtype, const rapidjson::Value& fields, ControlCallback callback) {
    std::string id = m_control.open(subtype, m_options.control_timeout, std::move(callback));
    if (!m_process || !m_process->send(wire::control_request(id, subtype, fields)))
        m_control.fail_all("the CLI is not running");
}

Expected<void> AgentSession::interrupt() {
    std::lock_guard lock(m_mutex);
    if (!m_process)
        return Error("no CLI is running");
    if (m_turns.phase() == TurnPhase::Idle)
        return Error("no turn is running");
    m_turns.interrupt_requested();
    send_control_locked("interrupt", rapidjson::Value(rapidjson::kObjectType), [this](ControlReply reply) {
        if (!reply)
            publish_notice_locked("warning", notice("interrupt_unacknowledged", {{"error", reply.error().message()}}));
    });
    withdraw_all_locked("the turn was interrupted", true);
    publish_status_locked();
    return {};
}

Expected<void> AgentSession::continue_turn(uint64_t turn_id) {
    {
        std::lock_guard lock(m_mutex);
        if (m_continuable_turn != turn_id)
            return Error("turn " + std::to_string(turn_id) +
                         " cannot be continued: only the newest turn can, and only when it was interrupted or cut short by the CLI's exit; "
                         "send a message to go on instead");
        if (m_turns.phase() != TurnPhase::Idle || !m_outbox.empty())
            return Error("a turn is running or a message is waiting to be sent; wait for the turn to end (or interrupt it), then continue");
        m_continuable_turn.reset(); // One click continues once.
    }
    return send(continue_prompt, {});
}

Expected<void> AgentSession::new_session() {
    std::unique_ptr<CliProcess> old;
    {
        std::lock_guard lock(m_mutex);
        old = take_process_locked();
        m_session_id.clear();
        m_outbox.clear();
        m_withdrawn_tools.clear(); // A new conversation has loaded no tool definitions.
        m_relaunch_reason.reset(); // The new CLI reads everything afresh.
        m_deaths.clear();
        m_last_user_uuid.clear();
        publish_transcript_locked({}, ""); // The protocol promises "items" even when empty.
    }
    if (old)
        old->stop(std::chrono::milliseconds(1000));
    std::lock_guard lock(m_mutex);
    if (m_cli.empty())
        return Error("the CLI was not located");
    return spawn_locked(std::nullopt);
}

Expected<void> AgentSession::resume(const std::string& session_id) {
    auto items = load_history(claude_home(), m_options.project, session_id);
    if (!items)
        return items.error();
    std::unique_ptr<CliProcess> old;
    {
        std::lock_guard lock(m_mutex);
        old = take_process_locked();
        m_outbox.clear();
        m_relaunch_reason.reset(); // The resumed CLI reads everything afresh.
        m_deaths.clear();
        m_last_user_uuid.clear();
        publish_transcript_locked(*items, session_id);
    }
    if (old)
        old->stop(std::chrono::milliseconds(1000));
    std::lock_guard lock(m_mutex);
    if (m_cli.empty())
        return Error("the CLI was not located");
    return spawn_locked(session_id);
}

std::vector<HistoryEntry> AgentSession::history(std::string_view query) const {
    return search_history(claude_home(), m_options.project, query);
}

Expected<void> AgentSession::delete_session(const std::string& session_id) {
    {
        std::lock_guard lock(m_mutex);
        if (!session_id.empty() && session_id == m_session_id)
            return Error("session " + session_id + " is the one this chat is running; start a new session (new_session) first, then delete it");
    }
    return delete_history(claude_home(), m_options.project, session_id);
}

Expected<void> AgentSession::set_model(const std::string& model) {
    std::lock_guard lock(m_mutex);
    // Only a model the CLI reported (its initialize answer) or "default"; before that answer, any name.
    if (model != "default" && !model.empty() && m_models.IsArray() && !m_models.Empty()) {
        std::string offered;
        bool known = false;
        for (auto& entry : m_models.GetArray()) {
            std::string value = json::string_field(entry, "value").value_or("");
            known = known || value == model;
            offered += (offered.empty() ? "" : ", ") + value;
        }
        if (!known)
            return Error("unknown model \"" + model + "\"; the CLI offers: default, " + offered);
    }
    if (!m_process) {
        m_settings.model = model == "default" ? "" : model;
        report_if_failed_locked(m_settings.save(m_options.project), "the setting was applied but not saved to " + utf8::from_path(AgentSettings::file_for(m_options.project)));
        publish_status_locked();
        return {};
    }
    rapidjson::Document fields(rapidjson::kObjectType);
    fields.AddMember("model", json::string_value(model.empty() ? "default" : model, fields.GetAllocator()), fields.GetAllocator());
    send_control_locked("set_model", fields, [this, model](ControlReply reply) {
        if (!reply) {
            publish_notice_locked("error", notice("model_not_changed", {{"error", reply.error().message()}}));
            return;
        }
        m_settings.model = model == "default" ? "" : model;
        report_if_failed_locked(m_settings.save(m_options.project), "the setting was applied but not saved to " + utf8::from_path(AgentSettings::file_for(m_options.project)));
        m_model = json::string_field(*reply, "model").value_or(model);
        publish_status_locked();
    });
    return {};
}

Expected<void> AgentSession::set_permission_mode(const std::string& mode, BypassConfirmation confirmation) {
    if (std::find(permission_modes.begin(), permission_modes.end(), mode) == permission_modes.end())
        return Error("unknown permission mode \"" + mode + "\"");
    if (mode == "bypassPermissions" && confirmation != BypassConfirmation::Confirmed)
        return Error(bypass_refusal);
    std::lock_guard lock(m_mutex);
    if (!m_process) {
        m_settings.permission_mode = mode;
        report_if_failed_locked(m_settings.save(m_options.project), "the setting was applied but not saved to " + utf8::from_path(AgentSettings::file_for(m_options.project)));
        publish_status_locked();
        return {};
    }
    rapidjson::Document fields(rapidjson::kObjectType);
    fields.AddMember("mode", json::string_value(mode, fields.GetAllocator()), fields.GetAllocator());
    send_control_locked("set_permission_mode", fields, [this, mode](ControlReply reply) {
        if (!reply) {
            publish_notice_locked("error", notice("mode_not_changed", {{"error", reply.error().message()}}));
            return;
        }
        m_settings.permission_mode = mode;
        report_if_failed_locked(m_settings.save(m_options.project), "the setting was applied but not saved to " + utf8::from_path(AgentSettings::file_for(m_options.project)));
        publish_status_locked();
    });
    return {};
}

Expected<void> AgentSession::set_auto_approve(AutoApprove level) {
    std::lock_guard lock(m_mutex);
    m_settings.auto_approve = level;
    auto saved = m_settings.save(m_options.project);
    follow_allow_rules_locked();
    publish_status_locked();
    return saved;
}

Expected<void> AgentSession::set_always_ask(std::vector<AlwaysAsk> kinds) {
    std::lock_guard lock(m_mutex);
    m_settings.always_ask = std::move(kinds);
    auto saved = m_settings.save(m_options.project);
    follow_allow_rules_locked();
    publish_status_locked();
    return saved;
}

Expected<void> AgentSession::remove_always_allow(const std::string& rule) { return remove_saved_rule(&AgentSettings::always_allow, rule, "always-allow"); }

Expected<void> AgentSession::change_always_allow(const std::function<std::vector<std::string>(const std::vector<std::string>&)>& change) {
    std::lock_guard lock(m_mutex);
    if (auto loaded = adopt_saved_settings_if_never_started_locked(); !loaded)
        return loaded.error();
    auto previous = m_settings.always_allow;
    m_settings.always_allow = change(previous);
    auto saved = m_settings.save(m_options.project);
    if (!saved)
        m_settings.always_allow = std::move(previous); // What runs and what is saved stay the same.
    follow_allow_rules_locked();
    publish_status_locked();
    return saved;
}

Expected<void> AgentSession::adopt_saved_settings_if_never_started_locked() {
    if (m_cli_located != CliLocated::NotLookedFor)
        return {};
    // Never started (a host without the agent): the file is the truth, not the defaults.
    auto loaded = AgentSettings::load(m_options.project);
    if (!loaded)
        return loaded.error();
    m_settings = std::move(*loaded);
    return {};
}

Expected<void> AgentSession::set_custom_instructions(const std::string& text) {
    if (text.size() > max_custom_instructions_bytes)
        return Error("the custom instructions are " + std::to_string(text.size()) + " bytes; at most " + std::to_string(max_custom_instructions_bytes) +
                     " are taken: shorten them, or put longer guidance in a project profile (.uap-profiles/) or a skill");
    std::lock_guard lock(m_mutex);
    if (auto adopted = adopt_saved_settings_if_never_started_locked(); !adopted)
        return adopted.error();
    if (m_settings.append_system_prompt == text)
        return {};
    std::string previous = std::exchange(m_settings.append_system_prompt, text);
    if (auto saved = m_settings.save(m_options.project); !saved) {
        m_settings.append_system_prompt = std::move(previous); // What runs and what is saved stay the same.
        return saved;
    }
    request_relaunch_locked("because the custom instructions changed");
    publish_status_locked();
    return {};
}

Expected<void> AgentSession::add_always_deny(const std::string& rule) {
    if (auto form = check_rule_form(rule); !form)
        return form.error().within("the deny rule was not added");
    std::lock_guard lock(m_mutex);
    if (auto loaded = adopt_saved_settings_if_never_started_locked(); !loaded)
        return loaded.error();
    if (std::find(m_settings.always_deny.begin(), m_settings.always_deny.end(), rule) != m_settings.always_deny.end())
        return Error("the deny rule \"" + rule + "\" is saved already");
    m_settings.always_deny.push_back(rule);
    auto saved = m_settings.save(m_options.project);
    if (!saved)
        m_settings.always_deny.pop_back(); // What is applied and what is saved stay the same.
    follow_allow_rules_locked();
    publish_status_locked();
    return saved;
}

Expected<void> AgentSession::remove_always_deny(const std::string& rule) { return remove_saved_rule(&AgentSettings::always_deny, rule, "always-deny"); }

Expected<void> AgentSession::remove_saved_rule(std::vector<std::string> AgentSettings::*list, const std::string& rule, std::string_view kind) {
    std::lock_guard lock(m_mutex);
    if (auto loaded = adopt_saved_settings_if_never_started_locked(); !loaded)
        return loaded.error();
    std::vector<std::string>& rules = m_settings.*list;
    auto found = std::find(rules.begin(), rules.end(), rule);
    if (found == rules.end())
        return Error("no " + std::string(kind) + " rule \"" + rule + "\" is saved");
    rules.erase(found);
    auto saved = m_settings.save(m_options.project);
    follow_allow_rules_locked();
    publish_status_locked();
    return saved;
}

void AgentSession::follow_allow_rules_locked() {
    if (!m_process)
        return; // The next start writes the allow and deny lists afresh.
    if (m_settings.always_deny != m_launched_deny_rules) {
        bool turn_running = m_turns.phase() != TurnPhase::Idle;
        request_relaunch_locked("because the deny list changed");
        publish_notice_locked("info", notice(turn_running ? "deny_list_after_turn" : "deny_list_now"));
    }
    auto allowed = allowed_rules_locked();
    std::string withdrawn;
    for (auto& rule : m_launched_allow_rules)
        if (std::find(allowed.begin(), allowed.end(), rule) == allowed.end())
            withdrawn += (withdrawn.empty() ? "" : ", ") + rule;
    if (withdrawn.empty())
        return;
    bool turn_running = m_turns.phase() != TurnPhase::Idle;
    request_relaunch_locked("because allow rules were withdrawn (" + withdrawn + ")");
    publish_notice_locked("info", notice(turn_running ? "allow_list_after_turn" : "allow_list_now", {{"rules", withdrawn}}));
}

void AgentSession::request_relaunch(const std::string& reason) {
    std::lock_guard lock(m_mutex);
    request_relaunch_locked(reason);
}

void AgentSession::request_relaunch_locked(const std::string& reason) {
    if ((!m_process && !m_relaunch_underway) || m_shutting_down)
        return; // The next spawn reads everything afresh anyway.
    if (!m_relaunch_reason)
        m_relaunch_reason = reason;
    else if (m_relaunch_reason->find(reason) == std::string::npos)
        *m_relaunch_reason += " and " + reason;
    m_wake.notify_all();
}

std::string AgentSession::follow_served_tools_locked() {
    if (!m_options.tools)
        return "";
    auto served = m_options.tools();
    auto is_served = [&](const std::string& tool) {
        auto ours = our_tool_name(tool);
        return ours && std::find(served.begin(), served.end(), *ours) != served.end();
    };
    std::string gone, back;
    const rapidjson::Value* listed = m_last_init.IsObject() ? member(m_last_init, "tools") : nullptr;
    if (listed && listed->IsArray())
        for (auto& tool : listed->GetArray())
            if (tool.IsString() && our_tool_name(tool.GetString()) && !is_served(tool.GetString()) &&
                m_withdrawn_tools.insert(tool.GetString()).second)
                gone += (gone.empty() ? "" : ", ") + std::string(tool.GetString());
    for (auto tool = m_withdrawn_tools.begin(); tool != m_withdrawn_tools.end();)
        if (is_served(*tool)) {
            back += (back.empty() ? "" : ", ") + *tool;
            tool = m_withdrawn_tools.erase(tool);
        } else {
            ++tool;
        }
    if (!gone.empty() && !back.empty())
        return "because tools were removed (" + gone + ") and others came back (" + back + ")";
    if (!gone.empty())
        return "because tools were removed (" + gone + ")";
    return back.empty() ? "" : "because tools came back (" + back + ")";
}

Expected<void> AgentSession::reconnect_mcp() {
    std::lock_guard lock(m_mutex);
    if (!m_process)
        return Error("no CLI is running");
    // A re-dial adds new tools to the model's list and drops removed ones from its deferred list,
    // but a definition the model already loaded (ToolSearch) stays in the CLI's tool list for the
    // rest of the conversation; only a deny rule, read at the CLI's start, withdraws it. Decided
    // now, so a message sent after this call already waits for that restart.
    if (auto reason = follow_served_tools_locked(); !reason.empty()) {
        request_relaunch_locked(reason); // The new CLI dials the server afresh: no re-dial now.
        return {};
    }
    rapidjson::Document fields(rapidjson::kObjectType);
    fields.AddMember("serverName", rapidjson::StringRef(mcp_server_name), fields.GetAllocator());
    send_control_locked("mcp_reconnect", fields, [this](ControlReply reply) {
        if (reply) {
            publish_notice_locked("info", notice("mcp_reconnected"));
        } else if (reply.error().code() == ErrorCode::Failed) {
            // This CLI does not offer (or refused) the undocumented request: degrade visibly.
            request_relaunch_locked("to reload the host's tools");
            publish_notice_locked("warning", notice("mcp_reconnect_rejected", {{"version", cli_version_phrase_locked()}, {"error", reply.error().message()}}));
        } else {
            publish_notice_locked("error", notice("mcp_not_reconnected", {{"error", reply.error().message()}}));
        }
    });
    return {};
}

} // namespace uap::agent

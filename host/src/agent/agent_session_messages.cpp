// AgentSession: messages from the CLI's stdout, dispatched by type and turned into panel events
// (text deltas, assistant text, tool starts and results, turn ends) and status updates.
#include "agent/agent_session.hpp"

#include "agent/event_json.hpp"
#include "agent/launch_files.hpp"
#include "agent/permission_broker.hpp"
#include "agent/script_gate.hpp"
#include "support/utf8_text.hpp"

#include <algorithm>
#include <optional>

namespace uap::agent {

using Clock = std::chrono::steady_clock;

namespace {

constexpr size_t max_tool_result_text = 4096;
// The CLI's name for a request the API refused for its credentials (a 401), on api_retry and on
// the message that ends the turn.
constexpr std::string_view login_refused = "authentication_failed";

std::string content_text(const rapidjson::Value& content) {
    if (content.IsString())
        return std::string(content.GetString(), content.GetStringLength());
    std::string text;
    if (content.IsArray())
        for (auto& block : content.GetArray())
            if (json::string_field(block, "type").value_or("") == "text")
                text += json::string_field(block, "text").value_or("");
    return text;
}

bool is_subagent(const rapidjson::Value& message) {
    const rapidjson::Value* parent = member(message, "parent_tool_use_id");
    return parent && parent->IsString();
}

// Marks an item of a subagent's conversation, with the Agent call it works for, so front-ends can
// show it inside that call's card.
void mark_subagent(rapidjson::Document& item, const rapidjson::Value& message) {
    if (!is_subagent(message))
        return;
    item.AddMember("subagent", true, item.GetAllocator());
    put(item, "parent_tool_use_id", json::string_field(message, "parent_tool_use_id").value_or(""));
}

// The CLI's task_started / task_progress / task_notification about a subagent (or another
// background task) as one subagent_task event; nullopt for a message that names no tool call.
std::optional<rapidjson::Document> subagent_task(const std::string& subtype, const rapidjson::Value& message) {
    auto tool_use_id = json::string_field(message, "tool_use_id");
    if (!tool_use_id || tool_use_id->empty())
        return std::nullopt;
    auto task = event("subagent_task");
    put(task, "tool_use_id", *tool_use_id);
    put(task, "phase", subtype == "task_started" ? "started" : subtype == "task_progress" ? "progress" : "finished");
    put(task, "description", utf8::clip(json::string_field(message, "description").value_or(""), 200));
    if (subtype == "task_notification")
        put(task, "status", json::string_field(message, "status").value_or(""));
    return task;
}

// The context window a result reports in modelUsage (one entry per model the turn used, subagents'
// smaller models among them); the largest is the main conversation's, which the meter measures.
std::optional<int64_t> context_window(const rapidjson::Value& result) {
    const rapidjson::Value* usage = member(result, "modelUsage");
    if (!usage || !usage->IsObject())
        return std::nullopt;
    std::optional<int64_t> largest;
    for (auto& model : usage->GetObject())
        if (auto window = json::integer_field(model.value, "contextWindow"); window && *window > 0)
            largest = std::max(largest.value_or(0), *window);
    return largest;
}

} // namespace

void AgentSession::on_message(uint64_t generation, rapidjson::Document& message) {
    std::lock_guard lock(m_mutex);
    if (generation != m_generation)
        return;
    m_turns.activity(Clock::now());
    std::string type = json::string_field(message, "type").value_or("");
    if (type == "control_response") {
        if (const rapidjson::Value* response = member(message, "response"))
            m_control.resolve(*response); // Echoes of our own answers match no id and are ignored.
    } else if (type == "control_request") {
        handle_control_request(message);
    } else if (type == "control_cancel_request") {
        std::string id = json::string_field(message, "request_id").value_or("");
        auto found = std::find_if(m_pending.begin(), m_pending.end(), [&](auto& pending) { return pending.request_id == id; });
        if (found != m_pending.end()) {
            auto withdrawn = event("permission_withdrawn");
            put(withdrawn, "permission_id", found->permission_id);
            put(withdrawn, "reason", "the CLI cancelled the request");
            m_pending.erase(found);
            m_hub.publish(std::move(withdrawn));
            publish_status_locked();
        }
    } else if (type == "system") {
        handle_system(message);
    } else if (type == "stream_event") {
        handle_stream_event(message);
    } else if (type == "assistant") {
        handle_assistant(message);
    } else if (type == "user") {
        handle_user(message);
    } else if (type == "result") {
        handle_result(message);
    }
    // Anything else (keep_alive, rate_limit_event, new types) is ignored on purpose.
}

void AgentSession::handle_system(const rapidjson::Value& message) {
    std::string subtype = json::string_field(message, "subtype").value_or("");
    if (subtype == "init") {
        if (auto id = json::string_field(message, "session_id"))
            m_session_id = *id;
        m_fork_at.reset(); // The fork exists now, under the id just read; a restart resumes it as it is.
        if (auto model = json::string_field(message, "model"))
            m_model = *model;
        if (auto mode = json::string_field(message, "permissionMode"))
            m_settings.permission_mode = *mode;
        m_initialized = true;
        json::replace_with_copy(m_last_init, message);
        if (const rapidjson::Value* servers = member(message, "mcp_servers"); servers && servers->IsArray())
            for (auto& server : servers->GetArray())
                if (json::string_field(server, "name").value_or("") == mcp_server_name &&
                    json::string_field(server, "status").value_or("") != "connected")
                    publish_notice_locked("warning", notice("mcp_server_status", {{"status", json::string_field(server, "status").value_or("unknown")}}));
        publish_status_locked();
    } else if (subtype == "task_started" || subtype == "task_progress" || subtype == "task_notification") {
        if (auto task = subagent_task(subtype, message)) {
            task->AddMember("turn_id", m_turns.last_turn(), task->GetAllocator());
            m_hub.publish(std::move(*task));
        }
    } else if (subtype == "compact_boundary") {
        m_hub.publish(event("compaction"));
    } else if (subtype == "api_retry") {
        publish_notice_locked("warning", notice("api_retry", {{"attempt", std::to_string(json::integer_field(message, "attempt").value_or(0))}}));
        if (json::string_field(message, "error").value_or("") == login_refused)
            note_login_rejected_locked("");
    }
}

void AgentSession::handle_stream_event(const rapidjson::Value& message) {
    const rapidjson::Value* raw = member(message, "event");
    if (!raw || is_subagent(message))
        return;
    std::string type = json::string_field(*raw, "type").value_or("");
    // A response begins while no turn runs: the CLI goes on by itself (a background task it started
    // has ended), so the answer is a turn of its own rather than items outside any turn.
    if (type == "message_start" && m_turns.phase() == TurnPhase::Idle) {
        observe_turn_start_locked(m_turns.turn_started_by_cli(Clock::now()));
        publish_notice_locked("info", notice("background_task_finished"));
        publish_status_locked();
    }
    if (!m_turns.accepts_stream_events())
        return; // The turn fence: late events of an interrupted turn are dropped.
    if (type == "content_block_delta") {
        const rapidjson::Value* delta = member(*raw, "delta");
        if (!delta || json::string_field(*delta, "type").value_or("") != "text_delta")
            return;
        auto text_delta = event("text_delta");
        text_delta.AddMember("turn_id", m_turns.current_turn(), text_delta.GetAllocator());
        text_delta.AddMember("index", json::integer_field(*raw, "index").value_or(0), text_delta.GetAllocator());
        std::string text = json::string_field(*delta, "text").value_or("");
        m_partial_text += text; // Kept so a turn cut short by the CLI's death keeps its text.
        put(text_delta, "text", text);
        m_hub.publish(std::move(text_delta));
    } else if (type == "message_start") {
        const rapidjson::Value* start = member(*raw, "message");
        const rapidjson::Value* usage = start ? member(*start, "usage") : nullptr;
        if (usage) {
            m_context_tokens = json::integer_field(*usage, "input_tokens").value_or(0) +
                               json::integer_field(*usage, "cache_read_input_tokens").value_or(0) +
                               json::integer_field(*usage, "cache_creation_input_tokens").value_or(0);
        }
    }
}

void AgentSession::handle_assistant(const rapidjson::Value& message) {
    if (!is_subagent(message))
        m_partial_text.clear(); // The streamed text is now a complete assistant message.
    const rapidjson::Value* body = member(message, "message");
    const rapidjson::Value* content = body ? member(*body, "content") : nullptr;
    if (!content || !content->IsArray())
        return;
    // The CLI turns a refused login into a message of its own ("Invalid API key · ..."), marked with the reason.
    if (json::string_field(message, "error").value_or("") == login_refused)
        note_login_rejected_locked(content_text(*content));
    bool subagent = is_subagent(message);
    for (auto& block : content->GetArray()) {
        std::string type = json::string_field(block, "type").value_or("");
        rapidjson::Document item;
        if (type == "text") {
            item = event("assistant_message");
            put(item, "text", json::string_field(block, "text").value_or(""));
            item.AddMember("aborted", json::bool_field(message, "aborted").value_or(false), item.GetAllocator());
        } else if (type == "thinking") {
            item = thinking_item(json::string_field(block, "thinking").value_or(""));
        } else if (type == "tool_use") {
            item = event("tool_started");
            put(item, "tool_use_id", json::string_field(block, "id").value_or(""));
            put(item, "name", json::string_field(block, "name").value_or(""));
            // A call through uap_tool_call is classified by the tool it forwards to.
            static const rapidjson::Value no_input(rapidjson::kObjectType);
            const rapidjson::Value* given = member(block, "input");
            note_tool_use_locked(json::string_field(block, "id").value_or(""),
                                 effective_tool_name(json::string_field(block, "name").value_or(""), given ? *given : no_input));
            RunningTool running{json::string_field(block, "name").value_or(""), rapidjson::Document(), subagent};
            if (const rapidjson::Value* input = member(block, "input")) {
                put_copy(item, "input", *input);
                constexpr size_t max_remembered_inputs = 256;
                if (m_running_tools.size() < max_remembered_inputs)
                    running.input.CopyFrom(*input, running.input.GetAllocator());
            }
            m_running_tools[json::string_field(block, "id").value_or("")] = std::move(running);
        } else {
            continue;
        }
        item.AddMember("turn_id", m_turns.last_turn(), item.GetAllocator());
        mark_subagent(item, message);
        m_hub.publish(std::move(item));
    }
}

void AgentSession::handle_user(const rapidjson::Value& message) {
    if (json::bool_field(message, "isReplay").value_or(false)) {
        if (auto uuid = json::string_field(message, "uuid"))
            m_last_user_uuid = *uuid; // Where the conversation on disk has this message.
        confirm_echo_locked(); // The echo of our own message: the panel already shows it.
        return;
    }
    const rapidjson::Value* body = member(message, "message");
    const rapidjson::Value* content = body ? member(*body, "content") : nullptr;
    if (!content || !content->IsArray())
        return;
    for (auto& block : content->GetArray()) {
        if (json::string_field(block, "type").value_or("") != "tool_result")
            continue;
        auto finished = event("tool_finished");
        std::string tool_use_id = json::string_field(block, "tool_use_id").value_or("");
        put(finished, "tool_use_id", tool_use_id);
        bool is_error = json::bool_field(block, "is_error").value_or(false);
        finished.AddMember("is_error", is_error, finished.GetAllocator());
        // The gate's hook refuses before any permission prompt; the CLI reports that as a tool
        // error. The same check on the remembered input tells the panel it was policy.
        if (auto call = m_running_tools.find(tool_use_id); call != m_running_tools.end()) {
            if (is_error && call->second.input.IsObject())
                if (auto refusal = check_tool_call(call->second.name, call->second.input, m_options.project, m_options.project)) {
                    rapidjson::Value policy(rapidjson::kObjectType);
                    policy.AddMember("basis", "script gate", finished.GetAllocator());
                    policy.AddMember("message", json::string_value(refusal->guidance, finished.GetAllocator()), finished.GetAllocator());
                    finished.AddMember("policy", policy, finished.GetAllocator());
                }
            if (call->second.denial) {
                rapidjson::Value denied(rapidjson::kObjectType);
                denied.AddMember("message", json::string_value(*call->second.denial, finished.GetAllocator()), finished.GetAllocator());
                finished.AddMember("denied", denied, finished.GetAllocator());
            }
            m_running_tools.erase(call);
        }
        const rapidjson::Value* inner = member(block, "content");
        std::string text = inner ? content_text(*inner) : "";
        put(finished, "content", utf8::clip(text, max_tool_result_text));
        finished.AddMember("truncated", text.size() > max_tool_result_text, finished.GetAllocator());
        finished.AddMember("turn_id", m_turns.last_turn(), finished.GetAllocator());
        mark_subagent(finished, message);
        m_hub.publish(std::move(finished));
    }
}

void AgentSession::handle_result(const rapidjson::Value& message) {
    m_partial_text.clear();
    bool interrupted = m_turns.phase() == TurnPhase::Interrupting;
    uint64_t ended = m_turns.result_received(Clock::now());
    confirm_result_locked();
    m_running_tools.clear();
    observe_turn_end_locked(interrupted ? api::TurnEnd::Interrupted : api::TurnEnd::Result);
    if (auto id = json::string_field(message, "session_id"))
        m_session_id = *id;
    auto finished = event("turn_finished");
    auto& allocator = finished.GetAllocator();
    finished.AddMember("turn_id", ended, allocator);
    std::string subtype = json::string_field(message, "subtype").value_or("");
    bool is_error = json::bool_field(message, "is_error").value_or(subtype != "success");
    if (!is_error && m_sign_in.state == SignInState::LoginRejected) {
        m_sign_in.state = SignInState::Ready; // The API took the login after all (a retry, or a new sign-in).
        m_sign_in.detail.clear();
        m_sign_in.fix_command.clear();
    }
    put(finished, "subtype", subtype);
    // An API failure arrives as subtype "success" with is_error true.
    finished.AddMember("is_error", is_error, allocator);
    // The CLI reports an interrupted turn as an error (error_during_execution); the panel shows it as the user's choice.
    finished.AddMember("interrupted", interrupted, allocator);
    put(finished, "terminal_reason", json::string_field(message, "terminal_reason").value_or(""));
    put(finished, "result", json::string_field(message, "result").value_or(""));
    finished.AddMember("num_turns", json::integer_field(message, "num_turns").value_or(0), allocator);
    // A turn the user interrupted can be picked up again with one click (continue_turn).
    finished.AddMember("continuable", interrupted, allocator);
    m_continuable_turn = interrupted ? std::optional<uint64_t>(ended) : std::nullopt;
    if (const rapidjson::Value* usage = member(message, "usage"); usage && usage->IsObject()) {
        put_copy(finished, "usage", *usage);
        json::replace_with_copy(m_usage, *usage);
    }
    if (const rapidjson::Value* cost = member(message, "total_cost_usd"); cost && cost->IsNumber()) {
        finished.AddMember("total_cost_usd", cost->GetDouble(), allocator);
        m_cost_usd = cost->GetDouble();
    }
    if (auto window = context_window(message))
        m_context_window = *window;
    if (const rapidjson::Value* status = member(message, "api_error_status"); status && !status->IsNull())
        put_copy(finished, "api_error_status", *status);
    if (const rapidjson::Value* denials = member(message, "permission_denials"); denials && denials->IsArray())
        finished.AddMember("permission_denials", static_cast<uint64_t>(denials->Size()), allocator);
    put_unrevertible_locked(finished, ended);
    m_hub.publish(std::move(finished));
    if (m_turns.phase() != TurnPhase::Idle)
        observe_turn_start_locked(m_turns.current_turn()); // A message queued mid-turn runs now.
    // Requests of the ended turn can no longer be answered usefully.
    if (m_turns.phase() == TurnPhase::Idle && !m_pending.empty())
        withdraw_all_locked("the turn ended", true);
    publish_status_locked();
}

} // namespace uap::agent

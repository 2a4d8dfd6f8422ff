// AgentSession: getting each user message into the conversation exactly once across CLI deaths:
// writing it, confirming it (echo or result), sending it again after a resume when the CLI died
// before confirming it, refusing it aloud when no resume follows, and closing the tool cards a
// death cut off.
#include "agent/agent_session.hpp"

#include "agent/event_json.hpp"

namespace uap::agent {

using Clock = std::chrono::steady_clock;

void AgentSession::deliver_locked(QueuedMessage message) {
    // A slash command must stay the message's first characters, so it carries no context.
    if (!message.context && message.text.rfind('/', 0) != 0) {
        std::string context;
        for (const auto& source : m_options.turn_context_sources)
            context += source();
        message.context = std::move(context);
    }
    std::string wire_text = message.attached + (message.context && !message.context->empty() ? *message.context + "\n" : std::string()) + message.text;
    if (auto sent = m_process->send(wire::user_message(wire_text, message.images)); !sent) {
        // A CLI that cannot read its stdin is dying; its exit restarts it and this message goes then.
        publish_notice_locked("warning", notice("message_write_failed", {{"error", sent.error().message()}}));
        m_outbox.push_back(std::move(message));
        publish_status_locked();
        return;
    }
    auto turn = m_turns.message_sent(Clock::now());
    if (turn)
        observe_turn_start_locked(*turn);
    auto event_message = event("user_message");
    put(event_message, "text", message.text);
    event_message.AddMember("image_count", static_cast<uint64_t>(message.images.size()), event_message.GetAllocator());
    event_message.AddMember("turn_id", turn.value_or(m_turns.last_turn() + m_turns.queued()), event_message.GetAllocator());
    event_message.AddMember("queued", !turn.has_value(), event_message.GetAllocator());
    if (message.delivery == Delivery::Again)
        event_message.AddMember("resent", true, event_message.GetAllocator());
    if (message.context && !message.context->empty())
        put(event_message, "editor_context", *message.context);
    if (!message.attached.empty())
        put(event_message, "attached_context", message.attached);
    m_hub.publish(std::move(event_message));
    m_unconfirmed.push_back(UnconfirmedMessage{++m_messages_written, std::move(message)});
    publish_status_locked();
}

void AgentSession::flush_outbox_locked() {
    auto waiting = std::move(m_outbox);
    m_outbox.clear();
    for (auto& message : waiting)
        deliver_locked(std::move(message)); // One the new CLI cannot take comes back to m_outbox.
}

void AgentSession::confirm_echo_locked() {
    if (!m_unconfirmed.empty())
        m_unconfirmed.pop_front();
}

void AgentSession::confirm_result_locked() {
    // Each message is one turn with one result; a message the CLI never echoes (a slash command)
    // is confirmed by its result.
    ++m_results_read;
    while (!m_unconfirmed.empty() && m_unconfirmed.front().number <= m_results_read)
        m_unconfirmed.pop_front();
}

void AgentSession::requeue_unconfirmed_locked() {
    if (m_unconfirmed.empty())
        return;
    size_t count = m_unconfirmed.size();
    for (auto waiting = m_unconfirmed.rbegin(); waiting != m_unconfirmed.rend(); ++waiting) {
        waiting->message.delivery = Delivery::Again;
        m_outbox.push_front(std::move(waiting->message));
    }
    m_unconfirmed.clear();
    publish_notice_locked("info", count == 1 ? notice("message_resent") : notice("messages_resent", {{"count", std::to_string(count)}}));
}

void AgentSession::refuse_outbox_locked(const std::string& why) {
    for (auto& message : m_outbox)
        publish_notice_locked("error", notice("message_not_delivered", {{"message", message.text.substr(0, 80) + (message.text.size() > 80 ? "..." : "")},
                                                                        {"reason", why}}));
    m_outbox.clear();
}

void AgentSession::close_open_tools_locked(const std::string& reason) {
    for (auto& [tool_use_id, tool] : m_running_tools) {
        auto finished = event("tool_finished");
        auto& allocator = finished.GetAllocator();
        put(finished, "tool_use_id", tool_use_id);
        finished.AddMember("is_error", true, allocator);
        finished.AddMember("interrupted", true, allocator);
        put(finished, "content", reason);
        finished.AddMember("truncated", false, allocator);
        finished.AddMember("turn_id", m_turns.last_turn(), allocator);
        if (tool.subagent)
            finished.AddMember("subagent", true, allocator);
        m_hub.publish(std::move(finished));
    }
    m_running_tools.clear();
}

} // namespace uap::agent

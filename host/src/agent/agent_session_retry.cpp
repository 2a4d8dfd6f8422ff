// AgentSession: retry or edit of the newest message the user typed, on a fork of the conversation
// that ends just before it.
#include "agent/agent_session.hpp"

namespace uap::agent {

Expected<void> AgentSession::retry_last_message(const std::string& text) {
    if (text.empty())
        return Error("retry_last_message needs text: the message's own words to retry it, or new ones to edit it");
    std::unique_ptr<CliProcess> old;
    std::optional<std::string> resume; // The session the fork is made from; none for a new conversation.
    {
        std::lock_guard lock(m_mutex);
        if (m_cli.empty())
            return Error("the agent session is not started (the host runs without --agent, or the CLI was not found)");
        if (m_turns.phase() != TurnPhase::Idle || !m_outbox.empty() || !m_pending.empty())
            return Error("a turn is running or a message is waiting to be sent; wait for the turn to end (or interrupt it), then retry");
        if (m_session_id.empty())
            return Error("this chat has no message to retry yet; send one");
        auto prompt = find_last_prompt(claude_home(), m_options.project, m_session_id);
        if (!prompt)
            return prompt.error().within("the message could not be taken back");
        auto items = load_history(claude_home(), m_options.project, m_session_id);
        if (!items)
            return items.error().within("the message could not be taken back");
        old = take_process_locked();
        m_outbox.clear();
        m_relaunch_reason.reset(); // The new CLI reads everything afresh.
        m_deaths.clear();
        m_last_user_uuid.clear();
        // A message that opened the conversation leaves nothing to keep: a new conversation.
        if (prompt->parent_uuid.empty()) {
            m_fork_at.reset();
        } else {
            resume = m_session_id;
            m_fork_at = prompt->parent_uuid;
        }
        m_session_id.clear(); // The fork's own id arrives with its init.
        publish_transcript_locked(items_before_last_prompt(std::move(*items)), "");
    }
    if (old)
        old->stop(std::chrono::milliseconds(1000));
    {
        std::lock_guard lock(m_mutex);
        if (auto spawned = spawn_locked(resume); !spawned)
            return spawned;
    }
    return send(text, {});
}

} // namespace uap::agent

// AgentSession: what the editor side hears of turns (start, every kind of end) and the turn
// revert, with the list of the turn's changes that Undo cannot take back.
#include "agent/agent_session.hpp"

#include "agent/event_json.hpp"
#include "agent/turn_changes.hpp"

namespace uap::agent {

void AgentSession::observe_turn_start_locked(uint64_t turn) {
    if (m_observed_turn != 0)
        observe_turn_end_locked(api::TurnEnd::Abandoned);
    m_observed_turn = turn;
    if (m_options.turn_observer)
        m_options.turn_observer->turn_started(turn);
}

void AgentSession::observe_turn_end_locked(api::TurnEnd how) {
    if (m_observed_turn == 0)
        return;
    uint64_t turn = m_observed_turn;
    m_observed_turn = 0;
    if (m_options.turn_observer)
        m_options.turn_observer->turn_ended(turn, how);
}

void AgentSession::note_tool_use_locked(const std::string& tool_use_id, const std::string& tool) {
    uint64_t turn = m_turns.last_turn();
    constexpr size_t remembered_turns = 64;
    if (undoable_change(tool, m_options.metadata)) {
        m_undoable_turns.insert(turn);
        while (m_undoable_turns.size() > remembered_turns)
            m_undoable_turns.erase(m_undoable_turns.begin());
    }
    auto reason = unrevertible_reason(tool, m_options.metadata);
    if (!reason)
        return;
    auto& changes = m_unrevertible[turn];
    constexpr size_t max_listed_changes = 200;
    if (changes.size() < max_listed_changes)
        changes.push_back(api::UnrevertibleChange{tool_use_id, tool, reason->reason});
    while (m_unrevertible.size() > remembered_turns)
        m_unrevertible.erase(m_unrevertible.begin());
}

void AgentSession::put_unrevertible_locked(rapidjson::Document& finished, uint64_t turn) const {
    auto& allocator = finished.GetAllocator();
    rapidjson::Value list(rapidjson::kArrayType);
    if (auto found = m_unrevertible.find(turn); found != m_unrevertible.end())
        for (const auto& change : found->second) {
            rapidjson::Value item(rapidjson::kObjectType);
            item.AddMember("tool_use_id", json::string_value(change.tool_use_id, allocator), allocator);
            item.AddMember("tool", json::string_value(change.tool, allocator), allocator);
            item.AddMember("reason", json::string_value(change.reason, allocator), allocator);
            list.PushBack(item, allocator);
        }
    finished.AddMember("not_revertible", list, allocator);
    // Whether a revert has anything to take back: the turn called one of our undoable tools.
    finished.AddMember("revertible", m_undoable_turns.count(turn) > 0, allocator);
}

Expected<void> AgentSession::revert_turn(uint64_t turn_id) {
    std::lock_guard lock(m_mutex);
    if (!m_options.turn_observer)
        return Error("turn revert needs the editor bridge, and this host runs without one; start it with `uap-host serve --project DIR`");
    if (turn_id == 0 || turn_id > m_turns.last_turn())
        return Error("there is no turn " + std::to_string(turn_id) + " in this host run (the last turn is " +
                     std::to_string(m_turns.last_turn()) + "); turns of earlier runs are undone in the editor with Edit > Undo");
    if (turn_id == m_observed_turn)
        return Error("turn " + std::to_string(turn_id) + " is still running; interrupt it (the interrupt command) or wait for its end, then revert it");
    std::vector<api::UnrevertibleChange> changes;
    if (auto found = m_unrevertible.find(turn_id); found != m_unrevertible.end())
        changes = found->second;
    m_options.turn_observer->revert_turn(turn_id, std::move(changes));
    return {};
}

} // namespace uap::agent

// EditorTurns: the worker that brackets turns in the editor and reverts them on request.
#include "app/editor_turns.hpp"

#include "support/json.hpp"
#include "support/json_writer.hpp"

#include <spdlog/spdlog.h>

namespace uap::app {

namespace {

constexpr uint32_t begin_timeout_ms = 10'000;
constexpr uint32_t end_timeout_ms = 120'000; // Ending refreshes once: an import can take a while.
constexpr uint32_t revert_timeout_ms = 60'000;
constexpr size_t remembered_turns = 64;

struct EditorAnswer {
    bool ok = false;
    rapidjson::Document value; // The result, or the error object.
    std::string message;       // The error's message (ok == false).
};

EditorAnswer call_editor(api::EditorLink& editor, std::string_view method, const std::string& params, uint32_t timeout_ms) {
    auto called = editor.call(method, params, timeout_ms, nullptr);
    EditorAnswer answer;
    answer.ok = called.has_value();
    if (auto parsed = json::parse(called ? *called : called.error().detail()); parsed && parsed->IsObject())
        answer.value = std::move(*parsed);
    if (!answer.ok)
        answer.message = called.error().message();
    return answer;
}

// Only a connected (or reloading, which comes back) editor is asked: a turn must not wait minutes
// for an editor that is not there.
bool editor_reachable(api::EditorLink& editor) {
    auto state = json::parse(editor.state_json());
    if (!state || !state->IsObject())
        return false;
    std::string name = json::string_field(*state, "state").value_or("");
    return name == "connected" || name == "reloading";
}

} // namespace

EditorTurns::EditorTurns(api::EditorLink& editor, api::EventSink& events, std::string run_tag)
    : m_editor(editor), m_events(events), m_run_tag(std::move(run_tag)), m_worker([this] { work(); }) {}

EditorTurns::~EditorTurns() { stop(); }

void EditorTurns::turn_started(uint64_t turn_id) { enqueue(Job{JobKind::Begin, turn_id, api::TurnEnd::Result, {}}); }

void EditorTurns::turn_ended(uint64_t turn_id, api::TurnEnd how) { enqueue(Job{JobKind::End, turn_id, how, {}}); }

void EditorTurns::revert_turn(uint64_t turn_id, std::vector<api::UnrevertibleChange> unrevertible) {
    enqueue(Job{JobKind::Revert, turn_id, api::TurnEnd::Result, std::move(unrevertible)});
}

void EditorTurns::enqueue(Job job) {
    std::lock_guard lock(m_mutex);
    if (m_stopping)
        return;
    m_jobs.push_back(std::move(job));
    m_changed.notify_all();
}

void EditorTurns::stop() {
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
        m_changed.notify_all();
    }
    if (m_worker.joinable())
        m_worker.join();
}

void EditorTurns::work() {
    while (true) {
        Job job;
        {
            std::unique_lock lock(m_mutex);
            m_changed.wait(lock, [this] { return m_stopping || !m_jobs.empty(); });
            if (m_jobs.empty())
                return; // Stopping with nothing left: queued turn ends still ran first.
            job = std::move(m_jobs.front());
            m_jobs.pop_front();
        }
        switch (job.kind) {
        case JobKind::Begin: begin(job.turn); break;
        case JobKind::End: end(job.turn); break;
        case JobKind::Revert: revert(job); break;
        }
    }
}

void EditorTurns::begin(uint64_t turn_id) {
    Turn& turn = m_turns[turn_id];
    while (m_turns.size() > remembered_turns)
        m_turns.erase(m_turns.begin());
    turn.name = "Agent turn " + std::to_string(turn_id) + " (run " + m_run_tag + ")";
    if (!editor_reachable(m_editor)) {
        turn.not_begun = "no Unity editor was connected when the turn began";
        return;
    }
    auto answer = call_editor(m_editor, "turn.begin", json::TextWriter().begin_object().field("name", turn.name).end_object().text(), begin_timeout_ms);
    if (!answer.ok) {
        turn.not_begun = "the editor did not start the turn's Undo group: " + answer.message;
        spdlog::warn("turn {}: {}", turn_id, turn.not_begun);
        return;
    }
    turn.group = json::integer_field(answer.value, "group").value_or(-1);
}

void EditorTurns::end(uint64_t turn_id) {
    auto found = m_turns.find(turn_id);
    if (found == m_turns.end() || found->second.ended)
        return;
    Turn& turn = found->second;
    turn.ended = true;
    if (turn.group < 0)
        return;
    // Sent even while the editor is away: the bridge delivers it when the editor is back (a host
    // that disconnects for good has the editor release the hold itself).
    auto answer = call_editor(m_editor, "turn.end",
                              json::TextWriter().begin_object().field("group", turn.group).field("name", turn.name).end_object().text(), end_timeout_ms);
    if (!answer.ok)
        spdlog::warn("turn {}: the editor did not end the turn (its refresh hold stays until the host disconnects): {}", turn_id, answer.message);
}

void EditorTurns::revert(const Job& job) {
    auto found = m_turns.find(job.turn);
    if (found == m_turns.end()) {
        publish_revert(job, false, "turn " + std::to_string(job.turn) + " is not among the last " + std::to_string(remembered_turns) +
                                       " turns of this host run; undo it in the editor with Edit > Undo", "");
        return;
    }
    const Turn& turn = found->second;
    if (!turn.ended) {
        publish_revert(job, false, "turn " + std::to_string(job.turn) + " has not ended yet; wait for its end or interrupt it, then revert", turn.name);
        return;
    }
    if (turn.group < 0) {
        publish_revert(job, false, "turn " + std::to_string(job.turn) + " has no Undo step: " + turn.not_begun, turn.name);
        return;
    }
    auto answer = call_editor(m_editor, "turn.revert",
                              json::TextWriter().begin_object().field("group", turn.group).field("name", turn.name).end_object().text(), revert_timeout_ms);
    publish_revert(job, answer.ok, answer.ok ? "" : answer.message, turn.name);
}

void EditorTurns::publish_revert(const Job& job, bool reverted, const std::string& reason, const std::string& step) {
    rapidjson::Document event(rapidjson::kObjectType);
    auto& allocator = event.GetAllocator();
    event.AddMember("type", "turn_reverted", allocator);
    event.AddMember("turn_id", job.turn, allocator);
    event.AddMember("ok", reverted, allocator);
    if (!reason.empty())
        event.AddMember("reason", json::string_value(reason, allocator), allocator);
    event.AddMember("undo_step", json::string_value(step, allocator), allocator);
    rapidjson::Value list(rapidjson::kArrayType);
    for (const auto& change : job.unrevertible) {
        rapidjson::Value item(rapidjson::kObjectType);
        item.AddMember("tool_use_id", json::string_value(change.tool_use_id, allocator), allocator);
        item.AddMember("tool", json::string_value(change.tool, allocator), allocator);
        item.AddMember("reason", json::string_value(change.reason, allocator), allocator);
        list.PushBack(item, allocator);
    }
    event.AddMember("not_reverted", list, allocator);
    m_events.publish(std::move(event));
}

} // namespace uap::app

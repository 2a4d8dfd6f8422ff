// The editor side of agent turns: each turn is bracketed in the editor (turn.begin / turn.end) so
// its writes become one named Undo step and asset imports wait for its end, and a finished turn can
// be reverted while it is the newest Undo step. Editor calls run on a worker, in order, never under
// the agent's lock; outcomes of reverts go to the panels as turn_reverted events.
#pragma once

#include "api/editor_link.hpp"
#include "api/event_sink.hpp"
#include "api/turn_observer.hpp"

#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <string>
#include <thread>

namespace uap::app {

class EditorTurns final : public api::TurnObserver {
public:
    // run_tag makes the Undo step names of this host run unique ("Agent turn 3 (run 4f2a)").
    EditorTurns(api::EditorLink& editor, api::EventSink& events, std::string run_tag);
    ~EditorTurns() override;

    void turn_started(uint64_t turn_id) override;
    void turn_ended(uint64_t turn_id, api::TurnEnd how) override;
    void revert_turn(uint64_t turn_id, std::vector<api::UnrevertibleChange> unrevertible) override;

    // Finishes the queued work (a turn's end releases its refresh hold), then stops the worker.
    void stop();

private:
    enum class JobKind { Begin, End, Revert };
    struct Job {
        JobKind kind = JobKind::Begin;
        uint64_t turn = 0;
        api::TurnEnd how = api::TurnEnd::Result;
        std::vector<api::UnrevertibleChange> unrevertible;
    };
    struct Turn {
        std::string name;
        int64_t group = -1;     // The editor's undo group; -1 when turn.begin did not happen.
        std::string not_begun;  // Why turn.begin did not happen.
        bool ended = false;
    };

    void enqueue(Job job);
    void work();
    void begin(uint64_t turn);
    void end(uint64_t turn);
    void revert(const Job& job);
    void publish_revert(const Job& job, bool reverted, const std::string& reason, const std::string& step);

    api::EditorLink& m_editor;
    api::EventSink& m_events;
    std::string m_run_tag;
    std::map<uint64_t, Turn> m_turns; // The newest turns only; touched by the worker alone.
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<Job> m_jobs;
    bool m_stopping = false;
    std::thread m_worker;
};

} // namespace uap::app

// What the editor is doing and what happened in it, kept from its events (play mode, selection,
// Console errors, modal dialogs, prefab stage, compiles): shown to every front-end (editor_event
// events and the status's "editor" field) and told to the agent at the start of its next turn.
#pragma once

#include "agent/notice_text.hpp"
#include "api/editor_events.hpp"
#include "api/event_sink.hpp"
#include "panel/console_digest.hpp"
#include "support/clock.hpp"

#include <rapidjson/document.h>

#include <functional>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace uap::panel {

class EditorActivity {
public:
    // The longest "what happened in the editor" block a turn carries, in bytes.
    static constexpr std::size_t max_turn_text_bytes = 6144;
    static constexpr std::size_t max_turn_lines = 12;

    // Listens to source (may be null) and publishes editor_event events to sink.
    EditorActivity(api::EditorEventSource* source, api::EventSink& sink, const Clock& clock = SteadyClock::instance());
    ~EditorActivity();
    EditorActivity(const EditorActivity&) = delete;
    EditorActivity& operator=(const EditorActivity&) = delete;

    // Called, outside any lock of this object, when what write_state writes has changed.
    void set_state_listener(std::function<void()> listener);

    // One editor event frame {"event","data"}.
    void on_editor_event(const std::string& frame_json);
    // Publishes the Console summary of a rate-limit window that has ended; call it about every second.
    void tick();
    // The block that starts the agent's next message (empty when nothing happened since the last call).
    std::string take_turn_text();
    // {"play_mode", "selection", "modal_dialog", "prefab_stage", "compile", "console_errors"} now.
    void write_state(rapidjson::Value& into, rapidjson::Document::AllocatorType& allocator) const;

private:
    struct Selection {
        uint64_t count = 0;
        std::vector<std::string> names; // At most a few, for one line.
    };
    // Returns whether the state that write_state shows changed.
    bool observe_locked(const std::string& name, const rapidjson::Value& data);
    void on_play_mode_locked(const rapidjson::Value& data);
    void on_selection_locked(const rapidjson::Value& data);
    void on_modal_locked(const rapidjson::Value& data);
    void on_prefab_stage_locked(const rapidjson::Value& data);
    void on_compile_finished_locked(const rapidjson::Value& data);
    void on_console_error_locked(const rapidjson::Value& data);
    void publish_summary_locked(const ConsoleWindowSummary& summary);
    // Replaces the turn line with this key, or appends it (the oldest lines give way at the bound).
    void note_locked(const std::string& key, std::string line);
    void publish_locked(const agent::NoticeText& notice, rapidjson::Document event);

    api::EditorEventSource* m_source;
    api::EventSink& m_sink;
    const Clock& m_clock;
    int m_ticket = -1;
    std::function<void()> m_state_listener;

    mutable std::mutex m_mutex;
    std::string m_play_mode = "unknown";
    std::vector<std::string> m_play_modes_since_turn; // The states passed through, oldest first.
    uint64_t m_modals_since_turn = 0;
    Selection m_selection;
    std::string m_modal_title;   // Empty: none open.
    std::string m_prefab_stage;  // Empty: the main stage.
    std::string m_compile_state = "unknown";
    std::string m_compile_summary;
    uint64_t m_compile_errors = 0;
    ConsoleDigest m_console;
    bool m_console_changed = false;
    std::vector<std::pair<std::string, std::string>> m_turn_lines; // key, line; oldest first.
    uint64_t m_dropped_turn_lines = 0;
};

} // namespace uap::panel

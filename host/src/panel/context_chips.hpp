// Context chips: what the user can attach to the next message, kept by the host so every front-end
// shows the same chips. The editor offers some (Scene-view pins and sketches, the selection, the
// newest Console errors, a scene summary on demand); a front-end adds others (a dropped asset or
// object). Each chip shows the text it adds and its size; the attached ones open the next message.
#pragma once

#include "api/editor_events.hpp"
#include "api/editor_link.hpp"
#include "api/event_sink.hpp"
#include "panel/command_extension.hpp"
#include "panel/console_digest.hpp"
#include "support/expected.hpp"

#include <rapidjson/document.h>

#include <deque>
#include <filesystem>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace uap::panel {

class ContextChips final : public CommandExtension {
public:
    static constexpr std::size_t max_marker_chips = 16;  // Pins and sketches, the oldest giving way.
    static constexpr std::size_t max_dropped_chips = 16; // Assets and objects a front-end added.
    static constexpr std::size_t max_attached_bytes = 16 * 1024;

    // Listens to source (may be null) and publishes context events to sink. editor (may be null)
    // answers the scene summary; project is where dropped assets are looked up.
    ContextChips(api::EditorEventSource* source, api::EditorLink* editor, api::EventSink& sink, std::filesystem::path project);
    ~ContextChips() override;
    ContextChips(const ContextChips&) = delete;
    ContextChips& operator=(const ContextChips&) = delete;

    // One editor event frame {"event","data"}.
    void on_editor_event(const std::string& frame_json);
    // Publishes Console errors that arrived since the last publication; call it about every second,
    // so a flood of errors changes the chips once a second, not once per error.
    void tick();

    // attach_context {ids}: sets which chips the next message carries ([] detaches all; without ids
    // nothing changes). add_context {asset} or {object}: adds a dropped chip, attached. Both reply
    // with the chips, as the context event shows them.
    bool handles(const std::string& type) const override { return type == "attach_context" || type == "add_context"; }
    Expected<void> run(const std::string& type, const rapidjson::Value& command, rapidjson::Document& reply) override;

    // The block the attached chips put ahead of the next message (empty when none is attached).
    std::string attached_text() const;
    // The message that carried attached_text() was taken: attachments end, dropped chips go.
    void message_sent();

private:
    struct Chip {
        std::string id;    // P1, S1, D1, selection, console, scene.
        std::string kind;  // pin, sketch, selection, console, scene, asset, object.
        std::string label; // Short, for the chip itself.
        std::string text;  // What the model reads; empty for a scene summary not yet asked for.
    };
    Expected<void> attach(const rapidjson::Value& command);
    Expected<void> add(const rapidjson::Value& command);
    Expected<Chip> dropped_asset(const std::string& path) const;
    void on_console_error_locked(const rapidjson::Value& data);
    void put_chip_locked(Chip chip);
    void remove_chip_locked(const std::string& id);
    const Chip* find_locked(const std::string& id) const;
    std::size_t attached_bytes_locked() const;
    void publish_locked();
    void write_state_locked(rapidjson::Value& into, rapidjson::Document::AllocatorType& allocator) const;

    api::EditorEventSource* m_source;
    api::EditorLink* m_editor;
    api::EventSink& m_sink;
    std::filesystem::path m_project;
    int m_ticket = -1;
    mutable std::mutex m_mutex;
    std::vector<Chip> m_chips; // In the order they arrived; the scene chip is always there.
    std::set<std::string> m_attached;
    std::deque<ConsoleErrorEntry> m_console; // Newest first, distinct, at most chips::max_console_errors.
    uint64_t m_console_total = 0;            // Every error since the chip last went with a message.
    uint64_t m_next_dropped = 1;
    bool m_console_unpublished = false;
};

} // namespace uap::panel

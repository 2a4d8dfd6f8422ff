// The user's Scene-view pins and sketches as context for the next message: kept from the editor's
// userPin and strokeFinished events, shown to every front-end (event scene_context), attached by the
// attach_scene_context command and written ahead of the next "send".
#pragma once

#include "api/editor_events.hpp"
#include "api/event_sink.hpp"
#include "panel/command_extension.hpp"
#include "support/expected.hpp"

#include <rapidjson/document.h>

#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace uap::panel {

class SceneContext final : public CommandExtension {
public:
    static constexpr std::size_t max_items = 16;

    // Listens to source (may be null) and publishes scene_context events to sink.
    SceneContext(api::EditorEventSource* source, api::EventSink& sink);
    ~SceneContext() override;
    SceneContext(const SceneContext&) = delete;
    SceneContext& operator=(const SceneContext&) = delete;

    // One editor event frame {"event","data"}.
    void on_editor_event(const std::string& frame_json);

    // attach_scene_context: "ids" (an array of item ids, [] detaches all) sets what the next message
    // carries; without "ids" it changes nothing. The reply gets "items" and "attached" either way.
    Expected<void> attach(const rapidjson::Value& command, rapidjson::Document& reply);

    // The command extension: attach_scene_context.
    bool handles(const std::string& type) const override { return type == "attach_scene_context"; }
    Expected<void> run(const std::string&, const rapidjson::Value& command, rapidjson::Document& reply) override {
        return attach(command, reply);
    }

    // The text to put ahead of the next message (empty when nothing is attached); detaches.
    std::string take_attached_text();

private:
    struct Item {
        std::string id;   // P1, S1, ...
        std::string kind; // pin or sketch
        std::string text; // One line for the model and for a chip's tooltip.
    };
    void publish_locked();
    void write_state_locked(rapidjson::Value& into, rapidjson::Document::AllocatorType& allocator) const;

    api::EditorEventSource* m_source;
    api::EventSink& m_sink;
    int m_ticket = -1;
    std::mutex m_mutex;
    std::vector<Item> m_items; // Oldest first.
    std::set<std::string> m_attached;
};

} // namespace uap::panel

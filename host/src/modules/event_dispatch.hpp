// Editor events for modules: each subscription has its own queue and delivery thread, so a module
// that blocks in its handler delays only itself, never the bridge, tool calls or other modules.
#pragma once

#include "api/editor_events.hpp"
#include "support/expected.hpp"

#include <uap/abi/uap_module.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace uap::modules {

class EventDispatcher {
public:
    // Events beyond this many waiting for one subscription drop the oldest (reported as eventsDropped).
    static constexpr std::size_t queue_capacity = 1024;
    static constexpr std::size_t max_names = 64;

    // Listens to source (may be null: then only publish() feeds subscribers).
    explicit EventDispatcher(api::EditorEventSource* source);
    ~EventDispatcher(); // Stops listening and ends every subscription (waits for running handlers).
    EventDispatcher(const EventDispatcher&) = delete;
    EventDispatcher& operator=(const EventDispatcher&) = delete;

    // owner: whose subscription it is (a module's context); only the owner may end it.
    // names_json: a JSON array of event names, [] for all. Errors say what was refused and why.
    Expected<uint64_t> subscribe(const void* owner, std::string_view names_json, uap_event_handler handler, void* user_data);
    // UAP_STATUS_INVALID_ARGUMENT when the owner holds no such subscription.
    uap_status unsubscribe(const void* owner, uint64_t subscription);
    // Ends every subscription of owner and waits until none of its handlers runs (before shutdown).
    void unsubscribe_all(const void* owner);

    // Queues one event frame {"event","data"} for every matching subscription; returns at once.
    void publish(std::string_view frame_json);

    struct Shared;

private:
    std::shared_ptr<Shared> m_shared;
    api::EditorEventSource* m_source;
    int m_ticket = -1;
};

} // namespace uap::modules

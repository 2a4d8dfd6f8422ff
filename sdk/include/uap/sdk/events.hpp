// Editor events and the host's clock for C++ module authors: an EventSubscription calls a
// std::function for each event on the host's delivery thread and ends itself when destroyed.
#pragma once

#include <uap/sdk/tool.hpp>

#include <chrono>
#include <functional>
#include <string>
#include <string_view>

namespace uap::sdk {

// Milliseconds on the host's monotonic clock (revision 3); hosts before it: this process's steady clock.
inline uint64_t monotonic_ms(const ModuleContext& context) {
    const uap_host_api* host = context.host();
    if (uap_host_api_has(host, monotonic_ms))
        return host->monotonic_ms(context.handle());
    return static_cast<uint64_t>(
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch()).count());
}

class EventSubscription {
public:
    using Handler = std::function<void(std::string_view name, std::string_view data_json)>;

    EventSubscription() = default;
    ~EventSubscription() { end(); }
    EventSubscription(const EventSubscription&) = delete;
    EventSubscription& operator=(const EventSubscription&) = delete;

    // Subscribes to names_json (a JSON array of event names, [] for all). UAP_STATUS_UNAVAILABLE
    // from a host before revision 3 or one without an editor event source.
    uap_status begin(const ModuleContext& context, std::string_view names_json, Handler handler) {
        end();
        const uap_host_api* host = context.host();
        if (!uap_host_api_has(host, subscribe_events))
            return UAP_STATUS_UNAVAILABLE;
        m_context = &context;
        m_handler = std::move(handler);
        uap_status status = host->subscribe_events(context.handle(), to_view(names_json), &deliver, this, &m_id);
        if (status != UAP_STATUS_OK)
            m_id = 0;
        return status;
    }

    // Ends the subscription: when it returns (from another thread than the handler's) the handler
    // is not running and will not run again.
    void end() {
        if (m_id != 0 && m_context)
            m_context->host()->unsubscribe_events(m_context->handle(), m_id);
        m_id = 0;
    }

    bool active() const { return m_id != 0; }

private:
    static void deliver(void* self, uap_string_view name, uap_string_view data) noexcept {
        try {
            static_cast<EventSubscription*>(self)->m_handler(from_view(name), from_view(data));
        } catch (...) {
            // An exception must not cross into the host's thread; the event is lost for this module.
        }
    }

    const ModuleContext* m_context = nullptr;
    Handler m_handler;
    uint64_t m_id = 0;
};

} // namespace uap::sdk

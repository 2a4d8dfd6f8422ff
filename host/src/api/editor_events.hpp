// Where editor events come from: the bridge implements it; the module host subscribes to pass
// events on to modules without knowing the bridge.
#pragma once

#include <functional>
#include <string>

namespace uap::api {

class EditorEventSource {
public:
    using EventListener = std::function<void(const std::string& event_json)>;
    virtual ~EditorEventSource() = default;
    // Editor events ({"event","data"}) as they arrive, on the connection thread: a listener must
    // return at once. Returns a ticket for unsubscribe.
    virtual int subscribe(EventListener listener) = 0;
    virtual void unsubscribe(int ticket) = 0;
};

} // namespace uap::api

// Where a producer of panel events (the agent) publishes them, without knowing who renders them:
// the panel hub implements it, so the agent does not depend on the panel.
#pragma once

#include <rapidjson/document.h>

#include <cstddef>

namespace uap::api {

class EventSink {
public:
    virtual ~EventSink() = default;
    // event is an object with a "type"; the sink numbers, records and delivers it. Must not block
    // on a slow consumer.
    virtual void publish(rapidjson::Document event) = 0;
    // How many front-ends receive the events now; 0 means nobody would see a permission card.
    virtual size_t subscriber_count() const = 0;
};

} // namespace uap::api

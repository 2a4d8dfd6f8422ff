// An event sink for tests: keeps every event published to it as JSON text, in order, for a test to
// read back; it claims `subscribers` front-ends so producers act as if panels were attached.
#pragma once

#include "api/event_sink.hpp"
#include "support/json.hpp"

#include <mutex>
#include <string>
#include <vector>

namespace uap::agent_test {

class RecordingSink final : public api::EventSink {
public:
    explicit RecordingSink(size_t subscribers = 1) : m_subscribers(subscribers) {}
    void publish(rapidjson::Document event) override {
        std::lock_guard lock(m_mutex);
        m_events.push_back(json::to_text(event));
    }
    size_t subscriber_count() const override { return m_subscribers; }
    std::vector<std::string> events() const {
        std::lock_guard lock(m_mutex);
        return m_events;
    }

private:
    size_t m_subscribers;
    mutable std::mutex m_mutex;
    std::vector<std::string> m_events;
};

} // namespace uap::agent_test

// Editor events for modules: per-subscription bounded queues drained by per-subscription threads.
#include "modules/event_dispatch.hpp"

#include "support/json.hpp"
#include "support/json_writer.hpp"

#include <rapidjson/document.h>

#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <set>
#include <thread>
#include <utility>
#include <vector>

namespace uap::modules {

namespace {

struct Event {
    std::string name;
    std::string data_json;
};

struct Subscription {
    const void* owner = nullptr;
    std::set<std::string, std::less<>> names; // Empty: every event.
    uap_event_handler handler = nullptr;
    void* user_data = nullptr;

    std::mutex mutex;
    std::condition_variable wake;
    std::deque<Event> queue;
    uint64_t dropped = 0;
    bool stopping = false;
    std::thread thread;

    bool wants(std::string_view name) const { return names.empty() || names.count(name) > 0; }

    void push(const Event& event) {
        {
            std::lock_guard lock(mutex);
            if (stopping)
                return;
            if (queue.size() >= EventDispatcher::queue_capacity) {
                queue.pop_front();
                ++dropped;
            }
            queue.push_back(event);
        }
        wake.notify_one();
    }

    void run() {
        for (;;) {
            Event event;
            {
                std::unique_lock lock(mutex);
                wake.wait(lock, [&] { return stopping || !queue.empty() || dropped > 0; });
                if (stopping)
                    return;
                if (dropped > 0) {
                    // Tell the handler what it missed before what comes next.
                    event = {"eventsDropped", json::TextWriter().begin_object().field("count", dropped).end_object().text()};
                    dropped = 0;
                } else {
                    event = std::move(queue.front());
                    queue.pop_front();
                }
            }
            handler(user_data, {event.name.data(), event.name.size()}, {event.data_json.data(), event.data_json.size()});
        }
    }

    void stop() {
        {
            std::lock_guard lock(mutex);
            stopping = true;
            queue.clear();
        }
        wake.notify_one();
    }
};

} // namespace

void publish_to(EventDispatcher::Shared& shared, std::string_view frame_json);

struct EventDispatcher::Shared {
    std::mutex mutex;
    uint64_t next_id = 1;
    std::map<uint64_t, std::shared_ptr<Subscription>> subscriptions;
    // Threads of subscriptions ended from inside their own handler: they finish when the handler
    // returns, and are joined later from another thread.
    std::vector<std::pair<const void*, std::thread>> retiring;
};

EventDispatcher::EventDispatcher(api::EditorEventSource* source) : m_shared(std::make_shared<Shared>()), m_source(source) {
    if (m_source) {
        std::weak_ptr<Shared> weak = m_shared;
        // Runs on the bridge's connection thread: only parse and queue.
        // The bridge may still call a copy of this listener after unsubscribe, so it holds only a
        // weak reference to the subscriptions, never the dispatcher itself.
        m_ticket = m_source->subscribe([weak](const std::string& frame) {
            if (auto shared = weak.lock())
                publish_to(*shared, frame);
        });
    }
}

EventDispatcher::~EventDispatcher() {
    if (m_source)
        m_source->unsubscribe(m_ticket);
    std::vector<const void*> owners;
    {
        std::lock_guard lock(m_shared->mutex);
        for (const auto& [id, subscription] : m_shared->subscriptions)
            owners.push_back(subscription->owner);
        for (const auto& [owner, thread] : m_shared->retiring)
            owners.push_back(owner);
    }
    for (const void* owner : owners)
        unsubscribe_all(owner);
}

Expected<uint64_t> EventDispatcher::subscribe(const void* owner, std::string_view names_json, uap_event_handler handler,
                                              void* user_data) {
    if (!handler)
        return Error("subscribe_events refused: the handler is null; pass the function to call for each event");
    auto names = json::parse(names_json);
    if (!names || !names->IsArray())
        return Error("subscribe_events refused: names must be a JSON array of event names such as [\"sceneChanged\"] "
                     "([] for every event)");
    if (names->Size() > max_names)
        return Error("subscribe_events refused: " + std::to_string(names->Size()) + " names, at most " + std::to_string(max_names) +
                     "; subscribe to [] for every event instead");
    auto subscription = std::make_shared<Subscription>();
    for (const auto& name : names->GetArray()) {
        if (!name.IsString() || name.GetStringLength() == 0 || name.GetStringLength() > 64)
            return Error("subscribe_events refused: every name must be a string of 1 to 64 characters, such as \"sceneChanged\"");
        subscription->names.emplace(name.GetString(), name.GetStringLength());
    }
    subscription->owner = owner;
    subscription->handler = handler;
    subscription->user_data = user_data;
    // The thread holds a reference: a subscription ended from its own handler outlives the call.
    subscription->thread = std::thread([keep = subscription] { keep->run(); });
    std::lock_guard lock(m_shared->mutex);
    uint64_t id = m_shared->next_id++;
    m_shared->subscriptions[id] = std::move(subscription);
    return id;
}

uap_status EventDispatcher::unsubscribe(const void* owner, uint64_t id) {
    std::shared_ptr<Subscription> subscription;
    {
        std::lock_guard lock(m_shared->mutex);
        auto found = m_shared->subscriptions.find(id);
        if (found == m_shared->subscriptions.end() || found->second->owner != owner)
            return UAP_STATUS_INVALID_ARGUMENT;
        subscription = std::move(found->second);
        m_shared->subscriptions.erase(found);
        subscription->stop();
        if (subscription->thread.get_id() == std::this_thread::get_id()) {
            // Called from the handler: the thread ends when the handler returns and is joined later
            // from another thread (unsubscribe_all before the module's shutdown).
            m_shared->retiring.emplace_back(owner, std::move(subscription->thread));
            return UAP_STATUS_OK;
        }
    }
    subscription->thread.join();
    return UAP_STATUS_OK;
}

void EventDispatcher::unsubscribe_all(const void* owner) {
    std::vector<uint64_t> ids;
    std::vector<std::thread> retiring;
    {
        std::lock_guard lock(m_shared->mutex);
        for (const auto& [id, subscription] : m_shared->subscriptions)
            if (subscription->owner == owner)
                ids.push_back(id);
        for (auto entry = m_shared->retiring.begin(); entry != m_shared->retiring.end();)
            if (entry->first == owner) {
                retiring.push_back(std::move(entry->second));
                entry = m_shared->retiring.erase(entry);
            } else {
                ++entry;
            }
    }
    for (uint64_t id : ids)
        (void)unsubscribe(owner, id); // Only fails for ids another thread ended meanwhile.
    for (auto& thread : retiring)
        thread.join();
}

void EventDispatcher::publish(std::string_view frame_json) { publish_to(*m_shared, frame_json); }

void publish_to(EventDispatcher::Shared& shared, std::string_view frame_json) {
    auto frame = json::parse(frame_json);
    if (!frame || !frame->IsObject() || !frame->HasMember("event") || !(*frame)["event"].IsString())
        return;
    Event event;
    event.name = (*frame)["event"].GetString();
    auto data = frame->FindMember("data");
    event.data_json = data != frame->MemberEnd() && data->value.IsObject() ? json::to_text(data->value) : "{}";
    std::vector<std::shared_ptr<Subscription>> targets;
    {
        std::lock_guard lock(shared.mutex);
        for (const auto& [id, subscription] : shared.subscriptions)
            if (subscription->wants(event.name))
                targets.push_back(subscription);
    }
    for (const auto& subscription : targets)
        subscription->push(event);
}

} // namespace uap::modules

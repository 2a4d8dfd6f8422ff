// The host's event dispatcher on its own: malformed subscriptions are refused, a handler that falls
// behind loses the oldest events and is told how many, a handler may end its own subscription, and
// one module cannot end another's.
#include "modules/event_dispatch.hpp"

#include "fakes/eventually.hpp"

#include <gtest/gtest.h>

#include <condition_variable>
#include <mutex>
#include <string>
#include <vector>

namespace {

using uap::modules::EventDispatcher;
using uap::testing::eventually;

struct Recorder {
    std::mutex mutex;
    std::condition_variable changed;
    std::vector<std::string> events;
    bool hold_first = false;
    bool released = false;
    EventDispatcher* dispatcher = nullptr;
    uint64_t unsubscribe_on_first = 0;

    static void handle(void* self, uap_string_view name, uap_string_view data) {
        auto& recorder = *static_cast<Recorder*>(self);
        std::unique_lock lock(recorder.mutex);
        recorder.events.push_back(std::string(name.data, name.size) + " " + std::string(data.data, data.size));
        if (recorder.unsubscribe_on_first != 0 && recorder.events.size() == 1) {
            EXPECT_EQ(recorder.dispatcher->unsubscribe(&recorder, recorder.unsubscribe_on_first), UAP_STATUS_OK);
        }
        if (recorder.hold_first)
            recorder.changed.wait(lock, [&] { return recorder.released; });
    }
    std::size_t count() {
        std::lock_guard lock(mutex);
        return events.size();
    }
};

std::string frame(const std::string& name, int number) {
    return R"({"event":")" + name + R"(","data":{"n":)" + std::to_string(number) + "}}";
}

TEST(EventDispatch, RefusesMalformedSubscriptions) {
    EventDispatcher dispatcher(nullptr);
    Recorder recorder;
    for (const char* names : {"{}", "[1]", "not json", R"([""])", R"(["sceneChanged",null])"}) {
        auto refused = dispatcher.subscribe(&recorder, names, &Recorder::handle, &recorder);
        ASSERT_FALSE(refused.has_value()) << names;
        EXPECT_NE(refused.error().message().find("subscribe_events refused"), std::string::npos) << refused.error().message();
    }
    std::string many = "[";
    for (int index = 0; index < 65; ++index)
        many += (index ? ",\"e" : "\"e") + std::to_string(index) + "\"";
    auto too_many = dispatcher.subscribe(&recorder, many + "]", &Recorder::handle, &recorder);
    ASSERT_FALSE(too_many.has_value());
    EXPECT_NE(too_many.error().message().find("at most 64"), std::string::npos);
    EXPECT_FALSE(dispatcher.subscribe(&recorder, "[]", nullptr, &recorder).has_value());
    // Malformed frames from the editor are ignored, not delivered.
    auto subscribed = dispatcher.subscribe(&recorder, "[]", &Recorder::handle, &recorder);
    ASSERT_TRUE(subscribed.has_value());
    for (const char* bad : {"", "[]", R"({"data":{}})", R"({"event":7})", "{\"event\":\"x\",\"data\":"})
        dispatcher.publish(bad);
    dispatcher.publish(frame("good", 1));
    ASSERT_TRUE(eventually([&] { return recorder.count() == 1; }));
    EXPECT_EQ(recorder.events[0], R"(good {"n":1})");
    dispatcher.unsubscribe_all(&recorder);
}

TEST(EventDispatch, AHandlerThatFallsBehindLosesTheOldestAndIsToldHowMany) {
    EventDispatcher dispatcher(nullptr);
    Recorder recorder;
    recorder.hold_first = true;
    ASSERT_TRUE(dispatcher.subscribe(&recorder, R"(["tick"])", &Recorder::handle, &recorder).has_value());
    dispatcher.publish(frame("tick", 0));
    ASSERT_TRUE(eventually([&] { return recorder.count() == 1; })); // Held in the first event.
    for (int number = 1; number < 1100; ++number)
        dispatcher.publish(frame("tick", number));
    {
        std::lock_guard lock(recorder.mutex);
        recorder.hold_first = false;
        recorder.released = true;
    }
    recorder.changed.notify_all();
    ASSERT_TRUE(eventually([&] { return recorder.count() == 1 + 1 + EventDispatcher::queue_capacity; })) << recorder.count();
    std::lock_guard lock(recorder.mutex);
    EXPECT_EQ(recorder.events[1], R"(eventsDropped {"count":75})"); // 1,099 queued behind the held one; 1,024 kept.
    EXPECT_EQ(recorder.events[2], R"(tick {"n":76})");
    EXPECT_EQ(recorder.events.back(), R"(tick {"n":1099})");
}

TEST(EventDispatch, AHandlerMayEndItsOwnSubscriptionAndOthersCannot) {
    EventDispatcher dispatcher(nullptr);
    Recorder recorder, stranger;
    recorder.dispatcher = &dispatcher;
    auto id = dispatcher.subscribe(&recorder, "[]", &Recorder::handle, &recorder);
    ASSERT_TRUE(id.has_value());
    EXPECT_EQ(dispatcher.unsubscribe(&stranger, *id), UAP_STATUS_INVALID_ARGUMENT);
    EXPECT_EQ(dispatcher.unsubscribe(&recorder, *id + 100), UAP_STATUS_INVALID_ARGUMENT);
    recorder.unsubscribe_on_first = *id;
    for (int number = 0; number < 5; ++number)
        dispatcher.publish(frame("tick", number));
    ASSERT_TRUE(eventually([&] { return recorder.count() >= 1; }));
    dispatcher.unsubscribe_all(&recorder); // Joins the thread that ended itself.
    EXPECT_EQ(recorder.count(), 1u);
    EXPECT_EQ(dispatcher.unsubscribe(&recorder, *id), UAP_STATUS_INVALID_ARGUMENT); // Already gone.
}

} // namespace

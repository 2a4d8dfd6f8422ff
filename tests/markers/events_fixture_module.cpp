// A test pack that subscribes to editor events through the revision-3 host table and records what
// it receives; it can block in its handler (to show a slow module delays nobody) and unsubscribe.
#include <uap/sdk/events.hpp>
#include <uap/sdk/module.hpp>

#include <condition_variable>
#include <mutex>
#include <string>
#include <vector>

namespace fixture {

using namespace uap::sdk;

struct Recorder {
    std::mutex mutex;
    std::condition_variable released_changed;
    bool blocking = false;
    std::vector<std::string> events; // "name data" per event, in delivery order.
    EventSubscription subscription;
};

constexpr ToolTraits quick{Access::Writes, Undo::NotUndoable, Impact::NonDestructive, Repeat::NotIdempotent, Duration::Quick};

class SubscribeTool final : public Tool {
public:
    SubscribeTool(Recorder& recorder, const ModuleContext& context) : m_recorder(recorder), m_context(context) {}
    std::string_view name() const override { return "events_subscribe"; }
    std::string_view description() const override { return "Subscribes to editor events (names); block:true blocks the handler."; }
    std::string_view input_schema() const override {
        return R"({"type":"object","properties":{"names":{"type":"array","items":{"type":"string"}},"block":{"type":"boolean"}}})";
    }
    ToolTraits traits() const override { return quick; }
    ToolResult call(const rapidjson::Value& arguments, CallContext&) override {
        {
            std::lock_guard lock(m_recorder.mutex);
            m_recorder.blocking = arguments.HasMember("block") && arguments["block"].GetBool();
            m_recorder.events.clear();
        }
        std::string names = arguments.HasMember("names") ? to_json_text(arguments["names"]) : "[]";
        uap_status status = m_recorder.subscription.begin(m_context, names, [this](std::string_view event, std::string_view data) {
            std::unique_lock lock(m_recorder.mutex);
            m_recorder.events.push_back(std::string(event) + " " + std::string(data));
            m_recorder.released_changed.wait(lock, [&] { return !m_recorder.blocking; });
        });
        if (status != UAP_STATUS_OK)
            return ToolResult::failure("subscribe_events answered status " + std::to_string(status));
        rapidjson::Document result(rapidjson::kObjectType);
        result.AddMember("subscribed", true, result.GetAllocator());
        return ToolResult::success(std::move(result));
    }

private:
    Recorder& m_recorder;
    const ModuleContext& m_context;
};

class SeenTool final : public Tool {
public:
    explicit SeenTool(Recorder& recorder) : m_recorder(recorder) {}
    std::string_view name() const override { return "events_seen"; }
    std::string_view description() const override { return "The events received so far, in order."; }
    std::string_view input_schema() const override { return R"({"type":"object"})"; }
    ToolTraits traits() const override { return {Access::ReadOnly, Undo::NotUndoable, Impact::NonDestructive, Repeat::Idempotent, Duration::Quick}; }
    ToolResult call(const rapidjson::Value&, CallContext&) override {
        rapidjson::Document result(rapidjson::kObjectType);
        rapidjson::Value list(rapidjson::kArrayType);
        std::lock_guard lock(m_recorder.mutex);
        for (const auto& event : m_recorder.events)
            list.PushBack(rapidjson::Value(event.c_str(), result.GetAllocator()), result.GetAllocator());
        result.AddMember("events", list, result.GetAllocator());
        return ToolResult::success(std::move(result));
    }

private:
    Recorder& m_recorder;
};

class ReleaseTool final : public Tool {
public:
    explicit ReleaseTool(Recorder& recorder) : m_recorder(recorder) {}
    std::string_view name() const override { return "events_release"; }
    std::string_view description() const override { return "Lets a blocked handler return; unsubscribe:true then ends the subscription."; }
    std::string_view input_schema() const override { return R"({"type":"object","properties":{"unsubscribe":{"type":"boolean"}}})"; }
    ToolTraits traits() const override { return quick; }
    ToolResult call(const rapidjson::Value& arguments, CallContext&) override {
        {
            std::lock_guard lock(m_recorder.mutex);
            m_recorder.blocking = false;
        }
        m_recorder.released_changed.notify_all();
        if (arguments.HasMember("unsubscribe") && arguments["unsubscribe"].GetBool())
            m_recorder.subscription.end();
        rapidjson::Document result(rapidjson::kObjectType);
        result.AddMember("active", m_recorder.subscription.active(), result.GetAllocator());
        return ToolResult::success(std::move(result));
    }

private:
    Recorder& m_recorder;
};

class EventsModule final : public Module {
public:
    explicit EventsModule(const ModuleContext& context) : Module(context) {
        add_tool<SubscribeTool>(m_recorder, this->context());
        add_tool<SeenTool>(m_recorder);
        add_tool<ReleaseTool>(m_recorder);
    }
    ~EventsModule() override {
        {
            std::lock_guard lock(m_recorder.mutex);
            m_recorder.blocking = false;
        }
        m_recorder.released_changed.notify_all();
        m_recorder.subscription.end();
    }

private:
    Recorder m_recorder;
};

} // namespace fixture

UAP_MODULE(fixture::EventsModule, "fixture.events", "1.0.0")

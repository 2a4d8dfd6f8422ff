// The tools the official conformance suite's tasks scenarios call by name: greet (quick), and the
// long-running slow_compute and failing_job, which the host serves as tasks under the extension.
#include <uap/sdk/module.hpp>

#include <chrono>
#include <string>
#include <thread>

namespace uap::mcp_test {

namespace {

sdk::ToolTraits quick_read() {
    return {sdk::Access::ReadOnly, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::Idempotent, sdk::Duration::Quick};
}

sdk::ToolTraits long_read() {
    return {sdk::Access::ReadOnly, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::Idempotent, sdk::Duration::LongRunning};
}

rapidjson::Document text_result(const std::string& text) {
    rapidjson::Document result(rapidjson::kObjectType);
    result.AddMember("text", rapidjson::Value(text.c_str(), result.GetAllocator()), result.GetAllocator());
    return result;
}

// Sleeps in small steps until the time is up; false when the call was cancelled first.
bool wait_unless_cancelled(std::chrono::milliseconds length, sdk::CallContext& context) {
    auto until = std::chrono::steady_clock::now() + length;
    while (std::chrono::steady_clock::now() < until) {
        if (context.cancelled())
            return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return !context.cancelled();
}

} // namespace

class Greet final : public sdk::Tool {
public:
    std::string_view name() const override { return "greet"; }
    std::string_view description() const override { return "Greets the given name at once."; }
    std::string_view input_schema() const override {
        return R"({"type":"object","properties":{"name":{"type":"string"}},"required":["name"]})";
    }
    sdk::ToolTraits traits() const override { return quick_read(); }
    sdk::ToolResult call(const rapidjson::Value& arguments, sdk::CallContext&) override {
        return sdk::ToolResult::success(text_result("Hello, " + std::string(arguments["name"].GetString()) + "!"));
    }
};

class SlowCompute final : public sdk::Tool {
public:
    std::string_view name() const override { return "slow_compute"; }
    std::string_view description() const override { return "Works for the given seconds, then answers; stops when cancelled."; }
    std::string_view input_schema() const override {
        return R"({"type":"object","properties":{"seconds":{"type":"number","minimum":0,"maximum":120},"label":{"type":"string"}}})";
    }
    sdk::ToolTraits traits() const override { return long_read(); }
    sdk::ToolResult call(const rapidjson::Value& arguments, sdk::CallContext& context) override {
        double seconds = arguments.HasMember("seconds") ? arguments["seconds"].GetDouble() : 1.0;
        if (!wait_unless_cancelled(std::chrono::milliseconds(static_cast<long long>(seconds * 1000)), context))
            return sdk::ToolResult::cancelled("slow_compute was cancelled");
        std::string label = arguments.HasMember("label") ? arguments["label"].GetString() : "compute";
        return sdk::ToolResult::success(text_result(label + " done"));
    }
};

class FailingJob final : public sdk::Tool {
public:
    std::string_view name() const override { return "failing_job"; }
    std::string_view description() const override { return "Works for about a second, then reports a tool error."; }
    std::string_view input_schema() const override { return R"({"type":"object"})"; }
    sdk::ToolTraits traits() const override { return long_read(); }
    sdk::ToolResult call(const rapidjson::Value&, sdk::CallContext& context) override {
        if (!wait_unless_cancelled(std::chrono::seconds(1), context))
            return sdk::ToolResult::cancelled("failing_job was cancelled");
        return sdk::ToolResult::failure("failing_job failed, as it always does");
    }
};

class ConformanceFixturesModule final : public sdk::Module {
public:
    explicit ConformanceFixturesModule(const sdk::ModuleContext& context) : Module(context) {
        add_tool<Greet>();
        add_tool<SlowCompute>();
        add_tool<FailingJob>();
    }
};

} // namespace uap::mcp_test

UAP_MODULE(uap::mcp_test::ConformanceFixturesModule, "mcptest.conformance", "1.0.0")

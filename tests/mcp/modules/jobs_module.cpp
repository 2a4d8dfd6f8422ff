// Test module for long-running tools as jobs: slow_task runs for the given time (reporting progress,
// stopping on cancellation), then succeeds or, when asked to, fails.
#include <uap/sdk/module.hpp>

#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

namespace uap::mcp_test {

class SlowTask final : public sdk::Tool {
public:
    std::string_view name() const override { return "slow_task"; }
    std::string_view description() const override { return "Works for the given milliseconds, then echoes the text (or fails)."; }
    std::string_view input_schema() const override {
        return R"({"type":"object","properties":{"milliseconds":{"type":"integer","minimum":0},"text":{"type":"string"},)"
               R"("fail":{"type":"boolean"},"stopFile":{"type":"string"}},"required":["milliseconds"],"additionalProperties":false})";
    }
    // Declared, but not listed for a long-running tool: its reply may be a job instead.
    std::string_view output_schema() const override {
        return R"({"type":"object","properties":{"text":{"type":"string"}},"required":["text"]})";
    }
    sdk::ToolTraits traits() const override {
        return {sdk::Access::ReadOnly, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::Idempotent, sdk::Duration::LongRunning};
    }
    sdk::ToolResult call(const rapidjson::Value& arguments, sdk::CallContext& context) override {
        auto started = std::chrono::steady_clock::now();
        auto length = std::chrono::milliseconds(arguments["milliseconds"].GetInt64());
        auto elapsed = [&] {
            return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
        };
        for (int step = 0; elapsed() < length; ++step) {
            if (context.cancelled()) {
                // The moment it noticed, for tests that check cancellation reached it.
                if (arguments.HasMember("stopFile"))
                    std::fclose(std::fopen(arguments["stopFile"].GetString(), "w"));
                return sdk::ToolResult::failure("slow_task stopped: cancelled after " + std::to_string(elapsed().count()) + " ms");
            }
            if (step % 10 == 0)
                context.progress(static_cast<double>(elapsed().count()), static_cast<double>(length.count()), "working");
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        if (arguments.HasMember("fail") && arguments["fail"].GetBool())
            return sdk::ToolResult::failure("slow_task failed on purpose after " + std::to_string(elapsed().count()) + " ms");
        rapidjson::Document result(rapidjson::kObjectType);
        std::string text = arguments.HasMember("text") ? arguments["text"].GetString() : "done";
        result.AddMember("text", rapidjson::Value(text.c_str(), result.GetAllocator()), result.GetAllocator());
        return sdk::ToolResult::success(std::move(result));
    }
};

class JobsModule final : public sdk::Module {
public:
    explicit JobsModule(const sdk::ModuleContext& context) : Module(context) { add_tool<SlowTask>(); }
};

} // namespace uap::mcp_test

UAP_MODULE(uap::mcp_test::JobsModule, "mcptest.jobs", "1.0.0")

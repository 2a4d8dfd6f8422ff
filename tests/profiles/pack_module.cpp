// Test pack that ships an extension profile (profiles/pack-rules.json): one trivial tool, so the
// pack loads like any other and its profile follows its toggle.
#include <uap/sdk/module.hpp>

namespace uap::profiles_test {

class PingTool final : public sdk::Tool {
public:
    std::string_view name() const override { return "profiletest_ping"; }
    std::string_view description() const override { return "Answers pong."; }
    std::string_view input_schema() const override { return R"({"type":"object","properties":{},"additionalProperties":false})"; }
    sdk::ToolTraits traits() const override {
        return {sdk::Access::ReadOnly, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::Idempotent, sdk::Duration::Quick};
    }
    sdk::ToolResult call(const rapidjson::Value&, sdk::CallContext&) override {
        rapidjson::Document result(rapidjson::kObjectType);
        result.AddMember("text", "pong", result.GetAllocator());
        return sdk::ToolResult::success(std::move(result));
    }
};

class PackModule final : public sdk::Module {
public:
    explicit PackModule(const sdk::ModuleContext& context) : Module(context) { add_tool<PingTool>(); }
};

} // namespace uap::profiles_test

UAP_MODULE(uap::profiles_test::PackModule, "profiletest.pack", "1.0.0")

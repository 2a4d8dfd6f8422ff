// Test module that the MCP tests disable in the project settings: its tool must never be served.
#include <uap/sdk/module.hpp>

namespace uap::mcp_test {

class HiddenTool final : public sdk::Tool {
public:
    std::string_view name() const override { return "hidden_tool"; }
    std::string_view description() const override { return "Must not be reachable while its module is disabled."; }
    std::string_view input_schema() const override { return R"({"type":"object"})"; }
    sdk::ToolTraits traits() const override {
        return {sdk::Access::Writes, sdk::Undo::NotUndoable, sdk::Impact::Destructive, sdk::Repeat::NotIdempotent, sdk::Duration::Quick};
    }
    sdk::ToolResult call(const rapidjson::Value&, sdk::CallContext&) override {
        rapidjson::Document result(rapidjson::kObjectType);
        result.AddMember("ran", true, result.GetAllocator());
        return sdk::ToolResult::success(std::move(result));
    }
};

class HiddenModule final : public sdk::Module {
public:
    explicit HiddenModule(const sdk::ModuleContext& context) : Module(context) { add_tool<HiddenTool>(); }
};

} // namespace uap::mcp_test

UAP_MODULE(uap::mcp_test::HiddenModule, "mcptest.hidden", "1.0.0")

// Test module for the MCP endpoint: an echo tool with an output schema, a tool without one, and a
// tool that throws (the SDK's catch-all must turn the exception into a tool error).
#include <uap/sdk/module.hpp>

#include <stdexcept>

namespace uap::mcp_test {

class EchoTool final : public sdk::Tool {
public:
    std::string_view name() const override { return "echo"; }
    std::string_view description() const override { return "Returns the given text unchanged."; }
    std::string_view input_schema() const override {
        return R"({"type":"object","properties":{"text":{"type":"string","maxLength":100000}},"required":["text"],"additionalProperties":false})";
    }
    std::string_view output_schema() const override {
        return R"({"type":"object","properties":{"text":{"type":"string"}},"required":["text"]})";
    }
    sdk::ToolTraits traits() const override {
        return {sdk::Access::ReadOnly, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::Idempotent, sdk::Duration::Quick};
    }
    sdk::ToolResult call(const rapidjson::Value& arguments, sdk::CallContext&) override {
        rapidjson::Document result(rapidjson::kObjectType);
        result.AddMember("text", rapidjson::Value(arguments["text"], result.GetAllocator()), result.GetAllocator());
        return sdk::ToolResult::success(std::move(result));
    }
};

class CountTool final : public sdk::Tool {
public:
    std::string_view name() const override { return "count_words"; }
    std::string_view description() const override { return "Counts the words of a text (no output schema)."; }
    std::string_view input_schema() const override {
        return R"({"type":"object","properties":{"text":{"type":"string"}},"required":["text"]})";
    }
    sdk::ToolTraits traits() const override {
        return {sdk::Access::Writes, sdk::Undo::Undoable, sdk::Impact::Destructive, sdk::Repeat::NotIdempotent, sdk::Duration::LongRunning};
    }
    sdk::ToolResult call(const rapidjson::Value& arguments, sdk::CallContext&) override {
        std::string_view text(arguments["text"].GetString(), arguments["text"].GetStringLength());
        int words = 0;
        bool in_word = false;
        for (char character : text) {
            bool space = character == ' ' || character == '\n' || character == '\t';
            words += (!space && !in_word) ? 1 : 0;
            in_word = !space;
        }
        if (text == "fail")
            return sdk::ToolResult::failure("the text \"fail\" is refused on purpose; send another text");
        rapidjson::Document result(rapidjson::kObjectType);
        result.AddMember("words", words, result.GetAllocator());
        return sdk::ToolResult::success(std::move(result));
    }
};

class ExplodeTool final : public sdk::Tool {
public:
    std::string_view name() const override { return "explode"; }
    std::string_view description() const override { return "Always throws an exception."; }
    std::string_view input_schema() const override { return R"({"type":"object","properties":{},"additionalProperties":false})"; }
    sdk::ToolTraits traits() const override {
        return {sdk::Access::ReadOnly, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::Idempotent, sdk::Duration::Quick};
    }
    sdk::ToolResult call(const rapidjson::Value&, sdk::CallContext&) override { throw std::runtime_error("kaboom"); }
};

class EchoModule final : public sdk::Module {
public:
    explicit EchoModule(const sdk::ModuleContext& context) : Module(context) {
        add_tool<EchoTool>();
        add_tool<CountTool>();
        add_tool<ExplodeTool>();
    }
};

} // namespace uap::mcp_test

UAP_MODULE(uap::mcp_test::EchoModule, "mcptest.echo", "1.0.0")

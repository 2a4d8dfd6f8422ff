// A test pack with one tool that relays a bridge call (method, params, timeout) to the connected
// editor, so the C# shim's tests can drive any primitive through the real host's /mcp.
#include <uap/sdk/module.hpp>

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <string>

namespace unity_test {

using namespace uap::sdk;

class RelayTool : public Tool {
public:
    std::string_view name() const override { return "unity_test_relay"; }
    std::string_view description() const override { return "Test-only: relays one editor bridge call and returns its answer."; }
    std::string_view input_schema() const override {
        return R"({"type":"object","required":["method"],"properties":{"method":{"type":"string"},"params":{"type":"object"},"timeoutMs":{"type":"integer","minimum":1}},"additionalProperties":false})";
    }
    ToolTraits traits() const override {
        return {Access::Writes, Undo::Undoable, Impact::NonDestructive, Repeat::NotIdempotent, Duration::Quick};
    }

    ToolResult call(const rapidjson::Value& arguments, CallContext& context) override {
        std::string params = "{}";
        if (arguments.HasMember("params")) {
            rapidjson::StringBuffer buffer;
            rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
            arguments["params"].Accept(writer);
            params = buffer.GetString();
        }
        uint32_t timeout = arguments.HasMember("timeoutMs") ? arguments["timeoutMs"].GetUint() : 30000;
        HostAnswer answer = context.editor_call(arguments["method"].GetString(), params, timeout);
        rapidjson::Document result(rapidjson::kObjectType);
        rapidjson::Document parsed;
        parsed.Parse(answer.json.c_str());
        result.AddMember("status", static_cast<int>(answer.status), result.GetAllocator());
        if (!parsed.HasParseError())
            result.AddMember("answer", rapidjson::Value(parsed, result.GetAllocator()), result.GetAllocator());
        return ToolResult::success(std::move(result));
    }
};

class RelayModule final : public Module {
public:
    explicit RelayModule(const ModuleContext& context) : Module(context) { add_tool<RelayTool>(); }
};

} // namespace unity_test

UAP_MODULE(unity_test::RelayModule, "test.unity-relay", "1.0.0")

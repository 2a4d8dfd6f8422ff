// A small real pack for the Pro package's tests, built into a test folder (never UAP_PRO_PLUGINS_DIR):
// it is packaged, found inside a simulated project's packages, and loaded with older host tables.
#include <uap/pack_identity.hpp>
#include <uap/sdk/module.hpp>

namespace uap::pro_package_test {

// Reports which of the host's later services this host offers, so a test can see the pack working
// on a host of an earlier revision (host_info arrived in revision 2, monotonic_ms in revision 3).
class HostServicesTool final : public sdk::Tool {
public:
    std::string_view name() const override { return "protest_package_services"; }
    std::string_view description() const override {
        return "Reports which host services this uap-host offers the pack (host_info, monotonic_ms).";
    }
    std::string_view japanese_description() const override {
        return "この uap-host がパックに提供するホスト機能（host_info、monotonic_ms）を報告します。";
    }
    std::string_view input_schema() const override { return R"({"type":"object","properties":{},"additionalProperties":false})"; }
    sdk::ToolTraits traits() const override {
        return {sdk::Access::ReadOnly, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::Idempotent, sdk::Duration::Quick};
    }
    sdk::ToolResult call(const rapidjson::Value&, sdk::CallContext& context) override {
        const uap_host_api* host = context.module().host();
        rapidjson::Document result(rapidjson::kObjectType);
        result.AddMember("hostInfo", uap_host_api_has(host, host_info), result.GetAllocator());
        result.AddMember("monotonicClock", uap_host_api_has(host, monotonic_ms), result.GetAllocator());
        result.AddMember("answeredWithHostInfo", context.module().host_info().ok(), result.GetAllocator());
        return sdk::ToolResult::success(std::move(result));
    }
};

// Echoes its text: the tool the live test searches for and calls.
class EchoTool final : public sdk::Tool {
public:
    std::string_view name() const override { return "protest_package_echo"; }
    std::string_view description() const override { return "Echoes the text it is given (the Pro package's test pack)."; }
    std::string_view japanese_description() const override { return "渡したテキストをそのまま返します（Pro パッケージのテスト用パック）。"; }
    std::string_view input_schema() const override {
        return R"({"type":"object","properties":{"text":{"type":"string","maxLength":200}},"required":["text"],"additionalProperties":false})";
    }
    sdk::ToolTraits traits() const override {
        return {sdk::Access::ReadOnly, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::Idempotent, sdk::Duration::Quick};
    }
    sdk::ToolResult call(const rapidjson::Value& arguments, sdk::CallContext&) override {
        rapidjson::Document result(rapidjson::kObjectType);
        result.AddMember("echo", rapidjson::Value(arguments["text"], result.GetAllocator()), result.GetAllocator());
        return sdk::ToolResult::success(std::move(result));
    }
};

class PackageTestModule final : public sdk::Module {
public:
    explicit PackageTestModule(const sdk::ModuleContext& context) : Module(context) {
        add_tool<HostServicesTool>();
        add_tool<EchoTool>();
    }
};

} // namespace uap::pro_package_test

UAP_MODULE(uap::pro_package_test::PackageTestModule, UAP_PACK_ID, UAP_PACK_VERSION)

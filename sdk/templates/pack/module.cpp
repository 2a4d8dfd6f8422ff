// The @PACK_ID@ pack: one plain tool, and one that asks the editor for the open scenes' root
// objects through the host. Add a tool by writing a class like these and add_tool<...>() it.
#include <uap/pack_identity.hpp>
#include <uap/sdk/editor_calls.hpp>
#include <uap/sdk/module.hpp>

#include <string>

namespace @PACK_NAMESPACE@ {

using namespace uap::sdk;

class EchoTool final : public Tool {
public:
    std::string_view name() const override { return "@TOOL_PREFIX@_echo"; }
    std::string_view description() const override { return "Answers with the text it was given and its length in bytes."; }
    std::string_view input_schema() const override {
        return R"({"type":"object","properties":{"text":{"type":"string","maxLength":1000}},
                   "required":["text"],"additionalProperties":false})";
    }
    std::string_view output_schema() const override {
        return R"({"type":"object","properties":{"text":{"type":"string"},"bytes":{"type":"integer","minimum":0}},
                   "required":["text","bytes"]})";
    }
    ToolTraits traits() const override {
        return {Access::ReadOnly, Undo::NotUndoable, Impact::NonDestructive, Repeat::Idempotent, Duration::Quick};
    }

    ToolResult call(const rapidjson::Value& arguments, CallContext&) override {
        rapidjson::Document result(rapidjson::kObjectType);
        auto& allocator = result.GetAllocator();
        const rapidjson::Value& text = arguments["text"];
        result.AddMember("text", rapidjson::Value(text, allocator), allocator);
        result.AddMember("bytes", static_cast<int64_t>(text.GetStringLength()), allocator);
        return ToolResult::success(std::move(result));
    }
};

class SceneRootsTool final : public Tool {
public:
    std::string_view name() const override { return "@TOOL_PREFIX@_scene_roots"; }
    std::string_view description() const override { return "Lists the names of the root objects of the open scenes."; }
    std::string_view input_schema() const override {
        return R"({"type":"object","properties":{"limit":{"type":"integer","minimum":1,"maximum":500}},"additionalProperties":false})";
    }
    ToolTraits traits() const override {
        return {Access::ReadOnly, Undo::NotUndoable, Impact::NonDestructive, Repeat::Idempotent, Duration::Quick};
    }

    ToolResult call(const rapidjson::Value& arguments, CallContext& context) override {
        // The host owns the editor connection: every editor primitive goes through it, typed by
        // <uap/sdk/editor_calls.hpp> (the reference of each one is docs/editor-calls.md).
        editor::HierarchyRootsParams params;
        params.limit = arguments.HasMember("limit") ? arguments["limit"].GetInt64() : 100;
        auto roots = editor::hierarchy_roots(EditorClient(context), params);
        if (!roots)
            return ToolResult::failure("the editor did not list the scene's root objects: " + roots.error().describe());
        rapidjson::Document result(rapidjson::kObjectType);
        auto& allocator = result.GetAllocator();
        rapidjson::Value names(rapidjson::kArrayType);
        // A node's fields are open-ended in the protocol, so they are read from its JSON.
        for (const auto& node : roots->nodes)
            if (node.get().IsObject() && node.get().HasMember("name") && node.get()["name"].IsString())
                names.PushBack(rapidjson::Value(node.get()["name"], allocator), allocator);
        context.module().log(UAP_LOG_DEBUG, "listed " + std::to_string(names.Size()) + " root objects");
        result.AddMember("roots", names, allocator);
        result.AddMember("total", roots->total, allocator);
        return ToolResult::success(std::move(result));
    }
};

class PackModule final : public Module {
public:
    explicit PackModule(const ModuleContext& context) : Module(context) {
        add_tool<EchoTool>();
        add_tool<SceneRootsTool>();
    }
};

} // namespace @PACK_NAMESPACE@

// The id and version come from uap_add_module(... ID ... VERSION ...) in CMakeLists.txt.
UAP_MODULE(@PACK_NAMESPACE@::PackModule, UAP_PACK_ID, UAP_PACK_VERSION)

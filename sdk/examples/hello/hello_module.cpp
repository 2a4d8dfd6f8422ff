// An example module for authors, written against the header-only SDK: two pure tools and one that
// changes the scene through an editor primitive and reports what the editor observed.
#include <uap/pack_identity.hpp>
#include <uap/sdk/module.hpp>

#include <sstream>

// Benchmarks build many copies of this module with other tool names; authors can ignore this macro.
#ifndef HELLO_TOOL_PREFIX
#define HELLO_TOOL_PREFIX "hello_"
#endif

namespace hello {

using namespace uap::sdk;

constexpr ToolTraits pure_function{Access::ReadOnly, Undo::NotUndoable, Impact::NonDestructive, Repeat::Idempotent,
                                   Duration::Quick};

class GreetTool final : public Tool {
public:
    std::string_view name() const override { return HELLO_TOOL_PREFIX "greet"; }
    std::string_view description() const override { return "Greets someone by name."; }
    std::string_view input_schema() const override {
        return R"({"type":"object","properties":{"name":{"type":"string","minLength":1,"maxLength":200}},
                   "required":["name"],"additionalProperties":false})";
    }
    ToolTraits traits() const override { return pure_function; }

    ToolResult call(const rapidjson::Value& arguments, CallContext&) override {
        rapidjson::Document result(rapidjson::kObjectType);
        std::string greeting = std::string("Hello, ") + arguments["name"].GetString() + "!";
        result.AddMember("greeting", rapidjson::Value(greeting.c_str(), result.GetAllocator()), result.GetAllocator());
        return ToolResult::success(std::move(result));
    }
};

class CountWordsTool final : public Tool {
public:
    std::string_view name() const override { return HELLO_TOOL_PREFIX "count_words"; }
    std::string_view description() const override { return "Counts the whitespace-separated words in a text."; }
    std::string_view input_schema() const override {
        return R"({"type":"object","properties":{"text":{"type":"string"}},"required":["text"]})";
    }
    std::string_view output_schema() const override {
        return R"({"type":"object","properties":{"words":{"type":"integer","minimum":0}},"required":["words"]})";
    }
    ToolTraits traits() const override { return pure_function; }

    ToolResult call(const rapidjson::Value& arguments, CallContext& context) override {
        std::istringstream stream(arguments["text"].GetString());
        int64_t words = 0;
        for (std::string word; stream >> word;) {
            if (context.cancelled())
                return ToolResult::failure("cancelled after " + std::to_string(words) + " words");
            ++words;
        }
        rapidjson::Document result(rapidjson::kObjectType);
        result.AddMember("words", words, result.GetAllocator());
        return ToolResult::success(std::move(result));
    }
};

class PlaceSignTool final : public Tool {
public:
    std::string_view name() const override { return HELLO_TOOL_PREFIX "place_sign"; }
    std::string_view description() const override { return "Creates an empty GameObject named after a greeting in the open scene."; }
    std::string_view input_schema() const override {
        return R"({"type":"object","properties":{"name":{"type":"string","minLength":1,"maxLength":64}},
                   "required":["name"],"additionalProperties":false})";
    }
    ToolTraits traits() const override {
        return {Access::Writes, Undo::Undoable, Impact::NonDestructive, Repeat::NotIdempotent, Duration::Quick};
    }

    ToolResult call(const rapidjson::Value& arguments, CallContext& context) override {
        rapidjson::Document params(rapidjson::kObjectType);
        std::string object_name = std::string("Hello ") + arguments["name"].GetString();
        params.AddMember("name", rapidjson::Value(object_name.c_str(), params.GetAllocator()), params.GetAllocator());
        auto created = context.editor_call("object.create", to_json_text(params), 10000);
        if (!created.ok())
            return ToolResult::failure("the editor did not create the sign: " + created.json);
        // Report what the editor says it made, not what was asked for.
        rapidjson::Document observed;
        observed.Parse(created.json.c_str());
        if (!observed.IsObject() || !observed.HasMember("observed"))
            return ToolResult::failure("the editor's answer did not say what it created");
        rapidjson::Document result(rapidjson::kObjectType);
        result.AddMember("created", rapidjson::Value(observed["observed"], result.GetAllocator()), result.GetAllocator());
        return ToolResult::success(std::move(result));
    }
};

class HelloModule final : public Module {
public:
    explicit HelloModule(const ModuleContext& context) : Module(context) {
        add_tool<GreetTool>();
        add_tool<CountWordsTool>();
        add_tool<PlaceSignTool>();
    }
};

} // namespace hello

// The id and version come from uap_add_module(... ID ... VERSION ...), written once in CMakeLists.txt.
UAP_MODULE(hello::HelloModule, UAP_PACK_ID, UAP_PACK_VERSION)

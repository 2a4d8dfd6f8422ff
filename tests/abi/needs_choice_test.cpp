// The "needs a choice" answer at the module ABI (revision 4): the SDK answers UAP_STATUS_NEEDS_CHOICE
// with the question to a host that says it understands it, and the plain refusal, which still lists
// the choices and names the argument, to a host built before it.
#include <uap/sdk/module.hpp>

#include <gtest/gtest.h>

#include <cstddef>

namespace {

class ChoosingTool final : public uap::sdk::Tool {
public:
    std::string_view name() const override { return "choose"; }
    std::string_view description() const override { return "Always asks which object."; }
    std::string_view input_schema() const override { return R"({"type":"object"})"; }
    uap::sdk::ToolTraits traits() const override {
        return {uap::sdk::Access::Writes, uap::sdk::Undo::Undoable, uap::sdk::Impact::NonDestructive, uap::sdk::Repeat::Idempotent,
                uap::sdk::Duration::Quick};
    }
    uap::sdk::ToolResult call(const rapidjson::Value&, uap::sdk::CallContext&) override {
        return uap::sdk::ToolResult::needs_choice("choose", "2 objects match the path 'Player'. Which one is meant?", "path",
                                                  {{"#1", "/Player (#1)"}, {"#2", "/Level/Player (#2)"}});
    }
};

class ChoosingModule final : public uap::sdk::Module {
public:
    explicit ChoosingModule(const uap::sdk::ModuleContext& context) : Module(context) { add_tool<ChoosingTool>(); }
};

using Adapter = uap::sdk::detail::Adapter<ChoosingModule>;

struct Answer {
    uap_status status;
    std::string text;
};

// Calls the tool through the ABI with a call table of call_size bytes.
Answer call_with_table_of(size_t call_size) {
    uap_host_api host{};
    ChoosingModule module(uap::sdk::ModuleContext(&host, nullptr));
    std::string arguments = "{}";
    uap_tool_call call{static_cast<uint32_t>(call_size), uap::sdk::to_view("choose"), uap::sdk::to_view(arguments), nullptr,
                       UAP_ABI_REVISION};
    uap::sdk::StringReceiver out;
    uap_status status = Adapter::call_tool(reinterpret_cast<uap_module_instance*>(&module), &call, out.sink());
    return {status, out.take()};
}

TEST(NeedsChoice, ARevisionFourHostGetsTheQuestion) {
    Answer answer = call_with_table_of(sizeof(uap_tool_call));
    ASSERT_EQ(answer.status, UAP_STATUS_NEEDS_CHOICE) << answer.text;
    rapidjson::Document question;
    question.Parse(answer.text.c_str());
    ASSERT_TRUE(question.IsObject()) << answer.text;
    EXPECT_STREQ(question["argument"].GetString(), "path");
    ASSERT_EQ(question["choices"].Size(), 2u);
    EXPECT_STREQ(question["choices"][1]["value"].GetString(), "#2");
    EXPECT_STREQ(question["choices"][1]["label"].GetString(), "/Level/Player (#2)");
    EXPECT_STREQ(question["refusal"].GetString(),
                 "choose needs a choice: 2 objects match the path 'Player'. Which one is meant? Call it again with path set to one of: "
                 "\"#1\" (/Player (#1)); \"#2\" (/Level/Player (#2)). Nothing was changed.");
}

TEST(NeedsChoice, AnOlderHostGetsTheRefusalAsAToolError) {
    // A host of revision 3 or earlier passes a call table that ends before host_revision.
    Answer answer = call_with_table_of(offsetof(uap_tool_call, host_revision));
    EXPECT_EQ(answer.status, UAP_STATUS_TOOL_ERROR);
    EXPECT_NE(answer.text.find("Call it again with path set to one of: \"#1\""), std::string::npos) << answer.text;
    EXPECT_EQ(answer.text.find("\"choices\""), std::string::npos) << "no JSON for a host that would not read it";
}

TEST(NeedsChoice, TheCallTableGrewByTheHostRevision) {
    EXPECT_GE(UAP_ABI_REVISION, 4u);
    uap_tool_call old_call{static_cast<uint32_t>(offsetof(uap_tool_call, host_revision)), {}, {}, nullptr, 99};
    EXPECT_FALSE(uap_tool_call_answers_choices(&old_call)) << "a field the table does not cover is never read";
    uap_tool_call revision_three{sizeof(uap_tool_call), {}, {}, nullptr, 3};
    EXPECT_FALSE(uap_tool_call_answers_choices(&revision_three));
}

} // namespace

// The generated typed editor calls against a host table that records what a pack sends and answers
// what a test scripts: params written from the structs, results read into them, errors passed on.
#include <uap/sdk/editor_calls.hpp>

#include <gtest/gtest.h>

namespace {

namespace editor = uap::sdk::editor;

// One scripted exchange: what the pack sent, and what the host answers.
struct Exchange {
    std::string method;
    std::string params;
    uap_status status = UAP_STATUS_OK;
    std::string answer;
};

uap_status scripted_editor_call(uap_host_context* host, uap_call_context*, uap_string_view method, uap_string_view params,
                                uint32_t, uap_sink* out) {
    auto& exchange = *reinterpret_cast<Exchange*>(host);
    exchange.method = std::string(uap::sdk::from_view(method));
    exchange.params = std::string(uap::sdk::from_view(params));
    uap::sdk::write_to_sink(out, exchange.answer);
    return exchange.status;
}

class EditorCalls : public testing::Test {
protected:
    EditorCalls() {
        m_table.struct_size = sizeof(uap_host_api);
        m_table.abi_version = UAP_ABI_VERSION;
        m_table.editor_call = &scripted_editor_call;
    }
    uap::sdk::EditorClient client() { return uap::sdk::EditorClient(m_module, nullptr); }

    Exchange m_exchange;
    uap_host_api m_table{};
    uap::sdk::ModuleContext m_module{&m_table, reinterpret_cast<uap_host_context*>(&m_exchange)};
};

TEST_F(EditorCalls, WritesOnlyTheFieldsSetWithTheProtocolsNamesAndReadsTheResult) {
    m_exchange.answer = R"({"nodes":[{"name":"Cube"}],"truncated":true,"nextCursor":"c2"})";
    editor::HierarchySubtreeParams params;
    params.root = editor::ObjectRef{.scenePath = "World/\"Quoted\"\n"};
    params.maxNodes = 10;
    auto subtree = editor::hierarchy_subtree(client(), params);
    ASSERT_TRUE(subtree) << subtree.error().describe();
    EXPECT_EQ(m_exchange.method, "hierarchy.subtree");
    EXPECT_EQ(m_exchange.params, R"({"root":{"scenePath":"World/\"Quoted\"\n"},"maxNodes":10})");
    EXPECT_TRUE(subtree->truncated);
    EXPECT_EQ(subtree->nextCursor, "c2");
    // The protocol leaves this method's nodes open-ended, so they are one JSON value.
    ASSERT_EQ(subtree->nodes.get().Size(), 1u);
    EXPECT_STREQ(subtree->nodes.get()[0]["name"].GetString(), "Cube");
}

TEST_F(EditorCalls, NestedStructsAndListsOfThemAreWrittenInSchemaOrder) {
    m_exchange.answer = R"({"drawn":1,"missingTargets":[]})";
    editor::Marker marker;
    marker.id = 3;
    marker.kind = "arrow";
    marker.position = {1, 2, 3};
    marker.color = editor::MarkerColor{.r = 1, .g = 0.5, .b = 0, .a = 1};
    auto drawn = editor::markers_draw(client(), {.markers = {marker}, .pins = {}, .replace = true});
    ASSERT_TRUE(drawn) << drawn.error().describe();
    EXPECT_EQ(m_exchange.params,
              R"({"markers":[{"id":3,"kind":"arrow","position":[1.0,2.0,3.0],"color":{"r":1.0,"g":0.5,"b":0.0,"a":1.0}}],"replace":true})");
    EXPECT_EQ(drawn->drawn, 1);
}

TEST_F(EditorCalls, PassesTheEditorsErrorCodeAndMessageOn) {
    m_exchange.status = UAP_STATUS_TOOL_ERROR;
    m_exchange.answer = R"({"code":"not_found","message":"no object at scenePath 'Nope'","data":{"scenePath":"Nope"}})";
    auto failed = editor::transform_get(client(), {.object = {.scenePath = "Nope"}});
    ASSERT_FALSE(failed);
    EXPECT_EQ(failed.error().code, "not_found");
    EXPECT_EQ(failed.error().message, "no object at scenePath 'Nope'");
    EXPECT_STREQ(failed.error().data.get()["scenePath"].GetString(), "Nope");
}

TEST_F(EditorCalls, AnAnswerWithoutTheResultsShapeIsAnInvalidResultNamingTheField) {
    m_exchange.answer = R"({"nodes":[],"truncated":"yes"})";
    auto subtree = editor::hierarchy_subtree(client());
    ASSERT_FALSE(subtree);
    EXPECT_EQ(subtree.error().code, "invalid_result");
    EXPECT_NE(subtree.error().message.find("'truncated' has the wrong type"), std::string::npos) << subtree.error().message;
    m_exchange.answer = R"({"mainThread":{"busy":false,"compiling":false,"importing":false}})";
    auto ping = editor::ping(client());
    ASSERT_FALSE(ping);
    EXPECT_NE(ping.error().message.find("'mainThread' in it, 'playMode' is missing"), std::string::npos) << ping.error().message;
}

TEST_F(EditorCalls, ParamsThatAreNotValidUtf8AreRefusedBeforeAnythingIsSent) {
    auto renamed = editor::object_rename(client(), {.object = {.instanceId = 4}, .name = "\xff\xfe"});
    ASSERT_FALSE(renamed);
    EXPECT_EQ(renamed.error().code, "invalid_params");
    EXPECT_TRUE(m_exchange.method.empty());
}

} // namespace

// The SDK's editor_call_all against scripted host tables: a host of revision 5 receives every request
// in one call and its answers come back in order; a host built before it is asked one request at a
// time through editor_call, and the pack sees the same answers.
#include <uap/sdk/tool.hpp>

#include <gtest/gtest.h>

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cstddef>
#include <string>
#include <vector>

namespace {

// What the scripted host saw, and how it answers: a request whose method is "fail" gets TOOL_ERROR
// and an error object; any other gets OK and its own method and params back.
struct ScriptedHost {
    int single_calls = 0;
    std::vector<uint64_t> batch_sizes;
};

std::string answer_for(std::string_view method, std::string_view params, uap_status& status) {
    status = method == "fail" ? UAP_STATUS_TOOL_ERROR : UAP_STATUS_OK;
    if (method == "fail")
        return R"({"code":"not_found","message":"no such object"})";
    rapidjson::StringBuffer buffer;
    rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
    writer.StartObject();
    writer.Key("method");
    writer.String(method.data(), static_cast<rapidjson::SizeType>(method.size()));
    writer.Key("params");
    writer.RawValue(params.data(), params.size(), rapidjson::kObjectType);
    writer.EndObject();
    return buffer.GetString();
}

uap_status one_call(uap_host_context* host, uap_call_context*, uap_string_view method, uap_string_view params, uint32_t,
                    uap_sink* out) {
    ++reinterpret_cast<ScriptedHost*>(host)->single_calls;
    uap_status status;
    uap::sdk::write_to_sink(out, answer_for(uap::sdk::from_view(method), uap::sdk::from_view(params), status));
    return status;
}

uap_status all_calls(uap_host_context* host, uap_call_context*, uap_editor_request* requests, uint64_t count, uint32_t) {
    reinterpret_cast<ScriptedHost*>(host)->batch_sizes.push_back(count);
    for (uint64_t index = 0; index < count; ++index) {
        uap_status status;
        uap::sdk::write_to_sink(requests[index].out,
                                answer_for(uap::sdk::from_view(requests[index].method), uap::sdk::from_view(requests[index].params_json), status));
        requests[index].status = status;
    }
    return UAP_STATUS_OK;
}

const std::vector<uap::sdk::EditorRequest> requests = {
    {"transform.get", R"({"object":{"scenePath":"/A"}})"},
    {"fail", "{}"},
    {"scene.digest", "{}"},
};

void expect_the_scripted_answers(const std::vector<uap::sdk::HostAnswer>& answers) {
    ASSERT_EQ(answers.size(), 3u);
    EXPECT_EQ(answers[0].status, UAP_STATUS_OK);
    EXPECT_EQ(answers[0].json, R"({"method":"transform.get","params":{"object":{"scenePath":"/A"}}})");
    EXPECT_EQ(answers[1].status, UAP_STATUS_TOOL_ERROR);
    EXPECT_EQ(answers[1].json, R"({"code":"not_found","message":"no such object"})");
    EXPECT_EQ(answers[2].status, UAP_STATUS_OK);
    EXPECT_EQ(answers[2].json, R"({"method":"scene.digest","params":{}})");
}

class EditorCallAll : public testing::Test {
protected:
    EditorCallAll() {
        m_table.struct_size = sizeof(uap_host_api);
        m_table.abi_version = UAP_ABI_VERSION;
        m_table.editor_call = &one_call;
        m_table.editor_call_all = &all_calls;
    }
    uap::sdk::ModuleContext module() { return uap::sdk::ModuleContext(&m_table, reinterpret_cast<uap_host_context*>(&m_host)); }

    ScriptedHost m_host;
    uap_host_api m_table{};
};

TEST_F(EditorCallAll, AHostOfRevisionFiveGetsEveryRequestInOneCallAndAnswersInOrder) {
    expect_the_scripted_answers(module().editor_call_all(nullptr, requests, 1000));
    EXPECT_EQ(m_host.batch_sizes, std::vector<uint64_t>{3});
    EXPECT_EQ(m_host.single_calls, 0);
}

TEST_F(EditorCallAll, AHostBuiltBeforeItIsAskedOneRequestAtATimeWithTheSameAnswers) {
    m_table.struct_size = static_cast<uint32_t>(offsetof(uap_host_api, editor_call_all));
    expect_the_scripted_answers(module().editor_call_all(nullptr, requests, 1000));
    EXPECT_TRUE(m_host.batch_sizes.empty()) << "a field the table does not cover is never called";
    EXPECT_EQ(m_host.single_calls, 3);
}

TEST_F(EditorCallAll, NoRequestsAreNoAnswers) {
    EXPECT_TRUE(module().editor_call_all(nullptr, {}, 1000).empty());
}

} // namespace

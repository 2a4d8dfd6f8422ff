// MCP tasks over real HTTP on 127.0.0.1 (the real server, guard, router and job table, a fake tool
// provider): the 2025-11-25 tasks utility in sessions and the 2026-07-28 tasks extension, ownership
// across sessions, cancellation, bounds, and malformed, unknown and oversized requests.
#include "mcp/mcp_endpoint.hpp"
#include "mcp_http_client.hpp"
#include "served_mcp.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

namespace {

using namespace std::chrono_literals;
using uap::mcp::testing::Headers;
using uap::mcp::testing::Reply;
using uap::modules::CallStatus;
using uap::modules::ToolOutcome;

constexpr const char* modern = "2026-07-28";

// "echo" answers at once; "slow" (long-running) reports progress until released or cancelled, and
// fails when its arguments say {"fail": true}.
class SlowTools final : public uap::mcp::ToolProvider {
public:
    SlowTools() {
        m_echo.name = "echo";
        m_echo.input_schema_json = R"({"type":"object"})";
        m_slow.name = "slow";
        m_slow.input_schema_json = R"({"type":"object"})";
        m_slow.metadata.long_running = true;
    }
    std::vector<const uap::modules::ToolDescription*> enabled_tools() const override { return {&m_echo, &m_slow}; }
    uap::mcp::ToolLookup lookup(std::string_view name) const override {
        if (name == "echo")
            return {uap::mcp::Availability::Available, &m_echo, "test", {}, {}};
        if (name == "slow")
            return {uap::mcp::Availability::Available, &m_slow, "test", {}, {}};
        return {};
    }
    ToolOutcome call(std::string_view name, std::string_view arguments, const uap::modules::CallOptions& options) const override {
        if (name == "echo")
            return {CallStatus::Success, R"({"text":"echoed"})"};
        for (int step = 1; !released.load(); ++step) {
            if (options.control->cancelled.load()) {
                ++cancelled_calls;
                return {CallStatus::Cancelled, "the slow tool stopped on cancellation"};
            }
            if (options.on_progress)
                options.on_progress(step, 1000, "slow step");
            std::this_thread::sleep_for(5ms);
        }
        if (arguments.find("\"fail\":true") != std::string_view::npos)
            return {CallStatus::ToolError, "the slow tool failed as asked"};
        return {CallStatus::Success, R"({"done":true})"};
    }

    mutable std::atomic<bool> released{false};
    mutable std::atomic<int> cancelled_calls{0};

private:
    uap::modules::ToolDescription m_echo;
    uap::modules::ToolDescription m_slow;
};

class TasksTest : public uap::mcp::testing::ServedMcp {
protected:
    TasksTest() : ServedMcp(64 * 1024) {}

    void add_routes() override { router.add(endpoint.route()); }
    void TearDown() override {
        tools.released = true;
        jobs.stop(); // Before the endpoint goes: the jobs' threads call through it.
        ServedMcp::TearDown();
    }

    SlowTools tools;
    uap::mcp::ToolJobs jobs{uap::mcp::JobLimits{.wait = 3000ms}};
    uap::mcp::McpEndpoint endpoint{tools, sessions, uap::mcp::ServerIdentity{.version = "test"}, &jobs, &hub};

    Reply post(const std::string& body, const Headers& headers) { return uap::mcp::testing::send_json(port, mcp_token, "POST", body, headers, 10); }

    std::string open_session(const std::string& client, const std::string& revision = "2025-11-25") {
        Reply reply = post(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":")" + revision +
                               R"(","capabilities":{},"clientInfo":{"name":")" + client + R"(","version":"1"}}})",
                           {});
        EXPECT_EQ(reply.status, 200);
        return reply.headers["Mcp-Session-Id"];
    }
    Reply in_session(const std::string& session, const std::string& method, const std::string& params) {
        return post(R"({"jsonrpc":"2.0","id":7,"method":")" + method + R"(","params":)" + params + "}", {{"Mcp-Session-Id", session}});
    }
    // A 2026-07-28 request; the tasks extension is declared unless told otherwise.
    Reply stateless(const std::string& method, const std::string& params_members, const std::string& routed_name = "",
                    bool with_extension = true) {
        std::string capabilities = with_extension ? R"({"extensions":{"io.modelcontextprotocol/tasks":{}}})" : "{}";
        std::string body = R"({"jsonrpc":"2.0","id":9,"method":")" + method + R"(","params":{)" + params_members +
                           R"("_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":)" +
                           capabilities + R"(,"io.modelcontextprotocol/clientInfo":{"name":"modern","version":"1"}}}})";
        Headers headers{{"MCP-Protocol-Version", modern}, {"Mcp-Method", method}};
        if (!routed_name.empty())
            headers["Mcp-Name"] = routed_name;
        return post(body, headers);
    }
    std::string start_task(const std::string& session) {
        Reply created = in_session(session, "tools/call", R"({"name":"slow","arguments":{},"task":{"ttl":60000}})");
        EXPECT_EQ(created.status, 200);
        EXPECT_TRUE(created.json.HasMember("result")) << created.headers.size();
        return created.json["result"]["task"]["taskId"].GetString();
    }
    std::string status_of(const Reply& reply) {
        return reply.json.HasMember("result") ? reply.json["result"]["status"].GetString() : "<error>";
    }
    // Polls tasks/get until the status is the one wanted (or 5 s pass).
    std::string wait_for_status(const std::string& session, const std::string& task, const std::string& wanted) {
        std::string status;
        for (int attempt = 0; attempt < 500 && status != wanted; ++attempt) {
            status = status_of(in_session(session, "tasks/get", R"({"taskId":")" + task + R"("})"));
            if (status != wanted)
                std::this_thread::sleep_for(10ms);
        }
        return status;
    }
};

TEST_F(TasksTest, ASessionRunsALongToolAsATaskAndFetchesItsResult) {
    std::string session = open_session("alpha");
    Reply initialized = post(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},)"
                             R"("clientInfo":{"name":"other","version":"1"}}})",
                             {});
    ASSERT_TRUE(initialized.json["result"]["capabilities"]["tasks"]["requests"]["tools"].HasMember("call"));
    EXPECT_TRUE(initialized.json["result"]["capabilities"]["tasks"].HasMember("cancel"));

    Reply listed = in_session(session, "tools/list", "{}");
    const auto& tools_listed = listed.json["result"]["tools"];
    ASSERT_EQ(tools_listed.Size(), 2u);
    EXPECT_FALSE(tools_listed[0].HasMember("execution")) << "echo is not long-running";
    EXPECT_STREQ(tools_listed[1]["execution"]["taskSupport"].GetString(), "optional");

    auto started = std::chrono::steady_clock::now();
    Reply created = in_session(session, "tools/call", R"({"name":"slow","arguments":{},"task":{"ttl":60000}})");
    EXPECT_LT(std::chrono::steady_clock::now() - started, 2000ms) << "a task is answered at once, not after the 3 s job wait";
    const auto& task = created.json["result"]["task"];
    ASSERT_TRUE(task.IsObject()) << created.status;
    EXPECT_STREQ(task["status"].GetString(), "working");
    EXPECT_EQ(task["ttl"].GetInt64(), 60000);
    EXPECT_GT(task["pollInterval"].GetInt64(), 0);
    EXPECT_TRUE(created.json["result"]["_meta"].HasMember("io.modelcontextprotocol/model-immediate-response"));
    std::string task_id = task["taskId"].GetString();

    // A separate read sees the job's progress.
    std::this_thread::sleep_for(50ms);
    Reply polled = in_session(session, "tasks/get", R"({"taskId":")" + task_id + R"("})");
    EXPECT_STREQ(polled.json["result"]["status"].GetString(), "working");
    EXPECT_NE(std::string(polled.json["result"]["statusMessage"].GetString()).find("of 1000: slow step"), std::string::npos);
    Reply listed_tasks = in_session(session, "tasks/list", "{}");
    ASSERT_EQ(listed_tasks.json["result"]["tasks"].Size(), 1u);
    EXPECT_EQ(listed_tasks.json["result"]["tasks"][0]["taskId"].GetString(), task_id);

    // The creating session's event stream hears the status change; another client's does not.
    auto own_stream = hub.open(session);
    auto foreign_stream = hub.open(open_session("beta"));
    ASSERT_TRUE(own_stream && foreign_stream);

    // tasks/result blocks until the tool finishes.
    std::thread release([&] {
        std::this_thread::sleep_for(200ms);
        tools.released = true;
    });
    Reply result = in_session(session, "tasks/result", R"({"taskId":")" + task_id + R"("})");
    release.join();
    ASSERT_TRUE(result.json.HasMember("result")) << result.error_code();
    EXPECT_FALSE(result.json["result"]["isError"].GetBool());
    EXPECT_STREQ(result.json["result"]["content"][0]["text"].GetString(), R"({"done":true})");
    EXPECT_EQ(result.json["result"]["_meta"]["io.modelcontextprotocol/related-task"]["taskId"].GetString(), task_id);
    EXPECT_EQ(wait_for_status(session, task_id, "completed"), "completed");
    std::optional<std::string> announced = (*own_stream)->next(2000ms);
    ASSERT_TRUE(announced) << "notifications/tasks/status on the session's stream";
    rapidjson::Document notification;
    notification.Parse(announced->c_str());
    EXPECT_STREQ(notification["method"].GetString(), "notifications/tasks/status");
    EXPECT_EQ(notification["params"]["taskId"].GetString(), task_id);
    EXPECT_STREQ(notification["params"]["status"].GetString(), "completed");
    EXPECT_FALSE((*foreign_stream)->next(100ms)) << "nothing reaches another client's stream";

    Reply cancel_finished = in_session(session, "tasks/cancel", R"({"taskId":")" + task_id + R"("})");
    EXPECT_EQ(cancel_finished.error_code(), -32602) << "a finished task cannot be cancelled";
    EXPECT_EQ(wait_for_status(session, task_id, "completed"), "completed") << "and stays completed";
}

TEST_F(TasksTest, CancelStopsTheToolAndTheTaskStaysCancelled) {
    std::string session = open_session("alpha");
    std::string task_id = start_task(session);
    Reply cancelled = in_session(session, "tasks/cancel", R"({"taskId":")" + task_id + R"("})");
    EXPECT_EQ(status_of(cancelled), "cancelled");
    for (int attempt = 0; attempt < 200 && tools.cancelled_calls.load() == 0; ++attempt)
        std::this_thread::sleep_for(10ms);
    EXPECT_EQ(tools.cancelled_calls.load(), 1) << "the tool saw its cancellation flag";
    EXPECT_EQ(wait_for_status(session, task_id, "cancelled"), "cancelled");
    Reply result = in_session(session, "tasks/result", R"({"taskId":")" + task_id + R"("})");
    EXPECT_TRUE(result.json["result"]["isError"].GetBool());
    EXPECT_NE(std::string(result.json["result"]["content"][0]["text"].GetString()).find("cancelled"), std::string::npos);
    EXPECT_EQ(in_session(session, "tasks/cancel", R"({"taskId":")" + task_id + R"("})").error_code(), -32602);
}

TEST_F(TasksTest, AnotherClientsSessionIsRefusedAndAReconnectOfTheSameClientIsServed) {
    std::string first = open_session("alpha");
    std::string task_id = start_task(first);
    std::string foreign = open_session("beta");
    Reply refused = in_session(foreign, "tasks/get", R"({"taskId":")" + task_id + R"("})");
    EXPECT_EQ(refused.error_code(), -32602);
    EXPECT_NE(std::string(refused.json["error"]["message"].GetString()).find("another client"), std::string::npos);
    EXPECT_EQ(in_session(foreign, "tasks/cancel", R"({"taskId":")" + task_id + R"("})").error_code(), -32602);
    EXPECT_EQ(in_session(foreign, "tasks/list", "{}").json["result"]["tasks"].Size(), 0u);
    EXPECT_EQ(wait_for_status(first, task_id, "working"), "working") << "the foreign cancel changed nothing";

    uap::mcp::testing::Reply deleted;
    uap::mcp::testing::send_for_text(port, mcp_token, "DELETE", "", {{"Mcp-Session-Id", first}}, deleted);
    ASSERT_EQ(deleted.status, 200);
    std::string reconnected = open_session("alpha");
    EXPECT_EQ(wait_for_status(reconnected, task_id, "working"), "working") << "the task outlived its session";
    tools.released = true;
    Reply result = in_session(reconnected, "tasks/result", R"({"taskId":")" + task_id + R"("})");
    EXPECT_STREQ(result.json["result"]["content"][0]["text"].GetString(), R"({"done":true})");
}

TEST_F(TasksTest, MalformedUnknownAndUnsupportedRequestsAreRefused) {
    std::string session = open_session("alpha");
    EXPECT_EQ(in_session(session, "tasks/get", "{}").error_code(), -32602);
    EXPECT_EQ(in_session(session, "tasks/get", R"({"taskId":42})").error_code(), -32602);
    EXPECT_EQ(in_session(session, "tasks/get", R"({"taskId":")" + std::string(200, 'a') + R"("})").error_code(), -32602);
    Reply unknown = in_session(session, "tasks/result", R"({"taskId":"task-0123456789abcdef0123456789abcdef"})");
    EXPECT_EQ(unknown.error_code(), -32602);
    EXPECT_NE(std::string(unknown.json["error"]["message"].GetString()).find("no task task-0123"), std::string::npos);
    EXPECT_EQ(in_session(session, "tasks/list", R"({"cursor":"x"})").error_code(), -32602);
    EXPECT_EQ(in_session(session, "tasks/update", R"({"taskId":"x"})").error_code(), -32601) << "an extension method";
    EXPECT_EQ(in_session(session, "tools/call", R"({"name":"slow","arguments":{},"task":[]})").error_code(), -32602);
    EXPECT_EQ(in_session(session, "tools/call", R"({"name":"slow","arguments":{},"task":{"ttl":-5}})").error_code(), -32602);
    EXPECT_EQ(in_session(session, "tools/call", R"({"name":"echo","arguments":{},"task":{}})").error_code(), -32601)
        << "echo's taskSupport is forbidden";
    EXPECT_EQ(post(std::string(65 * 1024, ' '), {{"Mcp-Session-Id", session}}).status, 413);
    EXPECT_EQ(in_session(session, "tasks/list", "{}").json["result"]["tasks"].Size(), 0u) << "nothing was started";

    // A 2025-06-18 session has no tasks: the task field is ignored and the call runs as before.
    std::string older = open_session("alpha", "2025-06-18");
    EXPECT_EQ(in_session(older, "tasks/list", "{}").error_code(), -32601);
    Reply plain = in_session(older, "tools/call", R"({"name":"echo","arguments":{},"task":{}})");
    EXPECT_FALSE(plain.json["result"]["isError"].GetBool());
}

TEST_F(TasksTest, ThePerClientBoundRefusesMoreWorkingTasks) {
    std::string session = open_session("alpha");
    for (int task = 0; task < 8; ++task)
        start_task(session);
    Reply refused = in_session(session, "tools/call", R"({"name":"slow","arguments":{},"task":{}})");
    EXPECT_EQ(refused.error_code(), -32600);
    EXPECT_NE(std::string(refused.json["error"]["message"].GetString()).find("8 working tasks already"), std::string::npos);
    std::string other = open_session("beta");
    start_task(other); // Another client has its own bound.
    EXPECT_EQ(in_session(session, "tasks/list", "{}").json["result"]["tasks"].Size(), 8u);
}

TEST_F(TasksTest, TheStatelessExtensionReturnsATaskAndInlinesTheResult) {
    Reply discovered = stateless("server/discover", "");
    EXPECT_TRUE(discovered.json["result"]["capabilities"]["extensions"].HasMember("io.modelcontextprotocol/tasks"));

    Reply created = stateless("tools/call", R"("name":"slow","arguments":{"fail":true},)", "slow");
    ASSERT_TRUE(created.json.HasMember("result")) << created.error_code();
    EXPECT_STREQ(created.json["result"]["resultType"].GetString(), "task");
    EXPECT_STREQ(created.json["result"]["status"].GetString(), "working");
    EXPECT_EQ(created.json["result"]["ttlMs"].GetInt64(), 3600000);
    std::string task_id = created.json["result"]["taskId"].GetString();

    std::string routed = R"("taskId":")" + task_id + R"(",)";
    EXPECT_EQ(stateless("tasks/get", routed, "task-other").error_code(), -32020) << "Mcp-Name must repeat the task id";
    EXPECT_EQ(stateless("tasks/get", routed).error_code(), -32020) << "Mcp-Name is required";
    Reply undeclared = stateless("tasks/get", routed, task_id, false);
    EXPECT_EQ(undeclared.error_code(), -32021);
    EXPECT_TRUE(undeclared.json["error"]["data"]["requiredCapabilities"]["extensions"].HasMember("io.modelcontextprotocol/tasks"));
    EXPECT_EQ(stateless("tasks/result", routed).status, 404) << "not part of the extension";
    EXPECT_STREQ(stateless("tasks/update", routed + R"("inputResponses":{},)", task_id).json["result"]["resultType"].GetString(), "complete");
    EXPECT_EQ(stateless("tasks/update", routed + R"("inputResponses":[],)", task_id).error_code(), -32602);

    tools.released = true;
    Reply finished;
    for (int attempt = 0; attempt < 300; ++attempt) {
        finished = stateless("tasks/get", routed, task_id);
        if (std::string(finished.json["result"]["status"].GetString()) != "working")
            break;
        std::this_thread::sleep_for(10ms);
    }
    const auto& result = finished.json["result"];
    EXPECT_STREQ(result["resultType"].GetString(), "complete");
    EXPECT_STREQ(result["status"].GetString(), "completed") << "a tool error completes the task under the extension";
    EXPECT_TRUE(result["result"]["isError"].GetBool());
    EXPECT_STREQ(result["result"]["content"][0]["text"].GetString(), "the slow tool failed as asked");
    EXPECT_STREQ(stateless("tasks/cancel", routed, task_id).json["result"]["resultType"].GetString(), "complete");
    EXPECT_STREQ(stateless("tasks/get", routed, task_id).json["result"]["status"].GetString(), "completed") << "a late cancel changes nothing";
    EXPECT_EQ(stateless("tasks/get", R"("taskId":"task-nope",)", "task-nope").error_code(), -32602);

    // Without the extension a long tool is today's call (it finishes within the short wait here).
    Reply plain = stateless("tools/call", R"("name":"slow","arguments":{},)", "slow", false);
    EXPECT_STREQ(plain.json["result"]["resultType"].GetString(), "complete");
    EXPECT_NE(std::string(plain.json["result"]["content"][0]["text"].GetString()).find("\"done\":true"), std::string::npos);
}

} // namespace

// Resources, prompts and completions of the MCP endpoint over real HTTP on 127.0.0.1 (the real
// server, guard and router; a scripted editor and two profiles): both eras, paging, every refusal
// for malformed, oversized and unknown params, an editor that is not connected, and resource
// updates on a session's stream and on a subscriptions/listen stream.
#include "fakes/json_at.hpp"
#include "mcp/mcp_endpoint.hpp"
#include "mcp/resources.hpp"
#include "served_mcp.hpp"
#include "support/json_writer.hpp"

#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/StreamCopier.h>

#include <gtest/gtest.h>
#include <rapidjson/document.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <mutex>
#include <thread>

namespace {

using namespace std::chrono_literals;
using Headers = std::map<std::string, std::string>;

constexpr const char* modern = "2026-07-28";

// The Console's entries grow when a test logs a line; every other primitive has a fixed answer.
class ScriptedEditor final : public uap::api::EditorLink, public uap::api::EditorEventSource {
public:
    uap::Expected<std::string> call(std::string_view method, std::string_view params, uint32_t, const uap::api::CallControl*) override {
        std::lock_guard lock(m_mutex);
        calls.emplace_back(method);
        if (!connected || calls_fail)
            return uap::Error(uap::ErrorCode::Unavailable, "the editor is not connected");
        if (method == "console.read")
            return console_read(params);
        if (method == "selection.get")
            return std::string(R"({"objects":[{"path":"Main Camera"}]})");
        if (method == "hierarchy.subtree")
            return std::string(params.find("cursor") == std::string_view::npos ? R"({"nodes":[{"name":"Root"}],"truncated":true,"nextCursor":"n/2"})"
                                                                               : R"({"nodes":[{"name":"Later"}],"truncated":false})");
        if (method == "hierarchy.roots") // Echoes its params, so a test can see what the URI became.
            return uap::json::TextWriter().begin_object().key("nodes").begin_array().end_array().field("total", 0).raw_field("params", params).end_object().text();
        if (method == "scene.list")
            return std::string(R"({"open":[{"path":"Assets/Scenes/Main.unity"},{"path":"Assets/Scenes/Menu.unity"}],"sceneAssets":[]})");
        return uap::Error(uap::ErrorCode::InvalidArgument, "unscripted method");
    }
    // A call that fails although the state said connected (the editor went away meanwhile) is covered
    // by calls_fail; state_json follows connected.
    // As the editor answers: entries after sinceId, oldest first, at most limit, "more" when cut.
    std::string console_read(std::string_view params_json) const {
        rapidjson::Document params;
        params.Parse(params_json.data(), params_json.size());
        int64_t since = params.HasMember("sinceId") ? params["sinceId"].GetInt64() : 0;
        int64_t limit = params.HasMember("limit") ? params["limit"].GetInt64() : 100;
        uap::json::TextWriter writer;
        writer.begin_object().key("entries").begin_array();
        int64_t last = since;
        for (int64_t id = since + 1; id <= last_id && id <= since + limit; ++id) {
            writer.begin_object().field("id", id).field("type", "log").field("message", "line " + std::to_string(id)).end_object();
            last = id;
        }
        return writer.end_array().field("lastId", last).field("more", last < last_id).end_object().text();
    }
    std::string state_json() const override { return connected ? R"({"state":"connected"})" : R"({"state":"not_connected"})"; }
    int subscribe(EventListener listener) override {
        std::lock_guard lock(m_mutex);
        m_listener = std::move(listener);
        return 1;
    }
    void unsubscribe(int) override {
        std::lock_guard lock(m_mutex);
        m_listener = nullptr;
    }
    void emit(const std::string& event_json) {
        EventListener listener;
        {
            std::lock_guard lock(m_mutex);
            listener = m_listener;
        }
        if (listener)
            listener(event_json);
    }
    void log_line(int64_t lines = 1) {
        std::lock_guard lock(m_mutex);
        last_id += lines;
    }
    size_t console_reads() {
        std::lock_guard lock(m_mutex);
        return static_cast<size_t>(std::count(calls.begin(), calls.end(), "console.read"));
    }

    std::atomic<bool> connected{true};
    std::atomic<bool> calls_fail{false};
    std::vector<std::string> calls;

private:
    std::mutex m_mutex;
    int64_t last_id = 7;
    EventListener m_listener;
};

class EchoTools final : public uap::mcp::ToolProvider {
public:
    EchoTools() {
        m_echo.name = "echo";
        m_echo.description = "Echoes.\nSecond line.";
        m_echo.input_schema_json = R"({"type":"object"})";
        m_echo.metadata.read_only = true;
    }
    std::vector<const uap::modules::ToolDescription*> enabled_tools() const override { return {&m_echo}; }
    uap::mcp::ToolLookup lookup(std::string_view) const override { return {}; }
    uap::modules::ToolOutcome call(std::string_view, std::string_view, const uap::modules::CallOptions&) const override { return {}; }

private:
    uap::modules::ToolDescription m_echo;
};

std::vector<uap::mcp::ProfileView> two_profiles() {
    return {{"magica", "MagicaCloth2", {"Use MagicaCloth components."}, {"https://example.com/magica"},
             {{"cloth", "Set up cloth", "Set up cloth on the selected mesh."}}},
            {"vrm", "VRM", {"Keep the humanoid rig."}, {}, {}}};
}

struct Reply {
    int status = 0;
    std::string body;
    rapidjson::Document json;
    const rapidjson::Value& result() const { return json["result"]; }
    int error_code() const { return json.IsObject() && json.HasMember("error") ? json["error"]["code"].GetInt() : 0; }
    std::string error_message() const { return error_code() ? json["error"]["message"].GetString() : std::string(); }
};

class ResourcesTest : public uap::mcp::testing::ServedMcp {
protected:
    ResourcesTest() : ServedMcp(64 * 1024) {}

    void add_routes() override {
        endpoint.set_resources(&resources);
        router.add(endpoint.route());
    }

    Reply post(const std::string& body, const Headers& headers = {}) {
        Poco::Net::HTTPClientSession client("127.0.0.1", port);
        client.setTimeout(Poco::Timespan(5, 0));
        Poco::Net::HTTPRequest request("POST", "/mcp", Poco::Net::HTTPMessage::HTTP_1_1);
        request.setHost("127.0.0.1", port);
        request.set("Authorization", std::string("Bearer ") + mcp_token);
        request.set("Accept", "application/json, text/event-stream");
        request.setContentType("application/json");
        for (auto& [name, value] : headers)
            request.set(name, value);
        request.setContentLength(static_cast<std::streamsize>(body.size()));
        client.sendRequest(request) << body;
        Poco::Net::HTTPResponse response;
        Reply reply;
        Poco::StreamCopier::copyToString(client.receiveResponse(response), reply.body);
        reply.status = response.getStatus();
        reply.json.Parse(reply.body.c_str());
        return reply;
    }

    // A request of a session opened with initialize (the first call opens it).
    Reply in_session(const std::string& method, const std::string& params) {
        if (session.empty())
            session = open_session();
        return post(R"({"jsonrpc":"2.0","id":3,"method":")" + method + R"(","params":)" + params + "}", {{"Mcp-Session-Id", session}});
    }

    std::string open_session() {
        auto opened = sessions.open(*uap::mcp::find_revision("2025-11-25"), "gtest");
        return opened.value();
    }

    // A 2026-07-28 request: headers and _meta agree; name goes into Mcp-Name.
    Reply stateless(const std::string& method, const std::string& params_members, const std::string& name = "") {
        Headers headers{{"MCP-Protocol-Version", modern}, {"Mcp-Method", method}};
        if (!name.empty())
            headers["Mcp-Name"] = name;
        return post(R"({"jsonrpc":"2.0","id":9,"method":")" + method + R"(","params":{)" + params_members +
                        R"("_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}})",
                    headers);
    }

    static std::vector<std::string> uris_of(const rapidjson::Value& resources) {
        std::vector<std::string> uris;
        for (const auto& resource : resources.GetArray())
            uris.emplace_back(resource["uri"].GetString());
        return uris;
    }

    ScriptedEditor editor;
    EchoTools tools;
    uap::mcp::ResourceLimits limits{.max_subscribers = 2, .page_size = 4, .editor_timeout = 1000ms, .console_poll = 50ms};
    uap::mcp::McpResources resources{tools, uap::mcp::ResourceSources{&editor, &editor, two_profiles}, hub, limits};
    uap::mcp::McpEndpoint endpoint{tools, sessions, uap::mcp::ServerIdentity{.version = "test"}, nullptr, &hub};
    std::string session;
};

TEST_F(ResourcesTest, InitializeAndDiscoverAdvertiseTheCapabilities) {
    Reply initialized = post(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}})");
    ASSERT_EQ(initialized.status, 200) << initialized.body;
    const auto& capabilities = initialized.result()["capabilities"];
    EXPECT_TRUE(capabilities["resources"]["subscribe"].GetBool());
    EXPECT_TRUE(capabilities["prompts"].IsObject());
    EXPECT_TRUE(capabilities["completions"].IsObject());
    EXPECT_TRUE(capabilities["tools"]["listChanged"].GetBool()) << "the tools capability is unchanged";
    Reply discovered = stateless("server/discover", "");
    ASSERT_EQ(discovered.status, 200) << discovered.body;
    EXPECT_TRUE(discovered.result()["capabilities"]["resources"]["subscribe"].GetBool());
    EXPECT_TRUE(discovered.result()["capabilities"]["completions"].IsObject());
}

TEST_F(ResourcesTest, ListPagesThroughEveryResourceWithCursors) {
    Reply first = in_session("resources/list", "{}");
    ASSERT_EQ(first.status, 200) << first.body;
    std::vector<std::string> uris = uris_of(first.result()["resources"]);
    ASSERT_EQ(uris.size(), 4u) << "a page holds page_size entries";
    ASSERT_TRUE(first.result().HasMember("nextCursor"));
    Reply second = in_session("resources/list", std::string(R"({"cursor":")") + first.result()["nextCursor"].GetString() + "\"}");
    ASSERT_EQ(second.status, 200) << second.body;
    for (auto& uri : uris_of(second.result()["resources"]))
        uris.push_back(uri);
    EXPECT_FALSE(second.result().HasMember("nextCursor")) << "the last page has no cursor";
    EXPECT_EQ(uris, (std::vector<std::string>{"uap://tools", "unity://console", "unity://selection", "unity://scenes/hierarchy",
                                              "uap://profiles/magica", "uap://profiles/vrm"}));
    EXPECT_STREQ(first.result()["resources"][1]["mimeType"].GetString(), "application/json");

    Reply forged = in_session("resources/list", R"({"cursor":"page:x"})");
    EXPECT_EQ(forged.error_code(), -32602);
    EXPECT_NE(forged.error_message().find("not issued by this server"), std::string::npos) << forged.body;
    EXPECT_EQ(in_session("resources/list", R"({"cursor":17})").error_code(), -32602);
    Reply past_the_end = in_session("resources/list", R"({"cursor":"page:99"})");
    EXPECT_EQ(past_the_end.result()["resources"].Size(), 0u) << "a cursor past the end is an empty last page";
}

TEST_F(ResourcesTest, TemplatesAreListed) {
    Reply listed = in_session("resources/templates/list", "{}");
    ASSERT_EQ(listed.status, 200);
    std::vector<std::string> templates;
    for (const auto& entry : listed.result()["resourceTemplates"].GetArray())
        templates.emplace_back(entry["uriTemplate"].GetString());
    EXPECT_EQ(templates, (std::vector<std::string>{"uap://profiles/{id}", "unity://scenes/roots{?scene}", "unity://scenes/hierarchy{?cursor}"}));
}

TEST_F(ResourcesTest, ReadsComeFromTheirSourcesNow) {
    Reply console = in_session("resources/read", R"({"uri":"unity://console"})");
    ASSERT_EQ(console.status, 200) << console.body;
    const auto& contents = console.result()["contents"][0];
    EXPECT_STREQ(contents["uri"].GetString(), "unity://console");
    EXPECT_STREQ(contents["mimeType"].GetString(), "application/json");
    EXPECT_NE(std::string(contents["text"].GetString()).find("\"lastId\":7"), std::string::npos);
    EXPECT_NE(std::string(contents["text"].GetString()).find("line 1\""), std::string::npos) << "all seven, oldest first";
    editor.log_line();
    Reply again = in_session("resources/read", R"({"uri":"unity://console"})");
    EXPECT_NE(std::string(again.result()["contents"][0]["text"].GetString()).find("\"lastId\":8"), std::string::npos) << "read live, not cached";

    editor.log_line(2500); // More than one page of console.read: the newest 100 are found by reading on.
    Reply long_console = in_session("resources/read", R"({"uri":"unity://console"})");
    rapidjson::Document long_json;
    long_json.Parse(long_console.result()["contents"][0]["text"].GetString());
    ASSERT_EQ(long_json["entries"].Size(), 100u) << long_console.body;
    EXPECT_EQ(long_json["entries"][0]["id"].GetInt64(), 2409);
    EXPECT_EQ(long_json["lastId"].GetInt64(), 2508) << "the newest entry is the last";

    Reply catalogue = in_session("resources/read", R"({"uri":"uap://tools"})");
    rapidjson::Document tools_json;
    tools_json.Parse(catalogue.result()["contents"][0]["text"].GetString());
    EXPECT_STREQ(tools_json["tools"][0]["name"].GetString(), "echo");
    EXPECT_STREQ(tools_json["tools"][0]["summary"].GetString(), "Echoes.") << "the short form keeps the first line";
    EXPECT_TRUE(tools_json["tools"][0]["readOnly"].GetBool());

    Reply profile = in_session("resources/read", R"({"uri":"uap://profiles/magica"})");
    rapidjson::Document profile_json;
    profile_json.Parse(profile.result()["contents"][0]["text"].GetString());
    EXPECT_STREQ(profile_json["rules"][0].GetString(), "Use MagicaCloth components.");
    EXPECT_STREQ(profile_json["quickActions"][0]["prompt"].GetString(), "magica.cloth");

    Reply hierarchy = in_session("resources/read", R"({"uri":"unity://scenes/hierarchy"})");
    rapidjson::Document part;
    part.Parse(hierarchy.result()["contents"][0]["text"].GetString());
    ASSERT_TRUE(part.HasMember("nextUri")) << hierarchy.body;
    std::string next = part["nextUri"].GetString();
    EXPECT_EQ(next, "unity://scenes/hierarchy?cursor=n%2F2");
    Reply later = in_session("resources/read", R"({"uri":")" + next + "\"}");
    EXPECT_NE(std::string(later.result()["contents"][0]["text"].GetString()).find("Later"), std::string::npos) << later.body;

    Reply roots = in_session("resources/read", R"({"uri":"unity://scenes/roots?scene=Assets%2FMy%20Scene.unity"})");
    EXPECT_EQ(uap::testing::text_at(std::string(roots.result()["contents"][0]["text"].GetString()), "/params/scene"),
              "Assets/My Scene.unity")
        << roots.body;
}

TEST_F(ResourcesTest, BadReadsAreRefusedWithWhatToDo) {
    Reply missing = in_session("resources/read", "{}");
    EXPECT_EQ(missing.error_code(), -32602);
    EXPECT_EQ(in_session("resources/read", R"({"uri":42})").error_code(), -32602);
    Reply unknown = in_session("resources/read", R"({"uri":"unity://nowhere"})");
    EXPECT_EQ(unknown.error_code(), -32002) << "the 2025 revisions' resource-not-found code";
    EXPECT_STREQ(unknown.json["error"]["data"]["uri"].GetString(), "unity://nowhere");
    EXPECT_EQ(in_session("resources/read", R"({"uri":"uap://profiles/nope"})").error_code(), -32002);
    EXPECT_EQ(in_session("resources/read", R"({"uri":"unity://scenes/roots?other=1"})").error_code(), -32002);
    Reply oversized = in_session("resources/read", R"({"uri":")" + std::string(5000, 'u') + "\"}");
    EXPECT_EQ(oversized.error_code(), -32602);
    EXPECT_NE(oversized.error_message().find("5000 characters"), std::string::npos);

    Reply stateless_unknown = stateless("resources/read", R"("uri":"unity://nowhere",)", "unity://nowhere");
    EXPECT_EQ(stateless_unknown.status, 200);
    EXPECT_EQ(stateless_unknown.error_code(), -32602) << "2026-07-28 answers Invalid Params for an unknown resource";
    Reply no_name = stateless("resources/read", R"("uri":"uap://tools",)");
    EXPECT_EQ(no_name.error_code(), -32020) << "resources/read carries its uri in Mcp-Name";
    Reply other_name = stateless("resources/read", R"("uri":"uap://tools",)", "unity://console");
    EXPECT_EQ(other_name.error_code(), -32020);
}

TEST_F(ResourcesTest, AnEditorThatIsNotConnectedFailsTheReadAndSaysHowToConnectOne) {
    ASSERT_EQ(in_session("resources/read", R"({"uri":"unity://console"})").status, 200);
    editor.connected = false;
    for (const char* uri : {"unity://console", "unity://selection", "unity://scenes/hierarchy"}) {
        Reply reply = in_session("resources/read", std::string(R"({"uri":")") + uri + "\"}");
        EXPECT_EQ(reply.error_code(), -32603) << uri;
        EXPECT_FALSE(reply.json.HasMember("result")) << "never an older copy: " << reply.body;
        EXPECT_NE(reply.error_message().find("uap-host serve --editor sim"), std::string::npos) << reply.body;
    }
    EXPECT_EQ(in_session("resources/read", R"({"uri":"uap://tools"})").status, 200) << "host resources need no editor";
    editor.connected = true;
    editor.calls_fail = true; // Connected when asked, gone by the call.
    Reply dropped = in_session("resources/read", R"({"uri":"unity://selection"})");
    EXPECT_EQ(dropped.error_code(), -32603);
    EXPECT_NE(dropped.error_message().find("uap-host serve --editor sim"), std::string::npos) << dropped.body;
}

TEST_F(ResourcesTest, SessionSubscriptionsDeliverUpdatesToThatSessionAlone) {
    std::string watcher = open_session();
    std::string bystander = open_session();
    auto watcher_stream = hub.open(watcher).value();
    auto bystander_stream = hub.open(bystander).value();
    session = watcher;
    ASSERT_EQ(in_session("resources/subscribe", R"({"uri":"unity://console"})").status, 200);
    ASSERT_EQ(in_session("resources/subscribe", R"({"uri":"unity://selection"})").status, 200);
    editor.log_line(); // A plain log line: no bridge event; the poll notices the new last id.
    std::optional<std::string> update = watcher_stream->next(2s);
    ASSERT_TRUE(update);
    EXPECT_EQ(*update, R"({"jsonrpc":"2.0","method":"notifications/resources/updated","params":{"uri":"unity://console"}})");
    editor.emit(R"({"event":"selectionChanged","data":{}})");
    update = watcher_stream->next(2s);
    ASSERT_TRUE(update);
    EXPECT_NE(update->find("unity://selection"), std::string::npos);
    EXPECT_FALSE(bystander_stream->next(100ms)) << "a session that did not subscribe hears nothing";

    ASSERT_EQ(in_session("resources/unsubscribe", R"({"uri":"unity://console"})").status, 200);
    editor.emit(R"({"event":"consoleError","data":{"id":99,"type":"error","message":"boom"}})");
    EXPECT_FALSE(watcher_stream->next(200ms)) << "unsubscribed";
    EXPECT_EQ(in_session("resources/unsubscribe", R"({"uri":"unity://console"})").status, 200) << "twice is harmless";
}

TEST_F(ResourcesTest, SubscriptionsAreBoundedAndCheckTheirParams) {
    EXPECT_EQ(in_session("resources/subscribe", "{}").error_code(), -32602);
    Reply unwatchable = in_session("resources/subscribe", R"({"uri":"uap://tools"})");
    EXPECT_EQ(unwatchable.error_code(), -32602);
    EXPECT_NE(unwatchable.error_message().find("unity://console"), std::string::npos) << "names what can be watched";
    std::vector<std::shared_ptr<uap::mcp::EventStream>> streams;
    session = open_session();
    streams.push_back(hub.open(session).value());
    ASSERT_EQ(in_session("resources/subscribe", R"({"uri":"unity://console"})").error_code(), 0);
    std::string first = session;
    session = open_session();
    streams.push_back(hub.open(session).value());
    ASSERT_EQ(in_session("resources/subscribe", R"({"uri":"unity://console"})").error_code(), 0);
    session = open_session();
    Reply third = in_session("resources/subscribe", R"({"uri":"unity://console"})");
    EXPECT_EQ(third.error_code(), -32602) << "max_subscribers is 2, and both subscribers listen";
    EXPECT_NE(third.error_message().find("DELETE /mcp"), std::string::npos);
    EXPECT_EQ(resources.subscribers(), 2u);
    hub.release(first, streams[0]); // Its GET stream closed (or the session expired): it would hear nothing.
    EXPECT_EQ(in_session("resources/subscribe", R"({"uri":"unity://console"})").error_code(), 0) << "the unheard subscriber made room";
    EXPECT_EQ(resources.subscribers(), 2u);
    Reply stateless_subscribe = stateless("resources/subscribe", R"("uri":"unity://console",)");
    EXPECT_EQ(stateless_subscribe.status, 404) << "2026-07-28 subscribes through subscriptions/listen";
}

TEST_F(ResourcesTest, ListenStreamsCarryResourceUpdatesWithTheirSubscriptionId) {
    Reply reply;
    std::thread listener([&] {
        reply = stateless("subscriptions/listen",
                          R"("notifications":{"resourceSubscriptions":["unity://console","uap://tools",7]},)");
    });
    for (int waited = 0; waited < 300 && resources.subscribers() == 0; ++waited)
        std::this_thread::sleep_for(10ms);
    ASSERT_EQ(resources.subscribers(), 1u);
    size_t reads_before = editor.console_reads();
    editor.log_line();
    // Two more polls: the first sees the new line and queues the update before the next one starts.
    for (int waited = 0; waited < 500 && editor.console_reads() < reads_before + 2; ++waited)
        std::this_thread::sleep_for(10ms);
    ASSERT_GE(editor.console_reads(), reads_before + 2) << "the Console is polled while watched";
    hub.stop();
    listener.join();
    const std::string acknowledged = R"({"jsonrpc":"2.0","method":"notifications/subscriptions/acknowledged","params":{"_meta":{"io.modelcontextprotocol/subscriptionId":9},"notifications":{"resourceSubscriptions":["unity://console"]}}})";
    const std::string updated = R"({"jsonrpc":"2.0","method":"notifications/resources/updated","params":{"_meta":{"io.modelcontextprotocol/subscriptionId":9},"uri":"unity://console"}})";
    size_t at_acknowledged = reply.body.find(acknowledged);
    size_t at_updated = reply.body.find(updated);
    ASSERT_NE(at_acknowledged, std::string::npos) << reply.body;
    ASSERT_NE(at_updated, std::string::npos) << reply.body;
    EXPECT_LT(at_acknowledged, at_updated);
    EXPECT_EQ(reply.body.find(updated, at_updated + 1), std::string::npos) << "one line, one update";
    for (int waited = 0; waited < 100 && resources.subscribers() > 0; ++waited)
        std::this_thread::sleep_for(10ms);
    EXPECT_EQ(resources.subscribers(), 0u) << "a closed stream's subscriptions go";
}

TEST_F(ResourcesTest, PromptsAreTheProfilesQuickActions) {
    Reply listed = in_session("prompts/list", "{}");
    ASSERT_EQ(listed.status, 200) << listed.body;
    ASSERT_EQ(listed.result()["prompts"].Size(), 2u);
    EXPECT_STREQ(listed.result()["prompts"][0]["name"].GetString(), "uap.profile-rules");
    EXPECT_TRUE(listed.result()["prompts"][0]["arguments"][0]["required"].GetBool());
    EXPECT_STREQ(listed.result()["prompts"][1]["name"].GetString(), "magica.cloth");
    EXPECT_STREQ(listed.result()["prompts"][1]["title"].GetString(), "Set up cloth");

    Reply action = in_session("prompts/get", R"({"name":"magica.cloth","arguments":{"details":"Use the skirt."}})");
    ASSERT_EQ(action.status, 200);
    EXPECT_STREQ(action.result()["messages"][0]["role"].GetString(), "user");
    EXPECT_STREQ(action.result()["messages"][0]["content"]["text"].GetString(), "Set up cloth on the selected mesh.\n\nUse the skirt.");
    Reply rules = stateless("prompts/get", R"("name":"uap.profile-rules","arguments":{"profile":"vrm"},)", "uap.profile-rules");
    ASSERT_EQ(rules.status, 200) << rules.body;
    EXPECT_STREQ(rules.result()["resultType"].GetString(), "complete");
    EXPECT_NE(std::string(rules.result()["messages"][0]["content"]["text"].GetString()).find("- Keep the humanoid rig."), std::string::npos);

    EXPECT_EQ(in_session("prompts/get", "{}").error_code(), -32602);
    Reply unknown = in_session("prompts/get", R"({"name":"nope"})");
    EXPECT_EQ(unknown.error_code(), -32602);
    EXPECT_NE(unknown.error_message().find("prompts/list"), std::string::npos);
    Reply no_profile = in_session("prompts/get", R"({"name":"uap.profile-rules"})");
    EXPECT_NE(no_profile.error_message().find("arguments.profile"), std::string::npos) << no_profile.body;
    EXPECT_EQ(in_session("prompts/get", R"({"name":"uap.profile-rules","arguments":{"profile":"ghost"}})").error_code(), -32602);
    EXPECT_EQ(in_session("prompts/get", R"({"name":"magica.cloth","arguments":[]})").error_code(), -32602);
    EXPECT_EQ(in_session("prompts/get", R"({"name":"magica.cloth","arguments":{"details":3}})").error_code(), -32602);
    Reply oversized = in_session("prompts/get", R"({"name":"magica.cloth","arguments":{"details":")" + std::string(2001, 'd') + "\"}}");
    EXPECT_EQ(oversized.error_code(), -32602);
    EXPECT_NE(oversized.error_message().find("2001 characters"), std::string::npos);
}

TEST_F(ResourcesTest, CompletionOffersProfileIdsAndOpenScenes) {
    Reply profile = in_session("completion/complete", R"({"ref":{"type":"ref/prompt","name":"uap.profile-rules"},"argument":{"name":"profile","value":"MA"}})");
    ASSERT_EQ(profile.status, 200) << profile.body;
    ASSERT_EQ(profile.result()["completion"]["values"].Size(), 1u);
    EXPECT_STREQ(profile.result()["completion"]["values"][0].GetString(), "magica");
    EXPECT_FALSE(profile.result()["completion"]["hasMore"].GetBool());
    Reply scenes = stateless("completion/complete",
                             R"("ref":{"type":"ref/resource","uri":"unity://scenes/roots{?scene}"},"argument":{"name":"scene","value":"Assets/Scenes/M"},)");
    ASSERT_EQ(scenes.status, 200) << scenes.body;
    EXPECT_EQ(scenes.result()["completion"]["total"].GetInt(), 2);
    Reply ids = in_session("completion/complete", R"({"ref":{"type":"ref/resource","uri":"uap://profiles/{id}"},"argument":{"name":"id","value":""}})");
    EXPECT_EQ(ids.result()["completion"]["values"].Size(), 2u);

    EXPECT_EQ(in_session("completion/complete", "{}").error_code(), -32602);
    EXPECT_EQ(in_session("completion/complete", R"({"ref":{"type":"ref/other","name":"x"},"argument":{"name":"a","value":""}})").error_code(), -32602);
    EXPECT_EQ(in_session("completion/complete", R"({"ref":{"type":"ref/prompt","name":"nope"},"argument":{"name":"a","value":""}})").error_code(), -32602);
    EXPECT_EQ(in_session("completion/complete", R"({"ref":{"type":"ref/resource","uri":"file:///x"},"argument":{"name":"a","value":""}})").error_code(), -32602);
    EXPECT_EQ(in_session("completion/complete", R"({"ref":{"type":"ref/prompt","name":"uap.profile-rules"},"argument":{"name":"profile","value":")" +
                                                    std::string(3000, 'v') + "\"}}").error_code(),
              -32602);
    editor.connected = false;
    Reply offline = stateless("completion/complete",
                              R"("ref":{"type":"ref/resource","uri":"unity://scenes/roots{?scene}"},"argument":{"name":"scene","value":""},)");
    EXPECT_EQ(offline.result()["completion"]["values"].Size(), 0u) << "no editor: nothing to offer, not an error";
}

} // namespace

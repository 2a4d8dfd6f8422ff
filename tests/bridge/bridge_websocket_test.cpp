// The bridge through the real WebSocket: every primitive, liveness, events, and bad input that
// must get a clear error while the connection and the host keep working.
#include "bridge_harness.hpp"
#include "fakes/json_at.hpp"
#include "fakes/eventually.hpp"
#include "fakes/manual_clock.hpp"
#include "method_samples.hpp"

#include <uap/protocol/protocol_schemas.hpp>

#include <Poco/Buffer.h>
#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/Net/NetException.h>
#include <Poco/Net/WebSocket.h>

#include <gtest/gtest.h>

#include <future>
#include <mutex>

namespace {

using namespace std::chrono_literals;
using uap::testing::BridgeHarness;
using uap::testing::eventually;
using uap::testing::ManualClock;
using uap::testing::text_at;

// A hand-driven editor connection: raw frames, for protocol abuse.
class RawEditor {
public:
    RawEditor(uint16_t port, const std::string& token, const std::vector<std::pair<std::string, std::string>>& headers = {}) {
        m_session = std::make_unique<Poco::Net::HTTPClientSession>("127.0.0.1", port);
        Poco::Net::HTTPRequest request(Poco::Net::HTTPRequest::HTTP_GET, "/bridge", Poco::Net::HTTPMessage::HTTP_1_1);
        if (!token.empty())
            request.set("Authorization", "Bearer " + token);
        for (const auto& [name, value] : headers)
            request.set(name, value);
        try {
            m_socket = std::make_unique<Poco::Net::WebSocket>(*m_session, request, m_response);
            m_socket->setReceiveTimeout(Poco::Timespan(10, 0));
        } catch (const Poco::Exception&) {
        }
    }
    bool upgraded() const { return m_socket != nullptr; }
    int status() const { return m_response.getStatus(); }
    void send_text(const std::string& text) { m_socket->sendFrame(text.data(), static_cast<int>(text.size())); }
    void send_binary(const std::string& data) {
        m_socket->sendFrame(data.data(), static_cast<int>(data.size()), Poco::Net::WebSocket::FRAME_BINARY);
    }
    // The next text frame, or "" on close/timeout.
    std::string receive() {
        Poco::Buffer<char> buffer(0);
        int flags = 0;
        try {
            int received = m_socket->receiveFrame(buffer, flags);
            if (received <= 0 || (flags & Poco::Net::WebSocket::FRAME_OP_BITMASK) == Poco::Net::WebSocket::FRAME_OP_CLOSE)
                return {};
        } catch (const Poco::Exception&) {
            return {};
        }
        return std::string(buffer.begin(), buffer.size());
    }
    // The next frame that is not the host's liveness ping: a slow parse (a sanitizer build, a busy
    // machine) lets one in ahead of the frame a test waits for.
    std::string receive_skipping_pings() {
        for (;;) {
            std::string frame = receive();
            if (text_at(frame, "/method") != "ping")
                return frame;
        }
    }
    void hello(const std::string& session, const std::string& project, const std::string& completed = "[]") {
        send_text(R"({"event":"hello","data":{"protocolVersion":1,"unityVersion":"raw","projectPath":")" + project +
                  R"(","editorPid":)" + std::to_string(getpid()) + R"(,"editorSessionId":")" + session +
                  R"(","primitives":["editor.info"],"completed":)" + completed + "}}");
    }
    bool readable_within(Poco::Timespan wait) { return m_socket->poll(wait, Poco::Net::Socket::SELECT_READ); }
    void close() { m_socket->shutdown(); }

private:
    std::unique_ptr<Poco::Net::HTTPClientSession> m_session;
    Poco::Net::HTTPResponse m_response;
    std::unique_ptr<Poco::Net::WebSocket> m_socket;
};

TEST(BridgeWebSocket, EveryPrimitiveAnswersThroughTheHost) {
    BridgeHarness harness;
    uap::testing::write_sample_manifest(harness.project());
    uap::editor_sim::EditorSimulator simulator(harness.identity("every-method"));
    simulator.build_sample_scene();
    ASSERT_EQ(simulator.load_project_tools(uap::testing::sample_project_tools()), "");
    auto editor = harness.connect_in_process(simulator);
    ASSERT_TRUE(harness.bridge().connected());
    std::set<std::string> answered;
    for (const auto& [method, params] : uap::testing::method_samples()) {
        auto answer = harness.call(method, params);
        EXPECT_EQ(answer.status, UAP_STATUS_OK) << method << ": " << answer.json;
        answered.insert(method);
    }
    // ping and request.status are the bridge's own: the host sends them (liveness and slow-call probes).
    for (const auto& method : uap::protocol::ProtocolSchemas::instance().method_names())
        if (method != "ping" && method != "request.status") {
            EXPECT_TRUE(answered.count(method)) << method;
        }
    auto statistics = harness.bridge().statistics();
    EXPECT_EQ(statistics.duplicate_responses, 0u);
    EXPECT_EQ(statistics.protocol_errors, 0u);
}

// call_all puts every request on the socket before it waits for the first answer (an editor that
// answered nothing until it had all of them would stall calls sent one by one), matches answers by
// id whatever their order, and answers a request it refuses itself without sending it.
TEST(BridgeWebSocket, CallAllSendsEveryRequestBeforeTheFirstAnswerAndAnswersInOrder) {
    BridgeHarness harness;
    RawEditor editor(harness.port(), uap::testing::editor_token);
    ASSERT_TRUE(editor.upgraded());
    editor.hello("raw-all", harness.project().string());
    ASSERT_EQ(text_at(editor.receive(), "/event"), "welcome");
    std::vector<uap::api::EditorRequest> requests = {
        {"editor.info", "{}"}, {"editor.info", "[1]"}, {"editor.info", "{}"}, {"editor.info", "{}"}};
    auto answers = std::async(std::launch::async, [&] { return harness.bridge().call_all(requests, 5000, nullptr); });
    std::vector<std::string> ids;
    for (int sent = 0; sent < 3; ++sent) {
        std::string request = editor.receive_skipping_pings();
        ASSERT_EQ(text_at(request, "/method"), "editor.info") << request;
        ids.push_back(text_at(request, "/id"));
    }
    // Answered last to first; the second sent request (the third asked) fails.
    for (int index = 2; index >= 0; --index) {
        if (index == 1) {
            editor.send_text(R"({"id":")" + ids[1] + R"(","error":{"code":"busy","message":"try later"}})");
            continue;
        }
        editor.send_text(R"({"id":")" + ids[index] + R"(","result":{"unityVersion":"answer-)" + std::to_string(index) +
                         R"(","projectPath":"p","editorPid":1,"editorSessionId":"raw-all"}})");
    }
    auto received = answers.get();
    ASSERT_EQ(received.size(), 4u);
    ASSERT_TRUE(received[0]) << received[0].error().message();
    EXPECT_EQ(text_at(*received[0], "/unityVersion"), "answer-0");
    ASSERT_FALSE(received[1]) << "params that are not an object are refused by the host";
    EXPECT_EQ(text_at(received[1].error().detail(), "/code"), "invalid_params");
    ASSERT_FALSE(received[2]);
    EXPECT_EQ(text_at(received[2].error().detail(), "/code"), "busy");
    ASSERT_TRUE(received[3]) << received[3].error().message();
    EXPECT_EQ(text_at(*received[3], "/unityVersion"), "answer-2");
    EXPECT_EQ(harness.bridge().statistics().requests, 3u) << "the refused request was never sent";
}

TEST(BridgeWebSocket, PingReportsMainThreadStateOffTheMainThread) {
    ManualClock clock;
    uap::bridge::BridgeOptions options;
    BridgeHarness harness(options, clock);
    uap::editor_sim::EditorSimulator simulator(harness.identity("pinged"));
    auto editor = harness.connect_in_process(simulator);
    editor->inject_modal("Save Scene?", 1500ms);
    std::string state;
    eventually([&] {
        clock.advance(options.ping_interval); // The next ping.
        state = harness.bridge().state_json();
        return text_at(state, "/mainThread/modalDialog") == "Save Scene?";
    });
    EXPECT_EQ(text_at(state, "/state"), "connected");
    EXPECT_EQ(text_at(state, "/mainThread/modalDialog"), "Save Scene?") << state;
    EXPECT_EQ(text_at(state, "/mainThread/busy"), "true");
    EXPECT_EQ(text_at(state, "/editor/editorSessionId"), "pinged");
}

TEST(BridgeWebSocket, EditorEventsReachSubscribersAndTheEventLog) {
    BridgeHarness harness;
    uap::editor_sim::EditorSimulator simulator(harness.identity("events"));
    simulator.build_sample_scene();
    std::mutex mutex;
    std::vector<std::string> seen;
    harness.bridge().subscribe([&](const std::string& frame) {
        std::lock_guard lock(mutex);
        seen.push_back(text_at(frame, "/event"));
    });
    auto editor = harness.connect_in_process(simulator);
    ASSERT_EQ(harness.call("selection.set", R"({"objects":[{"scenePath":"/Player"}]})").status, UAP_STATUS_OK);
    ASSERT_EQ(harness.call("playmode.set", R"({"state":"playing"})").status, UAP_STATUS_OK);
    editor->send_event("userPin", R"({"id":"P1","position":[0,1,0],"object":{"instanceId":1003,"path":"/Player"}})");
    editor->inject_compile(50ms, "Assets/Scripts/Broken.cs(3,1): error CS1513: } expected");
    const std::vector<std::string> expected = {"selectionChanged", "playModeChanged", "userPin", "compileFinished", "consoleError"};
    eventually([&] {
        std::lock_guard lock(mutex);
        return std::all_of(expected.begin(), expected.end(), [&](const std::string& name) { return std::find(seen.begin(), seen.end(), name) != seen.end(); });
    });
    auto events = harness.call("host.events", "{}");
    for (const std::string& name : expected) {
        std::lock_guard lock(mutex);
        EXPECT_NE(std::find(seen.begin(), seen.end(), name), seen.end()) << name;
        EXPECT_NE(events.json.find(name), std::string::npos) << name;
    }
}

TEST(BridgeBadInput, MissingOrWrongTokenIsUnauthorized) {
    BridgeHarness harness;
    RawEditor missing(harness.port(), "");
    EXPECT_FALSE(missing.upgraded());
    EXPECT_EQ(missing.status(), 401);
    RawEditor wrong(harness.port(), "editor-token-0123456789abcdeX");
    EXPECT_FALSE(wrong.upgraded());
    EXPECT_EQ(wrong.status(), 401);
    RawEditor other_role(harness.port(), "mcp-token");
    EXPECT_EQ(other_role.status(), 401);
}

TEST(BridgeBadInput, ForeignOriginOrHostIsForbidden) {
    BridgeHarness harness;
    RawEditor origin(harness.port(), uap::testing::editor_token, {{"Origin", "http://evil.example"}});
    EXPECT_FALSE(origin.upgraded());
    EXPECT_EQ(origin.status(), 403);
    RawEditor null_origin(harness.port(), uap::testing::editor_token, {{"Origin", "null"}});
    EXPECT_EQ(null_origin.status(), 403);
    RawEditor host(harness.port(), uap::testing::editor_token, {{"Host", "evil.example:" + std::to_string(harness.port())}});
    EXPECT_FALSE(host.upgraded());
    EXPECT_EQ(host.status(), 403);
    RawEditor good(harness.port(), uap::testing::editor_token);
    EXPECT_TRUE(good.upgraded());
}

TEST(BridgeBadInput, MalformedAndOversizedFramesGetProtocolErrorsAndTheConnectionStays) {
    uap::bridge::BridgeOptions options;
    options.max_frame_bytes = 64 * 1024;
    BridgeHarness harness(options);
    RawEditor editor(harness.port(), uap::testing::editor_token);
    ASSERT_TRUE(editor.upgraded());
    editor.hello("raw-1", harness.project().string());
    ASSERT_EQ(text_at(editor.receive(), "/event"), "welcome");
    auto expect_error = [&](const std::string& code) {
        std::string frame = editor.receive();
        EXPECT_EQ(text_at(frame, "/event"), "protocolError") << frame;
        EXPECT_EQ(text_at(frame, "/data/code"), code) << frame;
    };
    editor.send_text("this is not json");
    expect_error("parse_error");
    editor.send_text("[1,2,3]");
    expect_error("parse_error");
    editor.send_text(R"({"neither":"response nor event"})");
    expect_error("invalid_request");
    editor.send_text(R"({"id":"x","result":{},"error":{"code":"a","message":"b"}})");
    expect_error("invalid_request");
    editor.send_binary("\x01\x02");
    expect_error("invalid_request");
    editor.send_text(std::string(100 * 1024, ' ') + "{}");
    expect_error("frame_too_large");
    // The same connection still carries a call.
    auto call = std::async(std::launch::async, [&] { return harness.call("editor.info", "{}", 5000); });
    std::string request = editor.receive();
    ASSERT_EQ(text_at(request, "/method"), "editor.info") << request;
    editor.send_text(R"({"id":")" + text_at(request, "/id") +
                     R"(","result":{"unityVersion":"raw","projectPath":"p","editorPid":1,"editorSessionId":"raw-1"}})");
    auto answer = call.get();
    EXPECT_EQ(answer.status, UAP_STATUS_OK) << answer.json;
    // An oversized answer to a pending request becomes result_too_large for its caller.
    auto big = std::async(std::launch::async, [&] { return harness.call("editor.info", "{}", 5000); });
    request = editor.receive();
    editor.send_text(R"({"id":")" + text_at(request, "/id") + R"(","result":{"pad":")" + std::string(80 * 1024, 'x') + "\"}}");
    auto too_large = big.get();
    EXPECT_EQ(too_large.status, UAP_STATUS_TOO_LARGE);
    EXPECT_EQ(text_at(too_large.json, "/code"), "result_too_large");
    // A result that breaks the protocol's result schema is not passed on as a success.
    auto wrong = std::async(std::launch::async, [&] { return harness.call("editor.info", "{}", 5000); });
    request = editor.receive();
    editor.send_text(R"({"id":")" + text_at(request, "/id") + R"(","result":{"unityVersion":1}})");
    EXPECT_EQ(text_at(wrong.get().json, "/code"), "internal_error");
}

// Editor events whose data breaks their declared shape are dropped one by one with invalid_event,
// naming the event and the field; the events around them, and a call, still arrive.
TEST(BridgeBadInput, MalformedAndHostileEventDataIsRefusedAndNothingElseIsLost) {
    uap::bridge::BridgeOptions options;
    options.max_frame_bytes = 64 * 1024;
    BridgeHarness harness(options);
    std::mutex mutex;
    std::vector<std::string> seen;
    harness.bridge().subscribe([&](const std::string& frame) {
        std::lock_guard lock(mutex);
        seen.push_back(text_at(frame, "/event") + " message=" + text_at(frame, "/data/message") +
                       " title=" + text_at(frame, "/data/title"));
    });
    RawEditor editor(harness.port(), uap::testing::editor_token);
    ASSERT_TRUE(editor.upgraded());
    editor.hello("events-1", harness.project().string());
    ASSERT_EQ(text_at(editor.receive(), "/event"), "welcome");
    auto expect_refused = [&](const std::string& frame, const std::string& event, const std::string& field) {
        editor.send_text(frame);
        std::string answer = editor.receive_skipping_pings();
        EXPECT_EQ(text_at(answer, "/event"), "protocolError") << answer;
        EXPECT_EQ(text_at(answer, "/data/code"), "invalid_event") << answer;
        std::string message = text_at(answer, "/data/message");
        EXPECT_EQ(message.rfind("the " + event + " event was dropped", 0), 0u) << message;
        EXPECT_NE(message.find(field), std::string::npos) << message;
    };
    editor.send_text(R"({"event":"consoleError","data":{"type":"error","message":"before"}})");
    expect_refused(R"({"event":"consoleError","data":{"message":7}})", "consoleError", "/message");
    expect_refused(R"({"event":"consoleError","data":{"message":"x","type":"fatal"}})", "consoleError", "/type");
    expect_refused(R"({"event":"consoleError","data":{"message":"x","count":-5}})", "consoleError", "/count");
    expect_refused(R"({"event":"modalDialog","data":{"title":"Save Scene?"}})", "modalDialog", "required");
    expect_refused(R"({"event":"selectionChanged","data":{"objects":"everything"}})", "selectionChanged", "/objects");
    expect_refused(R"({"event":"playModeChanged","data":{"state":"flying"}})", "playModeChanged", "/state");
    expect_refused(R"({"event":"prefabStageChanged","data":{"opened":"yes","assetPath":"Assets/A.prefab"}})", "prefabStageChanged", "/opened");
    expect_refused(R"({"event":"consoleError"})", "consoleError", "required");
    // Hostile nesting inside a field of the right name is a wrong type, not a crash.
    expect_refused(R"({"event":"consoleError","data":{"message":)" + std::string(40, '[') + std::string(40, ']') + "}}", "consoleError", "/message");
    // An event over the frame cap is discarded whole.
    editor.send_text(R"({"event":"consoleError","data":{"message":")" + std::string(100 * 1024, 'x') + "\"}}");
    std::string too_large = editor.receive_skipping_pings();
    EXPECT_EQ(text_at(too_large, "/data/code"), "frame_too_large") << too_large.substr(0, 300);
    editor.send_text(R"({"event":"modalDialog","data":{"title":"after","open":true}})");
    editor.send_text(R"({"event":"someFutureEvent","data":{"anything":1}})");
    // The connection still carries a call, and only the well-formed events reached the listeners.
    auto call = std::async(std::launch::async, [&] { return harness.call("editor.info", "{}", 5000); });
    std::string request = editor.receive_skipping_pings();
    ASSERT_EQ(text_at(request, "/method"), "editor.info") << request;
    editor.send_text(R"({"id":")" + text_at(request, "/id") +
                     R"(","result":{"unityVersion":"raw","projectPath":"p","editorPid":1,"editorSessionId":"events-1"}})");
    EXPECT_EQ(call.get().status, UAP_STATUS_OK);
    std::lock_guard lock(mutex);
    EXPECT_EQ(seen, (std::vector<std::string>{"consoleError message=before title=<missing>", "modalDialog message=<missing> title=after",
                                              "someFutureEvent message=<missing> title=<missing>"}));
}

TEST(BridgeBadInput, AFrameNestedAMillionDeepIsAParseErrorAndTheHostStays) {
    BridgeHarness harness;
    RawEditor editor(harness.port(), uap::testing::editor_token);
    ASSERT_TRUE(editor.upgraded());
    editor.hello("deep-1", harness.project().string());
    ASSERT_EQ(text_at(editor.receive(), "/event"), "welcome");
    editor.send_text(std::string(1'000'000, '['));
    std::string frame = editor.receive_skipping_pings();
    EXPECT_EQ(text_at(frame, "/event"), "protocolError") << frame;
    EXPECT_EQ(text_at(frame, "/data/code"), "parse_error") << frame;
    editor.send_text(std::string(500'000, '[') + std::string(500'000, ']'));
    frame = editor.receive_skipping_pings();
    EXPECT_EQ(text_at(frame, "/data/code"), "parse_error") << frame;
    EXPECT_NE(text_at(frame, "/data/message").find("nests deeper"), std::string::npos) << frame;
    // The connection and the host still carry a call.
    auto call = std::async(std::launch::async, [&] { return harness.call("editor.info", "{}", 5000); });
    std::string request = editor.receive_skipping_pings();
    ASSERT_EQ(text_at(request, "/method"), "editor.info") << request;
}

TEST(BridgeBadInput, APrimitiveTheEditorDoesNotListIsExplainedAsAnOlderPackage) {
    BridgeHarness harness;
    RawEditor editor(harness.port(), uap::testing::editor_token);
    ASSERT_TRUE(editor.upgraded());
    editor.hello("older-1", harness.project().string()); // Its hello lists editor.info only.
    ASSERT_EQ(text_at(editor.receive(), "/event"), "welcome");
    auto answer_with = [&](const std::string& method, const std::string& message) {
        auto call = std::async(std::launch::async, [&] { return harness.call(method, "{}", 5000); });
        std::string request = editor.receive_skipping_pings();
        EXPECT_EQ(text_at(request, "/method"), method) << request;
        editor.send_text(R"({"id":")" + text_at(request, "/id") + R"(","error":{"code":"unknown_method","message":")" + message + "\"}}");
        return call.get();
    };
    auto missing = answer_with("selection.get", "no primitive named 'selection.get' in bridge protocol v1");
    EXPECT_EQ(missing.status, UAP_STATUS_INVALID_ARGUMENT);
    EXPECT_EQ(text_at(missing.json, "/code"), "unknown_method");
    std::string message = text_at(missing.json, "/message");
    EXPECT_NE(message.find("does not implement the editor primitive 'selection.get'"), std::string::npos) << message;
    EXPECT_NE(message.find("older than the host"), std::string::npos) << message;
    EXPECT_NE(message.find("Update com.agentpanel.unity in Unity's Package Manager"), std::string::npos) << message;
    // A primitive it lists keeps the editor's own words: the package is not the reason there.
    auto listed = answer_with("editor.info", "the editor's own words");
    EXPECT_EQ(text_at(listed.json, "/message"), "the editor's own words") << listed.json;
}

TEST(BridgeBadInput, AHelloNestedAMillionDeepIsRefused) {
    BridgeHarness harness;
    RawEditor editor(harness.port(), uap::testing::editor_token);
    ASSERT_TRUE(editor.upgraded());
    editor.send_text(std::string(1'000'000, '{'));
    std::string frame = editor.receive();
    EXPECT_EQ(text_at(frame, "/event"), "refused") << frame;
    EXPECT_EQ(text_at(frame, "/data/code"), "parse_error") << frame;
}

TEST(BridgeBadInput, UnknownMethodsAndWrongParamTypesAreProtocolErrors) {
    BridgeHarness harness;
    uap::editor_sim::EditorSimulator simulator(harness.identity("params"));
    simulator.build_sample_scene();
    auto editor = harness.connect_in_process(simulator);
    auto unknown = harness.call("object.explode", "{}");
    EXPECT_EQ(unknown.status, UAP_STATUS_INVALID_ARGUMENT);
    EXPECT_EQ(text_at(unknown.json, "/code"), "unknown_method");
    auto wrong = harness.call("object.create", R"({"name":5})");
    EXPECT_EQ(wrong.status, UAP_STATUS_INVALID_ARGUMENT);
    EXPECT_EQ(text_at(wrong.json, "/code"), "invalid_params");
    auto extra = harness.call("object.setActive", R"({"object":{"scenePath":"/Player"},"active":"yes"})");
    EXPECT_EQ(text_at(extra.json, "/code"), "invalid_params");
    auto not_object = harness.call("editor.info", "[1]");
    EXPECT_EQ(not_object.status, UAP_STATUS_INVALID_ARGUMENT);
    EXPECT_EQ(harness.call("editor.info", "{}").status, UAP_STATUS_OK) << "the connection must survive";
}

TEST(BridgeBadInput, ResultsOverTheCapAreRefusedByTheEditor) {
    uap::bridge::BridgeOptions options;
    options.max_frame_bytes = 64 * 1024;
    BridgeHarness harness(options);
    uap::editor_sim::EditorSimulator simulator(harness.identity("capped"));
    simulator.add_flat_objects(3000, "Object");
    auto editor = harness.connect_in_process(simulator);
    auto answer = harness.call("hierarchy.subtree", R"({"maxNodes":3000})");
    EXPECT_EQ(answer.status, UAP_STATUS_TOO_LARGE);
    EXPECT_EQ(text_at(answer.json, "/code"), "result_too_large");
    EXPECT_EQ(harness.call("hierarchy.subtree", R"({"maxNodes":100})").status, UAP_STATUS_OK);
}

TEST(BridgeBadInput, SecondEditorIsRefusedAndTheSameSessionReplacesItsOldSocket) {
    BridgeHarness harness;
    RawEditor first(harness.port(), uap::testing::editor_token);
    first.hello("session-A", harness.project().string());
    ASSERT_EQ(text_at(first.receive(), "/event"), "welcome");

    uap::editor_sim::EditorSimulator intruder_model(harness.identity("session-B"));
    auto intruder = std::make_unique<uap::editor_sim::SimulatedEditor>(intruder_model, harness.endpoint());
    intruder->start();
    EXPECT_FALSE(intruder->wait_connected(3s));
    EXPECT_TRUE(intruder->refused());
    EXPECT_NE(intruder->refusal().find("second_editor"), std::string::npos) << intruder->refusal();
    intruder->stop();

    uap::editor_sim::EditorSimulator same_model(harness.identity("session-A"));
    auto same = harness.connect_in_process(same_model);
    ASSERT_FALSE(same->refused());
    EXPECT_EQ(first.receive(), "") << "the old socket of the same session is closed";
    auto answer = harness.call("editor.info", "{}");
    EXPECT_EQ(answer.status, UAP_STATUS_OK);
    EXPECT_EQ(text_at(answer.json, "/editorSessionId"), "session-A");
}

TEST(BridgeBadInput, AnEditorForAnotherProjectIsRefused) {
    uap::bridge::BridgeOptions options;
    options.project_path = "<harness>";
    BridgeHarness harness(options);
    RawEditor editor(harness.port(), uap::testing::editor_token);
    editor.hello("elsewhere", "/some/other/project");
    std::string frame = editor.receive();
    EXPECT_EQ(text_at(frame, "/event"), "refused");
    EXPECT_EQ(text_at(frame, "/data/code"), "wrong_project");
}

TEST(BridgeWaits, NoEditorWithinTheBoundMeansNeverStarted) {
    ManualClock clock;
    uap::bridge::BridgeOptions options;
    options.reconnect_wait = 300ms;
    BridgeHarness harness(options, clock);
    auto call = std::async(std::launch::async, [&] { return harness.call("editor.info", "{}", 100); });
    ASSERT_TRUE(eventually([&] { return text_at(harness.bridge().state_json(), "/pendingRequests") == "1"; }));
    clock.advance(100ms);
    // Past its own timeout the call still waits for an editor to connect, until the reconnect wait ends.
    EXPECT_EQ(call.wait_for(20ms), std::future_status::timeout);
    clock.advance(200ms);
    auto answer = call.get();
    EXPECT_EQ(answer.status, UAP_STATUS_UNAVAILABLE);
    EXPECT_EQ(text_at(answer.json, "/code"), "not_connected");
    EXPECT_EQ(text_at(answer.json, "/data/outcome"), "not_connected");
    EXPECT_EQ(text_at(harness.bridge().state_json(), "/state"), "not_connected");
}

TEST(BridgeWaits, ACallIssuedDuringAReloadCompletesAfterIt) {
    ManualClock clock, editor_clock;
    BridgeHarness harness({}, clock);
    uap::editor_sim::EditorSimulator simulator(harness.identity("reloader"));
    auto editor = harness.connect_in_process(simulator, editor_clock);
    editor->inject_reload(600ms);
    EXPECT_TRUE(eventually([&] { return text_at(harness.bridge().state_json(), "/state") == "reloading"; }));
    auto call = std::async(std::launch::async, [&] { return harness.call("object.create", R"({"name":"AfterReload"})", 200); });
    ASSERT_TRUE(eventually([&] { return text_at(harness.bridge().state_json(), "/pendingRequests") == "1"; }));
    // The call's own timeout passes while the editor is away; the host keeps it for the reconnect.
    clock.advance(200ms);
    // The reload ends, and the editor reconnects, as the editor's time moves.
    while (call.wait_for(5ms) != std::future_status::ready)
        editor_clock.advance(100ms);
    auto answer = call.get();
    EXPECT_EQ(answer.status, UAP_STATUS_OK) << answer.json;
    EXPECT_EQ(text_at(harness.bridge().state_json(), "/state"), "connected");
}

TEST(BridgeWaits, CancellingAQueuedCallWithdrawsItSoItNeverRuns) {
    ManualClock clock;
    BridgeHarness harness({}, clock);
    uap::editor_sim::EditorSimulator simulator(harness.identity("canceller"));
    auto editor = harness.connect_in_process(simulator);
    editor->inject_stall(500ms);
    // Cancelled from the start: the request goes out, queues behind the stall, and the wait's first
    // step withdraws it (the probe follows the request on the same socket).
    uap::api::CallControl control;
    control.cancelled = true;
    auto withdrawn = harness.bridge().call("object.create", R"({"name":"NeverMade"})", 10000, &control);
    ASSERT_FALSE(withdrawn);
    EXPECT_EQ(withdrawn.error().code(), uap::ErrorCode::Cancelled) << withdrawn.error().message();
    EXPECT_EQ(text_at(withdrawn.error().detail(), "/code"), "cancelled");
    // This lookup queues after the withdrawn request, so it runs after the place where that one would have.
    auto lookup = harness.call("component.list", R"({"object":{"scenePath":"/NeverMade"}})");
    EXPECT_EQ(text_at(lookup.json, "/code"), "not_found") << "a withdrawn request must not run after the stall";
}

TEST(BridgeJournal, AResultCompletedDuringAReloadArrivesInHelloAndIsNotRunAgain) {
    ManualClock clock; // Never moved: no liveness ping may arrive while the test watches for re-sent frames.
    BridgeHarness harness({}, clock);
    auto editor = std::make_unique<RawEditor>(harness.port(), uap::testing::editor_token);
    editor->hello("ledger", harness.project().string());
    ASSERT_EQ(text_at(editor->receive(), "/event"), "welcome");
    auto call = std::async(std::launch::async, [&] { return harness.call("object.create", R"({"name":"Once"})", 20000); });
    std::string request = editor->receive();
    std::string id = text_at(request, "/id");
    ASSERT_NE(id, "<missing>") << request;
    // The editor runs it, but a reload takes the socket before the answer goes out.
    editor->send_text(R"({"event":"reloading","data":{}})");
    editor->close();
    editor.reset();
    EXPECT_TRUE(eventually([&] { return text_at(harness.bridge().state_json(), "/state") == "reloading"; }));
    auto back = std::make_unique<RawEditor>(harness.port(), uap::testing::editor_token);
    std::string response = R"({"id":")" + id + R"(","result":{"observed":{"instanceId":1000,"name":"Once","path":"/Once","active":true,"childCount":0}}})";
    back->hello("ledger", harness.project().string(), "[" + response + "]");
    ASSERT_EQ(text_at(back->receive(), "/event"), "welcome");
    auto answer = call.get();
    EXPECT_EQ(answer.status, UAP_STATUS_OK) << answer.json;
    EXPECT_EQ(text_at(answer.json, "/observed/name"), "Once");
    EXPECT_FALSE(back->readable_within(Poco::Timespan(0, 300000))) << "a request answered in hello must not be re-sent";
    EXPECT_EQ(harness.bridge().statistics().resent, 0u);
}

TEST(BridgeJournal, AnUnansweredRequestIsReSentAfterTheReloadWithTheSameId) {
    BridgeHarness harness;
    auto editor = std::make_unique<RawEditor>(harness.port(), uap::testing::editor_token);
    editor->hello("resend", harness.project().string());
    ASSERT_EQ(text_at(editor->receive(), "/event"), "welcome");
    auto call = std::async(std::launch::async, [&] { return harness.call("editor.info", "{}", 20000); });
    std::string id = text_at(editor->receive(), "/id");
    editor->send_text(R"({"event":"reloading","data":{}})");
    editor->close();
    editor.reset();
    auto back = std::make_unique<RawEditor>(harness.port(), uap::testing::editor_token);
    back->hello("resend", harness.project().string());
    ASSERT_EQ(text_at(back->receive(), "/event"), "welcome");
    std::string again = back->receive();
    EXPECT_EQ(text_at(again, "/id"), id) << again;
    back->send_text(R"({"id":")" + id + R"(","result":{"unityVersion":"raw","projectPath":"p","editorPid":1,"editorSessionId":"resend"}})");
    back->send_text(R"({"id":")" + id + R"(","result":{"unityVersion":"raw","projectPath":"p","editorPid":1,"editorSessionId":"resend"}})");
    EXPECT_EQ(call.get().status, UAP_STATUS_OK);
    eventually([&] { return harness.bridge().statistics().duplicate_responses > 0; });
    EXPECT_EQ(harness.bridge().statistics().duplicate_responses, 1u) << "the second answer for one id is dropped";
}

// The Unity package replaces a dead host and points the same editor session at the new one: answers to
// the old host's ids (in hello, or as plain responses) become finished jobs under those ids.
TEST(BridgeJournal, AnswersForAPreviousHostRunAreKeptAsJobs) {
    BridgeHarness harness;
    RawEditor editor(harness.port(), uap::testing::editor_token);
    std::string in_hello = R"({"id":"hdeadbeef-7","result":{"observed":{"name":"Interrupted"}}})";
    editor.hello("replaced-host", harness.project().string(), "[" + in_hello + "]");
    ASSERT_EQ(text_at(editor.receive(), "/event"), "welcome");
    auto job = harness.call("host.jobStatus", R"({"jobId":"hdeadbeef-7"})");
    EXPECT_EQ(text_at(job.json, "/state"), "completed") << job.json;
    EXPECT_EQ(text_at(job.json, "/result/observed/name"), "Interrupted");
    EXPECT_NE(text_at(job.json, "/detail").find("host run that sent it had ended"), std::string::npos) << job.json;

    editor.send_text(R"({"id":"hdeadbeef-8","error":{"code":"not_found","message":"no object"}})");
    std::string state;
    eventually([&] {
        state = text_at(harness.call("host.jobStatus", R"({"jobId":"hdeadbeef-8"})").json, "/state");
        return state == "failed";
    });
    EXPECT_EQ(state, "failed") << "a late error answer is kept too";
    EXPECT_EQ(harness.bridge().statistics().duplicate_responses, 0u);
}

} // namespace

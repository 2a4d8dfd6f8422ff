// Elicitation over real HTTP on 127.0.0.1 (the real server, guard and router, a fake tool provider):
// a tool that needs the user to pick a target is asked on the call's stream in a 2025 session and
// through input_required under 2026-07-28, refused with the choices when the client cannot be asked,
// and bounded (timeouts, malformed and oversized answers, answers from another session).
#include "mcp/elicitation.hpp"
#include "mcp/mcp_endpoint.hpp"
#include "served_mcp.hpp"

#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/StreamCopier.h>

#include <gtest/gtest.h>
#include <rapidjson/document.h>

#include <map>
#include <mutex>

namespace {

using uap::mcp::testing::Headers;
using uap::mcp::testing::Reply;

constexpr const char* modern = "2026-07-28";

// "pick" writes its path into a record, but a path of "Player" names two objects: the tool then needs
// the user to choose between "#1" and "#2". "read" answers what was written, a separate read.
class PickTools final : public uap::mcp::ToolProvider {
public:
    PickTools() {
        for (auto* tool : {&m_pick, &m_read}) {
            tool->description = "test";
            tool->input_schema_json = R"({"type":"object"})";
        }
        m_pick.name = "pick";
        m_read.name = "read";
    }
    std::vector<const uap::modules::ToolDescription*> enabled_tools() const override { return {&m_pick, &m_read}; }
    uap::mcp::ToolLookup lookup(std::string_view name) const override {
        if (name == "pick")
            return {uap::mcp::Availability::Available, &m_pick, "test", {}};
        if (name == "read")
            return {uap::mcp::Availability::Available, &m_read, "test", {}};
        return {};
    }
    uap::modules::ToolOutcome call(std::string_view name, std::string_view arguments_json, const uap::modules::CallOptions&) const override {
        std::lock_guard lock(m_mutex);
        if (name == "read")
            return {uap::modules::CallStatus::Success, R"({"written":")" + m_written + R"("})"};
        rapidjson::Document arguments;
        arguments.Parse(arguments_json.data(), arguments_json.size());
        std::string path = arguments.HasMember("path") ? arguments["path"].GetString() : "";
        if (path == "Player")
            return {uap::modules::CallStatus::NeedsChoice, refusal, question};
        if (path != "#1" && path != "#2")
            return {uap::modules::CallStatus::ToolError, "no object at " + path};
        m_written = path;
        return {uap::modules::CallStatus::Success, R"({"picked":")" + path + R"("})"};
    }

    static constexpr const char* refusal = "pick needs a choice: 2 objects match. Call it again with path set to one of: \"#1\"; \"#2\".";
    static constexpr const char* question =
        R"json({"question":"2 objects match the path 'Player'. Which one is meant?","argument":"path",)json"
        R"json("choices":[{"value":"#1","label":"/Player (#1)"},{"value":"#2","label":"/Level/Player (#2)"}],)json"
        R"json("refusal":"pick needs a choice: 2 objects match. Call it again with path set to one of: \"#1\"; \"#2\"."})json";

private:
    uap::modules::ToolDescription m_pick, m_read;
    mutable std::mutex m_mutex;
    mutable std::string m_written;
};

// A tools/call answered with an event stream, read one event at a time.
class OpenStream {
public:
    OpenStream(uint16_t port, const std::string& body, const Headers& headers) : m_client("127.0.0.1", port) {
        m_client.setTimeout(Poco::Timespan(5, 0));
        Poco::Net::HTTPRequest request = uap::mcp::testing::ServedMcp::request_to_mcp("POST", port, body, headers);
        m_client.sendRequest(request) << body;
        m_body = &m_client.receiveResponse(m_response);
    }
    const Poco::Net::HTTPResponse& response() const { return m_response; }
    // The next event's JSON message; a null document when the stream ended.
    rapidjson::Document next() {
        rapidjson::Document message;
        std::string line;
        while (std::getline(*m_body, line))
            if (line.rfind("data: ", 0) == 0) {
                message.Parse(line.c_str() + 6);
                return message;
            }
        return message;
    }

private:
    Poco::Net::HTTPClientSession m_client;
    Poco::Net::HTTPResponse m_response;
    std::istream* m_body = nullptr;
};

class ElicitationTest : public uap::mcp::testing::ServedMcp {
protected:
    void add_routes() override { router.add(endpoint.route()); }

    PickTools tools;
    uap::mcp::McpEndpoint endpoint{tools, sessions, uap::mcp::ServerIdentity{.version = "test"}, nullptr, &hub};

    Reply post(const std::string& body, const Headers& headers) { return send("POST", body, headers); }

    std::string open_session(const std::string& capabilities) {
        Reply reply = post(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":)" +
                               capabilities + R"(,"clientInfo":{"name":"gtest","version":"1"}}})",
                           {});
        EXPECT_EQ(reply.status, 200);
        return reply.headers["Mcp-Session-Id"];
    }
    static Headers session_headers(const std::string& session) { return {{"Mcp-Session-Id", session}, {"MCP-Protocol-Version", "2025-11-25"}}; }
    static std::string call_body(int id, const std::string& tool, const std::string& arguments) {
        return R"({"jsonrpc":"2.0","id":)" + std::to_string(id) + R"(,"method":"tools/call","params":{"name":")" + tool +
               R"(","arguments":)" + arguments + "}}";
    }
    static std::string answer_body(const std::string& id, const std::string& result) {
        return R"({"jsonrpc":"2.0","id":")" + id + R"(","result":)" + result + "}";
    }
    // What "read" reports as written, over a session of its own that cannot be asked (a plain JSON answer).
    std::string written() {
        Reply read = post(call_body(90, "read", "{}"), session_headers(open_session("{}")));
        rapidjson::Document result;
        result.Parse(read.json["result"]["content"][0]["text"].GetString());
        return result["written"].GetString();
    }

    // Opens the call in a session that declared elicitation, checks the question on its stream, sends
    // answer (a result object) and returns the call's final response.
    rapidjson::Document ask_and_answer(const std::string& session, const std::string& answer) {
        OpenStream call(port, call_body(7, "pick", R"({"path":"Player"})"), session_headers(session));
        EXPECT_EQ(call.response().getContentType(), "text/event-stream");
        rapidjson::Document question = call.next();
        EXPECT_TRUE(question.IsObject());
        if (!question.IsObject())
            return question;
        EXPECT_STREQ(question["method"].GetString(), "elicitation/create");
        const auto& params = question["params"];
        EXPECT_STREQ(params["mode"].GetString(), "form");
        EXPECT_NE(std::string(params["message"].GetString()).find("2 objects match"), std::string::npos);
        const auto& field = params["requestedSchema"]["properties"]["path"];
        EXPECT_EQ(field["oneOf"].Size(), 2u);
        EXPECT_STREQ(field["oneOf"][1]["const"].GetString(), "#2");
        EXPECT_STREQ(field["oneOf"][1]["title"].GetString(), "/Level/Player (#2)");
        EXPECT_STREQ(params["requestedSchema"]["required"][0].GetString(), "path");
        Reply delivered = post(answer_body(question["id"].GetString(), answer), session_headers(session));
        EXPECT_EQ(delivered.status, 202);
        return call.next();
    }
};

TEST_F(ElicitationTest, ASessionClientPicksAndTheWriteLandsOnTheChosenObject) {
    std::string session = open_session(R"({"elicitation":{}})");
    rapidjson::Document response = ask_and_answer(session, R"({"action":"accept","content":{"path":"#2"}})");
    ASSERT_TRUE(response.IsObject());
    EXPECT_EQ(response["id"].GetInt(), 7);
    EXPECT_FALSE(response["result"]["isError"].GetBool()) << response["result"]["content"][0]["text"].GetString();
    EXPECT_EQ(written(), "#2") << "the separate read sees the chosen object written";
}

TEST_F(ElicitationTest, DeclineAndCancelEndTheCallWithNothingWritten) {
    std::string session = open_session(R"({"elicitation":{"form":{}}})");
    for (const std::string action : {"decline", "cancel"}) {
        rapidjson::Document response = ask_and_answer(session, R"({"action":")" + action + R"("})");
        ASSERT_TRUE(response.IsObject()) << action;
        EXPECT_TRUE(response["result"]["isError"].GetBool()) << action;
        EXPECT_NE(std::string(response["result"]["content"][0]["text"].GetString()).find("nothing was changed"), std::string::npos);
    }
    EXPECT_EQ(written(), "");
}

TEST_F(ElicitationTest, MalformedAndOversizedAnswersEndTheCallWithNothingWritten) {
    std::string session = open_session(R"({"elicitation":{}})");
    const std::map<std::string, std::string> answers{
        {R"({"action":"accept","content":{"path":5}})", "content.path"},
        {R"({"action":"accept"})", "content"},
        {R"({"action":"maybe"})", "none of"},
        {R"({"action":"accept","content":{"path":")" + std::string(5000, 'x') + R"("}})", "longer than"},
    };
    for (const auto& [answer, complaint] : answers) {
        rapidjson::Document response = ask_and_answer(session, answer);
        ASSERT_TRUE(response.IsObject());
        EXPECT_TRUE(response["result"]["isError"].GetBool());
        std::string text = response["result"]["content"][0]["text"].GetString();
        EXPECT_NE(text.find(complaint), std::string::npos) << text;
        EXPECT_NE(text.find("\"#2\""), std::string::npos) << "the refusal still lists the choices: " << text;
    }
    EXPECT_EQ(written(), "");
}

TEST_F(ElicitationTest, AClientWithoutTheCapabilityGetsTheChoicesAndTheArgumentToPass) {
    std::string session = open_session("{}");
    Reply reply = post(call_body(7, "pick", R"({"path":"Player"})"), session_headers(session));
    ASSERT_EQ(reply.status, 200);
    EXPECT_EQ(reply.headers["Content-Type"], "application/json") << "nothing to ask, so no stream";
    EXPECT_TRUE(reply.json["result"]["isError"].GetBool());
    EXPECT_STREQ(reply.json["result"]["content"][0]["text"].GetString(), PickTools::refusal);
    EXPECT_EQ(written(), "");
}

TEST_F(ElicitationTest, AnAnswerFromAnotherSessionIsIgnoredAndTheQuestionTimesOut) {
    endpoint.set_elicitation_limits({.max_pending_per_session = 4, .answer_timeout = std::chrono::milliseconds(400)});
    std::string asked = open_session(R"({"elicitation":{}})");
    std::string other = open_session(R"({"elicitation":{}})");
    OpenStream call(port, call_body(7, "pick", R"({"path":"Player"})"), session_headers(asked));
    rapidjson::Document question = call.next();
    ASSERT_TRUE(question.IsObject());
    Reply foreign = post(answer_body(question["id"].GetString(), R"({"action":"accept","content":{"path":"#1"}})"), session_headers(other));
    EXPECT_EQ(foreign.status, 202) << "a response is acknowledged, but only its own session's question takes it";
    rapidjson::Document response = call.next();
    ASSERT_TRUE(response.IsObject());
    EXPECT_TRUE(response["result"]["isError"].GetBool());
    EXPECT_NE(std::string(response["result"]["content"][0]["text"].GetString()).find("did not answer within 400 ms"), std::string::npos);
    EXPECT_EQ(written(), "");
}

TEST_F(ElicitationTest, EndingTheSessionEndsACallWaitingForItsAnswerWithNoResponse) {
    std::string session = open_session(R"({"elicitation":{}})");
    OpenStream call(port, call_body(7, "pick", R"({"path":"Player"})"), session_headers(session));
    rapidjson::Document question = call.next();
    ASSERT_TRUE(question.IsObject());
    auto started = std::chrono::steady_clock::now();
    EXPECT_EQ(send("DELETE", "", session_headers(session)).status, 200);
    rapidjson::Document after = call.next();
    auto waited = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
    EXPECT_FALSE(after.IsObject()) << "a cancelled call gets no response; the stream just ends";
    EXPECT_LT(waited.count(), 1000) << "the wait notices the cancellation at once, not at the 10-minute timeout";
    EXPECT_EQ(written(), "");
}

TEST(PendingElicitations, ASessionMayLeaveOnlySoManyQuestionsOpen) {
    uap::mcp::PendingElicitations pending;
    pending.set_limits({.max_pending_per_session = 2});
    ASSERT_TRUE(pending.open("a"));
    ASSERT_TRUE(pending.open("a"));
    auto third = pending.open("a");
    ASSERT_FALSE(third);
    EXPECT_NE(third.error().message().find("already has 2 questions waiting"), std::string::npos);
    EXPECT_TRUE(pending.open("b")) << "the bound is per session";
    EXPECT_EQ(pending.size(), 3u);
}

// The 2026-07-28 revision: the question is an input_required result, the answer a retried call.
class StatelessElicitationTest : public ElicitationTest {
protected:
    static std::string modern_call(const std::string& arguments, const std::string& capabilities, const std::string& extra = "") {
        return R"({"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"pick","arguments":)" + arguments + extra +
               R"(,"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":)" +
               capabilities + R"(,"io.modelcontextprotocol/clientInfo":{"name":"gtest","version":"1"}}}})";
    }
    static Headers modern_headers() { return {{"MCP-Protocol-Version", modern}, {"Mcp-Method", "tools/call"}, {"Mcp-Name", "pick"}}; }
    std::string written_statelessly() {
        std::string body = modern_call("{}", "{}");
        body.replace(body.find("\"pick\""), 6, "\"read\"");
        Headers headers = modern_headers();
        headers["Mcp-Name"] = "read";
        Reply read = post(body, headers);
        rapidjson::Document result;
        result.Parse(read.json["result"]["content"][0]["text"].GetString());
        return result["written"].GetString();
    }
};

TEST_F(StatelessElicitationTest, InputRequiredThenTheRetryWithTheAnswerWrites) {
    Reply asked = post(modern_call(R"({"path":"Player"})", R"({"elicitation":{}})"), modern_headers());
    ASSERT_EQ(asked.status, 200) << asked.text;
    const auto& result = asked.json["result"];
    EXPECT_STREQ(result["resultType"].GetString(), "input_required");
    EXPECT_FALSE(result.HasMember("requestState")) << "nothing is kept between the two requests";
    const auto& request = result["inputRequests"]["path"];
    EXPECT_STREQ(request["method"].GetString(), "elicitation/create");
    EXPECT_EQ(request["params"]["requestedSchema"]["properties"]["path"]["oneOf"].Size(), 2u);
    EXPECT_EQ(written_statelessly(), "");

    Reply retried = post(modern_call(R"({"path":"Player"})", R"({"elicitation":{}})",
                                     R"(,"inputResponses":{"path":{"action":"accept","content":{"path":"#1"}}})"),
                         modern_headers());
    ASSERT_EQ(retried.status, 200) << retried.text;
    EXPECT_STREQ(retried.json["result"]["resultType"].GetString(), "complete");
    EXPECT_FALSE(retried.json["result"]["isError"].GetBool()) << retried.text;
    EXPECT_EQ(written_statelessly(), "#1");
    EXPECT_EQ(sessions.size(), 0u);
}

TEST_F(StatelessElicitationTest, WithoutTheCapabilityTheCallIsRefusedWithTheChoices) {
    Reply refused = post(modern_call(R"({"path":"Player"})", "{}"), modern_headers());
    ASSERT_EQ(refused.status, 200);
    EXPECT_STREQ(refused.json["result"]["resultType"].GetString(), "complete");
    EXPECT_TRUE(refused.json["result"]["isError"].GetBool());
    EXPECT_STREQ(refused.json["result"]["content"][0]["text"].GetString(), PickTools::refusal);
}

TEST_F(StatelessElicitationTest, ADeclinedRetryEndsCleanlyAndMalformedResponsesAreRefused) {
    Reply declined = post(modern_call(R"({"path":"Player"})", R"({"elicitation":{}})", R"(,"inputResponses":{"path":{"action":"decline"}})"),
                          modern_headers());
    ASSERT_EQ(declined.status, 200);
    EXPECT_TRUE(declined.json["result"]["isError"].GetBool());
    EXPECT_NE(std::string(declined.json["result"]["content"][0]["text"].GetString()).find("declined"), std::string::npos);

    for (const std::string& malformed :
         {std::string(R"(,"inputResponses":[])"), std::string(R"(,"inputResponses":{"path":{"action":"accept"},"other":{"action":"decline"}})"),
          std::string(R"(,"inputResponses":{"path":{"action":"accept","content":{}}})"),
          R"(,"inputResponses":{"path":{"action":"accept","content":{"path":")" + std::string(3000, 'y') + R"("}}})"}) {
        Reply refused = post(modern_call(R"({"path":"Player"})", R"({"elicitation":{}})", malformed), modern_headers());
        EXPECT_EQ(refused.status, 200) << malformed;
        EXPECT_EQ(refused.json["error"]["code"].GetInt(), -32602) << refused.text;
    }
    EXPECT_EQ(written_statelessly(), "");
}

} // namespace

namespace {

// The module host reads a tool's question before anything is asked: a malformed one is the tool's
// internal error, with the reason, and never reaches a client.
TEST(ChoiceRequest, AWellFormedQuestionIsReadWithItsChoices) {
    auto question = uap::modules::read_choice_request(PickTools::question);
    ASSERT_TRUE(question) << question.error().message();
    EXPECT_EQ(question->argument, "path");
    ASSERT_EQ(question->choices.size(), 2u);
    EXPECT_EQ(question->choices[1].label, "/Level/Player (#2)");
    EXPECT_EQ(question->refusal, PickTools::refusal);
}

TEST(ChoiceRequest, MalformedQuestionsAreRefusedWithTheReason) {
    const std::string two = R"json([{"value":"#1","label":"a"},{"value":"#2","label":"b"}])json";
    auto with = [](const std::string& choices, const std::string& question = "Which?", const std::string& refusal = "r") {
        return R"json({"question":")json" + question + R"json(","argument":"path","choices":)json" + choices + R"json(,"refusal":")json" +
               refusal + R"json("})json";
    };
    const std::map<std::string, std::string> malformed{
        {"not json", "offset"},
        {with(R"json([{"value":"#1","label":"a"}])json"), "2 to 64 choices"},
        {with(R"json([{"value":"#1","label":"a"},{"value":"#1","label":"b"}])json"), "offered twice"},
        {with(R"json([{"value":"#1","label":"a"},{"value":"","label":"b"}])json"), "\"value\" must be a non-empty string"},
        {with(two, std::string(2000, 'q')), "longer than 1024 bytes"},
        {with(two, "Which?", ""), "\"refusal\" must be a non-empty string"},
        {R"json({"question":"Which?","choices":[]})json", "\"argument\""},
    };
    for (const auto& [text, reason] : malformed) {
        auto question = uap::modules::read_choice_request(text);
        ASSERT_FALSE(question) << text.substr(0, 80);
        EXPECT_NE(question.error().message().find(reason), std::string::npos) << question.error().message();
    }
    std::string many = "[";
    for (int index = 0; index < 65; ++index)
        many += std::string(index ? "," : "") + R"json({"value":"#)json" + std::to_string(index) + R"json(","label":"x"})json";
    EXPECT_FALSE(uap::modules::read_choice_request(with(many + "]")));
}

} // namespace

// The GET /mcp event stream behind the real server and guard: refusals for a missing Accept,
// session or token, the stream cap, one stream per session, and a notification arriving as an
// SSE event; plus the hub's bounded queues.
#include "served_mcp.hpp"

#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/StreamCopier.h>

#include <gtest/gtest.h>

namespace {

using namespace std::chrono_literals;
using uap::mcp::NotificationHub;

class EventStreamTest : public uap::mcp::testing::ServedMcp {
protected:
    EventStreamTest() : ServedMcp(uap::server::default_max_body_bytes, uap::mcp::StreamLimits{.max_streams = 2, .max_queued_messages = 4}) {}

    std::string open_session() {
        auto session = sessions.open(*uap::mcp::find_revision("2025-06-18"), "test");
        return session.value();
    }

    // Sends GET /mcp; returns the status, and the first bytes of the body when read_bytes > 0.
    int get(const std::map<std::string, std::string>& headers, std::string* body = nullptr, size_t read_bytes = 0,
            Poco::Net::HTTPClientSession* keep = nullptr) {
        Poco::Net::HTTPClientSession local("127.0.0.1", port);
        Poco::Net::HTTPClientSession& client = keep ? *keep : local;
        client.setTimeout(Poco::Timespan(5, 0));
        Poco::Net::HTTPRequest request("GET", "/mcp", Poco::Net::HTTPMessage::HTTP_1_1);
        request.setHost("127.0.0.1", port);
        for (auto& [name, value] : headers)
            request.set(name, value);
        client.sendRequest(request);
        Poco::Net::HTTPResponse response;
        std::istream& stream = client.receiveResponse(response);
        if (body && read_bytes > 0) {
            body->resize(read_bytes);
            stream.read(body->data(), static_cast<std::streamsize>(read_bytes));
            body->resize(static_cast<size_t>(stream.gcount()));
        } else if (body) {
            Poco::StreamCopier::copyToString(stream, *body);
        }
        return response.getStatus();
    }

    std::map<std::string, std::string> valid(const std::string& session) {
        return {{"Authorization", "Bearer mcp-token-aaaaaaaaaaaaaaaa"}, {"Accept", "text/event-stream"}, {"Mcp-Session-Id", session}};
    }
};

TEST_F(EventStreamTest, RefusesRequestsThatCannotOpenAStream) {
    std::string session = open_session();
    auto headers = valid(session);
    headers.erase("Authorization");
    EXPECT_EQ(get(headers), 401) << "the guard runs before the stream";
    headers = valid(session);
    headers["Authorization"] = "Bearer editor-token-bbbbbbbbbbbbbbbb";
    EXPECT_EQ(get(headers), 401) << "another role's token";
    headers = valid(session);
    headers["Origin"] = "http://evil.example";
    EXPECT_EQ(get(headers), 403);
    headers = valid(session);
    headers.erase("Accept");
    std::string body;
    EXPECT_EQ(get(headers, &body), 406);
    EXPECT_NE(body.find("text/event-stream"), std::string::npos) << body;
    headers = valid(session);
    headers.erase("Mcp-Session-Id");
    EXPECT_EQ(get(headers), 400);
    EXPECT_EQ(get(valid("no-such-session")), 404);
    EXPECT_EQ(get(valid(std::string(200, 'x'))), 404) << "a long unknown session id is just unknown";
    EXPECT_EQ(get(valid(std::string(10000, 'x'))), 400) << "a header value over the 8 KiB limit is refused before any lookup";
    EXPECT_EQ(hub.open_streams(), 0u);
}

TEST_F(EventStreamTest, ANotificationArrivesAsAnSseEvent) {
    std::string session = open_session();
    std::string received;
    std::thread reader([&] {
        Poco::Net::HTTPClientSession client("127.0.0.1", port);
        EXPECT_EQ(get(valid(session), &received, 200, &client), 200);
    });
    for (int waited = 0; waited < 100 && hub.open_streams() == 0; ++waited)
        std::this_thread::sleep_for(10ms);
    ASSERT_EQ(hub.open_streams(), 1u);
    hub.broadcast(uap::mcp::tools_list_changed_notification());
    std::this_thread::sleep_for(300ms); // Past one keep-alive, so the body holds more than the event.
    hub.stop();
    reader.join();
    EXPECT_NE(received.find("event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/tools/list_changed\"}\n\n"),
              std::string::npos)
        << received;
}

TEST(NotificationHub, BoundsStreamsAndQueuesAndKeepsOneStreamPerSession) {
    NotificationHub hub(uap::mcp::StreamLimits{.max_streams = 2, .max_queued_messages = 3});
    auto first = hub.open("a");
    ASSERT_TRUE(first);
    auto again = hub.open("a");
    ASSERT_TRUE(again);
    EXPECT_TRUE((*first)->closed()) << "a second stream of the same session replaces the first";
    EXPECT_EQ(hub.open_streams(), 1u);
    ASSERT_TRUE(hub.open("b"));
    auto third = hub.open("c");
    ASSERT_FALSE(third);
    EXPECT_NE(third.error().message().find("too many open event streams"), std::string::npos);

    // A stream that never reads is closed once its queue is full, not grown without bound.
    for (int message = 0; message < 4; ++message)
        hub.broadcast(std::string(1, 'm').append(std::to_string(message)));
    EXPECT_TRUE((*again)->closed());
    hub.release("a", *again);
    EXPECT_EQ(hub.open_streams(), 1u);
    EXPECT_FALSE((*first)->next(1ms)) << "a closed stream yields nothing";
    hub.stop();
    EXPECT_FALSE(hub.open("d")) << "no stream opens after stop";
}

TEST(NotificationHub, AReaderGetsMessagesInOrderAndTimesOutWhenIdle) {
    NotificationHub hub;
    auto stream = hub.open("s");
    ASSERT_TRUE(stream);
    EXPECT_FALSE((*stream)->next(5ms)) << "idle: a keep-alive is due";
    EXPECT_FALSE((*stream)->closed());
    hub.broadcast("one");
    hub.broadcast("two");
    EXPECT_EQ((*stream)->next(5ms), "one");
    EXPECT_EQ((*stream)->next(5ms), "two");
}

} // namespace

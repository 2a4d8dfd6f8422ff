// The one HTTP server under hostile load: /mcp stays available while idle, slow and upgraded
// connections are held open; request deadlines, keep-alive idleness and per-role caps are enforced;
// heads that do not say where their body ends are refused at once.
#include "served_host.hpp"

#include <gtest/gtest.h>

#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/Net/NetException.h>
#include <Poco/StreamCopier.h>

#include <chrono>
#include <iostream>
#include <thread>

namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;
using uap::testing::Attack;
using uap::testing::AttackPlan;
using uap::testing::McpProbe;
using uap::testing::ServedHost;

const std::filesystem::path host_binary = UAP_HOST_BINARY;

// Waits until the server closes `socket` (reads end of stream); returns how long that took.
std::optional<std::chrono::milliseconds> time_until_closed(Poco::Net::StreamSocket& socket, std::chrono::milliseconds limit,
                                                           const std::function<void()>& every_200ms = {}) {
    auto started = Clock::now();
    while (Clock::now() - started < limit) {
        try {
            if (socket.poll(Poco::Timespan(0, 200000), Poco::Net::Socket::SELECT_READ)) {
                char buffer[4096];
                if (socket.receiveBytes(buffer, sizeof(buffer)) <= 0)
                    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started);
                continue;
            }
            if (every_200ms)
                every_200ms();
        } catch (const Poco::Exception&) {
            return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started);
        }
    }
    return std::nullopt;
}

TEST(ServerCapacity, McpAnswersWhileIdleSlowAndPanelConnectionsAreHeldOpen) {
    ServedHost host(host_binary);
    AttackPlan plan; // 500 idle, 64 slowloris (one byte per second here), 63 idle panels, reopened when closed.
    plan.slowloris_interval = 1s;
    Attack attack(host.port(), host.panel_token(), plan);
    attack.start();
    std::this_thread::sleep_for(500ms);
    auto before = attack.counts_after_first_pass(20s);
    ASSERT_EQ(before.panels_open, 63) << "panels refused: " << before.panels_refused << "\n" << host.output();
    EXPECT_EQ(before.idle_open, 500);
    EXPECT_EQ(before.slowloris_open, 64);

    McpProbe probe(host.port(), host.mcp_token());
    auto connect_started = Clock::now();
    auto refused = probe.open();
    ASSERT_FALSE(refused) << *refused;
    auto first_call = Clock::now() - connect_started;
    std::chrono::nanoseconds slowest{0};
    for (int call = 0; call < 200; ++call) {
        auto started = Clock::now();
        ASSERT_TRUE(probe.call("uap_ping")) << "call " << call << ": " << probe.last_body();
        slowest = std::max(slowest, Clock::now() - started);
    }
    auto during = attack.counts();
    // The panels were never evicted: upgraded sockets do not occupy the HTTP workers.
    EXPECT_EQ(during.panels_open, 63);
    EXPECT_TRUE(host.running());
    // The bounds tell the design apart, not this machine's speed: were the idle, slow or upgraded
    // connections holding the HTTP workers, a call would wait for one of them to time out (10 s).
    // Under Wine on a loaded CI machine one call of 200 took 1.7 s; the benchmark measures the real
    // figures.
    std::cout << "first call " << std::chrono::duration_cast<std::chrono::milliseconds>(first_call).count() << " ms, slowest of 200 "
              << std::chrono::duration_cast<std::chrono::milliseconds>(slowest).count() << " ms\n";
    EXPECT_LT(first_call, 5s) << "the first connection waited for a worker too long";
    EXPECT_LT(slowest, 5s);
    attack.stop();
}

TEST(ServerCapacity, SlowHeadsIdleConnectionsAndIdleKeepAliveAreClosedOnTheirDeadlines) {
    ServedHost host(host_binary, R"({"requestDeadlineMs":1500,"keepAliveIdleMs":800})");
    // Slowloris: one header byte every 200 ms never completes a head; the per-read timeout alone
    // (10 s) would never fire, the whole-request deadline does.
    Poco::Net::StreamSocket slow(Poco::Net::SocketAddress("127.0.0.1", host.port()));
    const std::string head = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
    size_t sent = 0;
    auto slow_closed = time_until_closed(slow, 10s, [&] { slow.sendBytes(&head[sent++ % head.size()], 1); });
    ASSERT_TRUE(slow_closed) << "a slowloris connection stayed open for 10 s";
    EXPECT_GE(*slow_closed, 1300ms);
    EXPECT_LE(*slow_closed, 4000ms);

    Poco::Net::StreamSocket silent(Poco::Net::SocketAddress("127.0.0.1", host.port()));
    auto silent_closed = time_until_closed(silent, 10s);
    ASSERT_TRUE(silent_closed) << "a connection that never sent a byte stayed open for 10 s";
    EXPECT_GE(*silent_closed, 1300ms);
    EXPECT_LE(*silent_closed, 4000ms);

    // A served keep-alive connection may idle for keepAliveIdleMs.
    Poco::Net::StreamSocket served(Poco::Net::SocketAddress("127.0.0.1", host.port()));
    // (A plain POST: GET /mcp opens an event stream, whose refusal ends its connection.)
    std::string request = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(host.port()) + "\r\nContent-Length: 0\r\n\r\n";
    served.sendBytes(request.data(), static_cast<int>(request.size()));
    char buffer[4096];
    int got = served.receiveBytes(buffer, sizeof(buffer));
    ASSERT_GT(got, 0);
    EXPECT_NE(std::string(buffer, static_cast<size_t>(got)).find("401"), std::string::npos);
    auto idle_closed = time_until_closed(served, 10s);
    ASSERT_TRUE(idle_closed) << "an idle keep-alive connection stayed open for 10 s";
    EXPECT_GE(*idle_closed, 600ms);
    EXPECT_LE(*idle_closed, 3000ms);
}

TEST(ServerCapacity, OneKeepAliveConnectionServesRequestAfterRequest) {
    ServedHost host(host_binary);
    // A session made from a socket cannot reconnect: were the host to end the connection after a
    // response, the next request would fail instead of quietly using a new connection.
    Poco::Net::StreamSocket socket(Poco::Net::SocketAddress("127.0.0.1", host.port()));
    socket.setNoDelay(true);
    const uint16_t local_port = socket.address().port();
    Poco::Net::HTTPClientSession client(socket);
    client.setKeepAlive(true);
    client.setTimeout(Poco::Timespan(30, 0));
    for (int request = 0; request < 300; ++request) {
        Poco::Net::HTTPRequest post(Poco::Net::HTTPRequest::HTTP_POST, "/mcp", Poco::Net::HTTPMessage::HTTP_1_1);
        post.setHost("127.0.0.1", host.port());
        post.setKeepAlive(true);
        post.setContentLength(0);
        client.sendRequest(post);
        Poco::Net::HTTPResponse response;
        std::string body;
        Poco::StreamCopier::copyToString(client.receiveResponse(response), body);
        ASSERT_EQ(response.getStatus(), Poco::Net::HTTPResponse::HTTP_UNAUTHORIZED) << "request " << request << ": " << body;
        ASSERT_TRUE(response.getKeepAlive()) << "request " << request << " was answered with Connection: close";
    }
    EXPECT_EQ(client.socket().address().port(), local_port) << "the client had to open another connection";
}

TEST(ServerCapacity, EachWebSocketRoleHasAConnectionCapThatNamesItsSetting) {
    ServedHost host(host_binary, R"({"maxPanelConnections":2})");
    auto first = uap::testing::open_panel(host.port(), host.panel_token());
    auto second = uap::testing::open_panel(host.port(), host.panel_token());
    ASSERT_TRUE(first.socket && second.socket);
    auto third = uap::testing::open_panel(host.port(), host.panel_token());
    EXPECT_FALSE(third.socket);
    EXPECT_EQ(third.status, 503);
    EXPECT_NE(third.body.find("maxPanelConnections"), std::string::npos) << third.body;
    // Closing one frees its slot.
    first.socket->shutdown();
    first.socket.reset();
    bool reopened = false;
    for (int attempt = 0; attempt < 50 && !reopened; ++attempt) {
        std::this_thread::sleep_for(100ms);
        reopened = uap::testing::open_panel(host.port(), host.panel_token()).socket != nullptr;
    }
    EXPECT_TRUE(reopened);
}

TEST(ServerRefusals, AnOversizeBodyIsAnsweredThenDrainedOnlyWithinItsBounds) {
    // The byte bound is set out of reach so the time bound is what ends the drain.
    ServedHost host(host_binary, R"({"refusalDrainMs":1000,"refusalDrainBytes":10737418240})");
    Poco::Net::StreamSocket socket(Poco::Net::SocketAddress("127.0.0.1", host.port()));
    std::string head = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(host.port()) +
                       "\r\nContent-Type: application/json\r\nContent-Length: 104857600\r\n\r\n";
    socket.sendBytes(head.data(), static_cast<int>(head.size()));
    std::string chunk(65536, ' ');
    std::string answer;
    auto started = Clock::now();
    std::optional<std::chrono::milliseconds> ended;
    // Keeps sending a 100 MiB body; the host answers 413 at once, reads on for its drain time, then closes.
    while (!ended && Clock::now() - started < 20s) {
        try {
            char buffer[4096];
            while (socket.poll(Poco::Timespan(0), Poco::Net::Socket::SELECT_READ)) {
                int got = socket.receiveBytes(buffer, sizeof(buffer));
                if (got <= 0)
                    break;
                answer.append(buffer, static_cast<size_t>(got));
            }
            if (socket.poll(Poco::Timespan(0, 100000), Poco::Net::Socket::SELECT_WRITE))
                socket.sendBytes(chunk.data(), static_cast<int>(chunk.size()));
        } catch (const Poco::Exception&) {
            ended = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started);
        }
    }
    EXPECT_EQ(answer.rfind("HTTP/1.1 413", 0), 0u) << answer;
    ASSERT_TRUE(ended) << "the host kept reading a refused body for 20 s";
    EXPECT_GE(*ended, 800ms);
    EXPECT_LE(*ended, 6000ms);
    EXPECT_TRUE(host.running());
}

// What the server answers within `limit` after `request` was sent, up to the end of its head.
std::string answer_within(Poco::Net::StreamSocket& socket, const std::string& request, std::chrono::milliseconds limit) {
    socket.sendBytes(request.data(), static_cast<int>(request.size()));
    std::string answer;
    auto deadline = Clock::now() + limit;
    while (answer.find("\r\n\r\n") == std::string::npos && Clock::now() < deadline) {
        try {
            if (!socket.poll(Poco::Timespan(0, 20000), Poco::Net::Socket::SELECT_READ))
                continue;
            char buffer[4096];
            int got = socket.receiveBytes(buffer, sizeof(buffer));
            if (got <= 0)
                break;
            answer.append(buffer, static_cast<size_t>(got));
        } catch (const Poco::Exception&) {
            break;
        }
    }
    // The rest of a short body (the refusal's sentence), if it is already there.
    if (socket.poll(Poco::Timespan(0, 100000), Poco::Net::Socket::SELECT_READ)) {
        char buffer[4096];
        try {
            int got = socket.receiveBytes(buffer, sizeof(buffer));
            if (got > 0)
                answer.append(buffer, static_cast<size_t>(got));
        } catch (const Poco::Exception&) {
        }
    }
    return answer;
}

TEST(ServerRefusals, AHeadThatDoesNotSayWhereItsBodyEndsIsRefusedAtOnce) {
    // The request deadline (10 s) is what such a request used to wait for; the answer must come first.
    ServedHost host(host_binary);
    const std::string head = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(host.port()) +
                             "\r\nAuthorization: Bearer " + host.mcp_token() + "\r\nContent-Type: application/json\r\n";
    struct Case {
        std::string headers;
        std::string status;
        std::string names; // What the refusal must say.
    };
    const std::vector<Case> cases = {
        {"", "HTTP/1.1 411", "has neither Content-Length nor Transfer-Encoding"},
        {"Content-Length: -5\r\n", "HTTP/1.1 400", "is not one non-negative whole number"},
        {"Content-Length: 12abc\r\n", "HTTP/1.1 400", "is not one non-negative whole number"},
        {"Content-Length: 5\r\nContent-Length: 6\r\n", "HTTP/1.1 400", "is not one non-negative whole number"},
        {"Transfer-Encoding: gzip\r\n", "HTTP/1.1 501", "is not supported"},
        {"Transfer-Encoding: chunked\r\nContent-Length: 5\r\n", "HTTP/1.1 400", "declares both Content-Length and"},
    };
    for (auto& each : cases) {
        Poco::Net::StreamSocket socket(Poco::Net::SocketAddress("127.0.0.1", host.port()));
        auto started = Clock::now();
        std::string answer = answer_within(socket, head + each.headers + "\r\n", 8s);
        auto waited = Clock::now() - started;
        EXPECT_EQ(answer.rfind(each.status, 0), 0u) << each.headers << "answered: " << answer;
        EXPECT_NE(answer.find(each.names), std::string::npos) << answer;
        EXPECT_LT(waited, 2s) << each.headers << "was answered only after " << std::chrono::duration_cast<std::chrono::milliseconds>(waited).count()
                              << " ms";
    }
    // A GET needs no length, and a POST with Content-Length: 0 is served as before.
    Poco::Net::StreamSocket plain(Poco::Net::SocketAddress("127.0.0.1", host.port()));
    std::string empty = answer_within(plain, head + "Content-Length: 0\r\n\r\n", 8s);
    EXPECT_EQ(empty.find("HTTP/1.1 411"), std::string::npos) << empty;
    EXPECT_EQ(empty.find("HTTP/1.1 400 "), 0u) << empty; // The endpoint's own answer to an empty JSON-RPC body.
    EXPECT_TRUE(host.running());
}

} // namespace

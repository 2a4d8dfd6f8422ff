// Panel fan-out against real WebSockets and an agent session on the scripted fake CLI: a
// front-end that stops reading is disconnected (with a close reason) when its outbox is full while
// another keeps receiving every event; a frame whose pieces arrive slowly is assembled.
#include "fake_cli_panel_host.hpp"
#include "panel_client.hpp"
#include "server/host_server.hpp"
#include "support/json.hpp"

#include <gtest/gtest.h>

#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/Net/NetException.h>
#include <Poco/Net/ServerSocket.h>

#include <fstream>
#include <thread>

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using uap::agent_test::PanelClient;

namespace {

const std::string panel_token = "panel-token-for-fanout-tests-01234";

// A panel WebSocket opened through `connect_port` (possibly a relay) naming the host's own port.
std::unique_ptr<Poco::Net::WebSocket> open_socket(uint16_t connect_port, uint16_t host_port, Poco::Net::HTTPClientSession& session) {
    session.setHost("127.0.0.1");
    session.setPort(connect_port);
    Poco::Net::HTTPRequest request(Poco::Net::HTTPRequest::HTTP_GET, "/panel", Poco::Net::HTTPMessage::HTTP_1_1);
    request.set("Authorization", "Bearer " + panel_token);
    request.setHost("127.0.0.1", host_port);
    Poco::Net::HTTPResponse response;
    auto socket = std::make_unique<Poco::Net::WebSocket>(session, request, response);
    socket->setMaxPayloadSize(64 * 1024 * 1024);
    return socket;
}

// Reads frames until the peer closes; returns the close frame's payload (code + reason) if any.
struct Ending {
    int text_frames = 0;
    std::optional<int> close_code;
    std::string close_reason;
};
Ending read_until_closed(Poco::Net::WebSocket& socket, std::chrono::milliseconds limit) {
    Ending ending;
    socket.setReceiveTimeout(Poco::Timespan(std::chrono::duration_cast<std::chrono::microseconds>(limit).count()));
    Poco::Buffer<char> buffer(0);
    try {
        while (true) {
            int flags = 0;
            buffer.resize(0);
            int length = socket.receiveFrame(buffer, flags);
            int opcode = flags & Poco::Net::WebSocket::FRAME_OP_BITMASK;
            if (length == 0 && flags == 0)
                break;
            if (opcode == Poco::Net::WebSocket::FRAME_OP_CLOSE) {
                if (length >= 2) {
                    ending.close_code = (static_cast<unsigned char>(buffer[0]) << 8) | static_cast<unsigned char>(buffer[1]);
                    ending.close_reason.assign(buffer.begin() + 2, static_cast<size_t>(length - 2));
                }
                break;
            }
            if (opcode == Poco::Net::WebSocket::FRAME_OP_TEXT)
                ++ending.text_frames;
        }
    } catch (const Poco::Exception&) {
    }
    return ending;
}

// Forwards one connection to the host; after the client's handshake, every later chunk from the
// client goes on in three pieces with `gap` between them (a front-end on a congested link).
class SlowRelay {
public:
    SlowRelay(uint16_t host_port, std::chrono::milliseconds gap) : m_host_port(host_port), m_gap(gap) {
        m_listener.bind(Poco::Net::SocketAddress("127.0.0.1", 0));
        m_listener.listen();
        m_thread = std::thread([this] { run(); });
    }
    ~SlowRelay() {
        m_stopping = true;
        for (auto* socket : {&m_client, &m_upstream})
            try {
                socket->shutdown();
            } catch (const Poco::Exception&) {
            }
        if (m_thread.joinable())
            m_thread.join();
        if (m_back.joinable())
            m_back.join();
    }
    uint16_t port() const { return m_listener.address().port(); }
    void set_gap(std::chrono::milliseconds gap) { m_gap = gap; }

private:
    void run() {
        m_client = m_listener.acceptConnection();
        m_upstream.connect(Poco::Net::SocketAddress("127.0.0.1", m_host_port));
        m_back = std::thread([this] { pump(m_upstream, m_client); });
        bool handshake_done = false;
        std::string pending;
        char buffer[65536];
        try {
            while (!m_stopping) {
                int got = m_client.receiveBytes(buffer, sizeof(buffer));
                if (got <= 0)
                    break;
                if (!handshake_done) {
                    pending.append(buffer, static_cast<size_t>(got));
                    if (pending.find("\r\n\r\n") != std::string::npos) {
                        m_upstream.sendBytes(pending.data(), static_cast<int>(pending.size()));
                        handshake_done = true;
                    }
                    continue;
                }
                int third = std::max(1, got / 3);
                for (int offset = 0; offset < got; offset += third) {
                    if (offset > 0)
                        std::this_thread::sleep_for(m_gap.load());
                    m_upstream.sendBytes(buffer + offset, std::min(third, got - offset));
                }
            }
        } catch (const Poco::Exception&) {
        }
    }
    static void pump(Poco::Net::StreamSocket& from, Poco::Net::StreamSocket& to) {
        char buffer[65536];
        try {
            for (int got; (got = from.receiveBytes(buffer, sizeof(buffer))) > 0;)
                to.sendBytes(buffer, got);
        } catch (const Poco::Exception&) {
        }
    }

    uint16_t m_host_port;
    std::atomic<std::chrono::milliseconds> m_gap;
    Poco::Net::ServerSocket m_listener;
    Poco::Net::StreamSocket m_client;
    Poco::Net::StreamSocket m_upstream;
    std::atomic<bool> m_stopping{false};
    std::thread m_thread;
    std::thread m_back;
};

class PanelFanout : public ::testing::Test, protected uap::agent_test::FakeCliPanelHost {
protected:
    PanelFanout() : FakeCliPanelHost(panel_token) {}
    void start(uap::panel::PanelLimits limits, int deltas) {
        start_panel({"FAKE_CLI_MODE=stream", "FAKE_CLI_DELTAS=" + std::to_string(deltas)}, limits);
    }

    bool eventually_two_subscribers() {
        for (int attempt = 0; attempt < 250 && hub.subscriber_count() < 2; ++attempt)
            std::this_thread::sleep_for(20ms);
        return hub.subscriber_count() == 2;
    }
};

TEST_F(PanelFanout, AFrontEndThatStopsReadingIsDisconnectedWhileAnotherReceivesEveryEvent) {
    uap::panel::PanelLimits limits;
    limits.outbox.max_messages = 2000; // Room for bursts to a front-end that reads on a busy machine.
    limits.send_timeout = 30s; // Room for the stalled client to start reading and see the close reason.
    start(limits, 10000);      // About 10 MB of text deltas: more than the kernel buffers and the outbox hold.
    PanelClient reader(port, panel_token);
    ASSERT_GE(reader.wait_for_type("snapshot", 5s), 0);
    Poco::Net::HTTPClientSession stalled_session;
    auto stalled = open_socket(port, port, stalled_session);
    ASSERT_TRUE(eventually_two_subscribers());

    size_t from = reader.count();
    reader.send(R"({"type":"send","text":"stream please","id":1})");
    int finished = reader.wait_for_type("turn_finished", 60s, from);
    ASSERT_GE(finished, 0) << "the turn did not finish while a front-end stopped reading";
    // The reading front-end got every event, in order, without a gap in the sequence numbers.
    int64_t previous = -1;
    int deltas = 0;
    for (size_t index = 0; index <= static_cast<size_t>(finished); ++index) {
        auto message = reader.message(index);
        std::string type = uap::json::string_field(message, "type").value_or("");
        if (type == "command_result")
            continue;
        int64_t seq = uap::json::integer_field(message, "seq").value_or(-1);
        if (previous >= 0) {
            EXPECT_EQ(seq, previous + 1) << "a gap before message " << index << " (" << type << ")";
        }
        previous = seq;
        deltas += type == "text_delta" ? 1 : 0;
    }
    EXPECT_EQ(deltas, 10000);
    EXPECT_EQ(hub.subscriber_count(), 1u) << "the stalled front-end is still subscribed";

    Ending ending = read_until_closed(*stalled, 20s);
    EXPECT_LT(ending.text_frames, 10000) << "the stalled front-end was not cut off";
    ASSERT_TRUE(ending.close_code) << "no close frame after " << ending.text_frames << " frames";
    EXPECT_EQ(*ending.close_code, 1008);
    EXPECT_NE(ending.close_reason.find("outbox full"), std::string::npos) << ending.close_reason;
}

TEST_F(PanelFanout, AFrameWhosePiecesArriveSlowlyIsAssembledAndAStalledOneIsRefusedAloud) {
    uap::panel::PanelLimits limits;
    limits.frame_gap_timeout = 3s;
    start(limits, 1);
    SlowRelay relay(port, 1500ms);
    Poco::Net::HTTPClientSession client_session;
    auto socket = open_socket(relay.port(), port, client_session);
    std::string command = R"({"type":"list_history","id":"slow-1"})";
    socket->sendFrame(command.data(), static_cast<int>(command.size()), Poco::Net::WebSocket::FRAME_TEXT);
    // The answer arrives (after the snapshot) although the frame took 3 s in three pieces.
    socket->setReceiveTimeout(Poco::Timespan(15, 0));
    bool answered = false;
    Poco::Buffer<char> buffer(0);
    for (int frame = 0; frame < 10 && !answered; ++frame) {
        int flags = 0;
        buffer.resize(0);
        int length = socket->receiveFrame(buffer, flags);
        answered = std::string(buffer.begin(), static_cast<size_t>(length)).find("\"slow-1\"") != std::string::npos;
    }
    EXPECT_TRUE(answered);

    relay.set_gap(5000ms); // Past the 3 s gap limit: the host closes the connection and says why.
    socket->sendFrame(command.data(), static_cast<int>(command.size()), Poco::Net::WebSocket::FRAME_TEXT);
    Ending ending = read_until_closed(*socket, 20s);
    ASSERT_TRUE(ending.close_code);
    EXPECT_EQ(*ending.close_code, 1008);
    EXPECT_NE(ending.close_reason.find("stalled"), std::string::npos) << ending.close_reason;
}

} // namespace

// Where accepted connections wait for their first bytes, off the worker pool: one thread accepts
// on the listening socket and watches every silent connection, and hands a connection to the
// workers only once it has something to read. A flood of connections that never send costs a
// descriptor each, never a worker, so a client that sends its request at once is served at once.
#pragma once

#include "server/server_limits.hpp"

#include <Poco/Net/ServerSocket.h>
#include <Poco/Net/StreamSocket.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <thread>
#include <vector>

namespace uap::server {

class ConnectionLobby {
public:
    using Clock = std::chrono::steady_clock;
    // Takes a connection that has bytes to read (or whose peer has gone), with when it was accepted.
    using Handoff = std::function<void(const Poco::Net::StreamSocket& socket, Clock::time_point accepted)>;

    ConnectionLobby(Poco::Net::ServerSocket listener, const ServerLimits& limits, Handoff handoff);
    ~ConnectionLobby();
    ConnectionLobby(const ConnectionLobby&) = delete;
    ConnectionLobby& operator=(const ConnectionLobby&) = delete;

    void start();
    // Stops accepting and closes every connection still silent.
    void stop();

    // Connections closed here: silent past the request deadline, or the longest silent when the
    // lobby was full.
    size_t closed_silent() const { return m_closed_silent.load(); }

private:
    struct Silent {
        Poco::Net::StreamSocket socket;
        Clock::time_point accepted;
    };
    void run();
    // Accepts what the listening socket has waiting (a bounded batch, so a flood of connects cannot
    // keep the waiting connections from being looked at).
    void accept_waiting(Clock::time_point now);
    void close_oldest();
    void close_overdue(Clock::time_point now);
    std::chrono::milliseconds wait_limit(Clock::time_point now) const;

    Poco::Net::ServerSocket m_listener;
    ServerLimits m_limits;
    Handoff m_handoff;
    std::vector<Silent> m_silent; // In order of acceptance; touched by the lobby's thread only.
    std::atomic<bool> m_stopping{false};
    std::atomic<size_t> m_closed_silent{0};
    std::thread m_thread;
};

} // namespace uap::server

// Watches every plain HTTP connection's phase and age from one thread: closes a connection whose
// request head and body overrun the request deadline, or that sits idle past the keep-alive limit,
// and, while accepted connections wait for a worker, closes the longest-waiting connections that
// have not delivered a request (anonymous ones first) so slow or idle peers cannot starve the rest.
#pragma once

#include "server/server_limits.hpp"

#include <Poco/Net/StreamSocket.h>

#include <chrono>
#include <condition_variable>
#include <functional>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

namespace uap::server {

enum class ConnectionPhase { AwaitingRequest, ReadingRequest, Handling, Upgraded };
// Whether the connection's latest request carried a valid token for its route.
enum class Standing { Anonymous, Authenticated };

class ConnectionWatch {
public:
    struct Connection {
        Poco::Net::StreamSocket socket;
        ConnectionPhase phase = ConnectionPhase::AwaitingRequest;
        std::chrono::steady_clock::time_point since;
        Standing standing = Standing::Anonymous;
        bool served = false; // At least one response was sent: waiting is keep-alive idleness.
        bool closed = false; // Shut down by the watch.
    };
    // How many accepted connections wait for a worker right now.
    using QueueLength = std::function<int()>;

    ConnectionWatch(const ServerLimits& limits, QueueLength queue_length);
    ~ConnectionWatch();

    void start();
    // Stops the watch thread and shuts down every connection that is not upgraded.
    void stop();

    // A connection handed to the worker pool: its request deadline counts from `accepted` (it
    // may have waited in the lobby), not from when a worker takes it.
    void handed_over(const Poco::Net::StreamSocket& socket, std::chrono::steady_clock::time_point accepted);
    std::shared_ptr<Connection> enter(const Poco::Net::StreamSocket& socket);
    void leave(const std::shared_ptr<Connection>& connection);

    // Phase changes, made by the connection's own worker thread.
    void request_arrived(Connection& connection, Standing standing);
    void request_read(Connection& connection);
    void response_sent(Connection& connection);
    void upgraded(Connection& connection);
    bool closed(const Connection& connection) const;

    size_t open_connections() const;
    size_t closed_by_watch() const;

    // The connection the calling worker thread serves (nullptr outside a tracked connection).
    static Connection* current();
    static void set_current(Connection* connection);

private:
    using Clock = std::chrono::steady_clock;
    void run();
    void sweep(Clock::time_point now);
    void close_locked(Connection& connection);

    ServerLimits m_limits;
    QueueLength m_queue_length;
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stopping = false;
    std::thread m_thread;
    std::list<std::shared_ptr<Connection>> m_connections;
    std::map<poco_socket_t, Clock::time_point> m_accepted; // Handed over, not yet entered.
    size_t m_closed_by_watch = 0;
};

} // namespace uap::server

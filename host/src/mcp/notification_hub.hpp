// Server-initiated MCP messages: each session may hold one open event stream (GET /mcp); the hub
// hands every stream the notifications broadcast to all of them, such as
// notifications/tools/list_changed after the tool registry was reloaded.
#pragma once

#include "support/expected.hpp"

#include <chrono>
#include <condition_variable>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace uap::mcp {

struct StreamLimits {
    size_t max_streams = 16;       // Each open stream holds one server thread.
    size_t max_queued_messages = 64; // A stream that falls this far behind is closed; the client reconnects.
};

class NotificationHub;

// One session's open stream. The handler that owns it waits for messages and writes them out.
class EventStream {
public:
    // The next message, or nullopt after timeout (send a keep-alive) or once the stream is closed.
    std::optional<std::string> next(std::chrono::milliseconds timeout);
    bool closed() const;

private:
    friend class NotificationHub;
    mutable std::mutex m_mutex;
    std::condition_variable m_ready;
    std::deque<std::string> m_queue;
    bool m_closed = false;
};

class NotificationHub {
public:
    explicit NotificationHub(StreamLimits limits = {}) : m_limits(limits) {}

    // Opens the stream of session, replacing (closing) an earlier one of the same session. Refused
    // when the hub is full or stopped.
    Expected<std::shared_ptr<EventStream>> open(const std::string& session);
    // Forgets stream (its handler ended); a newer stream of the same session stays.
    void release(const std::string& session, const std::shared_ptr<EventStream>& stream);
    // Queues one JSON-RPC notification for every open stream.
    void broadcast(const std::string& message);
    // Queues it for one session's stream only (a message that concerns that client alone); dropped
    // when the session has no stream open.
    void send(const std::string& session, const std::string& message);
    // True while a stream is open under key (a session id, or a listen stream's key).
    bool is_open(const std::string& key) const;
    // Closes every stream and refuses new ones (host shutdown).
    void stop();
    size_t open_streams() const;

private:
    static void close(EventStream& stream);
    void queue(EventStream& stream, const std::string& message); // The caller holds m_mutex.

    StreamLimits m_limits;
    mutable std::mutex m_mutex;
    std::map<std::string, std::shared_ptr<EventStream>> m_streams;
    bool m_stopped = false;
};

// The JSON-RPC text of notifications/tools/list_changed.
std::string tools_list_changed_notification();

} // namespace uap::mcp

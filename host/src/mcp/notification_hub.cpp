// Per-session event streams and their notification queues.
#include "mcp/notification_hub.hpp"

#include "mcp/json_rpc.hpp"

namespace uap::mcp {

std::optional<std::string> EventStream::next(std::chrono::milliseconds timeout) {
    std::unique_lock lock(m_mutex);
    m_ready.wait_for(lock, timeout, [&] { return m_closed || !m_queue.empty(); });
    if (m_closed || m_queue.empty())
        return std::nullopt;
    std::string message = std::move(m_queue.front());
    m_queue.pop_front();
    return message;
}

bool EventStream::closed() const {
    std::lock_guard lock(m_mutex);
    return m_closed;
}

void NotificationHub::close(EventStream& stream) {
    {
        std::lock_guard lock(stream.m_mutex);
        stream.m_closed = true;
    }
    stream.m_ready.notify_all();
}

Expected<std::shared_ptr<EventStream>> NotificationHub::open(const std::string& session) {
    std::lock_guard lock(m_mutex);
    if (m_stopped)
        return Error("the host is shutting down");
    auto existing = m_streams.find(session);
    if (existing != m_streams.end()) {
        close(*existing->second); // The client reconnected: the older stream ends.
        m_streams.erase(existing);
    }
    if (m_streams.size() >= m_limits.max_streams)
        return Error("too many open event streams (" + std::to_string(m_limits.max_streams) + "); close another session first");
    auto stream = std::make_shared<EventStream>();
    m_streams.emplace(session, stream);
    return stream;
}

void NotificationHub::release(const std::string& session, const std::shared_ptr<EventStream>& stream) {
    std::lock_guard lock(m_mutex);
    close(*stream);
    if (auto found = m_streams.find(session); found != m_streams.end() && found->second == stream)
        m_streams.erase(found);
}

void NotificationHub::queue(EventStream& stream, const std::string& message) {
    std::unique_lock stream_lock(stream.m_mutex);
    if (stream.m_queue.size() >= m_limits.max_queued_messages) {
        stream_lock.unlock();
        close(stream); // Too far behind: the client reconnects and lists again.
        return;
    }
    stream.m_queue.push_back(message);
    stream_lock.unlock();
    stream.m_ready.notify_all();
}

void NotificationHub::broadcast(const std::string& message) {
    std::lock_guard lock(m_mutex);
    for (auto& [session, stream] : m_streams)
        queue(*stream, message);
}

void NotificationHub::send(const std::string& session, const std::string& message) {
    std::lock_guard lock(m_mutex);
    if (auto found = m_streams.find(session); found != m_streams.end())
        queue(*found->second, message);
}

bool NotificationHub::is_open(const std::string& key) const {
    std::lock_guard lock(m_mutex);
    return m_streams.contains(key);
}

void NotificationHub::stop() {
    std::lock_guard lock(m_mutex);
    m_stopped = true;
    for (auto& [session, stream] : m_streams)
        close(*stream);
    m_streams.clear();
}

size_t NotificationHub::open_streams() const {
    std::lock_guard lock(m_mutex);
    return m_streams.size();
}

std::string tools_list_changed_notification() {
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    begin_notification(writer, "notifications/tools/list_changed");
    writer.EndObject();
    return std::string(buffer.GetString(), buffer.GetSize());
}

} // namespace uap::mcp

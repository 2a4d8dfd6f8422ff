// ConnectionWatch: phase bookkeeping and the sweep that enforces deadlines and eviction.
#include "server/connection_watch.hpp"

#include "support/log.hpp"

#include <algorithm>
#include <vector>

namespace uap::server {

namespace {

thread_local ConnectionWatch::Connection* current_connection = nullptr;
// Often enough that a waiting client gets a worker within a few ticks; cheap (one list walk).
constexpr auto sweep_interval = std::chrono::milliseconds(20);

} // namespace

ConnectionWatch::ConnectionWatch(const ServerLimits& limits, QueueLength queue_length)
    : m_limits(limits), m_queue_length(std::move(queue_length)) {}

ConnectionWatch::~ConnectionWatch() { stop(); }

void ConnectionWatch::start() {
    std::lock_guard lock(m_mutex);
    m_stopping = false;
    if (!m_thread.joinable())
        m_thread = std::thread([this] { run(); });
}

void ConnectionWatch::stop() {
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
        for (auto& connection : m_connections)
            if (connection->phase != ConnectionPhase::Upgraded)
                close_locked(*connection);
    }
    m_wake.notify_all();
    if (m_thread.joinable())
        m_thread.join();
}

void ConnectionWatch::handed_over(const Poco::Net::StreamSocket& socket, Clock::time_point accepted) {
    std::lock_guard lock(m_mutex);
    m_accepted[socket.impl()->sockfd()] = accepted;
}

std::shared_ptr<ConnectionWatch::Connection> ConnectionWatch::enter(const Poco::Net::StreamSocket& socket) {
    auto connection = std::make_shared<Connection>();
    connection->socket = socket;
    connection->since = Clock::now();
    std::lock_guard lock(m_mutex);
    if (auto accepted = m_accepted.find(socket.impl()->sockfd()); accepted != m_accepted.end()) {
        connection->since = std::min(connection->since, accepted->second);
        m_accepted.erase(accepted);
    }
    if (m_stopping)
        close_locked(*connection);
    m_connections.push_back(connection);
    return connection;
}

void ConnectionWatch::leave(const std::shared_ptr<Connection>& connection) {
    std::lock_guard lock(m_mutex);
    m_connections.remove(connection);
}

void ConnectionWatch::request_arrived(Connection& connection, Standing standing) {
    std::lock_guard lock(m_mutex);
    connection.phase = ConnectionPhase::ReadingRequest; // The deadline still counts from `since`.
    connection.standing = standing;
}

void ConnectionWatch::request_read(Connection& connection) {
    std::lock_guard lock(m_mutex);
    connection.phase = ConnectionPhase::Handling;
}

void ConnectionWatch::response_sent(Connection& connection) {
    std::lock_guard lock(m_mutex);
    connection.phase = ConnectionPhase::AwaitingRequest;
    connection.since = Clock::now();
    connection.served = true;
}

void ConnectionWatch::upgraded(Connection& connection) {
    std::lock_guard lock(m_mutex);
    connection.phase = ConnectionPhase::Upgraded;
}

bool ConnectionWatch::closed(const Connection& connection) const {
    std::lock_guard lock(m_mutex);
    return connection.closed;
}

size_t ConnectionWatch::open_connections() const {
    std::lock_guard lock(m_mutex);
    return m_connections.size();
}

size_t ConnectionWatch::closed_by_watch() const {
    std::lock_guard lock(m_mutex);
    return m_closed_by_watch;
}

ConnectionWatch::Connection* ConnectionWatch::current() { return current_connection; }

void ConnectionWatch::set_current(Connection* connection) { current_connection = connection; }

void ConnectionWatch::run() {
    std::unique_lock lock(m_mutex);
    while (!m_stopping) {
        m_wake.wait_for(lock, sweep_interval);
        if (m_stopping)
            break;
        lock.unlock();
        int waiting_for_worker = m_queue_length ? m_queue_length() : 0;
        lock.lock();
        sweep(Clock::now());
        if (waiting_for_worker <= 0)
            continue;
        // Make room: connections that have not delivered a request within the grace period,
        // anonymous before authenticated, longest-waiting first.
        std::vector<Connection*> candidates;
        for (auto& connection : m_connections)
            if (!connection->closed && Clock::now() - connection->since >= m_limits.eviction_grace &&
                (connection->phase == ConnectionPhase::AwaitingRequest || connection->phase == ConnectionPhase::ReadingRequest))
                candidates.push_back(connection.get());
        std::sort(candidates.begin(), candidates.end(), [](const Connection* left, const Connection* right) {
            if (left->standing != right->standing)
                return left->standing == Standing::Anonymous;
            return left->since < right->since;
        });
        size_t count = std::min(candidates.size(), static_cast<size_t>(waiting_for_worker));
        for (size_t index = 0; index < count; ++index)
            close_locked(*candidates[index]);
        if (count > 0)
            log::server.debug("closed {} waiting connections to make room for {} queued", count, waiting_for_worker);
    }
}

void ConnectionWatch::sweep(Clock::time_point now) {
    for (auto& connection : m_connections) {
        if (connection->closed)
            continue;
        auto waited = now - connection->since;
        bool overdue = false;
        if (connection->phase == ConnectionPhase::AwaitingRequest)
            overdue = waited > (connection->served ? m_limits.keep_alive_idle : m_limits.request_deadline);
        else if (connection->phase == ConnectionPhase::ReadingRequest)
            overdue = waited > m_limits.request_deadline;
        if (overdue)
            close_locked(*connection);
    }
}

void ConnectionWatch::close_locked(Connection& connection) {
    if (connection.closed)
        return;
    connection.closed = true;
    ++m_closed_by_watch;
    try {
        // Shutting down (not closing) wakes the worker blocked on this socket without freeing
        // the descriptor under it; the worker's own cleanup closes it.
        connection.socket.shutdown();
    } catch (const Poco::Exception&) {
    }
}

} // namespace uap::server

// UpgradedSockets: one thread per WebSocket, reaped as they finish.
#include "server/upgraded_sockets.hpp"

#include "support/log.hpp"

namespace uap::server {

namespace {

void shut_down(Poco::Net::WebSocket& socket) {
    try {
        // The TCP shutdown (not a close frame, which could block on a peer that does not read)
        // wakes the serving thread out of its read.
        static_cast<Poco::Net::StreamSocket&>(socket).shutdown();
    } catch (const Poco::Exception&) {
    }
}

} // namespace

void UpgradedSockets::launch(Poco::Net::WebSocket socket, RoleSlots::Slot slot, Serve serve) {
    std::list<std::thread> joinable;
    {
        std::lock_guard lock(m_mutex);
        join_finished_locked(joinable);
        auto entry = m_running.emplace(m_running.end(), Running{socket, {}, false});
        if (m_stopping)
            shut_down(*entry->socket);
        entry->thread = std::thread([this, entry, slot = std::optional<RoleSlots::Slot>(std::move(slot)), serve = std::move(serve)]() mutable {
            {
                // The last copy of the socket closes its descriptor; the registry's copy is
                // dropped under the lock first, so stop() never shuts down a reused descriptor.
                Poco::Net::WebSocket own = *entry->socket;
                try {
                    serve(own);
                } catch (const std::exception& exception) {
                    log::server.warn("a WebSocket handler ended with an error: {}", exception.what());
                }
                std::lock_guard guard(m_mutex);
                entry->socket.reset();
                entry->finished = true;
            }
            slot.reset();
        });
    }
    for (auto& thread : joinable)
        thread.join();
}

void UpgradedSockets::join_finished_locked(std::list<std::thread>& joinable) {
    for (auto it = m_running.begin(); it != m_running.end();) {
        if (it->finished) {
            joinable.push_back(std::move(it->thread));
            it = m_running.erase(it);
        } else {
            ++it;
        }
    }
}

void UpgradedSockets::stop() {
    std::list<std::thread> joinable;
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
        for (auto& entry : m_running) {
            if (entry.socket)
                shut_down(*entry.socket);
            joinable.push_back(std::move(entry.thread));
        }
    }
    for (auto& thread : joinable)
        if (thread.joinable())
            thread.join();
    std::lock_guard lock(m_mutex);
    m_running.clear();
}

size_t UpgradedSockets::running() const {
    std::lock_guard lock(m_mutex);
    size_t count = 0;
    for (auto& entry : m_running)
        count += entry.finished ? 0 : 1;
    return count;
}

} // namespace uap::server

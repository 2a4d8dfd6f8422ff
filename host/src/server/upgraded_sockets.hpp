// Runs each upgraded connection (a WebSocket) on a thread of its own, off the HTTP worker pool,
// so open editor and panel sockets never hold a worker; stop() ends them all and joins.
#pragma once

#include "server/role_slots.hpp"

#include <Poco/Net/WebSocket.h>

#include <functional>
#include <list>
#include <mutex>
#include <optional>
#include <thread>

namespace uap::server {

class UpgradedSockets {
public:
    using Serve = std::function<void(Poco::Net::WebSocket&)>;

    ~UpgradedSockets() { stop(); }

    // Serves `socket` on a new thread; the slot is held until `serve` returns.
    void launch(Poco::Net::WebSocket socket, RoleSlots::Slot slot, Serve serve);
    // Shuts every socket down (their serve functions then return) and joins their threads.
    void stop();
    size_t running() const;

private:
    struct Running {
        std::optional<Poco::Net::WebSocket> socket; // Reset (under the lock) when the serve function returns.
        std::thread thread;
        bool finished = false;
    };
    void join_finished_locked(std::list<std::thread>& joinable);

    mutable std::mutex m_mutex;
    std::list<Running> m_running;
    bool m_stopping = false;
};

} // namespace uap::server

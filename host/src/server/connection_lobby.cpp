// ConnectionLobby: the accept loop and the wait for each connection's first bytes.
#include "server/connection_lobby.hpp"

#include "support/platform/platform.hpp"
#include "support/log.hpp"

#include <Poco/Net/NetException.h>

#include <algorithm>

namespace uap::server {

namespace {

// How long one wait may last when no deadline is nearer: bounds how late stop() is noticed.
constexpr auto longest_wait = std::chrono::milliseconds(100);
// Connections accepted per wake-up before the waiting ones are looked at again.
constexpr int accept_batch = 256;

platform::SocketHandle handle_of(const Poco::Net::Socket& socket) {
    return static_cast<platform::SocketHandle>(socket.impl()->sockfd());
}

} // namespace

ConnectionLobby::ConnectionLobby(Poco::Net::ServerSocket listener, const ServerLimits& limits, Handoff handoff)
    : m_listener(std::move(listener)), m_limits(limits), m_handoff(std::move(handoff)) {}

ConnectionLobby::~ConnectionLobby() { stop(); }

void ConnectionLobby::start() {
    // Non-blocking, so that a connection the client abandoned between the wait and accept()
    // cannot block the loop; accepted sockets are made blocking again (Windows would inherit it).
    m_listener.setBlocking(false);
    m_thread = std::thread([this] { run(); });
}

void ConnectionLobby::stop() {
    m_stopping = true;
    if (m_thread.joinable())
        m_thread.join();
    for (auto& silent : m_silent) {
        try {
            silent.socket.close();
        } catch (const Poco::Exception&) {
        }
    }
    m_silent.clear();
    try {
        m_listener.close();
    } catch (const Poco::Exception&) {
    }
}

void ConnectionLobby::run() {
    std::vector<platform::SocketHandle> handles;
    std::vector<bool> handed;
    while (!m_stopping) {
        handles.clear();
        handles.push_back(handle_of(m_listener));
        for (auto& silent : m_silent)
            handles.push_back(handle_of(silent.socket));
        auto ready = platform::readable_sockets(handles, wait_limit(Clock::now()));
        auto now = Clock::now();
        // Hand over every connection that has something to read (a request, or its end) first:
        // positions in `ready` refer to m_silent as it was before anything new is accepted.
        handed.assign(m_silent.size(), false);
        bool listener_ready = false;
        for (std::size_t position : ready) {
            if (position == 0) {
                listener_ready = true;
                continue;
            }
            Silent& silent = m_silent[position - 1];
            handed[position - 1] = true;
            try {
                silent.socket.setBlocking(true);
                m_handoff(silent.socket, silent.accepted);
            } catch (const Poco::Exception& exception) {
                log::server.debug("could not hand over a connection: {}", exception.displayText());
            }
        }
        std::vector<Silent> still_silent;
        still_silent.reserve(m_silent.size());
        for (std::size_t index = 0; index < m_silent.size(); ++index)
            if (!handed[index])
                still_silent.push_back(std::move(m_silent[index]));
        m_silent.swap(still_silent);
        close_overdue(now);
        if (listener_ready)
            accept_waiting(now);
    }
}

void ConnectionLobby::accept_waiting(Clock::time_point now) {
    for (int accepted = 0; accepted < accept_batch && !m_stopping; ++accepted) {
        Poco::Net::StreamSocket socket;
        try {
            if (accepted > 0 && platform::readable_sockets({handle_of(m_listener)}, std::chrono::milliseconds(0)).empty())
                return;
            socket = m_listener.acceptConnection();
        } catch (const Poco::Exception& exception) {
            // Nothing more to accept (would block), or no descriptor is left: then the longest
            // silent connection makes room, or the loop would spin on a listener that stays ready.
            if (accepted == 0 && !m_silent.empty())
                close_oldest();
            else if (accepted == 0)
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
            log::server.debug("accept stopped: {}", exception.displayText());
            return;
        }
        try {
            socket.setBlocking(true);
            socket.setNoDelay(true);
        } catch (const Poco::Exception&) {
            continue; // Gone already.
        }
        if (m_silent.size() >= static_cast<size_t>(std::max(1, m_limits.max_silent_connections)))
            close_oldest();
        m_silent.push_back(Silent{socket, now});
    }
}

void ConnectionLobby::close_oldest() {
    try {
        m_silent.front().socket.close();
    } catch (const Poco::Exception&) {
    }
    m_silent.erase(m_silent.begin());
    ++m_closed_silent;
}

void ConnectionLobby::close_overdue(Clock::time_point now) {
    // Accepted in order, so the overdue ones are at the front.
    while (!m_silent.empty() && now - m_silent.front().accepted > m_limits.request_deadline)
        close_oldest();
}

std::chrono::milliseconds ConnectionLobby::wait_limit(Clock::time_point now) const {
    if (m_silent.empty())
        return longest_wait;
    auto until_deadline = m_silent.front().accepted + m_limits.request_deadline - now;
    auto limit = std::chrono::ceil<std::chrono::milliseconds>(until_deadline) + std::chrono::milliseconds(1);
    return std::clamp(limit, std::chrono::milliseconds(0), std::chrono::milliseconds(longest_wait));
}

} // namespace uap::server

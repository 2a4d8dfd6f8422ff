// Waiting for a socket to have something to read. Poco's Socket::poll creates, fills and closes an
// epoll set on every call on Linux (four system calls where one does); a loop that waits before
// every frame or request holds one PollSet for the socket's life instead. Header-only: its users
// already link Poco::Net.
#pragma once

#include <Poco/Net/PollSet.h>
#include <Poco/Net/Socket.h>
#include <Poco/Timespan.h>

namespace uap {

class ReadableSocket {
public:
    explicit ReadableSocket(const Poco::Net::Socket& socket) { m_set.add(socket, Poco::Net::PollSet::POLL_READ | Poco::Net::PollSet::POLL_ERROR); }
    ReadableSocket(const ReadableSocket&) = delete;
    ReadableSocket& operator=(const ReadableSocket&) = delete;

    // True when bytes, the peer's close or an error arrived within timeout: the read that follows
    // then returns them, or fails. False when the time ran out.
    bool within(const Poco::Timespan& timeout) { return !m_set.poll(timeout).empty(); }

private:
    Poco::Net::PollSet m_set;
};

} // namespace uap

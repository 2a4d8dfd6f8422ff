// Waiting for a socket to have something to read. On Linux, Poco's Socket::poll creates, fills and
// closes an epoll set on every call (four system calls where one does), so a loop that waits before
// every frame or request holds one PollSet for the socket's life instead. Header-only: its users
// already link Poco::Net.
#pragma once

#include <Poco/Net/Socket.h>
#include <Poco/Timespan.h>

#if defined(__linux__)
#include <Poco/Net/PollSet.h>
#endif

namespace uap {

class ReadableSocket {
public:
    explicit ReadableSocket(const Poco::Net::Socket& socket) : m_socket(socket) {
#if defined(__linux__)
        m_set.add(socket, Poco::Net::PollSet::POLL_READ);
#endif
    }
    ReadableSocket(const ReadableSocket&) = delete;
    ReadableSocket& operator=(const ReadableSocket&) = delete;

    // True when bytes, the peer's close or an error arrived within timeout: the read that follows
    // then returns them, or fails. False when the time ran out.
    bool within(const Poco::Timespan& timeout) {
#if defined(__linux__)
        // epoll reports errors and hang-ups whatever was asked for, and PollSet lists the socket for them.
        return !m_set.poll(timeout).empty();
#else
        // Elsewhere PollSet is WSAPoll or poll(), which refuse error flags in what is asked for and may
        // report a hang-up alone, which PollSet does not list: one Socket::poll per wait, as Poco does.
        return m_socket.poll(timeout, Poco::Net::Socket::SELECT_READ);
#endif
    }

private:
    Poco::Net::Socket m_socket;
#if defined(__linux__)
    Poco::Net::PollSet m_set;
#endif
};

} // namespace uap

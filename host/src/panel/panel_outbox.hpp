// One front-end's bounded queue of outgoing messages: the hub fills it without ever blocking, the
// front-end's own writer thread empties it onto the socket. When a front-end stops reading, the
// queue fills and is closed with a reason instead of making the publisher wait.
#pragma once

#include "support/mutex.hpp"

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <string>

namespace uap::panel {

struct OutboxLimits {
    size_t max_messages = 4096;
    size_t max_bytes = 64 * 1024 * 1024;
};

class PanelOutbox {
public:
    explicit PanelOutbox(OutboxLimits limits) : m_limits(limits) {}

    // Queues the message; false (and the outbox is closed as overflowed) when it would exceed a
    // limit, false when already closed.
    bool offer(std::string text);
    // The next message, waiting for one; nullopt once closed (for any reason).
    std::optional<std::string> take();
    // Ends the outbox (the connection is over); pending messages are discarded.
    void close();
    // Why the outbox overflowed, if it did.
    std::optional<std::string> overflow() const;

private:
    OutboxLimits m_limits;
    // The last lock in the order: nothing else is taken while it is held.
    mutable Mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<std::string> m_messages UAP_GUARDED_BY(m_mutex);
    size_t m_bytes UAP_GUARDED_BY(m_mutex) = 0;
    bool m_closed UAP_GUARDED_BY(m_mutex) = false;
    std::optional<std::string> m_overflow UAP_GUARDED_BY(m_mutex);
};

} // namespace uap::panel

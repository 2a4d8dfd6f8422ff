// PanelOutbox: a bounded producer/consumer queue with an overflow reason.
#include "panel/panel_outbox.hpp"

namespace uap::panel {

bool PanelOutbox::offer(std::string text) {
    bool accepted = false;
    {
        MutexLock lock(m_mutex);
        if (m_closed)
            return false;
        if (m_messages.size() + 1 > m_limits.max_messages || m_bytes + text.size() > m_limits.max_bytes) {
            m_overflow = "the front-end did not read its messages: " + std::to_string(m_messages.size()) + " messages (" +
                         std::to_string(m_bytes) + " bytes) were waiting, the most a front-end may leave unread";
            m_closed = true;
            m_messages.clear();
            m_bytes = 0;
        } else {
            m_bytes += text.size();
            m_messages.push_back(std::move(text));
            accepted = true;
        }
    }
    m_changed.notify_all();
    return accepted;
}

std::optional<std::string> PanelOutbox::take() {
    MutexLock lock(m_mutex);
    m_changed.wait(lock.waitable(), [this]() UAP_REQUIRES(m_mutex) { return m_closed || !m_messages.empty(); });
    if (m_closed)
        return std::nullopt;
    std::string text = std::move(m_messages.front());
    m_messages.pop_front();
    m_bytes -= text.size();
    return text;
}

void PanelOutbox::close() {
    {
        MutexLock lock(m_mutex);
        m_closed = true;
        m_messages.clear();
        m_bytes = 0;
    }
    m_changed.notify_all();
}

std::optional<std::string> PanelOutbox::overflow() const {
    MutexLock lock(m_mutex);
    return m_overflow;
}

} // namespace uap::panel

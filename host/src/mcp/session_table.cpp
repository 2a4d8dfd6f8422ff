// Session bookkeeping: open, touch, close, bounded eviction.
#include "mcp/session_table.hpp"
#include "support/random.hpp"

#include "server/access_tokens.hpp"

#include <algorithm>

namespace uap::mcp {

namespace {
constexpr size_t session_id_bytes = 16;
}

Expected<std::string> SessionTable::open(const ProtocolRevision& revision, std::string client_name, ClientCapabilities capabilities) {
    auto id = random::hex(session_id_bytes);
    if (!id)
        return id.error();
    auto now = Clock::now();
    std::lock_guard lock(m_mutex);
    evict_locked(now);
    m_sessions[*id] = Session{&revision, std::move(client_name), now, capabilities};
    return *id;
}

void SessionTable::evict_locked(Clock::time_point now) {
    std::erase_if(m_sessions, [&](auto& entry) { return now - entry.second.last_used > m_limits.idle_timeout; });
    while (m_sessions.size() >= m_limits.max_sessions) {
        auto oldest = std::min_element(m_sessions.begin(), m_sessions.end(),
                                       [](auto& left, auto& right) { return left.second.last_used < right.second.last_used; });
        m_sessions.erase(oldest);
    }
}

const ProtocolRevision* SessionTable::touch(const std::string& id) {
    auto now = Clock::now();
    std::lock_guard lock(m_mutex);
    auto found = m_sessions.find(id);
    if (found == m_sessions.end())
        return nullptr;
    if (now - found->second.last_used > m_limits.idle_timeout) {
        m_sessions.erase(found);
        return nullptr;
    }
    found->second.last_used = now;
    return found->second.revision;
}

std::string SessionTable::client_name(const std::string& id) const {
    std::lock_guard lock(m_mutex);
    auto found = m_sessions.find(id);
    return found == m_sessions.end() ? std::string() : found->second.client_name;
}

ClientCapabilities SessionTable::capabilities(const std::string& id) const {
    std::lock_guard lock(m_mutex);
    auto found = m_sessions.find(id);
    return found == m_sessions.end() ? ClientCapabilities{} : found->second.capabilities;
}

bool SessionTable::close(const std::string& id) {
    std::lock_guard lock(m_mutex);
    return m_sessions.erase(id) > 0;
}

size_t SessionTable::size() const {
    std::lock_guard lock(m_mutex);
    return m_sessions.size();
}

} // namespace uap::mcp

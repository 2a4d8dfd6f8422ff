// MCP sessions: cryptographically random ids bound to the negotiated revision. Idle sessions
// expire and the table is bounded, so a client that never sends DELETE cannot grow it forever.
#pragma once

#include "mcp/protocol_revision.hpp"
#include "mcp/request_declaration.hpp"
#include "support/expected.hpp"

#include <chrono>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace uap::mcp {

struct SessionLimits {
    size_t max_sessions = 256;
    std::chrono::seconds idle_timeout{24 * 60 * 60};
};

class SessionTable {
public:
    using Clock = std::chrono::steady_clock;

    explicit SessionTable(SessionLimits limits = {}) : m_limits(limits) {}

    // A new session; evicts expired sessions, then the least recently used one when full.
    // capabilities: what the client declared in initialize (elicitation decides how a tool's question reaches it).
    Expected<std::string> open(const ProtocolRevision& revision, std::string client_name, ClientCapabilities capabilities = {});
    // The session's revision, refreshing its idle timer; null when unknown or expired.
    const ProtocolRevision* touch(const std::string& id);
    // The clientInfo.name the session's initialize gave; empty when none or the session is unknown.
    std::string client_name(const std::string& id) const;
    // What the session's client declared in initialize; nothing for an unknown session.
    ClientCapabilities capabilities(const std::string& id) const;
    // True when the session existed.
    bool close(const std::string& id);
    size_t size() const;

private:
    struct Session {
        const ProtocolRevision* revision;
        std::string client_name;
        Clock::time_point last_used;
        ClientCapabilities capabilities;
    };
    void evict_locked(Clock::time_point now);

    SessionLimits m_limits;
    mutable std::mutex m_mutex;
    std::unordered_map<std::string, Session> m_sessions;
};

} // namespace uap::mcp

// Per-role caps on concurrent use of the server: open WebSockets of the editor and panel roles,
// and /mcp requests in handling, so no one role can take every connection the host has.
#pragma once

#include "server/request_guard.hpp"
#include "server/server_limits.hpp"
#include "support/mutex.hpp"

#include <array>
#include <optional>

namespace uap::server {

class RoleSlots {
public:
    // Held while the role uses one of its slots; releases it when destroyed.
    class Slot {
    public:
        Slot(RoleSlots& owner, Role role) : m_owner(&owner), m_role(role) {}
        Slot(Slot&& other) noexcept : m_owner(other.m_owner), m_role(other.m_role) { other.m_owner = nullptr; }
        Slot& operator=(Slot&& other) noexcept;
        Slot(const Slot&) = delete;
        ~Slot();

    private:
        RoleSlots* m_owner;
        Role m_role;
    };

    explicit RoleSlots(const ServerLimits& limits) : m_limits(limits) {}

    std::optional<Slot> try_acquire(Role role);
    int in_use(Role role) const;
    // The 503 for a role at its cap: what was refused, why, and the setting that raises it.
    Rejection refusal(Role role) const;

private:
    void release(Role role);

    ServerLimits m_limits;
    mutable Mutex m_mutex;
    std::array<int, all_roles.size()> m_in_use UAP_GUARDED_BY(m_mutex){};
};

} // namespace uap::server

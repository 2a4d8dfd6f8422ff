// RoleSlots: counting and the refusal text.
#include "server/role_slots.hpp"

#include <utility>

namespace uap::server {

RoleSlots::Slot::~Slot() {
    if (m_owner)
        m_owner->release(m_role);
}

RoleSlots::Slot& RoleSlots::Slot::operator=(Slot&& other) noexcept {
    if (this != &other) {
        if (m_owner)
            m_owner->release(m_role);
        m_owner = std::exchange(other.m_owner, nullptr);
        m_role = other.m_role;
    }
    return *this;
}

std::optional<RoleSlots::Slot> RoleSlots::try_acquire(Role role) {
    MutexLock lock(m_mutex);
    int& used = m_in_use[static_cast<size_t>(role)];
    if (used >= m_limits.cap_for(role))
        return std::nullopt;
    ++used;
    return Slot(*this, role);
}

int RoleSlots::in_use(Role role) const {
    MutexLock lock(m_mutex);
    return m_in_use[static_cast<size_t>(role)];
}

void RoleSlots::release(Role role) {
    MutexLock lock(m_mutex);
    --m_in_use[static_cast<size_t>(role)];
}

Rejection RoleSlots::refusal(Role role) const {
    std::string what = role == Role::Mcp ? "concurrent requests" : "open connections";
    return Rejection{503, "the " + to_string(role) + " role already has " + std::to_string(m_limits.cap_for(role)) + " " + what +
                              ", the most this host allows; close one or retry later, or raise \"limits\": {\"" +
                              ServerLimits::cap_setting_for(role) + "\": N} in <project>/UserSettings/AgentPanel/host-settings.json"};
}

} // namespace uap::server

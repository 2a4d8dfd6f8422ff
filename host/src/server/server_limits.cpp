// Server limits: role caps and the per-project overrides.
#include "server/server_limits.hpp"

#include "settings/project_settings.hpp"

#include <algorithm>
#include <limits>

namespace uap::server {

namespace {

int count_limit(const settings::ProjectSettings& settings, const char* name, int fallback) {
    uint64_t value = settings.limit(name, static_cast<uint64_t>(fallback));
    return static_cast<int>(std::clamp<uint64_t>(value, 1, 100'000));
}

std::chrono::milliseconds time_limit(const settings::ProjectSettings& settings, const char* name, std::chrono::milliseconds fallback) {
    uint64_t value = settings.limit(name, static_cast<uint64_t>(fallback.count()));
    return std::chrono::milliseconds(std::clamp<uint64_t>(value, 1, 24ull * 3600 * 1000));
}

} // namespace

int ServerLimits::cap_for(Role role) const {
    switch (role) {
    case Role::Mcp:
        return max_mcp_requests;
    case Role::Panel:
        return max_panel_connections;
    case Role::Editor:
        return max_editor_connections;
    }
    return 0;
}

const char* ServerLimits::cap_setting_for(Role role) {
    switch (role) {
    case Role::Mcp:
        return "maxMcpRequests";
    case Role::Panel:
        return "maxPanelConnections";
    case Role::Editor:
        return "maxEditorConnections";
    }
    return "";
}

ServerLimits ServerLimits::from(const settings::ProjectSettings& settings) {
    ServerLimits limits;
    limits.worker_threads = count_limit(settings, "httpWorkerThreads", limits.worker_threads);
    limits.max_queued_connections = count_limit(settings, "maxQueuedConnections", limits.max_queued_connections);
    limits.max_silent_connections = count_limit(settings, "maxSilentConnections", limits.max_silent_connections);
    limits.request_deadline = time_limit(settings, "requestDeadlineMs", limits.request_deadline);
    limits.keep_alive_idle = time_limit(settings, "keepAliveIdleMs", limits.keep_alive_idle);
    limits.eviction_grace = time_limit(settings, "evictionGraceMs", limits.eviction_grace);
    limits.max_mcp_requests = count_limit(settings, cap_setting_for(Role::Mcp), limits.max_mcp_requests);
    limits.max_panel_connections = count_limit(settings, cap_setting_for(Role::Panel), limits.max_panel_connections);
    limits.max_editor_connections = count_limit(settings, cap_setting_for(Role::Editor), limits.max_editor_connections);
    limits.refusal_drain_bytes = static_cast<size_t>(settings.limit("refusalDrainBytes", limits.refusal_drain_bytes));
    limits.refusal_drain_time = time_limit(settings, "refusalDrainMs", limits.refusal_drain_time);
    limits.socket_timeout = time_limit(settings, "socketTimeoutMs", limits.socket_timeout);
    return limits;
}

} // namespace uap::server

// The HTTP server's capacity limits, with their defaults; each can be overridden per project in
// host-settings.json under "limits" (see docs/capacity-and-limits.md).
#pragma once

#include "server/access_tokens.hpp"

#include <chrono>
#include <cstddef>

namespace uap::settings {
class ProjectSettings;
}

namespace uap::server {

struct ServerLimits {
    // Worker threads for plain HTTP requests (WebSockets run on threads of their own).
    int worker_threads = 64;
    // Accepted connections waiting for a worker; beyond this the server closes new ones at once.
    int max_queued_connections = 1024;
    // Accepted connections that have not sent a byte yet; they wait off the worker pool, and
    // beyond this the longest silent one is closed.
    int max_silent_connections = 512;
    // From the moment a connection is ready for a request (accepted, or its previous response
    // sent) until the request's head and body have been read in full.
    std::chrono::milliseconds request_deadline{std::chrono::seconds(10)};
    // How long a connection that has been served may wait for its next request.
    std::chrono::milliseconds keep_alive_idle{std::chrono::seconds(10)};
    // While connections wait for a worker, connections that have waited this long without
    // delivering a request are closed to make room (anonymous ones before authenticated ones).
    std::chrono::milliseconds eviction_grace{std::chrono::milliseconds(200)};
    // Per-role caps: concurrent /mcp requests in handling, and open WebSockets.
    int max_mcp_requests = 48;
    int max_panel_connections = 64;
    int max_editor_connections = 4;
    // After a refusal (413, 401, 403, 404) of a request whose body is still arriving, how much of
    // it the server reads and discards, and for how long, before closing.
    size_t refusal_drain_bytes = 16 * 1024 * 1024;
    std::chrono::milliseconds refusal_drain_time{std::chrono::seconds(3)};
    // Per read or write on a connection.
    std::chrono::milliseconds socket_timeout{std::chrono::seconds(10)};

    int cap_for(Role role) const;
    // The setting that raises the cap of a role, as written in host-settings.json.
    static const char* cap_setting_for(Role role);

    // The defaults, overridden by the project's "limits" (values in the units their names say).
    static ServerLimits from(const settings::ProjectSettings& settings);
};

} // namespace uap::server

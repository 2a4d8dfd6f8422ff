// GET /mcp: the session's standalone event stream (text/event-stream) of Streamable HTTP, over
// which the host sends notifications such as tools/list_changed. The socket side of the hub.
#pragma once

#include "mcp/notification_hub.hpp"
#include "mcp/session_table.hpp"
#include "server/host_server.hpp"

#include <chrono>

namespace uap::mcp {

// keep_alive: how often an idle stream gets an SSE comment, so a vanished client is noticed.
server::UpgradeRoute event_stream_route(NotificationHub& hub, SessionTable& sessions,
                                        std::chrono::milliseconds keep_alive = std::chrono::seconds(15));

} // namespace uap::mcp

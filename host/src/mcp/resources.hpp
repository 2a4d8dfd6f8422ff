// MCP resources, prompts and completions of the endpoint: the Unity Console, selection and scene
// hierarchy (read through the editor bridge), the project's extension profiles and the tool
// catalogue as resources; the profiles' quick actions as prompts; and resource subscriptions,
// delivered on a session's GET stream (2025 revisions) or a subscriptions/listen stream (2026-07-28).
#pragma once

#include "mcp/json_rpc.hpp"
#include "mcp/notification_hub.hpp"
#include "mcp/protocol_revision.hpp"
#include "mcp/resource_sources.hpp"
#include "mcp/tool_provider.hpp"
#include "server/http_exchange.hpp"
#include "support/periodic_task.hpp"

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace uap::mcp {

inline constexpr std::string_view console_uri = "unity://console";
inline constexpr std::string_view selection_uri = "unity://selection";
inline constexpr std::string_view hierarchy_uri = "unity://scenes/hierarchy";
inline constexpr std::string_view scene_roots_uri = "unity://scenes/roots";
inline constexpr std::string_view tools_uri = "uap://tools";
inline constexpr std::string_view profile_uri_prefix = "uap://profiles/";

struct ResourceLimits {
    size_t max_subscribers = 64;          // Sessions and listen streams holding subscriptions at once.
    size_t max_uris_per_subscriber = 16;  // Resource URIs one subscriber may watch.
    size_t page_size = 50;                // resources/list and prompts/list entries per page.
    size_t max_uri_characters = 2048;     // Longer URIs are refused before they are parsed.
    std::chrono::milliseconds editor_timeout{5000};
    std::chrono::milliseconds console_poll{1000}; // How often a watched Console is asked for its last entry id.
};

// A read or an argument's failure: the JSON-RPC error to answer with (code, message, the URI as data).
struct ResourceFailure {
    int code;
    std::string message;
    std::string uri; // Empty when the failure names no URI.
};

struct ResourceContents {
    std::string mime_type;
    std::string text;
};

class McpResources {
public:
    McpResources(const ToolProvider& tools, ResourceSources sources, NotificationHub& hub, ResourceLimits limits = {});
    ~McpResources();
    McpResources(const McpResources&) = delete;
    McpResources& operator=(const McpResources&) = delete;

    // True for the methods answered here under this era (resources/subscribe exists only in sessions;
    // 2026-07-28 subscribes through subscriptions/listen).
    bool serves(std::string_view method, Era era) const;
    // Answers one of the methods serves() accepts. scope: the session id, or the stateless scope.
    server::HttpResponse answer(const Message& message, const ProtocolRevision& revision, const std::string& scope) const;
    // The "resources", "prompts" and "completions" members of a capabilities object.
    void write_capabilities(JsonWriter& writer) const;

    // subscriptions/listen: registers the listener's resourceSubscriptions (those this server can
    // watch) under key, and returns the URIs agreed, for the acknowledgement. listen_id is the
    // listen request's id, which every notification carries.
    std::vector<std::string> listen(const std::string& key, const rapidjson::Value* params, const rapidjson::Value& listen_id);
    // A session or listen stream ended: its subscriptions go.
    void forget(const std::string& key);
    // Tells every subscriber of uri that it changed (a notification on its stream).
    void changed(std::string_view uri) const;
    // Asks the editor for the Console's last entry id and announces a change (runs periodically
    // while the Console is watched; public so tests can run it at a known moment).
    void poll_console() const;
    size_t subscribers() const;

private:
    struct Subscriber {
        std::set<std::string> uris;
        std::string listen_id_json; // Set for a subscriptions/listen stream: its notifications carry it.
    };
    server::HttpResponse list_resources(const Message& message, const ProtocolRevision& revision) const;
    server::HttpResponse list_templates(const Message& message, const ProtocolRevision& revision) const;
    server::HttpResponse read(const Message& message, const ProtocolRevision& revision) const;
    enum class Change { Subscribe, Unsubscribe };
    server::HttpResponse subscribe(const Message& message, const std::string& scope, Change change) const;
    server::HttpResponse list_prompts(const Message& message, const ProtocolRevision& revision) const;
    server::HttpResponse get_prompt(const Message& message, const ProtocolRevision& revision) const;
    server::HttpResponse complete(const Message& message, const ProtocolRevision& revision) const;

    // The contents of one resource, or why not: InvalidArgument for a URI this server does not
    // serve, Unavailable when the editor is not connected (resource_reads.cpp).
    Expected<ResourceContents> read_contents(std::string_view uri) const;
    // The id of the Console's newest entry, scanning forward from an id known to exist (0: from the
    // start); console.read answers oldest first, so the newest is found by reading on while "more".
    Expected<int64_t> newest_console_id(int64_t from) const;
    Expected<std::string> editor_call(std::string_view method, std::string_view params_json, std::string_view uri) const;
    // Completion values for a prompt or template argument, those starting with prefix.
    std::vector<std::string> completion_values(std::string_view reference, std::string_view argument, std::string_view prefix) const;
    std::vector<ProfileView> profiles() const;
    bool watchable(std::string_view uri) const;
    // Drops the subscribers with no open stream (an expired session, one that never opened its GET
    // stream); called under m_mutex when the table is full.
    void drop_unheard_locked() const;
    void on_editor_event(const std::string& event_json);
    void remember_console_id(int64_t id) const;

    const ToolProvider& m_tools;
    ResourceSources m_sources;
    NotificationHub& m_hub;
    ResourceLimits m_limits;
    mutable std::mutex m_mutex;
    mutable std::map<std::string, Subscriber> m_subscribers;
    mutable std::optional<int64_t> m_console_id; // The last Console entry id seen, once known.
    int m_events_ticket = 0;
    std::unique_ptr<PeriodicTask> m_console_poll;
};

// A failure as the error response of message (HTTP 200, the JSON-RPC error with the URI as data).
server::HttpResponse failure_response(const Message& message, const ResourceFailure& failure);

// The entry a list request's params.cursor points at (no cursor: 0), or why the cursor is refused.
Expected<size_t> page_offset(const rapidjson::Value* params);
// The cursor of the page that starts at offset.
std::string page_cursor(size_t offset);

// A string member of params, or nullopt when absent or not a string.
std::optional<std::string_view> string_param(const rapidjson::Value* params, const char* name);

} // namespace uap::mcp

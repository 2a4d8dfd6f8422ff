// subscriptions/listen of the 2026-07-28 revision: a POST whose response is a long-lived event
// stream of the change notifications the client asked for, fed by the same hub as the GET streams
// of 2025 sessions.
#include "mcp/http_replies.hpp"
#include "mcp/mcp_endpoint.hpp"
#include "mcp/resources.hpp"
#include "support/random.hpp"
#include "support/log.hpp"

#include <chrono>
#include <memory>
#include <vector>

namespace uap::mcp {

namespace {

constexpr std::string_view subscription_key = "io.modelcontextprotocol/subscriptionId";
// A comment this often lets a vanished client be noticed (the next write fails).
constexpr std::chrono::seconds keep_alive{15};

enum class ToolsListChanged { NotAsked, Agreed };

// The filter the server honours: tools/list_changed, and the resource URIs it can watch.
struct AgreedFilter {
    ToolsListChanged tools = ToolsListChanged::NotAsked;
    std::vector<std::string> resources;
};

// The "_meta" member every message of a subscription carries: the id of its listen request.
void write_subscription_meta(JsonWriter& writer, const rapidjson::Value& id) {
    write_key(writer, "_meta");
    writer.StartObject();
    write_key(writer, subscription_key);
    id.Accept(writer);
    writer.EndObject();
}

// A notification of the subscription; the acknowledgement also names the agreed filter.
std::string notification_text(std::string_view method, const rapidjson::Value& id, const AgreedFilter* agreed = nullptr) {
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    begin_notification(writer, method);
    write_key(writer, "params");
    writer.StartObject();
    write_subscription_meta(writer, id);
    if (agreed) {
        write_key(writer, "notifications");
        writer.StartObject();
        if (agreed->tools == ToolsListChanged::Agreed) {
            write_key(writer, "toolsListChanged");
            writer.Bool(true);
        }
        if (!agreed->resources.empty()) {
            write_key(writer, "resourceSubscriptions");
            writer.StartArray();
            for (const std::string& uri : agreed->resources)
                write_string(writer, uri);
            writer.EndArray();
        }
        writer.EndObject();
    }
    writer.EndObject();
    writer.EndObject();
    return std::string(buffer.GetString(), buffer.GetSize());
}

// The response to the listen request, sent when the server ends the subscription (shutdown, or a
// client too slow to keep up), so the client can tell that from a dropped connection.
std::string closing_result_text(const rapidjson::Value& id) {
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    begin_result(writer, &id);
    writer.StartObject();
    write_key(writer, "resultType");
    write_string(writer, "complete");
    write_subscription_meta(writer, id);
    writer.EndObject();
    finish_result(writer);
    return std::string(buffer.GetString(), buffer.GetSize());
}

ToolsListChanged requested_tools_filter(const rapidjson::Value* params) {
    if (!params)
        return ToolsListChanged::NotAsked;
    auto filter = params->FindMember("notifications");
    if (filter == params->MemberEnd() || !filter->value.IsObject())
        return ToolsListChanged::NotAsked;
    auto tools = filter->value.FindMember("toolsListChanged");
    return tools != filter->value.MemberEnd() && tools->value.IsBool() && tools->value.GetBool() ? ToolsListChanged::Agreed
                                                                                               : ToolsListChanged::NotAsked;
}

} // namespace

server::HttpResponse McpEndpoint::listen(const server::HttpRequest& request, const Message& message, Trace& trace) const {
    const std::string* accept = request.headers.find("Accept");
    if (!accept || !contains_ignoring_case(*accept, "text/event-stream"))
        return error_response(406, message.id, InvalidRequest,
                              "Not Acceptable: subscriptions/listen answers with an event stream; send Accept: text/event-stream");
    // tools/list_changed and the watchable resources' updates exist here; other filters are left
    // out of the acknowledgement.
    AgreedFilter agreed{requested_tools_filter(message.params), {}};
    std::string key = "listen:" + random::unique_suffix();
    auto opened = m_notifications->open(key);
    if (!opened)
        return error_response(503, message.id, ServerError,
                              "Service Unavailable: " + opened.error().message() + "; close another event stream or subscription, then listen again");
    if (m_resources)
        agreed.resources = m_resources->listen(key, message.params, *message.id);
    trace.outcome = "subscription";
    auto id = std::make_shared<rapidjson::Document>();
    id->CopyFrom(*message.id, id->GetAllocator());
    server::HttpResponse response;
    response.status = 200;
    response.content_type = "text/event-stream";
    response.headers.add("Cache-Control", "no-cache");
    response.headers.add("X-Accel-Buffering", "no");
    response.stream = [hub = m_notifications, resources = m_resources, key, stream = *opened, id, agreed](const server::BodyWriter& write) {
        log::mcp.info("subscriptions/listen opened ({} streams open)", hub->open_streams());
        bool open = write(event_stream_message(notification_text("notifications/subscriptions/acknowledged", *id, &agreed)));
        while (open) {
            std::optional<std::string> broadcast = stream->next(keep_alive);
            if (broadcast) {
                if (*broadcast != tools_list_changed_notification())
                    open = write(event_stream_message(*broadcast)); // A resource update sent to this stream alone, already addressed.
                else if (agreed.tools == ToolsListChanged::Agreed)
                    open = write(event_stream_message(notification_text("notifications/tools/list_changed", *id)));
            } else if (stream->closed()) {
                write(event_stream_message(closing_result_text(*id)));
                break;
            } else {
                open = write(": keep-alive\n\n");
            }
        }
        if (resources)
            resources->forget(key);
        hub->release(key, stream);
        log::mcp.info("subscriptions/listen closed ({} streams open)", hub->open_streams());
    };
    return response;
}

} // namespace uap::mcp

// Resources of the MCP endpoint: the list and its templates, the framing of reads, and resource
// subscriptions with their notifications (the contents are read in resource_reads.cpp, prompts and
// completions answered in prompts.cpp).
#include "mcp/resources.hpp"

#include "mcp/http_replies.hpp"
#include "mcp/tool_results.hpp"
#include "support/json.hpp"
#include "support/log.hpp"

#include <charconv>

namespace uap::mcp {

using server::HttpResponse;

namespace {

// Resources and templates are fixed here; the profiles are listed after them.
struct Listed {
    std::string_view uri;
    std::string_view name;
    std::string_view title;
    std::string_view description;
};

constexpr Listed fixed_resources[] = {
    {tools_uri, "tools", "Tool catalogue",
     "The enabled packs' tools in short form: name, pack, title, read-only, and whether tools/list carries it."},
    {console_uri, "console", "Unity Console", "The newest Unity Console entries (up to 100), newest last, with the last entry id."},
    {selection_uri, "selection", "Unity selection", "The objects and assets selected in the Unity editor."},
    {hierarchy_uri, "scene-hierarchy", "Open scenes' hierarchy",
     "The open scenes' objects depth first, 500 per read; nextUri reads the next part."},
};

constexpr Listed resource_templates[] = {
    {"uap://profiles/{id}", "profile", "Extension profile", "One extension profile: its rules for the agent, sources and quick actions."},
    {"unity://scenes/roots{?scene}", "scene-roots", "Root objects of an open scene", "The root objects of one open scene (by asset path)."},
    {"unity://scenes/hierarchy{?cursor}", "scene-hierarchy-part", "Open scenes' hierarchy, continued",
     "A later part of unity://scenes/hierarchy, from the cursor its previous part named."},
};

constexpr std::string_view json_mime_type = "application/json";

// Lists change whenever the editor or a profile does; a client re-lists rather than trusting a copy.
constexpr std::chrono::milliseconds list_fresh_for{0};

std::string resource_updated_text(std::string_view uri, const std::string& listen_id_json) {
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    begin_notification(writer, "notifications/resources/updated");
    write_key(writer, "params");
    writer.StartObject();
    if (!listen_id_json.empty()) {
        write_key(writer, "_meta");
        writer.StartObject();
        write_key(writer, "io.modelcontextprotocol/subscriptionId");
        writer.RawValue(listen_id_json.data(), listen_id_json.size(), rapidjson::kNumberType);
        writer.EndObject();
    }
    write_key(writer, "uri");
    write_string(writer, uri);
    writer.EndObject();
    writer.EndObject();
    return std::string(buffer.GetString(), buffer.GetSize());
}

void write_listed(JsonWriter& writer, const Listed& entry, std::string_view uri_key) {
    writer.StartObject();
    write_key(writer, uri_key);
    write_string(writer, entry.uri);
    write_key(writer, "name");
    write_string(writer, entry.name);
    write_key(writer, "title");
    write_string(writer, entry.title);
    write_key(writer, "description");
    write_string(writer, entry.description);
    write_key(writer, "mimeType");
    write_string(writer, json_mime_type);
    writer.EndObject();
}

// The error code for a URI this server does not serve: -32002 in the 2025 revisions, Invalid
// Params in 2026-07-28 (whose clients accept -32002 too).
int not_found_code(const ProtocolRevision& revision) { return revision.era == Era::Stateless ? InvalidParams : -32002; }

} // namespace

std::optional<std::string_view> string_param(const rapidjson::Value* params, const char* name) {
    if (!params || !params->IsObject())
        return std::nullopt;
    auto member = params->FindMember(name);
    if (member == params->MemberEnd() || !member->value.IsString())
        return std::nullopt;
    return std::string_view(member->value.GetString(), member->value.GetStringLength());
}

Expected<size_t> page_offset(const rapidjson::Value* params) {
    if (!params || !params->HasMember("cursor"))
        return size_t{0};
    auto cursor = string_param(params, "cursor");
    if (!cursor)
        return Error(uap::ErrorCode::InvalidArgument, "Invalid params: cursor must be a string (the nextCursor of the previous page)");
    size_t offset = 0;
    std::string_view digits = cursor->substr(cursor->starts_with("page:") ? 5 : cursor->size());
    auto [end, problem] = std::from_chars(digits.data(), digits.data() + digits.size(), offset);
    if (digits.empty() || problem != std::errc() || end != digits.data() + digits.size())
        return Error(uap::ErrorCode::InvalidArgument,
                     "Invalid params: cursor " + loggable(*cursor) + " was not issued by this server; list again without a cursor");
    return offset;
}

std::string page_cursor(size_t offset) { return "page:" + std::to_string(offset); }

HttpResponse failure_response(const Message& message, const ResourceFailure& failure) {
    if (failure.uri.empty())
        return error_response(200, message.id, failure.code, failure.message);
    return json_response(200, error_text(message.id, failure.code, failure.message, [&](JsonWriter& writer) {
                             writer.StartObject();
                             write_key(writer, "uri");
                             write_string(writer, loggable(failure.uri));
                             writer.EndObject();
                         }));
}

McpResources::McpResources(const ToolProvider& tools, ResourceSources sources, NotificationHub& hub, ResourceLimits limits)
    : m_tools(tools), m_sources(std::move(sources)), m_hub(hub), m_limits(limits) {
    if (m_sources.editor_events)
        m_events_ticket = m_sources.editor_events->subscribe([this](const std::string& event_json) { on_editor_event(event_json); });
    if (m_sources.editor)
        m_console_poll = std::make_unique<PeriodicTask>(m_limits.console_poll, [this] { poll_console(); });
}

McpResources::~McpResources() {
    if (m_console_poll)
        m_console_poll->stop();
    if (m_sources.editor_events)
        m_sources.editor_events->unsubscribe(m_events_ticket);
}

bool McpResources::serves(std::string_view method, Era era) const {
    if (method == "resources/subscribe" || method == "resources/unsubscribe")
        return era == Era::Session; // 2026-07-28 subscribes through subscriptions/listen.
    return method == "resources/list" || method == "resources/templates/list" || method == "resources/read" || method == "prompts/list" ||
           method == "prompts/get" || method == "completion/complete";
}

HttpResponse McpResources::answer(const Message& message, const ProtocolRevision& revision, const std::string& scope) const {
    if (message.method == "resources/list")
        return list_resources(message, revision);
    if (message.method == "resources/templates/list")
        return list_templates(message, revision);
    if (message.method == "resources/read")
        return read(message, revision);
    if (message.method == "resources/subscribe" || message.method == "resources/unsubscribe")
        return subscribe(message, scope, message.method == "resources/subscribe" ? Change::Subscribe : Change::Unsubscribe);
    if (message.method == "prompts/list")
        return list_prompts(message, revision);
    if (message.method == "prompts/get")
        return get_prompt(message, revision);
    return complete(message, revision);
}

void McpResources::write_capabilities(JsonWriter& writer) const {
    write_key(writer, "resources");
    writer.StartObject();
    // Updates of the Console, the selection and the hierarchy; the list itself is not announced.
    write_key(writer, "subscribe");
    writer.Bool(true);
    writer.EndObject();
    write_key(writer, "prompts");
    writer.StartObject();
    writer.EndObject();
    write_key(writer, "completions");
    writer.StartObject();
    writer.EndObject();
}

HttpResponse McpResources::list_resources(const Message& message, const ProtocolRevision& revision) const {
    auto offset = page_offset(message.params);
    if (!offset)
        return error_response(200, message.id, InvalidParams, offset.error().message());
    std::vector<ProfileView> known = profiles();
    size_t total = std::size(fixed_resources) + known.size();
    size_t end = std::min(total, *offset + m_limits.page_size);
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    begin_result(writer, message.id);
    writer.StartObject();
    write_result_type(writer, revision);
    write_caching_hints(writer, revision, list_fresh_for);
    write_key(writer, "resources");
    writer.StartArray();
    for (size_t index = *offset; index < end; ++index) {
        if (index < std::size(fixed_resources)) {
            write_listed(writer, fixed_resources[index], "uri");
            continue;
        }
        const ProfileView& profile = known[index - std::size(fixed_resources)];
        std::string uri = std::string(profile_uri_prefix) + profile.id;
        std::string description = "Extension profile " + profile.display_name + ": its rules for the agent, sources and quick actions.";
        write_listed(writer, Listed{uri, profile.id, profile.display_name, description}, "uri");
    }
    writer.EndArray();
    if (end < total) {
        write_key(writer, "nextCursor");
        write_string(writer, page_cursor(end));
    }
    writer.EndObject();
    finish_result(writer);
    return json_response(200, std::string(buffer.GetString(), buffer.GetSize()));
}

HttpResponse McpResources::list_templates(const Message& message, const ProtocolRevision& revision) const {
    auto offset = page_offset(message.params);
    if (!offset)
        return error_response(200, message.id, InvalidParams, offset.error().message());
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    begin_result(writer, message.id);
    writer.StartObject();
    write_result_type(writer, revision);
    // The templates are fixed while the host runs.
    write_caching_hints(writer, revision, std::chrono::hours(1));
    write_key(writer, "resourceTemplates");
    writer.StartArray();
    for (size_t index = *offset; index < std::size(resource_templates); ++index)
        write_listed(writer, resource_templates[index], "uriTemplate");
    writer.EndArray();
    writer.EndObject();
    finish_result(writer);
    return json_response(200, std::string(buffer.GetString(), buffer.GetSize()));
}

HttpResponse McpResources::read(const Message& message, const ProtocolRevision& revision) const {
    auto uri = string_param(message.params, "uri");
    if (!uri)
        return error_response(200, message.id, InvalidParams, "Invalid params: resources/read needs params.uri (a string; resources/list names them)");
    if (uri->size() > m_limits.max_uri_characters)
        return error_response(200, message.id, InvalidParams,
                              "Invalid params: the uri has " + std::to_string(uri->size()) + " characters, more than the " +
                                  std::to_string(m_limits.max_uri_characters) + " this server reads; resources/list names the URIs it serves");
    auto contents = read_contents(*uri);
    if (!contents) {
        int code = contents.error().code() == uap::ErrorCode::InvalidArgument ? not_found_code(revision) : InternalError;
        return failure_response(message, {code, contents.error().message(), std::string(*uri)});
    }
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    begin_result(writer, message.id);
    writer.StartObject();
    write_result_type(writer, revision);
    // Read from the editor or the catalogue now: a copy is stale as soon as anything changes.
    write_caching_hints(writer, revision, std::chrono::milliseconds(0));
    write_key(writer, "contents");
    writer.StartArray();
    writer.StartObject();
    write_key(writer, "uri");
    write_string(writer, *uri);
    write_key(writer, "mimeType");
    write_string(writer, contents->mime_type);
    write_key(writer, "text");
    write_string(writer, contents->text);
    writer.EndObject();
    writer.EndArray();
    writer.EndObject();
    finish_result(writer);
    return json_response(200, std::string(buffer.GetString(), buffer.GetSize()));
}

bool McpResources::watchable(std::string_view uri) const {
    return uri == console_uri || uri == selection_uri || uri == hierarchy_uri;
}

HttpResponse McpResources::subscribe(const Message& message, const std::string& scope, Change change) const {
    bool add = change == Change::Subscribe;
    auto uri = string_param(message.params, "uri");
    if (!uri)
        return error_response(200, message.id, InvalidParams, "Invalid params: " + std::string(message.method) + " needs params.uri (a string)");
    if (add && !watchable(*uri))
        return failure_response(message, {InvalidParams,
                                          "Invalid params: " + loggable(*uri) + " has no update notifications; subscribe to " +
                                              std::string(console_uri) + ", " + std::string(selection_uri) + " or " + std::string(hierarchy_uri),
                                          std::string(*uri)});
    {
        std::lock_guard lock(m_mutex);
        if (!add) {
            // Unsubscribing from something never subscribed is not an error: the result is the same.
            if (auto found = m_subscribers.find(scope); found != m_subscribers.end()) {
                found->second.uris.erase(std::string(*uri));
                if (found->second.uris.empty())
                    m_subscribers.erase(found);
            }
        } else {
            auto found = m_subscribers.find(scope);
            if (found == m_subscribers.end() && m_subscribers.size() >= m_limits.max_subscribers)
                drop_unheard_locked(); // Sessions that expired, or never opened a stream, would hear nothing.
            if (found == m_subscribers.end() && m_subscribers.size() >= m_limits.max_subscribers)
                return error_response(200, message.id, InvalidParams,
                                      "Invalid params: " + std::to_string(m_limits.max_subscribers) +
                                          " sessions already hold resource subscriptions; end a session (DELETE /mcp) or unsubscribe first");
            Subscriber& subscriber = m_subscribers[scope];
            subscriber.uris.insert(std::string(*uri));
        }
    }
    if (add && *uri == console_uri)
        poll_console(); // Knows the Console's last entry now, so the next line is noticed.
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    begin_result(writer, message.id);
    writer.StartObject();
    writer.EndObject();
    finish_result(writer);
    return json_response(200, std::string(buffer.GetString(), buffer.GetSize()));
}

std::vector<std::string> McpResources::listen(const std::string& key, const rapidjson::Value* params, const rapidjson::Value& listen_id) {
    std::vector<std::string> agreed;
    if (!params || !params->IsObject())
        return agreed;
    auto filter = params->FindMember("notifications");
    if (filter == params->MemberEnd() || !filter->value.IsObject())
        return agreed;
    auto uris = filter->value.FindMember("resourceSubscriptions");
    if (uris == filter->value.MemberEnd() || !uris->value.IsArray())
        return agreed;
    Subscriber subscriber;
    subscriber.listen_id_json = json::to_text(listen_id);
    for (const auto& uri : uris->value.GetArray()) {
        // URIs without updates, and those past the bound, are left out of the acknowledgement.
        if (!uri.IsString() || !watchable(std::string_view(uri.GetString(), uri.GetStringLength())))
            continue;
        if (subscriber.uris.size() >= m_limits.max_uris_per_subscriber)
            break;
        if (subscriber.uris.insert(uri.GetString()).second)
            agreed.emplace_back(uri.GetString());
    }
    if (agreed.empty())
        return agreed;
    bool console = subscriber.uris.contains(std::string(console_uri));
    {
        std::lock_guard lock(m_mutex);
        if (m_subscribers.size() >= m_limits.max_subscribers)
            drop_unheard_locked();
        if (m_subscribers.size() >= m_limits.max_subscribers) {
            log::mcp.warn("{} subscribers already; a listen stream's resourceSubscriptions are not acknowledged", m_limits.max_subscribers);
            return {};
        }
        m_subscribers[key] = std::move(subscriber);
    }
    if (console)
        poll_console();
    return agreed;
}

void McpResources::drop_unheard_locked() const {
    std::erase_if(m_subscribers, [&](const auto& entry) { return !m_hub.is_open(entry.first); });
}

void McpResources::forget(const std::string& key) {
    std::lock_guard lock(m_mutex);
    m_subscribers.erase(key);
}

size_t McpResources::subscribers() const {
    std::lock_guard lock(m_mutex);
    return m_subscribers.size();
}

void McpResources::changed(std::string_view uri) const {
    std::vector<std::pair<std::string, std::string>> deliveries;
    {
        std::lock_guard lock(m_mutex);
        for (const auto& [key, subscriber] : m_subscribers)
            if (subscriber.uris.contains(std::string(uri)))
                deliveries.emplace_back(key, resource_updated_text(uri, subscriber.listen_id_json));
    }
    for (const auto& [key, text] : deliveries)
        m_hub.send(key, text);
}

void McpResources::on_editor_event(const std::string& event_json) {
    auto event = json::parse(event_json);
    if (!event || !event->IsObject())
        return;
    std::string name = json::string_field(*event, "event").value_or("");
    if (name == "consoleError") {
        auto data = event->FindMember("data");
        if (data != event->MemberEnd() && data->value.IsObject())
            if (auto id = json::integer_field(data->value, "id"))
                remember_console_id(*id);
        changed(console_uri);
    } else if (name == "selectionChanged") {
        changed(selection_uri);
    } else if (name == "sceneChanged" || name == "reloaded") {
        changed(hierarchy_uri);
    }
}

void McpResources::remember_console_id(int64_t id) const {
    std::lock_guard lock(m_mutex);
    m_console_id = std::max(id, m_console_id.value_or(id));
}

void McpResources::poll_console() const {
    {
        std::lock_guard lock(m_mutex);
        bool watched = false;
        for (const auto& [key, subscriber] : m_subscribers)
            watched = watched || subscriber.uris.contains(std::string(console_uri));
        if (!watched)
            return;
    }
    // The bridge has an event for errors only; a log line or a warning shows as a newer entry id.
    std::optional<int64_t> known;
    {
        std::lock_guard lock(m_mutex);
        known = m_console_id;
    }
    auto newest = newest_console_id(known.value_or(0));
    if (!newest)
        return; // Not connected: nothing to announce; a read says why.
    bool grew = false;
    {
        std::lock_guard lock(m_mutex);
        grew = m_console_id && *newest > *m_console_id;
        m_console_id = std::max(*newest, m_console_id.value_or(*newest));
    }
    if (grew)
        changed(console_uri);
}

} // namespace uap::mcp

// The contents of each resource: the tool catalogue and the profiles from this host, the Console,
// the selection and the hierarchy live from the editor. An editor that is not connected makes the
// read fail and say how to connect one; nothing is served from an older copy.
#include "mcp/http_replies.hpp"
#include "mcp/resources.hpp"
#include "support/json.hpp"
#include "support/json_writer.hpp"

#include <Poco/URI.h>

#include <algorithm>
#include <mutex>

namespace uap::mcp {

namespace {

constexpr int console_entries = 100;       // The newest entries a Console read returns.
constexpr int scan_page = 1000;            // Entries per console.read while looking for the newest.
constexpr int hierarchy_nodes_per_part = 500; // Nodes per hierarchy read; nextUri continues.

// The one query parameter a URI may carry after "?name=", percent-decoded; nullopt when there is
// no query; an Error when the query names anything else.
Expected<std::optional<std::string>> query_value(std::string_view query, std::string_view name) {
    if (query.empty())
        return std::optional<std::string>();
    std::string prefix = std::string(name) + "=";
    if (!query.starts_with(prefix) || query.find('&') != std::string_view::npos)
        return Error(uap::ErrorCode::InvalidArgument, "Resource not found: this URI takes one query parameter, ?" + std::string(name) + "=");
    std::string decoded;
    Poco::URI::decode(std::string(query.substr(prefix.size())), decoded);
    return std::optional<std::string>(std::move(decoded));
}

std::string first_line(std::string_view text) {
    std::string_view line = text.substr(0, text.find('\n'));
    constexpr size_t limit = 160;
    return std::string(line.substr(0, limit)) + (line.size() > limit ? "..." : "");
}

std::string tools_text(const std::vector<CatalogueEntry>& entries) {
    json::TextWriter writer;
    writer.begin_object().key("tools").begin_array();
    for (const CatalogueEntry& entry : entries) {
        writer.begin_object().field("name", entry.tool->name).field("summary", first_line(entry.tool->description));
        if (!entry.module_id.empty())
            writer.field("pack", entry.module_id);
        writer.field("readOnly", entry.tool->metadata.read_only).field("listed", entry.listing == modules::Listing::Always).end_object();
    }
    writer.end_array().end_object();
    return writer.text();
}

std::string profile_text(const ProfileView& profile) {
    json::TextWriter writer;
    writer.begin_object().field("id", profile.id).field("name", profile.display_name).key("rules").begin_array();
    for (const std::string& line : profile.instruction_lines)
        writer.value(line);
    writer.end_array().key("sources").begin_array();
    for (const std::string& source : profile.sources)
        writer.value(source);
    writer.end_array().key("quickActions").begin_array();
    for (const QuickActionView& action : profile.quick_actions)
        writer.begin_object().field("id", action.id).field("label", action.label).field("prompt", profile.id + "." + action.id).end_object();
    writer.end_array().end_object();
    return writer.text();
}

// The editor's hierarchy part, with the URI of the next part when the walk was cut short.
Expected<std::string> with_next_uri(const std::string& result_json) {
    auto result = json::parse(result_json);
    if (!result || !result->IsObject())
        return Error(uap::ErrorCode::Failed, "the editor answered hierarchy.subtree with something other than a JSON object");
    if (auto cursor = json::string_field(*result, "nextCursor")) {
        std::string encoded;
        Poco::URI::encode(*cursor, "&=?#+/ ", encoded);
        std::string next = std::string(hierarchy_uri) + "?cursor=" + encoded;
        result->AddMember("nextUri", json::string_value(next, result->GetAllocator()), result->GetAllocator());
    }
    return json::to_text(*result);
}

} // namespace

std::vector<ProfileView> McpResources::profiles() const { return m_sources.profiles ? m_sources.profiles() : std::vector<ProfileView>{}; }

Expected<std::string> McpResources::editor_call(std::string_view method, std::string_view params_json, std::string_view uri) const {
    if (!m_sources.editor)
        return Error(uap::ErrorCode::Unavailable, "Unity editor not connected: this host has no editor bridge, so " + std::string(uri) +
                                                 " cannot be read; run `uap-host serve --editor sim` or open the project in Unity");
    // The bridge holds a call until an editor connects (minutes); a read must answer now instead.
    auto state = json::parse(m_sources.editor->state_json());
    std::string connection = state && state->IsObject() ? json::string_field(*state, "state").value_or("unknown") : "unknown";
    if (connection != "connected")
        return Error(uap::ErrorCode::Unavailable, "Unity editor not connected (bridge state: " + loggable(connection) + "): " + std::string(uri) +
                                                      " is read live and never from an older copy; open the project in Unity with the Agent "
                                                      "Panel package, or run `uap-host serve --editor sim` for the simulator, then read again");
    auto reply = m_sources.editor->call(method, params_json, static_cast<uint32_t>(m_limits.editor_timeout.count()), nullptr);
    if (reply)
        return reply;
    if (reply.error().code() == uap::ErrorCode::Unavailable)
        return Error(uap::ErrorCode::Unavailable,
                     "Unity editor not connected (" + reply.error().message() + "): " + std::string(uri) +
                         " is read live and never from an older copy; open the project in Unity with the Agent Panel package, or run "
                         "`uap-host serve --editor sim` for the simulator, then read again");
    return Error(reply.error().code(), "the Unity editor could not answer " + std::string(method) + " for " + std::string(uri) + ": " +
                                           reply.error().message());
}

Expected<int64_t> McpResources::newest_console_id(int64_t from) const {
    constexpr int pages = 20; // 20,000 entries: more than either Console keeps.
    int64_t newest = from;
    for (int page = 0; page < pages; ++page) {
        json::TextWriter params;
        params.begin_object().field("sinceId", newest).field("limit", scan_page).end_object();
        UAP_ASSIGN_OR_RETURN(std::string text, editor_call("console.read", params.text(), console_uri));
        auto parsed = json::parse(text);
        if (!parsed || !parsed->IsObject())
            return Error(uap::ErrorCode::Failed, "the editor answered console.read with something other than a JSON object");
        newest = std::max(newest, json::integer_field(*parsed, "lastId").value_or(newest));
        if (!json::bool_field(*parsed, "more").value_or(false))
            break;
    }
    return newest;
}

Expected<ResourceContents> McpResources::read_contents(std::string_view uri) const {
    std::string_view path = uri.substr(0, uri.find('?'));
    std::string_view query = path.size() < uri.size() ? uri.substr(path.size() + 1) : std::string_view();
    const std::string json_type = "application/json";
    if (uri == tools_uri)
        return ResourceContents{json_type, tools_text(m_tools.catalogue())};
    if (uri.starts_with(profile_uri_prefix)) {
        std::string_view id = uri.substr(profile_uri_prefix.size());
        for (const ProfileView& profile : profiles())
            if (profile.id == id)
                return ResourceContents{json_type, profile_text(profile)};
        return Error(uap::ErrorCode::InvalidArgument,
                     "Resource not found: no extension profile " + loggable(id) + " in this project; resources/list names the profiles");
    }
    if (uri == console_uri) {
        std::optional<int64_t> known;
        {
            std::lock_guard lock(m_mutex);
            known = m_console_id;
        }
        UAP_ASSIGN_OR_RETURN(int64_t newest, newest_console_id(known.value_or(0)));
        json::TextWriter params;
        params.begin_object().field("sinceId", std::max<int64_t>(0, newest - console_entries)).field("limit", console_entries).end_object();
        UAP_ASSIGN_OR_RETURN(std::string text, editor_call("console.read", params.text(), uri));
        return ResourceContents{json_type, std::move(text)};
    }
    if (uri == selection_uri) {
        UAP_ASSIGN_OR_RETURN(std::string text, editor_call("selection.get", "{}", uri));
        return ResourceContents{json_type, std::move(text)};
    }
    if (path == hierarchy_uri) {
        UAP_ASSIGN_OR_RETURN(auto cursor, query_value(query, "cursor"));
        json::TextWriter params;
        params.begin_object().field("depth", 64).field("maxNodes", hierarchy_nodes_per_part);
        if (cursor)
            params.field("cursor", *cursor);
        UAP_ASSIGN_OR_RETURN(std::string text, editor_call("hierarchy.subtree", params.end_object().text(), uri));
        UAP_ASSIGN_OR_RETURN(std::string part, with_next_uri(text));
        return ResourceContents{json_type, std::move(part)};
    }
    if (path == scene_roots_uri) {
        UAP_ASSIGN_OR_RETURN(auto scene, query_value(query, "scene"));
        json::TextWriter params;
        params.begin_object().field("limit", hierarchy_nodes_per_part);
        if (scene)
            params.field("scene", *scene);
        UAP_ASSIGN_OR_RETURN(std::string text, editor_call("hierarchy.roots", params.end_object().text(), uri));
        return ResourceContents{json_type, std::move(text)};
    }
    return Error(uap::ErrorCode::InvalidArgument, "Resource not found: " + loggable(uri) +
                                                 " is not served here; resources/list and resources/templates/list name what is");
}

} // namespace uap::mcp

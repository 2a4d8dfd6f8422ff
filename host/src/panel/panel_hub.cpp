// PanelHub: state application, snapshots and broadcasting.
#include "panel/panel_hub.hpp"

#include "panel/rendered_markdown.hpp"

#include "support/json.hpp"
#include "support/json_writer.hpp"

#include <vector>

namespace uap::panel {

namespace {

bool is_transcript_event(const std::string& type) {
    return type == "user_message" || type == "assistant_message" || type == "assistant_thinking" || type == "tool_started" || type == "tool_finished" ||
           type == "turn_finished" || type == "turn_reverted" || type == "notice" || type == "compaction" || type == "subagent_task";
}

std::string pending_id(const rapidjson::Value& value) {
    if (auto member = value.FindMember("permission"); member != value.MemberEnd())
        return json::string_field(member->value, "permission_id").value_or("");
    return json::string_field(value, "permission_id").value_or("");
}

} // namespace

uint64_t PanelHub::subscribe(Subscriber subscriber) {
    MutexLock lock(m_mutex);
    uint64_t id = ++m_next_subscriber;
    if (subscriber(snapshot_locked()))
        m_subscribers.emplace(id, std::move(subscriber));
    return id;
}

void PanelHub::unsubscribe(uint64_t id) {
    MutexLock lock(m_mutex);
    m_subscribers.erase(id);
}

size_t PanelHub::subscriber_count() const {
    MutexLock lock(m_mutex);
    return m_subscribers.size();
}

void PanelHub::merge_status_locked(const rapidjson::Value& fields) {
    rapidjson::Document merged(rapidjson::kObjectType);
    auto& allocator = merged.GetAllocator();
    for (auto& member : m_status.GetObject()) {
        auto changed = fields.FindMember(member.name);
        const rapidjson::Value& value = changed != fields.MemberEnd() ? changed->value : member.value;
        merged.AddMember(rapidjson::Value(member.name, allocator), rapidjson::Value(value, allocator), allocator);
    }
    for (auto& member : fields.GetObject())
        if (!m_status.HasMember(member.name))
            merged.AddMember(rapidjson::Value(member.name, allocator), rapidjson::Value(member.value, allocator), allocator);
    m_status.Swap(merged);
}

void PanelHub::apply(const rapidjson::Document& event, const std::string& event_text) {
    std::string type = json::string_field(event, "type").value_or("");
    if (type == "status") {
        // Status events carry only the fields that changed (publish() drops the rest); they are merged.
        if (auto fields = event.FindMember("status"); fields != event.MemberEnd() && fields->value.IsObject())
            merge_status_locked(fields->value);
    } else if (type == "text_delta") {
        uint64_t turn = static_cast<uint64_t>(json::integer_field(event, "turn_id").value_or(0));
        if (turn != m_streaming_turn)
            m_streaming_text.clear();
        m_streaming_turn = turn;
        m_streaming_text += json::string_field(event, "text").value_or("");
    } else if (type == "permission_requested") {
        rapidjson::Document copy;
        if (auto member = event.FindMember("permission"); member != event.MemberEnd())
            copy.CopyFrom(member->value, copy.GetAllocator());
        m_pending.push_back(std::move(copy));
    } else if (type == "permission_withdrawn" || type == "permission_answered") {
        std::string id = pending_id(event);
        for (auto it = m_pending.begin(); it != m_pending.end(); ++it)
            if (pending_id(*it) == id) {
                m_pending.erase(it);
                break;
            }
    } else if (type == "transcript_reset") {
        m_transcript.clear();
        m_pending.clear();
        m_streaming_text.clear();
        m_streaming_text.shrink_to_fit();
        if (auto items = event.FindMember("items"); items != event.MemberEnd() && items->value.IsArray())
            for (auto& item : items->value.GetArray())
                m_transcript.append(json::to_text(item));
    }
    if (type == "assistant_message" || type == "turn_finished") {
        m_streaming_text.clear();
        m_streaming_text.shrink_to_fit(); // A long answer's text is not held until the next one.
    }
    if (is_transcript_event(type))
        m_transcript.append(event_text);
}

bool PanelHub::keep_changed_status_locked(rapidjson::Document& event) const {
    auto fields = event.FindMember("status");
    if (fields == event.MemberEnd() || !fields->value.IsObject())
        return true;
    auto& status = fields->value;
    for (auto member = status.MemberBegin(); member != status.MemberEnd();) {
        auto known = m_status.FindMember(member->name);
        if (known != m_status.MemberEnd() && known->value == member->value)
            member = status.EraseMember(member);
        else
            ++member;
    }
    return !status.ObjectEmpty();
}

void PanelHub::publish(rapidjson::Document event) {
    // Parsed before the lock: a long message must not hold up other publishers or new front-ends.
    attach_markdown(event);
    MutexLock lock(m_mutex);
    // The status is published whole at every change of any part of it; the front-ends merge it,
    // so only what changed travels (the model list and slash commands alone are several KB).
    if (json::string_field(event, "type").value_or("") == "status" && !keep_changed_status_locked(event))
        return;
    event.AddMember("seq", ++m_sequence, event.GetAllocator());
    std::string text = json::to_text(event);
    apply(event, text);
    std::vector<uint64_t> gone;
    for (auto& [id, subscriber] : m_subscribers)
        if (!subscriber(text))
            gone.push_back(id);
    for (uint64_t id : gone)
        m_subscribers.erase(id);
}

std::string PanelHub::snapshot_locked() const {
    // Written through the writer with the kept items embedded as they are: building a document
    // of 2,000 copied items for every new front-end would cost a pool per snapshot.
    json::TextWriter writer;
    writer.begin_object().field("type", "snapshot").field("protocol", protocol_version).field("seq", m_sequence);
    writer.raw_field("status", json::to_text(m_status));
    writer.key("transcript").begin_array();
    for (const auto& item : m_transcript.items())
        writer.raw(item);
    writer.end_array();
    writer.key("streaming").begin_object().field("turn_id", m_streaming_turn).field("text", m_streaming_text).end_object();
    writer.key("pending_permissions").begin_array();
    for (const auto& item : m_pending)
        writer.raw(json::to_text(item));
    writer.end_array();
    return writer.end_object().text();
}

std::string PanelHub::snapshot_text() const {
    MutexLock lock(m_mutex);
    return snapshot_locked();
}

std::string PanelHub::status_text() const {
    MutexLock lock(m_mutex);
    return json::to_text(m_status);
}

PanelHub::Holdings PanelHub::holdings() const {
    MutexLock lock(m_mutex);
    return Holdings{m_transcript.items().size(), m_transcript.held_bytes(), json::pool_bytes(m_status), m_pending.size(),
                    m_streaming_text.capacity()};
}

} // namespace uap::panel

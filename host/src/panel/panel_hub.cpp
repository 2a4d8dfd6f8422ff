// PanelHub: state application, snapshots and broadcasting.
#include "panel/panel_hub.hpp"

#include "panel/rendered_markdown.hpp"

#include "support/json.hpp"

#include <vector>

namespace uap::panel {

namespace {

bool is_transcript_event(const std::string& type) {
    return type == "user_message" || type == "assistant_message" || type == "tool_started" || type == "tool_finished" ||
           type == "turn_finished" || type == "turn_reverted" || type == "notice" || type == "compaction";
}

std::string pending_id(const rapidjson::Value& value) {
    if (auto member = value.FindMember("permission"); member != value.MemberEnd())
        return json::string_field(member->value, "permission_id").value_or("");
    return json::string_field(value, "permission_id").value_or("");
}

} // namespace

uint64_t PanelHub::subscribe(Subscriber subscriber) {
    std::lock_guard lock(m_mutex);
    uint64_t id = ++m_next_subscriber;
    if (subscriber(snapshot_locked()))
        m_subscribers.emplace(id, std::move(subscriber));
    return id;
}

void PanelHub::unsubscribe(uint64_t id) {
    std::lock_guard lock(m_mutex);
    m_subscribers.erase(id);
}

size_t PanelHub::subscriber_count() const {
    std::lock_guard lock(m_mutex);
    return m_subscribers.size();
}

void PanelHub::apply(const rapidjson::Document& event) {
    std::string type = json::string_field(event, "type").value_or("");
    if (type == "status") {
        // Status events carry only the fields that changed (publish() drops the rest); they are merged.
        if (auto fields = event.FindMember("status"); fields != event.MemberEnd() && fields->value.IsObject())
            for (auto& member : fields->value.GetObject()) {
                auto existing = m_status.FindMember(member.name);
                if (existing != m_status.MemberEnd())
                    existing->value.CopyFrom(member.value, m_status.GetAllocator());
                else
                    m_status.AddMember(rapidjson::Value(member.name, m_status.GetAllocator()),
                                       rapidjson::Value(member.value, m_status.GetAllocator()), m_status.GetAllocator());
            }
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
        if (auto items = event.FindMember("items"); items != event.MemberEnd() && items->value.IsArray())
            for (auto& item : items->value.GetArray()) {
                rapidjson::Document copy;
                copy.CopyFrom(item, copy.GetAllocator());
                m_transcript.push_back(std::move(copy));
            }
    }
    if (type == "assistant_message" || type == "turn_finished")
        m_streaming_text.clear();
    if (is_transcript_event(type)) {
        rapidjson::Document copy;
        copy.CopyFrom(event, copy.GetAllocator());
        m_transcript.push_back(std::move(copy));
        while (m_transcript.size() > max_transcript_items)
            m_transcript.pop_front();
    }
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
    std::lock_guard lock(m_mutex);
    // The status is published whole at every change of any part of it; the front-ends merge it,
    // so only what changed travels (the model list and slash commands alone are several KB).
    if (json::string_field(event, "type").value_or("") == "status" && !keep_changed_status_locked(event))
        return;
    event.AddMember("seq", ++m_sequence, event.GetAllocator());
    apply(event);
    std::string text = json::to_text(event);
    std::vector<uint64_t> gone;
    for (auto& [id, subscriber] : m_subscribers)
        if (!subscriber(text))
            gone.push_back(id);
    for (uint64_t id : gone)
        m_subscribers.erase(id);
}

std::string PanelHub::snapshot_locked() const {
    rapidjson::Document snapshot(rapidjson::kObjectType);
    auto& allocator = snapshot.GetAllocator();
    snapshot.AddMember("type", "snapshot", allocator);
    snapshot.AddMember("protocol", protocol_version, allocator);
    snapshot.AddMember("seq", m_sequence, allocator);
    snapshot.AddMember("status", rapidjson::Value(m_status, allocator), allocator);
    rapidjson::Value transcript(rapidjson::kArrayType);
    for (auto& item : m_transcript)
        transcript.PushBack(rapidjson::Value(item, allocator), allocator);
    snapshot.AddMember("transcript", transcript, allocator);
    rapidjson::Value streaming(rapidjson::kObjectType);
    streaming.AddMember("turn_id", m_streaming_turn, allocator);
    streaming.AddMember("text", json::string_value(m_streaming_text, allocator), allocator);
    snapshot.AddMember("streaming", streaming, allocator);
    rapidjson::Value pending(rapidjson::kArrayType);
    for (auto& item : m_pending)
        pending.PushBack(rapidjson::Value(item, allocator), allocator);
    snapshot.AddMember("pending_permissions", pending, allocator);
    return json::to_text(snapshot);
}

std::string PanelHub::snapshot_text() const {
    std::lock_guard lock(m_mutex);
    return snapshot_locked();
}

std::string PanelHub::status_text() const {
    std::lock_guard lock(m_mutex);
    return json::to_text(m_status);
}

} // namespace uap::panel

// The host-owned panel state (transcript, text streaming in progress, pending permissions, status)
// and its subscribers. Every event is applied to the state and then sent to every connected
// front-end, so all of them render the same thing; a new one starts from a snapshot.
#pragma once

#include "api/event_sink.hpp"
#include "panel/transcript_buffer.hpp"
#include "support/mutex.hpp"

#include <rapidjson/document.h>

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <string>

namespace uap::panel {

inline constexpr int protocol_version = 1;

class PanelHub final : public api::EventSink {
public:
    explicit PanelHub(TranscriptBounds transcript_bounds = {}) : m_transcript(transcript_bounds) {}

    // Receives one JSON text message; returns false when the front-end is gone (it is dropped).
    // It is called under the hub's lock and must not block: a front-end queues the message in its
    // bounded outbox (PanelOutbox) and writes it to the socket on its own thread, so publishing
    // never waits on a socket.
    using Subscriber = std::function<bool(const std::string& text)>;

    // Sends the snapshot to the new subscriber first, under the same lock as later events, so
    // nothing falls between the snapshot and the first event.
    uint64_t subscribe(Subscriber subscriber);
    void unsubscribe(uint64_t id);
    size_t subscriber_count() const override;

    // Assigns the next sequence number, applies the event to the state, and broadcasts it.
    // The event must be an object with a "type". A status event travels with only the fields
    // that changed, and not at all when none did.
    void publish(rapidjson::Document event) override;

    // {"type":"snapshot","protocol":1,"seq":N,"status":{...},"transcript":[...],"streaming":{...},"pending_permissions":[...]}
    std::string snapshot_text() const;

    // A copy of the current status object as text (tests and logs).
    std::string status_text() const;

    // What the kept state holds, so a test can check that it stays bounded however long a session runs.
    struct Holdings {
        size_t transcript_items = 0;
        size_t transcript_bytes = 0;
        size_t status_pool_bytes = 0; // The status document's allocator: the merged status, copied afresh.
        size_t pending_permissions = 0;
        size_t streaming_text_bytes = 0;
    };
    Holdings holdings() const;

private:
    // Applies the event to the state; event_text is the event as sent, kept for transcript events.
    void apply(const rapidjson::Document& event, const std::string& event_text) UAP_REQUIRES(m_mutex);
    // Replaces the status with one in a fresh document holding the merged fields: merging in place
    // would leave every replaced value in the document's pool, which never frees.
    void merge_status_locked(const rapidjson::Value& fields) UAP_REQUIRES(m_mutex);
    // Removes from a status event the fields whose values the state already holds; false when
    // nothing is left to send.
    bool keep_changed_status_locked(rapidjson::Document& event) const UAP_REQUIRES(m_mutex);
    std::string snapshot_locked() const UAP_REQUIRES(m_mutex);

    // Taken after the agent session's mutex and before an outbox's (a subscriber offers to its outbox
    // under it): docs/architecture.md, "Locking".
    mutable Mutex m_mutex;
    uint64_t m_sequence UAP_GUARDED_BY(m_mutex) = 0;
    uint64_t m_next_subscriber UAP_GUARDED_BY(m_mutex) = 0;
    std::map<uint64_t, Subscriber> m_subscribers UAP_GUARDED_BY(m_mutex);
    rapidjson::Document m_status UAP_GUARDED_BY(m_mutex){rapidjson::kObjectType};
    TranscriptBuffer m_transcript UAP_GUARDED_BY(m_mutex);
    std::string m_streaming_text UAP_GUARDED_BY(m_mutex);
    uint64_t m_streaming_turn UAP_GUARDED_BY(m_mutex) = 0;
    std::deque<rapidjson::Document> m_pending UAP_GUARDED_BY(m_mutex); // Permission requests, oldest first.
};

} // namespace uap::panel

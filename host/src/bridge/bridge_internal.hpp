// Shared by the bridge server's source files: the journal entry and connection records, and the
// JSON helpers the frames are built with. Internal to host/src/bridge.
#pragma once

#include "bridge/bridge_server.hpp"
#include "bridge/wait_steps.hpp"
#include "support/json.hpp"
#include "support/json_writer.hpp"

#include <rapidjson/document.h>

#include <string>
#include <string_view>

namespace uap::bridge {

// One request in the journal, kept under its durable id until it is answered and collected.
struct BridgeServer::Entry {
    std::string id;
    std::string method;
    std::string frame;
    bool internal = false;
    EntryState state = EntryState::Queued;
    std::string session;
    bool ok = false;
    std::string response;
    bool job = false;
    std::string abandon_reason;
    std::chrono::milliseconds finished{0}; // When it completed, on the bridge's clock.
    bool from_previous_run = false; // Answered for a host that was replaced; kept as a job under its old id.
    // Its waiter sleeps on this, under m_mutex: a response wakes only the caller it answers, not
    // every caller in flight and the pinger.
    std::condition_variable changed;
};

// One connected editor socket and the session it said hello for.
struct BridgeServer::Connection {
    Mutex send_mutex; // Taken before the server's mutex when both are held.
    Poco::Net::WebSocket* socket UAP_GUARDED_BY(send_mutex) = nullptr; // Null once its handler has returned.

    std::string session; // Written and read under the server's mutex.
    std::atomic<bool> open{true};
};

using json::error_object;
using json::event_frame;
using json::quoted;

// Parses text the bridge already validated or produced itself; anything else reads as null.
inline rapidjson::Document parse_trusted(std::string_view text) {
    auto parsed = json::parse(text);
    return parsed ? std::move(parsed).value() : rapidjson::Document();
}

// The failure of an editor error object that is already JSON text: its kind, its message for a
// person, and the object itself as the detail modules read.
Error editor_error(ErrorCode kind, std::string error_json);

// Records the editor's answer on an entry, at time now: its result when ok, otherwise its error, as JSON text.
inline void complete_entry(BridgeServer::Entry& entry, std::chrono::milliseconds now, bool ok, std::string response) {
    entry.ok = ok;
    entry.response = std::move(response);
    entry.state = EntryState::Completed;
    entry.finished = now;
}

// The same from a response object that carries either "result" or "error".
inline void complete_entry(BridgeServer::Entry& entry, std::chrono::milliseconds now, const rapidjson::Value& response) {
    bool ok = response.HasMember("result");
    complete_entry(entry, now, ok, json::to_text(ok ? response["result"] : response["error"]));
}

} // namespace uap::bridge

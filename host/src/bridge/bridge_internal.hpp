// Shared by the bridge server's source files: the journal entry and connection records, and the
// small JSON text helpers the frames are built from. Internal to host/src/bridge.
#pragma once

#include "bridge/bridge_server.hpp"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <string>
#include <string_view>

namespace uap::bridge {

using Clock = std::chrono::steady_clock;
using JsonWriter = rapidjson::Writer<rapidjson::StringBuffer>;

// Where a journal entry stands: waiting for an editor, sent to one, answered, or given up with its session.
enum class EntryState { Queued, Sent, Completed, Abandoned };

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
    Clock::time_point finished;
};

// One connected editor socket and the session it said hello for.
struct BridgeServer::Connection {
    Poco::Net::WebSocket* socket = nullptr; // Guarded by send_mutex; null once its handler has returned.
    std::mutex send_mutex;
    std::string session;
    std::atomic<bool> open{true};
};

// The compact JSON text of a value.
inline std::string json_text(const rapidjson::Value& value) {
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    value.Accept(writer);
    return std::string(buffer.GetString(), buffer.GetSize());
}

// A string as a JSON string literal, quotes and escapes included.
inline std::string quoted(std::string_view text) {
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    writer.String(text.data(), static_cast<rapidjson::SizeType>(text.size()));
    return buffer.GetString();
}

// The protocol's error object {"code","message"}.
inline std::string error_object(std::string_view code, std::string_view message) {
    return "{\"code\":" + quoted(code) + ",\"message\":" + quoted(message) + "}";
}

// An event frame {"event","data"} around data that is already JSON text.
inline std::string event_frame(std::string_view name, const std::string& data_json) {
    return "{\"event\":" + quoted(name) + ",\"data\":" + data_json + "}";
}

// Records the editor's answer on an entry: its result when ok, otherwise its error, as JSON text.
inline void complete_entry(BridgeServer::Entry& entry, bool ok, std::string response) {
    entry.ok = ok;
    entry.response = std::move(response);
    entry.state = EntryState::Completed;
    entry.finished = Clock::now();
}

// The same from a response object that carries either "result" or "error".
inline void complete_entry(BridgeServer::Entry& entry, const rapidjson::Value& response) {
    bool ok = response.HasMember("result");
    complete_entry(entry, ok, json_text(ok ? response["result"] : response["error"]));
}

} // namespace uap::bridge

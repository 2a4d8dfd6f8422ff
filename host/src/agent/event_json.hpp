// Small JSON helpers shared by the agent's sources: typed objects for panels (events and transcript
// items) built field by field, and a tolerant member lookup for messages from the CLI.
#pragma once

#include "support/json.hpp"
#include "support/utf8_text.hpp"

#include <cstddef>
#include <string>

namespace uap::agent {

// A new object whose "type" member is the given name.
inline rapidjson::Document event(const char* type) {
    rapidjson::Document document(rapidjson::kObjectType);
    document.AddMember("type", rapidjson::StringRef(type), document.GetAllocator());
    return document;
}

// Adds a string member, copying the text into the document.
inline void put(rapidjson::Document& document, const char* name, const std::string& value) {
    document.AddMember(rapidjson::StringRef(name), json::string_value(value, document.GetAllocator()), document.GetAllocator());
}

// Adds a member holding a deep copy of the value.
inline void put_copy(rapidjson::Document& document, const char* name, const rapidjson::Value& value) {
    document.AddMember(rapidjson::StringRef(name), rapidjson::Value(value, document.GetAllocator()), document.GetAllocator());
}

// The model's thinking as a transcript item, live or read back from history (front-ends show it
// folded). Past the bound it is cut whole characters at a time and says so.
constexpr std::size_t max_thinking_bytes = 32 * 1024;
inline rapidjson::Document thinking_item(const std::string& thinking) {
    auto item = event("assistant_thinking");
    put(item, "text", utf8::clip(thinking, max_thinking_bytes));
    item.AddMember("truncated", thinking.size() > max_thinking_bytes, item.GetAllocator());
    return item;
}

// The named member of an object, or null when the value is no object or has no such member.
inline const rapidjson::Value* member(const rapidjson::Value& object, const char* name) {
    if (!object.IsObject())
        return nullptr;
    auto found = object.FindMember(name);
    return found == object.MemberEnd() ? nullptr : &found->value;
}

} // namespace uap::agent

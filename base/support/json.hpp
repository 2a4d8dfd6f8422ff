// RapidJSON helpers shared by the host: parse with a readable error, serialise, read typed fields.
#pragma once

#include "support/expected.hpp"

#include <rapidjson/document.h>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace uap::json {

// Nesting deeper than this is refused: RapidJSON's writer and schema validator recurse.
inline constexpr unsigned default_max_depth = 64;

// Parses text iteratively (hostile nesting cannot overflow the stack), checks UTF-8 and refuses
// nesting deeper than max_depth. The error says where and what ("offset 12: Missing a name ...").
Expected<rapidjson::Document> parse(std::string_view text, unsigned max_depth = default_max_depth);

// A document for parsing on hot paths (a tool call's arguments and result, each runner message).
// A rapidjson::Document allocates a 64 KB pool for its first value; allocating and freeing that on
// every call made glibc shrink and regrow the calling thread's heap (madvise and page faults on
// every few calls). This one keeps its first kilobytes inside the object, on the caller's stack,
// and can be reused: small texts parse without touching the heap.
class LocalDocument {
public:
    LocalDocument();
    LocalDocument(const LocalDocument&) = delete;
    LocalDocument& operator=(const LocalDocument&) = delete;

    // Parses and checks text exactly as parse() does. The values of the previous parse are gone.
    Expected<void> parse(std::string_view text, unsigned max_depth = default_max_depth);
    rapidjson::Document& document() { return m_document; }
    const rapidjson::Document& document() const { return m_document; }

private:
    static constexpr size_t inline_bytes = 4096;
    // Past the inline bytes, pool chunks of this size (a larger value gets a chunk of its own).
    static constexpr size_t overflow_chunk_bytes = 16 * 1024;
    alignas(std::max_align_t) char m_buffer[inline_bytes];
    rapidjson::MemoryPoolAllocator<> m_allocator;
    rapidjson::Document m_document;
};

// True when value nests deeper than limit (a scalar is depth 1). Iterative.
bool nests_deeper_than(const rapidjson::Value& value, unsigned limit);
// RapidJSON decodes a \u escape naming a lone low surrogate into bytes that are not UTF-8, so a
// reply quoting the string back would be invalid JSON: parsers refuse such documents. `text` is
// what was parsed (only texts with a \u escape are walked).
bool has_lone_surrogate(std::string_view text, const rapidjson::Value& parsed);

// capacity: the text's expected size, when known (the frame it was read from), so the buffer grows once.
std::string to_text(const rapidjson::Value& value, std::size_t capacity = 0);
std::string to_pretty_text(const rapidjson::Value& value);

// Typed, optional field access: nullopt when absent or of another type.
std::optional<std::string> string_field(const rapidjson::Value& object, const char* name);
std::optional<bool> bool_field(const rapidjson::Value& object, const char* name);
std::optional<int64_t> integer_field(const rapidjson::Value& object, const char* name);

rapidjson::Value string_value(std::string_view text, rapidjson::Document::AllocatorType& allocator);

// Makes target a copy of source in a fresh pool. CopyFrom into target's own allocator would leave
// the replaced values in its pool, which frees nothing until the document dies: a document kept
// for the host's life and replaced at every turn grew without bound that way.
void replace_with_copy(rapidjson::Document& target, const rapidjson::Value& source);
// The bytes document's pool has handed out: what it holds until it dies (for bounds checks).
size_t pool_bytes(const rapidjson::Document& document);

} // namespace uap::json

// RapidJSON helpers shared by the host.
#include "support/json.hpp"

#include <rapidjson/error/en.h>
#include <rapidjson/prettywriter.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <utility>
#include <vector>

namespace uap::json {

bool nests_deeper_than(const rapidjson::Value& root, unsigned limit) {
    std::vector<std::pair<const rapidjson::Value*, unsigned>> pending{{&root, 1}};
    while (!pending.empty()) {
        auto [value, depth] = pending.back();
        pending.pop_back();
        if (depth > limit)
            return true;
        if (value->IsObject())
            for (auto& member : value->GetObject())
                pending.emplace_back(&member.value, depth + 1);
        else if (value->IsArray())
            for (auto& element : value->GetArray())
                pending.emplace_back(&element, depth + 1);
    }
    return false;
}

namespace {

// Raw bytes are validated while parsing, but RapidJSON decodes a \u escape naming a lone low
// surrogate (\uDC00-\uDFFF) into the three bytes of an encoded surrogate (0xED 0xB0-0xBF ...),
// which is not UTF-8: every reply that quotes the string back would be invalid JSON for its reader.
bool is_encoded_surrogate(const char* text, rapidjson::SizeType length) {
    for (rapidjson::SizeType index = 0; index + 1 < length; ++index)
        if (static_cast<unsigned char>(text[index]) == 0xED && static_cast<unsigned char>(text[index + 1]) >= 0xA0)
            return true;
    return false;
}

} // namespace

bool has_lone_surrogate(std::string_view text, const rapidjson::Value& root) {
    if (text.find("\\u") == std::string_view::npos)
        return false;
    std::vector<const rapidjson::Value*> pending{&root};
    while (!pending.empty()) {
        const rapidjson::Value* value = pending.back();
        pending.pop_back();
        if (value->IsString() && is_encoded_surrogate(value->GetString(), value->GetStringLength()))
            return true;
        if (value->IsObject())
            for (auto& member : value->GetObject()) {
                pending.push_back(&member.name);
                pending.push_back(&member.value);
            }
        else if (value->IsArray())
            for (auto& element : value->GetArray())
                pending.push_back(&element);
    }
    return false;
}

namespace {

// Parses into document (whatever allocator it has) and applies every check of parse().
Expected<void> parse_checked(rapidjson::Document& document, std::string_view text, unsigned max_depth) {
    // Trailing non-whitespace is an error too.
    document.Parse<rapidjson::kParseIterativeFlag | rapidjson::kParseValidateEncodingFlag>(text.data(), text.size());
    if (document.HasParseError())
        return Error("invalid JSON at offset " + std::to_string(document.GetErrorOffset()) + ": " +
                     rapidjson::GetParseError_En(document.GetParseError()));
    if (nests_deeper_than(document, max_depth))
        return Error("JSON nests deeper than " + std::to_string(max_depth) + " levels");
    if (has_lone_surrogate(text, document))
        return Error("invalid JSON: a \\u escape names a lone UTF-16 surrogate, which is not a character");
    return {};
}

} // namespace

Expected<rapidjson::Document> parse(std::string_view text, unsigned max_depth) {
    rapidjson::Document document;
    if (auto parsed = parse_checked(document, text, max_depth); !parsed)
        return parsed.error();
    return document;
}

LocalDocument::LocalDocument() : m_allocator(m_buffer, sizeof(m_buffer), overflow_chunk_bytes), m_document(&m_allocator) {}

Expected<void> LocalDocument::parse(std::string_view text, unsigned max_depth) {
    m_document.SetNull();
    m_allocator.Clear(); // Frees the overflow chunks of the previous text; the inline bytes are reused.
    return parse_checked(m_document, text, max_depth);
}

std::string to_text(const rapidjson::Value& value, std::size_t capacity) {
    rapidjson::StringBuffer buffer(nullptr, capacity == 0 ? rapidjson::StringBuffer::kDefaultCapacity : capacity);
    rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
    value.Accept(writer);
    return std::string(buffer.GetString(), buffer.GetSize());
}

std::string to_pretty_text(const rapidjson::Value& value) {
    rapidjson::StringBuffer buffer;
    rapidjson::PrettyWriter<rapidjson::StringBuffer> writer(buffer);
    writer.SetIndent(' ', 2);
    value.Accept(writer);
    return std::string(buffer.GetString(), buffer.GetSize());
}

std::optional<std::string> string_field(const rapidjson::Value& object, const char* name) {
    if (!object.IsObject())
        return std::nullopt;
    auto member = object.FindMember(name);
    if (member == object.MemberEnd() || !member->value.IsString())
        return std::nullopt;
    return std::string(member->value.GetString(), member->value.GetStringLength());
}

std::optional<bool> bool_field(const rapidjson::Value& object, const char* name) {
    if (!object.IsObject())
        return std::nullopt;
    auto member = object.FindMember(name);
    if (member == object.MemberEnd() || !member->value.IsBool())
        return std::nullopt;
    return member->value.GetBool();
}

std::optional<int64_t> integer_field(const rapidjson::Value& object, const char* name) {
    if (!object.IsObject())
        return std::nullopt;
    auto member = object.FindMember(name);
    if (member == object.MemberEnd() || !member->value.IsInt64())
        return std::nullopt;
    return member->value.GetInt64();
}

rapidjson::Value string_value(std::string_view text, rapidjson::Document::AllocatorType& allocator) {
    return rapidjson::Value(text.data(), static_cast<rapidjson::SizeType>(text.size()), allocator);
}

void replace_with_copy(rapidjson::Document& target, const rapidjson::Value& source) {
    rapidjson::Document fresh;
    fresh.CopyFrom(source, fresh.GetAllocator());
    target.Swap(fresh);
}

size_t pool_bytes(const rapidjson::Document& document) {
    // Reading the size changes nothing; RapidJSON only lacks a const GetAllocator.
    return const_cast<rapidjson::Document&>(document).GetAllocator().Size();
}

} // namespace uap::json

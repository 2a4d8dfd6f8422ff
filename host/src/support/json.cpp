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

Expected<rapidjson::Document> parse(std::string_view text, unsigned max_depth) {
    rapidjson::Document document;
    // Trailing non-whitespace is an error too.
    document.Parse<rapidjson::kParseIterativeFlag | rapidjson::kParseValidateEncodingFlag>(text.data(), text.size());
    if (document.HasParseError())
        return Error("invalid JSON at offset " + std::to_string(document.GetErrorOffset()) + ": " +
                     rapidjson::GetParseError_En(document.GetParseError()));
    if (nests_deeper_than(document, max_depth))
        return Error("JSON nests deeper than " + std::to_string(max_depth) + " levels");
    return document;
}

std::string to_text(const rapidjson::Value& value) {
    rapidjson::StringBuffer buffer;
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

} // namespace uap::json

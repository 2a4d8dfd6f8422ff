// RapidJSON helpers shared by the host.
#include "support/json.hpp"

#include <rapidjson/error/en.h>
#include <rapidjson/prettywriter.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

namespace uap::json {

Expected<rapidjson::Document> parse(std::string_view text) {
    rapidjson::Document document;
    document.Parse(text.data(), text.size()); // Trailing non-whitespace is an error too.
    if (document.HasParseError())
        return Error("invalid JSON at offset " + std::to_string(document.GetErrorOffset()) + ": " +
                     rapidjson::GetParseError_En(document.GetParseError()));
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

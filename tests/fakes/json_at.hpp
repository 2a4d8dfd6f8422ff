// Structural assertions on JSON: the value at a JSON pointer, so a test compares one member rather
// than searching the text for a substring that member order, spacing or escaping would change.
#pragma once

#include <rapidjson/document.h>
#include <rapidjson/pointer.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <string>

namespace uap::testing {

// The value at pointer as text: a string as it is, true/false, a number as a double ("2.000000"),
// null, an object or array as compact JSON; "<missing>" when absent.
inline std::string text_at(const rapidjson::Value& document, const char* pointer) {
    const rapidjson::Value* value = rapidjson::Pointer(pointer).Get(document);
    if (!value)
        return "<missing>";
    if (value->IsString())
        return value->GetString();
    if (value->IsBool())
        return value->GetBool() ? "true" : "false";
    if (value->IsNumber())
        return std::to_string(value->GetDouble());
    if (value->IsNull())
        return "null";
    rapidjson::StringBuffer buffer;
    rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
    value->Accept(writer);
    return buffer.GetString();
}

// The same on a JSON text; "<not JSON>" when the text does not parse.
inline std::string text_at(const std::string& json, const char* pointer) {
    rapidjson::Document document;
    if (document.Parse(json.c_str(), json.size()).HasParseError())
        return "<not JSON>";
    return text_at(document, pointer);
}

// The number at pointer; -99999 when absent or not a number.
inline double number_at(const rapidjson::Value& document, const char* pointer) {
    const rapidjson::Value* value = rapidjson::Pointer(pointer).Get(document);
    return value && value->IsNumber() ? value->GetDouble() : -99999.0;
}

// The same on a JSON text (-99999 too when the text does not parse).
inline double number_at(const std::string& json, const char* pointer) {
    rapidjson::Document document;
    if (document.Parse(json.c_str(), json.size()).HasParseError())
        return -99999.0;
    return number_at(document, pointer);
}

} // namespace uap::testing

// Structural assertions on JSON: the value at a JSON pointer, so a test compares one member rather
// than searching the text for a substring that member order, spacing or escaping would change.
#pragma once

#include "support/json.hpp"

#include <rapidjson/document.h>
#include <rapidjson/pointer.h>

#include <cmath>
#include <cstdint>
#include <string>

namespace uap::testing {

// The value at pointer as text: a string as it is, a number by its value (2 and 2.0 both "2", 0.5
// "0.5"), anything else as compact JSON (true, null, {"a":1}); "<missing>" when absent, so a missing
// member never equals an expected empty text.
inline std::string text_at(const rapidjson::Value& document, const char* pointer) {
    const rapidjson::Value* value = rapidjson::Pointer(pointer).Get(document);
    if (!value)
        return "<missing>";
    if (value->IsString())
        return value->GetString();
    rapidjson::Value integral;
    if (value->IsDouble() && std::trunc(value->GetDouble()) == value->GetDouble() && std::fabs(value->GetDouble()) < 9.0e15)
        integral.SetInt64(static_cast<std::int64_t>(value->GetDouble()));
    return json::to_text(integral.IsNull() ? *value : integral);
}

// The same on a JSON text; "<not JSON>" when the text does not parse.
inline std::string text_at(const std::string& json, const char* pointer) {
    rapidjson::Document document;
    if (document.Parse(json.c_str(), json.size()).HasParseError())
        return "<not JSON>";
    return text_at(document, pointer);
}

// The first element of the array at array_pointer whose value at member_pointer reads as `text`
// (as text_at reads it), as compact JSON; "<missing>" when no element does, "<not JSON>" when the
// text does not parse.
inline std::string element_where(const std::string& json, const char* array_pointer, const char* member_pointer, const std::string& text) {
    rapidjson::Document document;
    if (document.Parse(json.c_str(), json.size()).HasParseError())
        return "<not JSON>";
    const rapidjson::Value* array = rapidjson::Pointer(array_pointer).Get(document);
    if (!array || !array->IsArray())
        return "<missing>";
    for (const rapidjson::Value& element : array->GetArray()) {
        if (text_at(element, member_pointer) == text)
            return json::to_text(element);
    }
    return "<missing>";
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

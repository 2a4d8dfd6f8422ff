// How a JSON schema violation is described in refusals, the same way wherever a schema is checked.
#pragma once

#include <rapidjson/schema.h>

#include <string>

namespace uap::json {

// The first violation the validator found: "at <where>: violates "<keyword>" (schema <pointer>)",
// where is a JSON pointer without its '#' or "(top level)".
std::string describe_violation(const rapidjson::SchemaValidator& validator);

} // namespace uap::json

// Describes schema violations; see json_schema.hpp.
#include "support/json_schema.hpp"

#include <rapidjson/stringbuffer.h>

namespace uap::json {

std::string describe_violation(const rapidjson::SchemaValidator& validator) {
    rapidjson::StringBuffer document_pointer, schema_pointer;
    validator.GetInvalidDocumentPointer().StringifyUriFragment(document_pointer);
    validator.GetInvalidSchemaPointer().StringifyUriFragment(schema_pointer);
    std::string where = document_pointer.GetSize() > 1 ? std::string(document_pointer.GetString() + 1) : std::string("(top level)");
    return "at " + where + ": violates \"" + validator.GetInvalidSchemaKeyword() + "\" (schema " + schema_pointer.GetString() + ")";
}

} // namespace uap::json

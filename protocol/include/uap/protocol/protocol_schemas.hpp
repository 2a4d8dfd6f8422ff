// Bridge protocol v1 as compiled JSON schemas: validates method params and results, the
// handshake and the envelopes against protocol/bridge-v1.json (embedded at build time).
#pragma once

#include <rapidjson/document.h>
#include <rapidjson/fwd.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace uap::protocol {

// The text of protocol/bridge-v1.json, embedded at build time.
std::string_view bridge_protocol_text();

enum class SchemaPart { Params, Result };

class ProtocolSchemas {
public:
    // The one instance built from the embedded description.
    static const ProtocolSchemas& instance();

    bool has_method(std::string_view method) const;
    std::vector<std::string> method_names() const;
    std::vector<std::string> write_method_names() const;

    // Empty when the value conforms; otherwise a readable reason with the JSON pointers involved.
    std::string check_method(std::string_view method, SchemaPart part, const rapidjson::Value& value) const;
    // The same check of a JSON text, read once without building a document; a text that is not JSON
    // is reported as such.
    std::string check_method_text(std::string_view method, SchemaPart part, std::string_view json) const;
    // Whether the description declares this editor event (its data is then checked as "events/<name>").
    bool has_event(std::string_view event) const;
    // Checks against "envelope/request", "envelope/response", "envelope/event", "handshake/hello",
    // "events/<name>" ...
    std::string check_named(std::string_view pointer, const rapidjson::Value& value) const;

    ProtocolSchemas();
    ~ProtocolSchemas();

private:
    const rapidjson::SchemaDocument* method_schema(std::string_view method, SchemaPart part) const;

    struct Compiled;
    std::unique_ptr<Compiled> m_compiled;
};

} // namespace uap::protocol

// The MCP protocol revisions this endpoint speaks, and what differs between them. Version
// handling is a table: adding a revision means adding a row and the features it switches.
#pragma once

#include <span>
#include <string_view>

namespace uap::mcp {

enum class StructuredOutput { Unsupported, Supported }; // outputSchema + structuredContent (2025-06-18+).

struct ProtocolRevision {
    std::string_view name;
    StructuredOutput structured_output;
};

// Newest first. 2025-03-26 is accepted for clients that still send it (same Streamable HTTP rules).
std::span<const ProtocolRevision> supported_revisions();
const ProtocolRevision& latest_revision();

// The revision with exactly this name, or null when it is not supported.
const ProtocolRevision* find_revision(std::string_view name);

// initialize: the requested revision when supported, otherwise our latest (the client decides).
const ProtocolRevision& negotiate_revision(std::string_view requested);

} // namespace uap::mcp
